package extract

import (
	"strings"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A quarterly report's notes and MD&A, read without their cover, still name the quarter:
// "For the three months ended March 31, 2024, we had a net loss ...". The latest of the
// interim periods they narrate is the period of report (the others are the prior year's
// comparatives); the annual figures a 10-Q recalls ("for the year ended December 31, 2023")
// are never it. An annual report names its year the same way ("as of and for the years ended
// December 31, 2022 and 2021"), and a young SPAC's report of either kind its first period
// ("for the period from March 2, 2021 (inception) through December 31, 2021").

// priorityProsePeriod ranks below the header, the cover and the R pages: a report that
// states its period there is read from there.
const priorityProsePeriod = priorityTable - 20

// interimEndedRe is an interim period and its end date: "three months ended June 30, 2023",
// "nine months ended September 30, 2021".
var interimEndedRe = textutil.MustStarts(`(?i)\b(?:three|six|nine)[- ]months? (?:period )?ended,?\s+(` + textutil.DatePattern + `)`)

// yearEndedRe is an annual report's own year as its text sets it beside the prior one ("for
// the years ended December 31, 2022 and 2021": the first date is the latest year's) or as the
// year its statements cover ("as of and for the year ended December 31, 2022"); a sentence
// on one year's results ("For the year ended December 31, 2020, we had a net loss") may be
// the comparative year's, and is not read.
var yearEndedRe = textutil.MustStarts(`(?i)\b(?:for the (?:fiscal )?years ended,?\s+(` + textutil.DatePattern + `),? and (?:` + monthName + `)?[\s\d,]*\d{4}\b|as of and for the (?:fiscal )?year ended,?\s+(` + textutil.DatePattern + `))`)

// yearResultsRe is an annual report's sentence on one year's results: "For the year ended
// December 31, 2023, we had a net income of $79,994". Alone it may be the comparative year's;
// an MD&A that narrates two such years puts its own year the later (see yearsNarrated).
var yearResultsRe = textutil.MustStarts(`(?i)\bfor the (?:fiscal )?year ended,?\s+(` + textutil.DatePattern + `),? (?:we|the company) (?:had|reported|recorded|incurred|generated) (?:a )?net (?:income|loss|\(loss\) income|income \(loss\))`)

// inceptionThroughRe is a first period, from the company's inception to a period end.
var inceptionThroughRe = textutil.MustStarts(`(?i)\binception\)?,? (?:through|to) (` + textutil.DatePattern + `)`)

// notCommencedRe is note 1's account of the SPAC's state at the balance sheet date: "As of
// March 31, 2022, the Company had not yet commenced any operations" (every era writes it;
// "As" may end the line above).
var notCommencedRe = textutil.MustStarts(`(?i)\b(?:of|at) (` + textutil.DatePattern + `),? (?:the company|we) (?:had|has) not (?:yet )?commenced any operations\b`)

// prosePeriodRes are the periods a report's text narrates, by its base form.
var prosePeriodRes = map[string][]*textutil.Starts{
	"10-Q": {interimEndedRe, inceptionThroughRe, notCommencedRe},
	"10-K": {yearEndedRe, inceptionThroughRe, notCommencedRe},
}

// prosePeriod records the latest period a report's text narrates (a 10-Q's interim periods,
// a 10-K's years, either's first period from inception), when the report states no period
// of its own (no header, cover or R page); a date that is not a month's last day is no period
// end, and is not read. (The filing date bounds nothing here: a document read without its
// envelope is given a placeholder one.)
func (x *reader) prosePeriod() {
	res := prosePeriodRes[x.d.Form]
	if res == nil || x.statedPeriod() != "" {
		return
	}
	best, line, quote := "", 0, ""
	for n := 1; n <= len(x.d.R.Lines); n++ {
		for _, re := range res {
			for _, d := range x.wrappedDates(re, n) {
				iso, ok := parseDateAnyCase(d.text)
				if ok && iso > best && monthEnd(iso) {
					best, line, quote = iso, d.line, d.text
				}
			}
		}
	}
	if x.d.Form == "10-K" {
		if iso, n, q := x.yearsNarrated(); iso > best {
			best, line, quote = iso, n, q
		}
	}
	if best != "" {
		x.add("prose.period_of_report", priorityProsePeriod, spac.FieldPeriodOfReport, best, line, quote, best)
	}
}

// yearsNarrated returns the later of the years an annual report's results sentences narrate,
// when they narrate two or more different year ends ("For the year ended December 31, 2023,
// we had ... For the year ended December 31, 2022, we had ..."): a single one may be the
// comparative year's, and gives nothing.
func (x *reader) yearsNarrated() (iso string, line int, quote string) {
	seen := map[string]bool{}
	for n := 1; n <= len(x.d.R.Lines); n++ {
		for _, m := range yearResultsRe.FindAllStringSubmatch(x.d.Line(n), -1) {
			d, ok := parseDateAnyCase(m[1])
			if !ok || !monthEnd(d) {
				continue
			}
			seen[d] = true
			if d > iso {
				iso, line, quote = d, n, m[1]
			}
		}
	}
	if len(seen) < 2 {
		return "", 0, ""
	}
	return iso, line, quote
}

// monthEnd reports whether a YYYY-MM-DD date is the last day of its month.
func monthEnd(iso string) bool {
	t, err := time.Parse(time.DateOnly, iso)
	return err == nil && t.AddDate(0, 0, 1).Day() == 1
}

// lineDate is a date a sentence states and the line that holds it.
type lineDate struct {
	text string
	line int
}

// wrappedDates matches re on line n joined with the next line, since a narrow copy wraps a
// sentence anywhere ("As of June 30, 2022, the Company had not commenced any" / "operations").
// A date is read only when one line holds it whole: that line is cited.
func (x *reader) wrappedDates(re *textutil.Starts, n int) []lineDate {
	first := strings.TrimSpace(x.d.Line(n))
	joined := first
	if n < len(x.d.R.Lines) {
		joined += " " + strings.TrimSpace(x.d.Line(n+1))
	}
	var out []lineDate
	for _, m := range re.FindAllStringSubmatchIndex(joined, -1) {
		a, b := firstGroupSpan(m)
		switch {
		case a < 0:
		case b <= len(first):
			out = append(out, lineDate{joined[a:b], n})
		case a > len(first):
			out = append(out, lineDate{joined[a:b], n + 1})
		}
	}
	return out
}

// firstGroupSpan is the span of the first group of a match that took part (-1, -1 if none).
func firstGroupSpan(m []int) (int, int) {
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			return m[g], m[g+1]
		}
	}
	return -1, -1
}
