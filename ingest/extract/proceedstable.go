package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The use-of-proceeds table of a prospectus opens with its gross proceeds: a "Gross proceeds"
// heading, then a row for the offering and one for the private placement ("From offering |
// $50,000,000 | $57,500,000", "From private placement | 2,250,000 | 2,437,500"), the first
// column without the over-allotment option. A page copied one cell per line sets each label
// alone on its line and its figures on the lines below, where no sentence rule sees them:
// this reader reads the two rows under their heading, the first figure of each.

var (
	// grossHeadRe is the table's heading row: "Gross proceeds" alone (a border around it).
	grossHeadRe = textutil.MustStarts(`(?i)^[\s|]*gross proceeds:?[\s|]*$`)
	// placementRowRe is the placement's label: "From private placement", "Private placement
	// warrants", "Gross proceeds from the private placement units". Not the over-allotment's
	// or an "additional" placement.
	// offeringRowRe is the offering's label: "From offering", "Gross proceeds from units
	// offered to the public".
	offeringRowRe  = textutil.MustStarts(`(?i)^[\s|]*(?:gross proceeds )?from (?:the )?(?:offering|public offering|units offered to (?:the )?public)(?:\s*\(\d\))?[\s|]*$`)
	placementRowRe = textutil.MustStarts(`(?i)^[\s|]*(?:(?:gross proceeds )?from (?:the )?(?:sale of (?:the )?)?private placement(?: (?:of )?(?:warrants|units|shares))?|private placement (?:warrants|units))(?:\s*\(\d\))?[\s|]*$`)
)

// proceedsHeadSpan bounds the lines between the heading and the placement's row (the
// offering's row and its figures, one cell per line, stand between).
const proceedsHeadSpan = 30

// priorityProceedsTable: as the sentence rule that reads the row set on one line
// (offering.private_placement_table).
const priorityProceedsTable = 12

// proceedsTableRows reads the offering's and the private placement's first figures from a
// stacked use-of-proceeds table.
func (x *reader) proceedsTableRows() {
	limit := len(x.d.R.Lines)
	for n := 1; n <= limit; n++ {
		if !grossHeadRe.MatchString(x.d.Line(n)) {
			continue
		}
		found := false
		for k := n + 1; k <= min(n+proceedsHeadSpan, limit); k++ {
			switch {
			case offeringRowRe.MatchString(x.d.Line(k)):
				found = x.proceedsRow(k, spac.FieldIPOGrossProceeds) || found
			case placementRowRe.MatchString(x.d.Line(k)):
				found = x.proceedsRow(k, spac.FieldPrivatePlacement) || found
			}
		}
		if found {
			return
		}
	}
}

// proceedsRow emits the first figure of the stacked row labelled at line n as field.
func (x *reader) proceedsRow(n int, field string) bool {
	cells, at := x.stackedRow(n)
	if len(cells) < 2 || strings.HasPrefix(cells[1].Text, "(") {
		return false
	}
	value := strings.ReplaceAll(cells[1].Text, ",", "") + ".00"
	return x.add("table.proceeds_"+field, priorityProceedsTable, field, value, at, cells[1].Text, "")
}
