package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The cover page as the SEC's financial report viewer shows it (an R page: "Document and
// Entity Information"): one label and its value per row, "Trading Symbol | ABCU", or glued
// when the cells lost their border ("Trading SymbolABCU"). A class's rows usually come in
// order "Title of 12(b) Security", "Trading Symbol", "Security Exchange Name".

var coverPairLabelRe = textutil.MustStarts(`^(Entity Incorporation, State or Country Code|Title of 12\(b\) Security|Trading Symbol|Security Exchange Name)\s*(?:\|\s*)?(.*)$`)

// coverPair is one label/value row of an R page's cover.
type coverPair struct {
	label, value string
	line         int
}

// coverPairs returns the cover's label/value rows in line order (a value is the row's first
// cell after the label).
func (x *reader) coverPairs() []coverPair {
	var out []coverPair
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+300)
	for n := 1; n <= limit; n++ {
		m := coverPairLabelRe.FindStringSubmatch(strings.TrimSpace(x.d.Line(n)))
		if m == nil {
			continue
		}
		value, _, _ := strings.Cut(m[2], "|")
		if value = strings.TrimSpace(value); value != "" {
			out = append(out, coverPair{label: m[1], value: value, line: n})
		}
	}
	return out
}

// coverLabels reads the R page cover's jurisdiction, tickers and exchange. A symbol takes the
// class of the title row before it; the entity's own symbol (listed before any title) takes
// the class of the only title when no other symbol follows one. Some viewers put each class's
// symbol row before its title row instead (see symbolsBeforeTitles).
func (x *reader) coverLabels() {
	pairs := x.coverPairs()
	if symbolsBeforeTitles(pairs) {
		x.coverLabelsSymbolFirst(pairs)
		return
	}
	title, titles, titled := "", 0, 0
	var untitled *coverPair
	for i := range pairs {
		switch p := pairs[i]; p.label {
		case "Title of 12(b) Security":
			title = p.value
			titles++
			x.coverLabelUnits(p)
		case "Trading Symbol":
			if title == "" {
				untitled = &pairs[i]
				continue
			}
			titled++
			x.coverLabelSymbol(title, p)
			title = ""
		default:
			x.coverLabelOther(p)
		}
	}
	if untitled != nil && titles == 1 && titled == 0 {
		x.coverLabelSymbol(lastTitle(pairs), *untitled)
	}
}

// symbolsBeforeTitles tells a cover whose every class block opens with its symbol row and
// then its title row ("Trading Symbol | ABCU", "Title of 12(b) Security | Units, ...") from
// the usual title-then-symbol order: the symbol and title rows alternate symbol first, end on
// a title, and make at least two blocks. An entity's own symbol before title-first blocks
// leaves a symbol last, so that layout keeps the usual reading.
func symbolsBeforeTitles(pairs []coverPair) bool {
	var seq []string
	for _, p := range pairs {
		if p.label == "Title of 12(b) Security" || p.label == "Trading Symbol" {
			seq = append(seq, p.label)
		}
	}
	if len(seq) < 4 || len(seq)%2 != 0 {
		return false
	}
	for i, label := range seq {
		if (i%2 == 0) != (label == "Trading Symbol") {
			return false
		}
	}
	return true
}

// coverLabelsSymbolFirst reads a cover whose symbol rows come before their titles: a symbol
// takes the class of the title row after it.
func (x *reader) coverLabelsSymbolFirst(pairs []coverPair) {
	var symbol *coverPair
	for i := range pairs {
		switch p := pairs[i]; p.label {
		case "Trading Symbol":
			symbol = &pairs[i]
		case "Title of 12(b) Security":
			x.coverLabelUnits(p)
			if symbol != nil {
				x.coverLabelSymbol(p.value, *symbol)
			}
			symbol = nil
		default:
			x.coverLabelOther(p)
		}
	}
}

// coverLabelOther records the exchange or the jurisdiction of a cover row.
func (x *reader) coverLabelOther(p coverPair) {
	switch p.label {
	case "Security Exchange Name":
		if ex, ok := textutil.ExchangeName(p.value); ok && !x.has(spac.FieldExchange) {
			x.add("table.cover_label_exchange", priorityTable, spac.FieldExchange, ex, p.line, p.value, "")
		}
	case "Entity Incorporation, State or Country Code":
		x.coverLabelJurisdiction(p)
	}
}

// coverLabelSymbol records the symbol of a cover row under the ticker field its title names.
func (x *reader) coverLabelSymbol(title string, p coverPair) {
	if !symbolCellRe.MatchString(p.value) {
		return
	}
	if field := tickerField(title); field != "" && !x.has(field) {
		x.add("table.cover_label_symbol", priorityTable, field, symbolValue(p.value), p.line, p.value, "")
	}
}

// coverLabelJurisdiction records the jurisdiction of the cover's EDGAR code ("DE", "E9") or
// name.
func (x *reader) coverLabelJurisdiction(p coverPair) {
	name, ok := jurisdictions[p.value]
	if !ok {
		if name, _, ok = rules.JurisdictionAt(p.value); !ok {
			return
		}
	}
	x.add("table.cover_label_jurisdiction", priorityJurisdiction, spac.FieldStateOfInc, name, p.line, p.value, "")
}

// unitsTitleRe is the title of the units' row: "Units, each consisting of one ... warrant".
var unitsTitleRe = textutil.MustStarts(`(?i)^units?,? each consisting of (one .*?(?:warrants?|rights?))\W*$`)

// coverLabelUnits records the unit's structure its cover title states.
func (x *reader) coverLabelUnits(p coverPair) {
	if m := unitsTitleRe.FindStringSubmatch(p.value); m != nil && !x.has(spac.FieldUnitStructure) {
		x.add("table.cover_label_units", priorityTable, spac.FieldUnitStructure, rules.UnitStructureValue(m[1]), p.line, m[1], "")
	}
}

func lastTitle(pairs []coverPair) string {
	for i := len(pairs) - 1; i >= 0; i-- {
		if pairs[i].label == "Title of 12(b) Security" {
			return pairs[i].value
		}
	}
	return ""
}
