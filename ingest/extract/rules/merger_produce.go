package rules

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Productions of the merger family (merger.go, financing.go, closing.go); those that read
// an agreement's parties are in merger_parties.go.

// parentName is the production of "the SPAC became a wholly owned subsidiary of Pubco" (and
// "Pubco became the parent of the SPAC"): the parent is the combined company's name, when
// the other party is the SPAC.
func parentName(m *rule.Match) []rule.Out {
	spacs, parents := m.Entities("spac"), m.Entities("v")
	if len(spacs) != 1 || len(parents) != 1 || !spacOnlyRe.MatchString(spacs[0].Value) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldNewName, parents[0].Value, parents[0])}
}

// earnoutCount is the production of "up to 10 million earnout shares": a count, or a figure
// with a scale word, that the recogniser did not read as a quantity of shares.
func earnoutCount(m *rule.Match) []rule.Out {
	if cs := m.Entities("c"); len(cs) == 1 && cs[0].Num != nil && cs[0].Num.IsInt() {
		// a quantity entity ("10 million earnout shares") must name the earnout itself
		if cs[0].Kind == entity.Shares && !strings.Contains(strings.ToLower(m.Text("c")), "earn") {
			return nil
		}
		return []rule.Out{m.Cite(spac.FieldEarnoutShares, cs[0].Num.Num().String(), cs[0])}
	}
	text, start := m.Text("n"), m.Start("n")
	fig, scale, ok := strings.Cut(text, " ")
	v, okFig := new(big.Rat).SetString(fig)
	if start < 0 || !ok || !okFig {
		return nil
	}
	mult := map[string]int64{"million": 1_000_000, "billion": 1_000_000_000}[strings.ToLower(scale)]
	v.Mul(v, new(big.Rat).SetInt64(mult))
	if !v.IsInt() || v.Sign() <= 0 {
		return nil
	}
	e := entity.Entity{Kind: entity.Shares, Start: start, End: start + len(text), CoreStart: start,
		CoreEnd: start + len(text), Num: v}
	return []rule.Out{m.Cite(spac.FieldEarnoutShares, v.Num().String(), e)}
}

// expectedPeriod is the period an expected closing is stated in: "first quarter of 2027",
// "Q1 2027", "second half of 2026", "March 2027", "2027".
const expectedPeriod = `(?P<period>(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) (?:calendar )?quarter of (?:calendar (?:year )?)?(?P<y>\d{4})|` +
	`(?P<h>first|second) half of (?:calendar (?:year )?)?(?P<y>\d{4})|q(?P<qn>[1-4]) (?P<y>\d{4})|` +
	`(?P<m>january|february|march|april|may|june|july|august|september|october|november|december),? (?P<y>\d{4})|` +
	`(?:calendar (?:year )?)?(?P<y>\d{4}))\b`

var (
	quarterWords = map[string]string{"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3", "fourth": "4", "4th": "4"}
	monthWords   = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
)

// expectedClose gives the expected closing: the day (slot d), else the period as stated,
// normalised ("2027-Q1", "2027-H2", "2027-03", "2027"), cited on its words.
func expectedClose(m *rule.Match) []rule.Out {
	if ds := m.Entities("d"); len(ds) == 1 {
		return []rule.Out{m.Cite(spac.FieldExpectedClose, ds[0].Value, ds[0])}
	}
	year := m.Text("y")
	if len(year) != 4 || year < "2000" || year > "2099" {
		return nil
	}
	value := year
	switch {
	case m.Text("q") != "":
		value += "-Q" + quarterWords[strings.ToLower(m.Text("q"))]
	case m.Text("qn") != "":
		value += "-Q" + m.Text("qn")
	case m.Text("h") != "":
		value += map[string]string{"first": "-H1", "second": "-H2"}[strings.ToLower(m.Text("h"))]
	case m.Text("m") != "":
		value += "-" + fmt.Sprintf("%02d", slices.Index(monthWords, strings.ToLower(m.Text("m")))+1)
	}
	out, ok := m.CiteText(spac.FieldExpectedClose, value, "period")
	if !ok {
		return nil
	}
	return []rule.Out{out}
}
