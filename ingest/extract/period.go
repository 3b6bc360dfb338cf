package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The period a 10-Q or 10-K covers: the header's CONFORMED PERIOD OF REPORT, else the cover's
// "For the quarterly period ended <date>" (R pages state it in their own way, see rpage.go).

var (
	// coverPeriodRe is the cover's statement of the period a report covers, loosely: any
	// "for the ... ended <date>" near the top serves to date the balance sheet.
	coverPeriodRe = textutil.MustStarts(`(?i)\bfor the (?:quarterly period|quarter|fiscal year|year|period)\s+ended:?\s+((?:` + monthName + `)\s+\d{1,2}(?:st|nd|rd|th)?,\s?\d{4})`)
	// coverPeriodLineRe is the same statement as the cover prints it, the only words of its
	// line but for the check box of the next line ("For the quarterly period ended June 30,
	// 2023 OR", "FOR THE FISCAL YEAR ENDED: DECEMBER 31, 2022 ☐"), or in the cell of a cover
	// set as a table beside its check box ("☒ | QUARTERLY REPORT ... ENDED MARCH 31, 2024 |"):
	// the period of report, never a sentence of the MD&A about a year's results. A cover may
	// drop "period" ("For the quarterly ended September 30, 2014").
	coverPeriodLineRe = textutil.MustStarts(`(?i)^(?:[☐☒¨□■xX]?\s*\|\s*)?\W{0,3}(?:(?:annual|quarterly) report\b.{0,80}?)?\bfor the (?:quarterly(?: period)?|fiscal year|fiscal quarter)\s+ended:?\s+((?:` + monthName + `)\s+\d{1,2}(?:st|nd|rd|th)?,\s?\d{4})[\s.,|]*(?:$|or$|[☐☒¨□■oxX]$|(?:[☐☒¨□■oxX]\s+)?transition report)`)
)

// coverYearLineRe is an annual report's cover that writes "For the year ended <date>" alone
// on its line; read only under the "ANNUAL REPORT PURSUANT TO ..." lines (see
// underAnnualReport), since a financial statement's column heading reads the same.
var coverYearLineRe = textutil.MustStarts(`(?i)^\W{0,3}for the year ended:?\s+((?:` + monthName + `)\s+\d{1,2}(?:st|nd|rd|th)?,\s?\d{4})[\s.,]*$`)

// underAnnualReport reports whether one of the four lines above line n opens the cover's
// "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d)" (its wrapped tail may stand between).
func (x *reader) underAnnualReport(n int) bool {
	for k := max(1, n-4); k < n; k++ {
		if annualReportRe.MatchString(x.d.Line(k)) {
			return true
		}
	}
	return false
}

var annualReportRe = textutil.MustStarts(`(?i)^\W{0,3}annual report (?:pursuant to|under) section 13`)

// coverLines bounds the search of the cover: it is at the top of the report.
const coverLines = 200

// reportPeriod is the period a report covers: the header's CONFORMED PERIOD OF REPORT, else
// the cover's "For the quarterly period ended <date>" ("" when neither is stated).
func (x *reader) reportPeriod() string {
	if p := x.d.R.Filing.Period; p != "" {
		return p
	}
	lines := x.d.R.Lines
	for n := 1; n <= min(len(lines), headerEnd(lines)+coverLines); n++ {
		if m := coverPeriodRe.FindStringSubmatch(x.d.Line(n)); m != nil {
			if iso, ok := parseDateAnyCase(m[1]); ok {
				return iso
			}
		}
	}
	return ""
}

// periodOfReport records the period of report: the header's line, else the cover's.
func (x *reader) periodOfReport() {
	if n, v := x.headerValue("CONFORMED PERIOD OF REPORT"); n > 0 {
		if iso, ok := parseDateAnyCase(v); ok && x.add("header.period_of_report", priorityHeader, spac.FieldPeriodOfReport, iso, n, v, iso) {
			return
		}
	}
	lines := x.d.R.Lines
	for n := 1; n <= min(len(lines), headerEnd(lines)+coverLines); n++ {
		line := x.d.Line(n)
		if n > 1 && strings.EqualFold(strings.TrimSpace(x.d.Line(n-1)), "for") {
			line = "For " + line // "For" / "the fiscal year ended December 31, 2023"
		}
		m := coverPeriodLineRe.FindStringSubmatch(line)
		if m == nil && x.underAnnualReport(n) {
			m = coverYearLineRe.FindStringSubmatch(line)
		}
		if m == nil {
			m = x.formHeadingPeriod(line)
		}
		if m != nil {
			if iso, ok := parseDateAnyCase(m[1]); ok {
				if !x.otherYearBelow(n, iso) {
					x.add("cover.period_of_report", priorityTable, spac.FieldPeriodOfReport, iso, n, m[1], iso)
				}
				return
			}
		}
	}
}

// formHeadingRe is the heading a report's contents page or running head gives it, alone on
// its line: "FORM 10-Q FOR THE QUARTER ENDED SEPTEMBER 30, 2022", "Form 10-K for the fiscal
// year ended December 31, 2023". A sentence naming another report ("our Form 10-Q for the
// quarter ended ... filed on ...") goes on after the date and is not one.
var formHeadingRe = textutil.MustStarts(`(?i)^\W{0,3}form (10-[qk])(?:/a)? for the (?:quarter|quarterly period|fiscal quarter|fiscal year|year|period) ended:?\s+((?:` + monthName + `)\s+\d{1,2}(?:st|nd|rd|th)?,\s?\d{4})[\s.]*$`)

// formHeadingPeriod matches line as the report's own form heading (the form it names is the
// report's) and returns the match with the date as its first group.
func (x *reader) formHeadingPeriod(line string) []string {
	m := formHeadingRe.FindStringSubmatch(line)
	if m == nil || !strings.EqualFold(m[1], x.d.Form) {
		return nil
	}
	return []string{m[0], m[2]}
}

// loneYearRe is a line that holds a year and nothing else.
var loneYearRe = textutil.MustStarts(`^\s*((?:19|20)\d\d)\s*$`)

// otherYearBelow reports whether the first non-blank line after line n is a lone year other
// than the year of date iso: a comparison copy of two filings shows the old cover's period
// and the new one's year one under the other ("For the quarterly period ended March 31, 2021"
// / "2023"), and which is the report's the page does not say.
func (x *reader) otherYearBelow(n int, iso string) bool {
	for k := n + 1; k <= min(len(x.d.R.Lines), n+3); k++ {
		line := strings.TrimSpace(x.d.Line(k))
		if line == "" {
			continue
		}
		m := loneYearRe.FindStringSubmatch(line)
		return m != nil && m[1] != iso[:4]
	}
	return false
}

// statedPeriod is the report's period as read so far: the header's, else a period of report
// a reader found (the cover, an R page's heading); "" when none is.
func (x *reader) statedPeriod() string {
	if p := x.d.R.Filing.Period; p != "" {
		return p
	}
	for _, f := range x.out {
		if f.Fact.Field == spac.FieldPeriodOfReport {
			return f.Fact.Value
		}
	}
	return ""
}
