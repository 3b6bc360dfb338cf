package fold

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	spac "github.com/spacdata/spac"
)

// A date the fold takes from a filing rather than from a fact's value (a balance-sheet date
// from the XBRL context, the filing date of an 8-K reporting a deposit) is cited on a line that
// writes it whenever the filing's facts lead to one, so that the citation's quote is the date
// as written:
//  1. a fact of an allowed field whose value is the date (the report's period of report);
//  2. a fact of the filing whose cited line (its excerpt) writes the date ("On September 21,
//     2026, the Sponsor deposited ..."): the citation is that line, quoting the date.
//
// Only when neither exists is the date derived, citing the facts it was taken with.

// citeDate cites date for field from the facts of rs (see above), else derived from fallback.
func citeDate(field, date string, rs []record, valueFields []string, fallback ...spac.Citation) spac.Citation {
	if _, ok := parseDate(date); !ok {
		return derived(field, fallback...)
	}
	for _, r := range rs {
		for _, f := range r.facts {
			if f.Value == date && slices.Contains(valueFields, f.Field) {
				return stated(f, field)
			}
		}
	}
	re := writtenDate(date)
	for _, r := range rs {
		for _, f := range r.facts {
			loc := re.FindStringIndex(f.Citation.Excerpt)
			if loc == nil {
				continue
			}
			c := f.Citation
			c.Field, c.Quote, c.Basis, c.Inputs = field, f.Citation.Excerpt[loc[0]:loc[1]], spac.BasisStated, nil
			return c
		}
	}
	return derived(field, fallback...)
}

var monthNames = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

var (
	writtenMu    sync.Mutex
	writtenCache = map[string]*regexp.Regexp{}
)

// writtenDate matches date as filings write it: "September 21, 2026", "Sept. 21, 2026",
// "21 September 2026", "the 21st day of September, 2026" (any case).
func writtenDate(date string) *regexp.Regexp {
	writtenMu.Lock()
	defer writtenMu.Unlock()
	if re, ok := writtenCache[date]; ok {
		return re
	}
	t, _ := parseDate(date)
	month := monthNames[t.Month()-1]
	names := []string{regexp.QuoteMeta(month)}
	if len(month) > 3 {
		names = append(names, month[:3]+`\.?`)
	}
	if month == "September" {
		names = append(names, `Sept\.?`)
	}
	m := "(?:" + strings.Join(names, "|") + ")"
	d := fmt.Sprintf(`0?%d(?:st|nd|rd|th)?`, t.Day())
	y := fmt.Sprint(t.Year())
	re := regexp.MustCompile(`(?i)\b(?:` + m + `\s+` + d + `,?\s+` + y + `|` + d + `\s+(?:day\s+of\s+)?` + m + `,?\s+` + y + `)\b`)
	if len(writtenCache) > 4096 {
		clear(writtenCache)
	}
	writtenCache[date] = re
	return re
}
