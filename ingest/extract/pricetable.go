package extract

import (
	"math"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The cover's pricing table of a prospectus: "Public offering price | Underwriting discounts
// and commissions | Proceeds, before expenses, to us", then a "Per Unit" row and a "Total"
// row. The per-unit row's first figure is the unit's price. The table comes in every layout:
// one row per line with cells ("| Per Unit | $ | 10.00 | $ | 0.55 | $ | 9.45 |"), a row without
// borders ("Per unit $8.00 $0.56 $7.44"), or one cell per line after the label (a page copied
// from a PDF). Whatever the layout, the row is read as a whole: its first three figures must
// add up (price = discount + proceeds), which no other table of the cover does - the
// representative's purchase option, the private units and the trust's per-unit amount are
// never priced that way.

// pricePerUnitRe is the row's label in its own cell: "Per Unit", "Per unit", "Per Unit(1)",
// followed by a border, the end of the line or the row's first figure. "Per Private Unit" or
// "Per Share" are not the units' price.
var (
	pricePerUnitRe   = textutil.MustStarts(`(?i)^\|?\s*per\s+unit(?:\s*\(\d\))?(?:\s*\||\s+\$|\s+\d|$)`)
	pricePerUnitHead = textutil.MustStarts(`(?i)^\|?\s*per\s+unit(?:\s*\(\d\))?`)
)

// priorityPriceTable: the table's price, checked by its sum, stands beside the cover's
// sentences (offering.unit_price_each_unit and the like, priority 8 to 11).
const priorityPriceTable = 10

// priorityPriceTotal: the table's total stands below the sentence rules that read the same
// table row on one line (offering.gross_proceeds_pricing_table, priority 8).
const priorityPriceTotal = 7

// priceFigureRe is one figure of the row: "$10.00", "10.00", "$ 0.55"; a footnote mark after
// it ("0.20(1)") is dropped.
var priceFigureRe = textutil.MustStarts(`^\$?\s*(\d{1,3}(?:,\d{3})*(?:\.\d{1,4})?)(?:\(\d\))?$`)

// priceRowSpan: how many lines after the label a flattened row's figures may run over (each
// figure between bare borders and "$" cells).
const priceRowSpan = 24

// The table set the other way round has a row per amount and a column per unit and in total:
// "Public offering price | $10.00 | $220,000,000", "Underwriting discount | $0.55 | ...",
// "Proceeds, before expenses, to us | $9.45 | ...". Each row's label opens its line.
var (
	publicPriceRowRe = textutil.MustStarts(`(?i)^\|?\s*(?:public offering price|price to (?:the )?public|offering price)(?:\s*\(\d\))?(?:\s*\||\s+\$|\s+\d|$)`)
	discountRowRe    = textutil.MustStarts(`(?i)^\|?\s*underwriting discounts?(?: and commissions)?(?:\s*\(\d\))?(?:\s*\||\s+\$|\s+\d|$)`)
	proceedsRowRe    = textutil.MustStarts(`(?i)^\|?\s*proceeds(?:,? before expenses,?)?(?: to (?:us|the company|(?-i:[A-Z])[\w&.,’' -]{0,60}?))?(?:\s*\(before expenses\))?(?:\s*\(\d\))?(?:\s*\||\s+\$|\s+\d|$)`)
	rowLabelHead     = textutil.MustStarts(`^\|?\s*[A-Za-z](?:[A-Za-z]\d+|\d+(?:st|nd|rd|th)? [A-Z]|[A-Za-z ,.&’'-])*(?:\([^)]*\))?(?:\s*\(\d\))?`)
)

// priceRowsSpan: how many lines the three rows of the table turned round may take.
const priceRowsSpan = 40

// coverPriceTable reads the unit's price from the cover's pricing table, in either of its
// orientations, and the offering's gross proceeds from the table's total column or row.
func (x *reader) coverPriceTable() {
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+600)
	for n := 1; n <= limit; n++ {
		line := strings.TrimSpace(x.d.Line(n))
		if len(line) > 200 {
			continue
		}
		var figs, totals []priceFigure
		switch {
		case pricePerUnitRe.MatchString(line):
			figs = x.priceRowFigures(n, pricePerUnitHead)
			if len(figs) >= 3 {
				totals = x.totalRowFigures(figs[2].line + 1)
			}
		case publicPriceRowRe.MatchString(line):
			figs, totals = x.priceColumnFigures(n)
		}
		if len(figs) >= 3 && addsUp(figs[:3]) {
			x.add("table.cover_price_per_unit", priorityPriceTable, spac.FieldUnitPrice,
				strconv.FormatFloat(figs[0].value, 'f', 4, 64), figs[0].line, figs[0].quote, "")
			if totalsAddUp(figs[0], totals) {
				x.add("table.cover_price_total", priorityPriceTotal, spac.FieldIPOGrossProceeds,
					strconv.FormatFloat(totals[0].value, 'f', 2, 64), totals[0].line, totals[0].quote, "")
			}
			return
		}
	}
}

