package extract

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// R pages: EDGAR's XBRL viewer renders each statement and note of a report as a page of its
// own (R1.htm "Document and Entity Information", R2.htm the balance sheet, R9.htm a note),
// and sites that republish filings copy them as text. The cover page there is a list of
// label/value rows ("Trading Symbol | ABCU"; on some sites the cells lost their separator:
// "Trading SymbolABCU"), and every page opens with a column heading ("3 Months Ended") over
// the period's date. Both state the filer's own tagged values, so they are read as a table.

// priorityRPage: a label/value row of the viewer's cover is the dei fact as tagged; the
// printed cover's table, when both are present, agrees with it.
const priorityRPage = priorityTable + 5

// deiRow is one label of the viewer's cover and the field kind its value gives.
type deiRow struct {
	label *regexp.Regexp
	kind  string
}

const (
	deiPeriod = "period"
	deiState  = "state"
	deiTitle  = "title"
	deiSymbol = "symbol"
	deiMarket = "exchange"
)

// deiRows are the cover labels read; the value follows the label, after a cell separator or
// glued to it.
var deiRows = []deiRow{
	{regexp.MustCompile(`^Document Period End Date\s*\|?\s*`), deiPeriod},
	{regexp.MustCompile(`^Entity Incorporation,? State (?:or )?Country (?:Code|Name)\s*\|?\s*`), deiState},
	{regexp.MustCompile(`^Title of 12\(b\) Security\s*\|?\s*`), deiTitle},
	{regexp.MustCompile(`^Trading Symbol\s*\|?\s*`), deiSymbol},
	{regexp.MustCompile(`^Security Exchange Name\s*\|?\s*`), deiMarket},
}

// deiValue is one label/value row of the viewer's cover.
type deiValue struct {
	kind, value string
	line        int
}

var (
	// monthsEndedRe is the viewer's column heading: "3 Months Ended", "12 Months Ended".
	monthsEndedRe = regexp.MustCompile(`(?:^|\D)\d{1,2} Months Ended\b`)
	leadDateRe    = regexp.MustCompile(`^\|?\s*(` + textutil.DatePattern + `)`)
	yearLineRe    = regexp.MustCompile(`^\s*(\d{4})\b`)
	stateCodeRe   = regexp.MustCompile(`^[A-Z0-9]{2}$`)
	ruleLineRe    = regexp.MustCompile(`^[\s|:-]*$`)
)

// rPage reads the viewer's cover rows and the period of its column heading.
func (x *reader) rPage() {
	x.rPageCover()
	if x.d.Class == doc.Periodic {
		x.rPagePeriod()
	}
}

// rPageCover reads the cover's label/value rows: the period end, the jurisdiction, and each
// listed security's symbol (classified by the title of its row group) and exchange.
func (x *reader) rPageCover() {
	var rows []deiValue
	for n := 1; n <= len(x.d.R.Lines); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(x.d.Line(n)), "|"))
		if len(line) > 300 {
			continue
		}
		for _, r := range deiRows {
			if loc := r.label.FindStringIndex(line); loc != nil {
				v, _, _ := strings.Cut(line[loc[1]:], "|")
				if v = strings.TrimSpace(v); v != "" {
					rows = append(rows, deiValue{r.kind, v, n})
				}
				break
			}
		}
	}
	titles := 0
	for _, r := range rows {
		if r.kind == deiTitle {
			titles++
		}
	}
	title := ""
	for i, r := range rows {
		switch r.kind {
		case deiPeriod:
			x.deiPeriod(r)
		case deiState:
			x.deiState(r)
		case deiTitle:
			title = r.value
		case deiSymbol:
			x.deiSymbol(r, symbolTitle(rows, i, title, titles))
		case deiMarket:
			if ex, ok := textutil.ExchangeName(r.value); ok && !x.has(spac.FieldExchange) {
				x.add("rpage.cover_exchange", priorityRPage, spac.FieldExchange, ex, r.line, r.value, "")
			}
		}
	}
}

// symbolTitle is the title of the security a symbol row belongs to: the title above it, or
// when the cover lists one security only, its title wherever it stands.
func symbolTitle(rows []deiValue, i int, above string, titles int) string {
	if above != "" || titles != 1 {
		return above
	}
	for _, r := range rows[i:] {
		if r.kind == deiTitle {
			return r.value
		}
	}
	return ""
}

func (x *reader) deiSymbol(r deiValue, title string) {
	if !symbolCellRe.MatchString(r.value) || r.value == "N/A" {
		return
	}
	if field := tickerField(title); field != "" && !x.has(field) {
		x.add("rpage.cover_symbol", priorityRPage, field, r.value, r.line, r.value, "")
	}
}

// deiState reads the jurisdiction as EDGAR's code ("DE", "E9") or written out.
func (x *reader) deiState(r deiValue) {
	if stateCodeRe.MatchString(r.value) {
		if name := jurisdictionName(r.value); name != r.value {
			x.add("rpage.cover_jurisdiction", priorityRPage, spac.FieldStateOfInc, name, r.line, r.value, "")
		}
		return
	}
	if name, quote, ok := rules.JurisdictionAt(r.value); ok {
		x.add("rpage.cover_jurisdiction", priorityRPage, spac.FieldStateOfInc, name, r.line, quote, "")
	}
}

// deiPeriod reads the period end date; a date whose year wrapped to the next line
// ("Sep. 30," / "2019") is read whole and quoted on its first line.
func (x *reader) deiPeriod(r deiValue) {
	if x.d.Class != doc.Periodic {
		return
	}
	date, ok := textutil.ParseDate(r.value)
	if !ok {
		m := yearLineRe.FindStringSubmatch(x.d.Line(r.line + 1))
		if m == nil {
			return
		}
		if date, ok = textutil.ParseDate(r.value + " " + m[1]); !ok {
			return
		}
	}
	x.add("rpage.period_end", priorityRPage, spac.FieldPeriodOfReport, date, r.line, r.value, date)
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
