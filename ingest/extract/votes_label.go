package extract

import (
	"strings"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// proposal is what a vote table's label says it is about.
type proposal int

const (
	proposalUnknown     proposal = iota
	proposalSide                 // the adjournment, a director, the auditor, a named side proposal
	proposalExtension            // the extension (charter, articles or trust amendment)
	proposalCombination          // the business combination
)

var (
	// proposalNameRe is a proposal's capitalised name ("The Extension Amendment Proposal",
	// "NYSE Proposal"): when a label names its proposal, the name alone says what it is, since
	// the description of a side proposal often mentions the business combination it serves.
	proposalNameRe = textutil.MustStarts(`(?:[A-Z][\w&’'/-]*\s+){1,6}Proposals?\b`)
	// combinationNameRe and extensionNameRe are the names of the main proposals.
	combinationNameRe = textutil.MustStarts(`(?i)business combination|merger|transaction|acquisition|share exchange|amalgamation|\bbca\b`)
	extensionNameRe   = textutil.MustStarts(`(?i)extension|charter amendment|trust (?:agreement )?amendment|articles amendment`)
	// genericNameRe is a name that says nothing of the proposal ("The Proposal", "Each Proposal").
	genericNameRe = textutil.MustStarts(`^(?:(?:The|Each|All|Such|Both|This|These|Other|Following)\s+)*Proposals?$`)
)

// maxNameOffset bounds where a label's proposal name may start: a heading names its proposal
// first ("Proposal No. 1 - The Business Combination Proposal: ..."); a name deep in a
// description is another proposal it refers to.
const maxNameOffset = 80

// proposalOf classifies a vote table's label: by the proposal's name when the label starts by
// naming it, else by the words of the label.
func proposalOf(label string) proposal {
	head := label[:min(len(label), maxNameOffset+60)]
	for _, loc := range proposalNameRe.FindAllStringIndex(head, -1) {
		if loc[0] > maxNameOffset {
			break
		}
		name := strings.TrimSpace(head[loc[0]:loc[1]])
		if genericNameRe.MatchString(name) {
			continue
		}
		switch {
		case sideProposalRe.MatchString(name):
			return proposalSide
		case combinationNameRe.MatchString(name):
			return proposalCombination
		case extensionNameRe.MatchString(name):
			return proposalExtension
		}
		return proposalSide
	}
	switch {
	case sideProposalRe.MatchString(label):
		return proposalSide
	case !mainProposalRe.MatchString(label):
		return proposalUnknown
	case combiningRe.MatchString(label) && !extendingRe.MatchString(label):
		return proposalCombination
	}
	return proposalExtension
}

// mainTable picks the table of the main proposal (the business combination's before an
// extension voted at the same meeting); a lone table counts when its label names no proposal
// that is not the main one.
func mainTable(tables []voteTable) (voteTable, bool) {
	for _, want := range []proposal{proposalCombination, proposalExtension} {
		for _, t := range tables {
			if proposalOf(t.label) == want {
				return t, true
			}
		}
	}
	if len(tables) == 1 && tables[0].label != "" && !tables[0].named && proposalOf(tables[0].label) == proposalUnknown {
		return tables[0], true
	}
	return voteTable{}, false
}

// maxVoteLabelLines is how many lines above a table its label may be (spacer lines not counted).
const maxVoteLabelLines = 4

// labelAbove is the proposal named on a line above a table header (within a few lines, and
// not past the counts of an earlier table): "The Business Combination Proposal:",
// "Proposal No. 1 - Extension Amendment" (of a paragraph, the proposal it names first, else
// its last sentence). The nearest line naming a proposal wins over a nearer one that only
// introduces the table ("The results of the vote were:").
func (x *reader) labelAbove(n int, s *doc.Section) string {
	fallback := ""
	seen := 0
	for k := n - 1; k >= s.From && seen < maxVoteLabelLines; k-- {
		line := strings.TrimSpace(x.d.Line(k))
		if x.countRow(k) {
			break
		}
		if strings.Trim(line, "| ") == "" {
			continue // a spacer line of a rendered table
		}
		seen++
		if len(line) >= 300 {
			line = paragraphLabel(line)
			if line == "" {
				continue
			}
		}
		if p := proposalOf(line); p != proposalUnknown || sideProposalRe.MatchString(line) {
			return line
		}
		if fallback == "" && proposalLineRe.MatchString(line) {
			fallback = line
		}
	}
	return fallback
}

// paragraphLabel is the part of a long paragraph above a table that names its proposal: its
// start when it opens with a proposal's name ("1. The Transaction Proposal - To consider
// ..."), else its last sentence when short ("... The voting results were as follows:").
func paragraphLabel(line string) string {
	if loc := proposalNameRe.FindStringIndex(line); loc != nil && loc[0] <= maxNameOffset {
		if !genericNameRe.MatchString(strings.TrimSpace(line[loc[0]:loc[1]])) {
			return line[:min(len(line), 300)]
		}
	}
	last := strings.TrimSpace(line[strings.LastIndex(line, ". ")+1:])
	if len(last) >= 300 {
		return ""
	}
	return last
}

// countRow reports whether line k holds vote counts (a data row of a table or list, or one
// count of a stacked table).
func (x *reader) countRow(k int) bool {
	if _, _, ok := x.verticalVote(k); ok {
		return true
	}
	if c, ok := x.stackedCell(k); ok && voteFigureRe.MatchString(c) {
		return true
	}
	for _, c := range doc.Filled(x.d.Cells(k)) {
		if voteFigureRe.MatchString(c.Text) && strings.Contains(c.Text, ",") {
			return true
		}
	}
	return false
}
