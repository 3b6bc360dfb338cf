package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Productions of the periodic events (periodic_events.go, periodic_redemptions.go).

var (
	notEventRe    = textutil.MustStarts(notEvent)
	notDeadlineRe = textutil.MustStarts(notDeadline)
	// deadlineCapRe is a cap on monthly extensions: the date it names is the last the board
	// may reach, not the deadline set ("up to twelve times ... from June 25, 2023 up to June
	// 25, 2024").
	deadlineCapRe = textutil.MustStarts(`(?i)\bup to\b|\beach time\b|\bmonthly basis\b`)
	// failClauseRe is the deadline's own definition inside the lead ("the date by which the
	// Company must ... cease its operations ... if it fails to complete such business
	// combination"): no condition on the extension.
	failClauseRe = textutil.MustStarts(`(?i)\b(?:if|in the event) (?:it|the company|we) (?:fails?|does not|is unable|has not|have not)\b[^,;]*`)
	// optionUsedRe is an extension option already used ("the board's decision to exercise the
	// first extension option", "the Company exercised its extension option"): a fact, unlike
	// an option still to be used.
	optionUsedRe = textutil.MustStarts(`(?i)\b(?:decision\b[^,;]{0,80}? to exercise|exercised|has exercised|elected to exercise) (?:the|its|an?|our) (?:\w+ )?(?:extension )?options?\b`)
)

// extendedDeadline gives the new deadline of an extension and the old one it replaces. The
// words before the new date (slot lead, as written) veto both when they tell of a plan,
// a proposal or an option, and the new one alone when it is a cap; the new date must be
// later than the old one and than the event's own date.
func extendedDeadline(m *rule.Match) []rule.Out {
	lead := failClauseRe.ReplaceAllString(optionUsedRe.ReplaceAllString(m.Text("lead"), ""), "")
	lead = deadlineDefRe.ReplaceAllString(lead, "")
	if notEventRe.MatchString(lead) || notDeadlineRe.MatchString(lead) {
		return nil
	}
	old, to, on := m.Entities("o"), m.Entities("v"), m.Entities("p")
	if len(to) == 0 && len(old) == 1 && m.Text("d") != "" {
		// the new date named only by its defined term: the old one is the fact
		return []rule.Out{m.Cite(spac.FieldOldDeadline, old[0].Value, old[0])}
	}
	if len(to) != 1 || len(old) > 1 || len(old) == 1 && old[0].Value >= to[0].Value || len(on) == 1 && on[0].Value >= to[0].Value {
		return nil
	}
	var out []rule.Out
	if len(old) == 1 {
		out = append(out, m.Cite(spac.FieldOldDeadline, old[0].Value, old[0]))
	}
	if !deadlineCapRe.MatchString(lead) {
		out = append(out, m.Cite(spac.FieldNewDeadline, to[0].Value, to[0]))
	}
	return out
}

// withPriorPeriod gives field from slot v, dated by the rule's period, and the prior
// period's value a sentence pairs with it ("At June 30, 2024 and December 31, 2023, ...
// 2,357,355 and 7,699,729 shares, respectively") from slot w, dated by the second date q -
// only when the sentence writes that date whole and it is earlier than the first.
func withPriorPeriod(field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		for _, e := range m.Entities("v") {
			if v, ok := m.Value(e, field); ok {
				out = append(out, m.Cite(field, v, e))
			}
		}
		cur, prior, w := m.Entities("p"), m.Entities("q"), m.Entities("w")
		if len(out) != 1 || len(cur) != 1 || len(prior) != 1 || len(w) != 1 || prior[0].Value >= cur[0].Value {
			return out
		}
		if v, ok := m.Value(w[0], field); ok {
			o := m.Cite(field, v, w[0])
			o.Period = prior[0].Value
			out = append(out, o)
		}
		return out
	}
}
