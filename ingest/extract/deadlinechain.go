package extract

import (
	"sort"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// A report narrates a SPAC's extensions as a chain: "the date ... was extended from January
// 26, 2023 to April 26, 2023", then "Upon Board approval of an extension to July 26, 2023,
// the Sponsor deposited ...". The second extension names only its new deadline; the one it
// replaces is the deadline the first one set, which the report stated a sentence earlier.
// chainedOldDeadlines gives that old deadline, cited where the earlier deadline is written,
// when the chain is unambiguous:
//   - the later extension states no old deadline of its own (a stated one always wins);
//   - the earlier deadline is the latest new deadline of the report before the later one,
//     and no other event already names it as the deadline it replaced (the link is known);
//   - the two are at most maxChainGap months apart: a longer gap may hide extensions the
//     report does not narrate (monthly ones), and the deadline replaced is then unknown.
const maxChainGap = 6

// priorityChain ranks below every sentence rule: a deadline a sentence states as replaced
// is read from that sentence.
const priorityChain = -10

func chainedOldDeadlines(found []rule.Finding) []rule.Finding {
	var news []rule.Finding
	oldOf := map[string]bool{}    // events (periods) that state their old deadline
	replaced := map[string]bool{} // deadlines some event states it replaced
	for _, f := range found {
		switch f.Fact.Field {
		case spac.FieldNewDeadline:
			news = append(news, f)
		case spac.FieldOldDeadline:
			oldOf[f.Fact.Period] = true
			replaced[f.Fact.Value] = true
		}
	}
	sort.SliceStable(news, func(a, b int) bool { return news[a].Fact.Value < news[b].Fact.Value })
	var out []rule.Finding
	for i := 1; i < len(news); i++ {
		later, earlier := news[i], news[i-1]
		if oldOf[later.Fact.Period] || replaced[earlier.Fact.Value] || later.Fact.Period == earlier.Fact.Period ||
			earlier.Fact.Value == later.Fact.Value || !withinMonths(earlier.Fact.Value, later.Fact.Value, maxChainGap) {
			continue
		}
		f := earlier
		f.Fact.Field, f.Fact.Period = spac.FieldOldDeadline, later.Fact.Period
		f.Fact.Citation.Field = spac.FieldOldDeadline
		f.Rule, f.Priority = "chain.old_deadline", priorityChain
		out = append(out, f)
	}
	return out
}

// withinMonths reports whether ISO date b falls no more than n months after a.
func withinMonths(a, b string, n int) bool {
	ta, errA := time.Parse(time.DateOnly, a)
	tb, errB := time.Parse(time.DateOnly, b)
	return errA == nil && errB == nil && !tb.After(ta.AddDate(0, n, 0))
}
