package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
)

// stackedToken is one line of a stacked vote table: a heading or a count.
type stackedToken struct {
	head  bool
	field string // of a heading ("" for a column that is read but not kept)
	text  string
	line  int
}

// maxStackedTokens bounds a stacked table: six headings and their six counts.
const maxStackedTokens = 12

// stackedVotesAt reads a vote table whose cells the rendering stacked one a line, starting
// with a heading at line n: the headings ("For |", "Against |", "Abstain |", with "|" spacer
// lines between) then the counts in the same order, or each heading followed by its count.
// The two runs must pair one to one (a count more or less, and the columns are unknown, so
// nothing is read). end is the table's last line.
func (x *reader) stackedVotesAt(n int, s *doc.Section) (voteTable, int, bool) {
	toks := x.stackedTokens(n, s)
	if len(toks) < 4 || !toks[0].head {
		return voteTable{}, 0, false
	}
	heads, counts := splitStacked(toks)
	if heads == nil {
		return voteTable{}, 0, false
	}
	t := voteTable{line: n, counts: map[string]voteCount{}}
	for i, h := range heads {
		if _, dup := t.counts[h.field]; dup && h.field != "" {
			return voteTable{}, 0, false
		}
		if h.field != "" {
			t.counts[h.field] = voteCount{text: counts[i].text, line: counts[i].line}
		}
	}
	if _, ok := t.counts[spac.FieldVotesFor]; !ok || len(t.counts) < 2 {
		return voteTable{}, 0, false
	}
	t.label = x.labelAbove(n, s)
	return t, toks[len(toks)-1].line, true
}

// splitStacked pairs the headings of a stacked table with its counts: all headings then as
// many counts, or heading, count, heading, count. It returns nil for any other sequence.
func splitStacked(toks []stackedToken) (heads, counts []stackedToken) {
	m := 0
	for m < len(toks) && toks[m].head {
		m++
	}
	if m >= 2 && len(toks) == 2*m {
		for _, t := range toks[m:] {
			if t.head {
				return nil, nil
			}
		}
		return toks[:m], toks[m:]
	}
	if m != 1 || len(toks)%2 != 0 {
		return nil, nil
	}
	for i := 0; i < len(toks); i += 2 {
		if !toks[i].head || toks[i+1].head {
			return nil, nil
		}
		heads, counts = append(heads, toks[i]), append(counts, toks[i+1])
	}
	return heads, counts
}

// stackedTokens reads the headings and counts stacked from line n, skipping spacer lines,
// until a line that is neither. More than maxStackedTokens is not one table.
func (x *reader) stackedTokens(n int, s *doc.Section) []stackedToken {
	var toks []stackedToken
	for k := n; k <= s.To; k++ {
		c, ok := x.stackedCell(k)
		if !ok {
			break
		}
		if c == "" {
			if k == n {
				break
			}
			continue
		}
		if f, known := voteHeads[strings.ToLower(strings.Trim(c, " :*"))]; known {
			toks = append(toks, stackedToken{head: true, field: f, text: c, line: k})
		} else if voteCountRe.MatchString(c) {
			toks = append(toks, stackedToken{text: c, line: k})
		} else {
			break
		}
		if len(toks) > maxStackedTokens {
			return nil
		}
	}
	return toks
}

// stackedCell is the one cell of line k ("7,676,088 |", "For", or "" for a spacer line "|");
// ok is false when the line holds several cells.
func (x *reader) stackedCell(k int) (string, bool) {
	if cells := x.d.Cells(k); cells != nil {
		filled := doc.Filled(cells)
		switch len(filled) {
		case 0:
			return "", true
		case 1:
			return filled[0].Text, true
		}
		return "", false
	}
	line := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(k)), "|"))
	if strings.Contains(line, "|") {
		return "", false
	}
	return line, true
}
