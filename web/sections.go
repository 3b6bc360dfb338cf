package web

import (
	"github.com/spacdata/spac"
)

// section is one area of a page: label/value rows, tables, or both.
type section struct {
	ID        string
	Title     string
	RowsTitle string // a heading over Rows when the section has more than one part
	Rows      []fieldRow
	Tables    []*tableView
	Note      string
}

// add appends the tables that have rows.
func (s *section) add(ts ...*tableView) {
	for _, t := range ts {
		if t != nil {
			s.Tables = append(s.Tables, t)
		}
	}
}

// fieldRow is one labelled value (several for a multi-valued field). ID names the row on the
// page ("trust-trust_size") so that a reader, or a test, can point at it.
type fieldRow struct {
	ID     string
	Label  string
	Values []valueView
}

// tableView is a list of records (votes, redemptions...), one column per field that any
// record has.
type tableView struct {
	Caption string
	Head    []string
	Rows    [][]valueView
}

// spec reads one field of a T: its label, the name its citation carries, its kind.
type spec[T any] struct {
	label string
	field string
	k     kind
	get   func(*T) string
}

// rowsOf lists the non-empty fields of v with their citations.
func rowsOf[T any](d *ids, sectionID string, v *T, cites []spac.Citation, specs []spec[T]) []fieldRow {
	var out []fieldRow
	for _, s := range specs {
		if val := d.value(s.get(v), s.k, cites, s.field); val.Text != "" {
			out = append(out, fieldRow{ID: sectionID + "-" + s.field, Label: s.label, Values: []valueView{val}})
		}
	}
	return out
}

// tableOf lays out records: the columns are the fields at least one record has.
func tableOf[T any](d *ids, caption string, items []T, cites func(*T) []spac.Citation, specs []spec[T]) *tableView {
	if len(items) == 0 {
		return nil
	}
	var cols []spec[T]
	for _, s := range specs {
		for i := range items {
			if s.get(&items[i]) != "" {
				cols = append(cols, s)
				break
			}
		}
	}
	t := &tableView{Caption: caption}
	for _, s := range cols {
		t.Head = append(t.Head, s.label)
	}
	for i := range items {
		row := make([]valueView, 0, len(cols))
		for _, s := range cols {
			row = append(row, d.value(s.get(&items[i]), s.k, cites(&items[i]), s.field))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
