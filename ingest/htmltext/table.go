package htmltext

import (
	"strconv"
	"strings"

	"github.com/spacdata/spac"
)

// tableFrame is one open <table>. A row becomes one line: its non-empty cells joined with
// " | ". A nested table's rows are written into the enclosing cell instead of new lines.
// The row's grid (every cell, empty ones too, with its column) is kept in Result.Rows.
type tableFrame struct {
	rowOpen bool
	cells   []string
	spans   []int    // colspan of each cell in cells
	cell    *textBuf // the open cell, nil between cells
	span    int      // colspan of the open cell
}

func (r *renderer) topTable() *tableFrame {
	if len(r.tables) == 0 {
		return nil
	}
	return r.tables[len(r.tables)-1]
}

// cell returns the open cell of the innermost table, or nil.
func (r *renderer) cell() *textBuf {
	if f := r.topTable(); f != nil {
		return f.cell
	}
	return nil
}

// ensureTable returns the innermost table, opening an implicit one for a stray <tr>/<td>.
func (r *renderer) ensureTable() *tableFrame {
	if f := r.topTable(); f != nil {
		return f
	}
	r.flush()
	r.tables = append(r.tables, &tableFrame{})
	return r.topTable()
}

func (r *renderer) openRow() {
	f := r.ensureTable()
	if f.rowOpen {
		r.closeRow()
	}
	f.rowOpen = true
}

func (r *renderer) openCell(span string) {
	f := r.ensureTable()
	if f.cell != nil {
		r.closeCell()
	}
	f.rowOpen = true
	f.cell = &textBuf{}
	f.span = colspan(span)
	for _, fa := range r.facts {
		fa.text.breakSpace()
	}
}

func (r *renderer) closeCell() {
	f := r.topTable()
	if f == nil || f.cell == nil {
		return
	}
	f.cells = append(f.cells, f.cell.take())
	f.spans = append(f.spans, f.span)
	f.cell = nil
	for _, fa := range r.facts {
		fa.text.breakSpace()
	}
}

// closeRow joins the row's cells and emits them: as a line, or into the enclosing table's
// open cell when this table is nested inside one.
func (r *renderer) closeRow() {
	f := r.topTable()
	if f == nil || !f.rowOpen {
		return
	}
	r.closeCell()
	row := JoinCells(f.cells)
	grid := gridCells(f.cells, f.spans)
	f.cells, f.spans, f.rowOpen = f.cells[:0], f.spans[:0], false
	if row == "" {
		return
	}
	if outer := r.outerCell(); outer != nil {
		outer.breakSpace()
		outer.write(row)
		outer.breakSpace()
		return
	}
	r.flush()
	r.line.write(row)
	r.flush()
	r.res.addRow(len(r.res.Lines), grid)
}

// maxColspan bounds a colspan attribute, so a hostile value cannot blow up column numbers.
const maxColspan = 1000

// colspan reads a cell's colspan attribute (1 when absent or invalid).
func colspan(attr string) int {
	n, err := strconv.Atoi(strings.TrimSpace(attr))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, maxColspan)
}

// gridCells places a row's cells on the grid: each cell starts where the previous one ended.
func gridCells(texts []string, spans []int) []spac.Cell {
	out := make([]spac.Cell, len(texts))
	col := 0
	for i, t := range texts {
		out[i] = spac.Cell{Text: t, Col: col, Span: spans[i]}
		col += spans[i]
	}
	return out
}

// maxGridRows bounds the grids one document keeps: the tables that carry facts (covers,
// votes, balance sheets) are small, and a document of a million rows must not cost a grid
// each. Rows past the bound are still rendered as text.
const maxGridRows = 50_000

// addRow records the grid of line n (1-based in Lines).
func (res *Result) addRow(n int, cells []spac.Cell) {
	if len(res.Rows) >= maxGridRows {
		return
	}
	if res.Rows == nil {
		res.Rows = map[int][]spac.Cell{}
	}
	res.Rows[n] = cells
}

// outerCell is the open cell of the table enclosing the innermost one, if any.
func (r *renderer) outerCell() *textBuf {
	if len(r.tables) < 2 {
		return nil
	}
	return r.tables[len(r.tables)-2].cell
}

func (r *renderer) closeTable() {
	if len(r.tables) == 0 {
		return
	}
	r.closeRow()
	r.tables = r.tables[:len(r.tables)-1]
	r.breakLine()
}

// JoinCells joins the cells of one table row per the canonical rules: empty cells are
// dropped, a cell holding only "$" or "(" is glued to the next cell, one holding only ")",
// "%" or ")%" to the previous one, and the rest are joined with " | ".
func JoinCells(cells []string) string {
	var out []string
	prefix := ""
	for _, c := range cells {
		switch {
		case c == "":
		case c == "$" || c == "(":
			prefix += c
		case (c == ")" || c == "%" || c == ")%") && prefix == "" && len(out) > 0:
			out[len(out)-1] += c
		default:
			out = append(out, prefix+c)
			prefix = ""
		}
	}
	if prefix != "" {
		out = append(out, prefix)
	}
	return strings.Join(out, " | ")
}
