package extract

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// voteHeads name the columns of a vote table ("" = a column that is read but not kept).
var voteHeads = map[string]string{
	"for": spac.FieldVotesFor, "votes for": spac.FieldVotesFor, "vote for": spac.FieldVotesFor,
	"against": spac.FieldVotesAgainst, "votes against": spac.FieldVotesAgainst,
	"abstain": spac.FieldVotesAbstain, "abstained": spac.FieldVotesAbstain,
	"abstention": spac.FieldVotesAbstain, "abstentions": spac.FieldVotesAbstain,
	"withheld": "", "broker non-votes": "", "broker non-vote": "", "broker non- votes": "",
	"non-votes": "", "votes withheld": "",
}

var (
	voteHeadRe  = regexp.MustCompile(`(?i)votes? for|votes? against|votes withheld|broker non-?\s?votes?|abstentions?|abstain(?:ed)?|withheld|against|for`)
	voteCountRe = regexp.MustCompile(`^(?:\d{1,3}(?:,\d{3})+|\d+|[-–—]|N/A|n/a|0)$`)
	// The proposals whose votes a SPAC's meeting is about; the adjournment, director and
	// auditor votes are not.
	mainProposalRe = regexp.MustCompile(`(?i)business combination|merger|extension|charter amendment|trust (?:agreement )?amendment|articles amendment`)
	sideProposalRe = regexp.MustCompile(`(?i)adjourn|director|auditor|accountant|incentive|equity plan|purchase plan|say[- ]on[- ]pay|compensation`)
	proposalLineRe = regexp.MustCompile(`(?i)proposal|:$`)
	figureRe       = regexp.MustCompile(`^\d{1,3}(?:,\d{3})*$`)
	dashRe         = regexp.MustCompile(`^[-–—]$`)
)

// voteTable is one table of votes: the proposal it is tied to and its cited counts.
type voteTable struct {
	label  string // the proposal named in the row or above the table
	line   int
	counts map[string]string // field -> count as written
}

// votes reads the vote tables of an 8-K's Item 5.07 (and of the press release read with
// it), ties each to the proposal named in its row or above it, and keeps the table of the
// business combination or extension proposal: the adjournment's votes are not the meeting's.
func (x *reader) votes() {
	var tables []voteTable
	for _, s := range x.d.Sections {
		if x.d.Class != doc.Current || !s.HasItem("5.07") {
			continue
		}
		for n := s.From; n < s.To; n++ {
			tables = append(tables, x.voteTablesAt(n, s)...)
		}
	}
	t, ok := mainTable(tables)
	if !ok {
		return
	}
	for _, field := range []string{spac.FieldVotesFor, spac.FieldVotesAgainst, spac.FieldVotesAbstain} {
		c, ok := t.counts[field]
		if !ok {
			continue
		}
		if v, ok := textutil.ParseInt(c); ok {
			x.add("table.votes", priorityTable, field, v, t.line, c, "")
		} else if dashRe.MatchString(c) {
			x.add("table.votes", priorityTable, field, "0", t.line, c, "")
		}
	}
}

// mainTable picks the table of the main proposal; a lone table counts when it names no
// side proposal.
func mainTable(tables []voteTable) (voteTable, bool) {
	for _, t := range tables {
		if mainProposalRe.MatchString(t.label) && !sideProposalRe.MatchString(t.label) {
			return t, true
		}
	}
	if len(tables) == 1 && !sideProposalRe.MatchString(tables[0].label) && tables[0].label != "" {
		return tables[0], true
	}
	return voteTable{}, false
}

// voteTablesAt reads the table whose header row is line n: each following data row (a
// table can list one row per proposal) until a row that holds no counts.
func (x *reader) voteTablesAt(n int, s *doc.Section) []voteTable {
	head, fields := x.voteHeader(n)
	if head == nil {
		return nil
	}
	above := x.labelAbove(n, s)
	var out []voteTable
	for k := n + 1; k <= min(n+12, s.To); k++ {
		row := x.voteRow(k, head)
		if row == nil {
			if len(out) > 0 || k > n+2 {
				break
			}
			continue
		}
		t := voteTable{label: above, line: k, counts: map[string]string{}}
		if l := rowLabel(row); l != "" {
			t.label = l
		}
		for i, f := range fields {
			if j := doc.Align(head, row)[i]; f != "" && j >= 0 {
				t.counts[f] = row[j].Text
			}
		}
		out = append(out, t)
	}
	return out
}

// voteHeader returns the header cells and their fields when line n is a vote table header:
// it names a "for" column and at least one other.
func (x *reader) voteHeader(n int) ([]spac.Cell, []string) {
	cells := doc.Filled(x.d.Cells(n))
	if cells == nil {
		cells = phraseCells(x.d.Line(n))
	}
	var head []spac.Cell
	var fields []string
	hasFor := false
	for _, c := range cells {
		f, ok := voteHeads[strings.ToLower(strings.Trim(c.Text, " :*"))]
		if !ok {
			continue
		}
		head, fields = append(head, c), append(fields, f)
		hasFor = hasFor || f == spac.FieldVotesFor
	}
	if !hasFor || len(head) < 2 {
		return nil, nil
	}
	return head, fields
}

// phraseCells splits a header line without a grid ("For Against Abstain Broker Non-Votes")
// into one cell per vote phrase, numbered in order, when the line holds nothing else.
func phraseCells(line string) []spac.Cell {
	rest := strings.TrimSpace(voteHeadRe.ReplaceAllString(line, ""))
	if rest != "" && strings.Trim(rest, "| ") != "" {
		return nil
	}
	var out []spac.Cell
	for i, p := range voteHeadRe.FindAllString(line, -1) {
		out = append(out, spac.Cell{Text: p, Col: i, Span: 1})
	}
	return out
}

// voteRow returns the cells of data row k (nil when it holds no count). A row without a
// grid is split at spaces and numbered from the right, so its counts line up with the
// header's phrases when a label precedes them.
func (x *reader) voteRow(k int, head []spac.Cell) []spac.Cell {
	cells := doc.Filled(x.d.Cells(k))
	if cells == nil {
		words := strings.Fields(x.d.Line(k))
		off := len(head) - len(words)
		for i, w := range words {
			cells = append(cells, spac.Cell{Text: w, Col: head[0].Col + off + i, Span: 1})
		}
	}
	for _, c := range cells {
		if figureRe.MatchString(c.Text) {
			return cells
		}
	}
	return nil
}

// rowLabel is the first cell of a row that is not a count (a proposal's name).
func rowLabel(row []spac.Cell) string {
	if len(row) > 0 && !voteCountRe.MatchString(row[0].Text) {
		return row[0].Text
	}
	return ""
}

// labelAbove is the proposal named on the nearest line above a table header (within a few
// lines): "The Business Combination Proposal:", "Proposal No. 1 - Extension Amendment".
func (x *reader) labelAbove(n int, s *doc.Section) string {
	for k := n - 1; k >= max(s.From, n-4); k-- {
		line := strings.TrimSpace(x.d.Line(k))
		if proposalLineRe.MatchString(line) && len(line) < 300 {
			return line
		}
	}
	return ""
}
