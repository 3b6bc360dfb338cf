package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
)

// transposedVotesAt reads a vote table turned on its side: its columns are the proposals and
// its rows the kinds of vote. Line n is the header naming the proposals ("| | Extension
// Proposal | Adjournment Proposal"), each following row is led by a vote heading ("For |
// 7,004,511 | 6,998,000"). Each proposal's column gives one table, labelled by its header
// cell, so the main proposal's counts are kept and the adjournment's are not. end is the last
// vote row.
func (x *reader) transposedVotesAt(n int, s *doc.Section) ([]voteTable, int, bool) {
	head := doc.Filled(x.d.Cells(n))
	if !proposalColumns(head) {
		return nil, 0, false
	}
	tables := make([]voteTable, len(head))
	for i, h := range head {
		tables[i] = voteTable{label: h.Text, line: n, counts: map[string]voteCount{}}
	}
	end := 0
	for k := n + 1; k <= min(n+6, s.To); k++ {
		row := doc.Filled(x.d.Cells(k))
		if len(row) < 2 {
			break
		}
		field, ok := voteHeads[strings.ToLower(strings.Trim(row[0].Text, " :*"))]
		if !ok {
			break
		}
		end = k
		for i, j := range doc.Align(head, row[1:]) {
			if c := row[1:]; field != "" && j >= 0 && voteCountRe.MatchString(c[j].Text) {
				tables[i].counts[field] = voteCount{text: c[j].Text, line: k}
			}
		}
	}
	for _, t := range tables {
		if _, ok := t.counts[spac.FieldVotesFor]; !ok || len(t.counts) < 2 {
			return nil, 0, false
		}
	}
	return tables, end, true
}

// proposalColumns reports whether header cells name proposals only: no vote heading, no count,
// and one at least that reads as a proposal's name.
func proposalColumns(head []spac.Cell) bool {
	named := false
	for _, c := range head {
		text := strings.ToLower(strings.Trim(c.Text, " :*"))
		if _, vote := voteHeads[text]; vote || voteCountRe.MatchString(c.Text) {
			return false
		}
		named = named || proposalLineRe.MatchString(c.Text) || mainProposalRe.MatchString(c.Text)
	}
	return len(head) > 0 && named
}
