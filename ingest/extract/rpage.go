package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// R pages: EDGAR's XBRL viewer renders each statement and note of a report as a page of its
// own (R1.htm "Document and Entity Information", R2.htm the balance sheet, R9.htm a note),
// and sites that republish filings copy them as text. The cover page there is a list of
// label/value rows ("Document Period End Date | Jun. 30, 2023"; on some sites the cells lost
// their separator), and every page opens with a column heading ("3 Months Ended") over the
// period's date. Both state the filer's own tagged period.

// priorityRPage: the viewer's "Document Period End Date" row is the dei fact as tagged.
const priorityRPage = priorityTable + 5

var (
	// periodEndRe is the viewer cover's period row, its value after a cell border or glued
	// to the label ("Document Period End DateSep. 30, 2019"); the cover's other rows
	// (jurisdiction, symbols, exchange) are read by coverLabels.
	periodEndRe = textutil.MustStarts(`^Document Period End Date\s*\|?\s*(.*)$`)
	// monthsEndedRe is the viewer's column heading: "3 Months Ended", "12 Months Ended".
	monthsEndedRe = textutil.MustStarts(`(?:^|\D)\d{1,2} Months Ended\b`)
	leadDateRe    = textutil.MustStarts(`^\|?\s*(` + textutil.DatePattern + `)`)
	yearLineRe    = textutil.MustStarts(`^\s*(\d{4})\b`)
	ruleLineRe    = textutil.MustStarts(`^[\s|:-]*$`)
)

// rPage reads the period of a report's viewer page: its cover's period end, else its column
// heading.
func (x *reader) rPage() {
	if x.d.Class != doc.Periodic {
		return
	}
	for n := 1; n <= len(x.d.R.Lines); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(x.d.Line(n)), "|"))
		if m := periodEndRe.FindStringSubmatch(line); m != nil && len(line) < 100 {
			v, _, _ := strings.Cut(m[1], "|")
			x.deiPeriod(strings.TrimSpace(v), n)
			break
		}
	}
	x.rPagePeriod()
}

// deiPeriod reads the period end date; a date whose year wrapped to the next line
// ("Sep. 30," / "2019") is read whole and quoted on its first line.
func (x *reader) deiPeriod(value string, line int) {
	date, ok := textutil.ParseDate(value)
	if !ok {
		m := yearLineRe.FindStringSubmatch(x.d.Line(line + 1))
		if m == nil {
			return
		}
		if date, ok = textutil.ParseDate(value + " " + m[1]); !ok {
			return
		}
	}
	x.add("rpage.period_end", priorityRPage, spac.FieldPeriodOfReport, date, line, value, date)
}

// rPagePeriod reads the first column heading "N Months Ended" and the date under it (or
// after it on the same row): the period the page reports.
func (x *reader) rPagePeriod() {
	for n := 1; n <= len(x.d.R.Lines); n++ {
		line := x.d.Line(n)
		if len(line) > 200 {
			continue
		}
		loc := monthsEndedRe.FindStringIndex(line)
		if loc == nil {
			continue
		}
		at, rest := n, strings.TrimLeft(line[loc[1]:], " |")
		for k := n + 1; rest == "" && k <= min(n+3, len(x.d.R.Lines)); k++ {
			if l := x.d.Line(k); !ruleLineRe.MatchString(l) {
				at, rest = k, l // the date's row, past a markdown rule ("---|---|")
			}
		}
		if m := leadDateRe.FindStringSubmatch(rest); m != nil {
			if date, ok := textutil.ParseDate(m[1]); ok {
				x.add("rpage.period_heading", priorityTable, spac.FieldPeriodOfReport, date, at, m[1], date)
			}
		}
		return
	}
}
