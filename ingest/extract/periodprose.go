package extract

import (
	"regexp"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A quarterly report's notes and MD&A, read without their cover, still name the quarter:
// "For the three months ended March 31, 2024, we had a net loss ...". The latest of the
// interim periods they narrate is the period of report (the others are the prior year's
// comparatives); the annual figures a 10-Q recalls ("for the year ended December 31, 2023")
// are never it.

// priorityProsePeriod ranks below the header, the cover and the R pages: a report that
// states its period there is read from there.
const priorityProsePeriod = priorityTable - 20

// interimEndedRe is an interim period and its end date: "three months ended June 30, 2023",
// "nine months ended September 30, 2021".
var interimEndedRe = regexp.MustCompile(`(?i)\b(?:three|six|nine)[- ]months? (?:period )?ended,?\s+(` + textutil.DatePattern + `)`)

// prosePeriod records the latest interim period a 10-Q's text narrates, when the report
// states no period of its own (no header, cover or R page); a date that is not a month's last
// day is no period end, and is not read. (The filing date bounds nothing here: a document read
// without its envelope is given a placeholder one.)
func (x *reader) prosePeriod() {
	if x.d.R.Filing.BaseForm() != "10-Q" || x.statedPeriod() != "" {
		return
	}
	best, line, quote := "", 0, ""
	for n := 1; n <= len(x.d.R.Lines); n++ {
		for _, m := range interimEndedRe.FindAllStringSubmatch(x.d.Line(n), -1) {
			iso, ok := parseDateAnyCase(m[1])
			if ok && iso > best && monthEnd(iso) {
				best, line, quote = iso, n, m[1]
			}
		}
	}
	if best != "" {
		x.add("prose.period_of_report", priorityProsePeriod, spac.FieldPeriodOfReport, best, line, quote, best)
	}
}

// monthEnd reports whether a YYYY-MM-DD date is the last day of its month.
func monthEnd(iso string) bool {
	t, err := time.Parse(time.DateOnly, iso)
	return err == nil && t.AddDate(0, 0, 1).Day() == 1
}
