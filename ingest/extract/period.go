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
	// 2023 OR", "FOR THE FISCAL YEAR ENDED: DECEMBER 31, 2022 ☐"): the period of report, never
	// a sentence of the MD&A about a year's results.
	coverPeriodLineRe = textutil.MustStarts(`(?i)^\W{0,3}(?:(?:annual|quarterly) report\b.{0,80}?)?\bfor the (?:quarterly period|fiscal year|fiscal quarter)\s+ended:?\s+((?:` + monthName + `)\s+\d{1,2}(?:st|nd|rd|th)?,\s?\d{4})[\s.,]*(?:$|or$|[☐☒¨□■oxX]$|(?:[☐☒¨□■oxX]\s+)?transition report)`)
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
		if m != nil {
			if iso, ok := parseDateAnyCase(m[1]); ok {
				x.add("cover.period_of_report", priorityTable, spac.FieldPeriodOfReport, iso, n, m[1], iso)
				return
			}
		}
	}
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
