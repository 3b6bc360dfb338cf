package doc

import (
	"strings"

	"github.com/spacdata/spac"
)

// Cells returns the cells of canonical line n: its grid when rendering kept one, else the
// line split at " | " (a row whose grid is unknown: empty cells are lost, the order kept).
func (d *Doc) Cells(n int) []spac.Cell {
	if row := d.R.Rows[n]; row != nil {
		return row
	}
	line := strings.TrimSpace(d.R.Line(n))
	if !strings.Contains(line, " | ") && !strings.HasPrefix(line, "|") {
		return nil
	}
	// A row written with pipes ("Units | | AJAX.U | | New York Stock Exchange |", or a
	// markdown row "| a | b |"): every pipe separates cells, so empty ones count too.
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var out []spac.Cell
	for i, c := range strings.Split(line, "|") {
		out = append(out, spac.Cell{Text: strings.TrimSpace(c), Col: i, Span: 1})
	}
	return out
}

// Align pairs the cells of a data row with the columns of a header row: each header cell
// gets the data cell that overlaps it most (grids of HTML tables and of column-aligned
// text both work; a data cell is used once). Header cells without a match get -1.
func Align(header, row []spac.Cell) []int {
	out := make([]int, len(header))
	used := make([]bool, len(row))
	for i, h := range header {
		out[i] = -1
		best := 0
		for j, c := range row {
			if used[j] || c.Text == "" {
				continue
			}
			if ov := overlap(h, c); ov > best {
				best, out[i] = ov, j
			}
		}
		if out[i] < 0 {
			out[i] = nearest(h, row, used)
		}
		if out[i] >= 0 {
			used[out[i]] = true
		}
	}
	return out
}

// maxColumnDrift is how far (in columns) a data cell's centre may sit from its header's
// when they do not overlap: text tables right-align figures under left-aligned headings.
const maxColumnDrift = 12

// nearest returns the unused non-empty cell whose centre is closest to h's, if close enough.
func nearest(h spac.Cell, row []spac.Cell, used []bool) int {
	best, at := maxColumnDrift+1, -1
	hc := 2*h.Col + max(h.Span, 1)
	for j, c := range row {
		if used[j] || c.Text == "" {
			continue
		}
		if d := abs(2*c.Col+max(c.Span, 1)-hc) / 2; d < best {
			best, at = d, j
		}
	}
	return at
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// overlap is the width two cells share (at least 1 when one's span is empty but inside).
func overlap(a, b spac.Cell) int {
	lo, hi := max(a.Col, b.Col), min(a.Col+max(a.Span, 1), b.Col+max(b.Span, 1))
	return hi - lo
}

// Filled returns the non-empty cells of a row, in order.
func Filled(row []spac.Cell) []spac.Cell {
	var out []spac.Cell
	for _, c := range row {
		if c.Text != "" {
			out = append(out, c)
		}
	}
	return out
}