// priceColumnFigures reads the table turned round: the first figure of the price row at line
// n, of the discount row and of the proceeds row below it (the per-unit column), and, when
// every row has exactly two figures, their second ones (the total column; a third column - a
// best-efforts minimum and maximum, the over-allotment's total - leaves the totals unread).
func (x *reader) priceColumnFigures(n int) (perUnit, total []priceFigure) {
	price := x.priceRowFigures(n, rowLabelHead)
	if len(price) == 0 {
		return nil, nil
	}
	rows := [][]priceFigure{price}
	for _, label := range []*textutil.Starts{discountRowRe, proceedsRowRe} {
		k := x.nextRow(n+1, min(n+priceRowsSpan, len(x.d.R.Lines)), label)
		if k == 0 {
			return nil, nil
		}
		row := x.priceRowFigures(k, rowLabelHead)
		if len(row) == 0 {
			return nil, nil
		}
		rows, n = append(rows, row), k
	}
	for _, row := range rows {
		perUnit = append(perUnit, row[0])
		if len(row) == 2 {
			total = append(total, row[1])
		}
	}
	if len(total) != len(rows) {
		total = nil
	}
	return perUnit, total
}

// priceTotalRowRe is the label of the table's total row, right under the per-unit row.
var (
	priceTotalRowRe   = textutil.MustStarts(`(?i)^\|?\s*total(?:\s*\(\d\))?(?:\s*\||\s+\$|\s+\d|$)`)
	priceTotalRowHead = textutil.MustStarts(`(?i)^\|?\s*total(?:\s*\(\d\))?`)
)

// totalRowFigures reads the total row that follows the per-unit row (the first labelled line
// from line n on, borders and "$" cells passed over): its three figures, or none when another
// label comes first.
func (x *reader) totalRowFigures(n int) []priceFigure {
	for k := n; k <= min(n+priceRowSpan, len(x.d.R.Lines)); k++ {
		line := strings.TrimSpace(x.d.Line(k))
		switch {
		case priceTotalRowRe.MatchString(line):
			figs := x.priceRowFigures(k, priceTotalRowHead)
			if len(figs) == 3 {
				return figs // a fourth cell on the row's line: another column, not read
			}
			return nil
		case strings.Trim(line, "|$ ") != "":
			return nil
		}
	}
	return nil
}

// totalsAddUp reports whether the totals are the offering's: the total price is the discount
// plus the proceeds (within a dollar), and a whole number of units at the unit's price.
func totalsAddUp(price priceFigure, t []priceFigure) bool {
	if len(t) < 3 || price.value <= 0 {
		return false
	}
	p, d, n := t[0].value, t[1].value, t[2].value
	units := p / price.value
	return d > 0 && d < p && math.Abs(p-(d+n)) < 1.01 && units >= 100000 && math.Abs(units-math.Round(units)) < 1e-6
}

// nextRow returns the first line in [from, to] whose row label matches, or 0.
func (x *reader) nextRow(from, to int, label *textutil.Starts) int {
	for k := from; k <= to; k++ {
		if label.MatchString(strings.TrimSpace(x.d.Line(k))) {
			return k
		}
	}
	return 0
}

type priceFigure struct {
	value float64
	quote string
	line  int
}

// priceRowFigures collects the figures of the row labelled at line n: the figures after the
// label on its own line, then, while the row runs on one cell per line, the lines below up
// to the next label ("Total") or a line of prose.
func (x *reader) priceRowFigures(n int, head *textutil.Starts) []priceFigure {
	line := strings.TrimSpace(x.d.Line(n))
	rest := line[len(head.FindString(line)):]
	figs := figuresOf(rest, n)
	if len(figs) >= 2 {
		return figs
	}
	for k := n + 1; k <= min(n+priceRowSpan, len(x.d.R.Lines)) && len(figs) < 3; k++ {
		cell := strings.Trim(strings.TrimSpace(x.d.Line(k)), "| ")
		if cell == "" || cell == "$" {
			continue
		}
		m := priceFigureRe.FindStringSubmatch(cell)
		if m == nil {
			break // the row ended: the next label, or prose
		}
		figs = append(figs, priceFigure{parseFigure(m[1]), m[1], k})
	}
	return figs
}

// figuresOf reads the figures of a row's cells on one line, "$" cells and borders passed
// over; a word ends the row.
func figuresOf(text string, line int) []priceFigure {
	var figs []priceFigure
	for _, cell := range strings.FieldsFunc(text, func(r rune) bool { return r == '|' }) {
		cell = strings.TrimSpace(cell)
		for _, part := range strings.Fields(strings.ReplaceAll(cell, "$ ", "$")) {
			if part == "$" {
				continue
			}
			m := priceFigureRe.FindStringSubmatch(part)
			if m == nil {
				return figs
			}
			figs = append(figs, priceFigure{parseFigure(m[1]), m[1], line})
		}
	}
	return figs
}

func parseFigure(s string) float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v
}

// addsUp reports whether a row's price is its discount plus its proceeds, within a cent, and
// the price is one a unit is sold at.
func addsUp(f []priceFigure) bool {
	p, d, n := f[0].value, f[1].value, f[2].value
	return p >= 1 && p <= 100 && d > 0 && d < p && math.Abs(p-(d+n)) < 0.0051
}
