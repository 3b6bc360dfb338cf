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
	voteHeadRe  = textutil.MustStarts(`(?i)votes? for|votes? against|votes withheld|broker non-?\s?votes?|abstentions?|abstain(?:ed)?|withheld|against|for`)
	voteCountRe = textutil.MustStarts(`^(?:\d{1,3}(?:,\d{3})+|\d+|[-–—]|N/A|n/a|0)$`)
	// The proposals whose votes a SPAC's meeting is about; the adjournment, director and
	// auditor votes are not.
	mainProposalRe = textutil.MustStarts(`(?i)business combination|merger|extension|charter amendment|trust (?:agreement )?amendment|articles amendment`)
	sideProposalRe = textutil.MustStarts(`(?i)adjourn|director|auditor|accountant|incentive|equity plan|purchase plan|say[- ]on[- ]pay|compensation`)
	proposalLineRe = textutil.MustStarts(`(?i)proposal|:$`)
	voteFigureRe   = textutil.MustStarts(`^\d{1,3}(?:,\d{3})*$`)
	dashRe         = textutil.MustStarts(`^[-–—]$`)
	// verticalVoteRe is one line of a vote stated as a list: "For: 31,082,559".
	verticalVoteRe = textutil.MustStarts(`^([A-Za-z][A-Za-z -]{1,24}?)\s*:?\s+(\d{1,3}(?:,\d{3})+|\d+|[-–—])$`)
)

// voteTable is one table of votes: the proposal it is tied to and its cited counts.
type voteTable struct {
	label  string // the proposal named in the row or above the table
	line   int
	counts map[string]voteCount // field -> count as written
	named  bool                 // kept only when its label names a main proposal
}

// voteCount is a count as written and the line it is on (a vertical list has one a line).
type voteCount struct {
	text string
	line int
}

// votes reads the vote tables of an 8-K's Item 5.07 (and of the press release read with
// it), ties each to the proposal named in its row or above it, and keeps the table of the
// business combination or extension proposal: the adjournment's votes are not the meeting's.
// A table is a grid with a header row ("For | Against | Abstain") or a vertical list, one
// count a line ("For: 31,082,559" or "For | 31,082,559").
func (x *reader) votes() {
	if x.d.Class != doc.Current {
		return
	}
	var tables []voteTable
	for _, s := range x.d.Sections {
		if !s.HasItem("5.07") {
			continue
		}
		for n := s.From; n <= s.To; n++ {
			if ts, end, ok := x.transposedVotesAt(n, s); ok {
				tables = append(tables, ts...)
				n = end
				continue
			}
			if t, end, ok := x.stackedVotesAt(n, s); ok {
				tables = append(tables, t)
				n = end
				continue
			}
			if t, end, ok := x.verticalVotesAt(n, s); ok {
				tables = append(tables, t)
				n = end
				continue
			}
			tables = append(tables, x.voteTablesAt(n, s)...)
		}
	}
	x.extensionApproved(tables)
	t, ok := mainTable(append(tables, x.sentenceVotes()...))
	if !ok {
		return
	}
	for _, field := range []string{spac.FieldVotesFor, spac.FieldVotesAgainst, spac.FieldVotesAbstain} {
		c, ok := t.counts[field]
		if !ok {
			continue
		}
		id, prio := "table.votes", priorityTable
		if t.named {
			id, prio = "votes.sentence_after_proposal", prioritySentenceVotes
		}
		if v, ok := textutil.ParseInt(c.text); ok {
			x.add(id, prio, field, v, c.line, c.text, "")
		} else if dashRe.MatchString(c.text) {
			x.add(id, prio, field, "0", c.line, c.text, "")
		}
	}
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
		t := voteTable{label: above, line: k, counts: map[string]voteCount{}}
		if l := rowLabel(row); l != "" {
			t.label = l
		}
		for i, f := range fields {
			if j := doc.Align(head, row)[i]; f != "" && j >= 0 {
				t.counts[f] = voteCount{text: row[j].Text, line: k}
			}
		}
		out = append(out, t)
	}
	return out
}

