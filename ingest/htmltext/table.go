package htmltext

import "strings"

// tableFrame is one open <table>. A row becomes one line: its non-empty cells joined with
// " | ". A nested table's rows are written into the enclosing cell instead of new lines.
type tableFrame struct {
	rowOpen bool
	cells   []string
	cell    *textBuf // the open cell, nil between cells
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

func (r *renderer) openCell() {
	f := r.ensureTable()
	if f.cell != nil {
		r.closeCell()
	}
	f.rowOpen = true
	f.cell = &textBuf{}
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
	f.cells, f.rowOpen = f.cells[:0], false
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
