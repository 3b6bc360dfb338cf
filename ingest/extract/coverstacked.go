package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A cover table set column by column, one cell per line: the titles under "Title of each
// class", then the "Trading Symbol(s)" heading and the symbols, then the exchange heading and
// the exchanges. The i-th symbol is the i-th title's; when the counts differ (a title wrapped
// onto two lines) nothing is read, since the pairing is no longer known.

// titleHeadRe is the heading of the titles' column, alone on its line.
var titleHeadRe = textutil.MustStarts(`(?i)^title of (?:each|the) class(?:es)?:?$`)

// coverColumns reads the columns around the symbols' heading at line n; it reports whether
// the table was read.
func (x *reader) coverColumns(n int) bool {
	titles := x.titleColumn(n)
	symbols, end := x.symbolColumn(n)
	if len(titles) < 2 || len(titles) != len(symbols) {
		return false
	}
	for i, t := range titles {
		if field := tickerField(t.text); field != "" && !x.has(field) {
			x.add("table.cover_column_symbol", priorityTable, field, symbolValue(symbols[i].text), symbols[i].line, symbols[i].text, "")
		}
		if m := unitsTitleRe.FindStringSubmatch(t.text); m != nil && !x.has(spac.FieldUnitStructure) {
			x.add("table.cover_column_units", priorityTable, spac.FieldUnitStructure, rules.UnitStructureValue(m[1]), t.line, m[1], "")
		}
	}
	x.exchangeColumn(end)
	return true
}

// columnCell is one cell of a column: its text and line.
type columnCell struct {
	text string
	line int
}

// titleColumn returns the titles between the "Title of each class" heading and line n, each
// a class's name on a line of its own; nil when the heading is not found a few lines up.
func (x *reader) titleColumn(n int) []columnCell {
	var out []columnCell
	for k := n - 1; k >= max(1, n-12); k-- {
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(k)), "|"))
		switch {
		case line == "":
		case titleHeadRe.MatchString(line):
			return out
		case tickerField(line) == "" || len(line) > 200:
			return nil
		default:
			out = append([]columnCell{{line, k}}, out...)
		}
	}
	return nil
}

// symbolColumn returns the symbols under the heading at line n, up to the exchange column's
// heading, and the line that ends them.
func (x *reader) symbolColumn(n int) ([]columnCell, int) {
	var out []columnCell
	k := n + 1
	for ; k <= min(len(x.d.R.Lines), n+12); k++ {
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(k)), "|"))
		if line == "" {
			continue
		}
		if !symbolCellRe.MatchString(line) || line == "N/A" {
			break
		}
		out = append(out, columnCell{line, k})
	}
	return out, k
}

// exchangeColumn records the first exchange named under the exchange heading at line n.
func (x *reader) exchangeColumn(n int) {
	if !exchangeHeadRe.MatchString(x.d.Line(n)) || x.has(spac.FieldExchange) {
		return
	}
	for k := n + 1; k <= min(len(x.d.R.Lines), n+6); k++ {
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(k)), "|"))
		if ex, ok := x.wrappedExchange(line, k); ok {
			x.add("table.cover_column_exchange", priorityTable, spac.FieldExchange, ex, k, line, "")
			return
		}
	}
}