// verticalVotesAt reads a vote stated as a list starting at line n, one vote a line ("For:
// 31,082,559", or a two-cell row "For | 31,082,559"): it needs a "for" line and another;
// end is the list's last line.
func (x *reader) verticalVotesAt(n int, s *doc.Section) (voteTable, int, bool) {
	t := voteTable{line: n, counts: map[string]voteCount{}}
	end, seen := n-1, 0
	for k := n; k <= s.To; k++ {
		field, count, ok := x.verticalVote(k)
		if !ok {
			break
		}
		if _, dup := t.counts[field]; dup && field != "" {
			break
		}
		if field != "" {
			t.counts[field] = voteCount{text: count, line: k}
		}
		end, seen = k, seen+1
	}
	if _, ok := t.counts[spac.FieldVotesFor]; !ok || seen < 2 || len(t.counts) < 2 {
		return voteTable{}, 0, false
	}
	t.label = x.labelAbove(n, s)
	return t, end, true
}

// verticalVote reads line k as one vote of a vertical list: a vote heading and a count.
func (x *reader) verticalVote(k int) (field, count string, ok bool) {
	var head string
	if cells := doc.Filled(x.d.Cells(k)); len(cells) == 2 {
		head, count = cells[0].Text, cells[1].Text
	} else if cells == nil {
		m := verticalVoteRe.FindStringSubmatch(strings.TrimSpace(x.d.Line(k)))
		if m == nil {
			return "", "", false
		}
		head, count = m[1], m[2]
	}
	field, known := voteHeads[strings.ToLower(strings.Trim(head, " :*"))]
	if !known || !voteCountRe.MatchString(count) {
		return "", "", false
	}
	return field, count, true
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
		if voteFigureRe.MatchString(c.Text) {
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

var (
	// proposalTermRe finds a proposal's defined term: (the "Charter Amendment Proposal").
	proposalTermRe = textutil.MustStarts(`\((?:the\s+)?[“"]([^”"]{3,60}?\bProposal)[”"]\)`)
	extendingRe    = textutil.MustStarts(`(?i)\bexten(?:d|ds|ded|ding|sion)\b`)
	notApprovedRe  = textutil.MustStarts(`(?i)\bnot (?:been )?(?:approved|adopted|presented|put)|\bdid not\b|\bfail(?:ed|s)?\b|withdrawn|\bif\b`)
	combinationRe  = textutil.MustStarts(`(?i)business combination proposal|merger proposal`)
	combiningRe    = textutil.MustStarts(`(?i)business combination|merger`)
	allApprovedRe  = textutil.MustStarts(`(?i)\b(?:each|all|both) (?:of )?(?:the )?(?:proposals?|matters)\b[^.]{0,80}?\b(?:was|were) (?:duly |each )?(?:approved|adopted)`)
)

// extensionApproved reads the outcome of an extension proposal reported in Item 5.07 when
// the sentence saying so does not name the extension: "the stockholders approved the Charter
// Amendment Proposal" where that proposal was defined as extending the deadline, or "Each
// proposal was approved" after the extension proposal's votes. Nothing is read when a
// sentence says a proposal was not approved, nor at a business combination meeting (which
// may extend the deadline to close). The SPAC keeps searching for a target.
func (x *reader) extensionApproved(tables []voteTable) {
	var terms []string
	ext := false
	for _, t := range tables {
		ext = ext || extendingRe.MatchString(t.label) && !sideProposalRe.MatchString(t.label)
	}
	var sents []*doc.Sentence
	for _, s := range x.d.Sentences {
		if !s.Section.HasItem("5.07") {
			continue
		}
		if combinationRe.MatchString(s.Text) {
			return // a business combination meeting: its outcome is not an extension's
		}
		sents = append(sents, s)
		from := 0
		for _, m := range proposalTermRe.FindAllStringSubmatchIndex(s.Text, -1) {
			if extendingRe.MatchString(s.Text[from:m[0]]) && !sideProposalRe.MatchString(s.Text[m[2]:m[3]]) {
				terms = append(terms, s.Text[m[2]:m[3]])
			}
			from = m[1]
		}
	}
	ext = ext || len(terms) > 0
	if !ext {
		return
	}
	for _, s := range sents {
		if notApprovedRe.MatchString(s.Text) {
			continue
		}
		a, b := -1, -1
		if m := allApprovedRe.FindStringIndex(s.Text); m != nil {
			a, b = m[0], m[1]
		}
		for _, term := range terms {
			re := textutil.MustStarts(`(?i)\bapproved(?:, by [a-z ]{0,30}resolution,)? the ` + regexp.QuoteMeta(term) + `|` + regexp.QuoteMeta(term) + ` (?:was|has been) (?:duly )?approved`)
			if m := re.FindStringIndex(s.Text); m != nil && a < 0 {
				a, b = m[0], m[1]
			}
		}
		if a < 0 {
			continue
		}
		line, quote := s.Locate(x.d.R, a, b)
		if x.add("votes.extension_approved", priorityOutcome, spac.FieldStatus, string(spac.StatusSearching), line, quote, "") {
			return
		}
	}
}

// priorityOutcome ranks a status read from a meeting's outcome with the sentence rules that
// read one (meeting.extension_approved_status).
const priorityOutcome = 8

// voteSentenceRe is a vote stated in a sentence: "Holders of 5,702,114 shares (approximately
// 97.8% of the votes cast) voted in favor, holders of 128,300 shares voted against and
// holders of 2,050 shares abstained."
var voteSentenceRe = textutil.MustStarts(`(?i)` + sentenceCount + ` (?:voted |votes |were cast |voting )?(?:in favor|for)\b[^\d]{0,40}?` +
	sentenceCount + ` (?:voted |votes |were cast |voting )?against\b[^\d]{0,40}?` +
	sentenceCount + ` (?:abstained|abstaining|abstentions?|abstain)\b`)

const sentenceCount = `(?:holders of )?(\d{1,3}(?:,\d{3})+|\d+)(?: (?:shares|votes)(?: of [a-z ]{0,40}?)?)?(?: \([^)]{0,60}\))?`

// prioritySentenceVotes ranks votes tied to the sentence before them below the sentence rules
// that read votes naming their proposal (meeting.votes_sentence).
const prioritySentenceVotes = 9

// sentenceVotes reads the votes of Item 5.07 stated in a sentence that names no proposal,
// tied to the proposal the sentence before names ("... approved the Extension Amendment
// Proposal. Holders of 5,702,114 shares voted in favor, ..."). A sentence naming its
// proposal is the sentence rules' to read.
func (x *reader) sentenceVotes() []voteTable {
	var out []voteTable
	var prev *doc.Sentence
	for _, s := range x.d.Sentences {
		if !s.Section.HasItem("5.07") || s.Row > 0 {
			prev = nil
			continue
		}
		m := voteSentenceRe.FindStringSubmatchIndex(s.Text)
		if m != nil && prev != nil && prev.Section == s.Section && !proposalLineRe.MatchString(s.Text) && !sideProposalRe.MatchString(s.Text) {
			t := voteTable{label: prev.Text, named: true, counts: map[string]voteCount{}}
			for i, f := range []string{spac.FieldVotesFor, spac.FieldVotesAgainst, spac.FieldVotesAbstain} {
				line, quote := s.Locate(x.d.R, m[2+2*i], m[3+2*i])
				t.counts[f] = voteCount{text: quote, line: line}
			}
			out = append(out, t)
		}
		prev = s
	}
	return out
}
