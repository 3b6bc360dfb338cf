package extract

import (
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A balance sheet set one cell per line whose labels are themselves broken over lines (text
// copied from old EDGAR HTML, where each word group of a cell became a line): "Common" /
// "stock, subject to possible redemption; 4,911,439 shares" / "|" / "|" / "at" / "$9.78 per
// share" / "|" / "|48,033,873". The label's pieces are joined; border lines and "$" cells
// between them are skipped; the first line that opens with a figure is the row's value.

var (
	// labelPieceRe is a later piece of a broken label: it goes on in lower case, opens a
	// parenthesis, closes a note's reference ("2)"), states a price ("$9.78 per share") or a
	// count of shares ("2,412,516 shares at conversion value").
	labelPieceRe = textutil.MustStarts(`^(?:[a-z(]|\d{1,2}\)|\$\s?\d+\.\d+\b|\d{1,3}(?:,\d{3})+ shares\b)`)
	// labelHeadRe is a label's first piece standing alone above its continuation: a few
	// words, capitalised, with no figure.
	labelHeadRe = textutil.MustStarts(`^[A-Z][A-Za-z’' ,-]{0,40}$`)
)

// maxBrokenLabel bounds the lines a broken label and the borders after it span.
const maxBrokenLabel = 24

// brokenLabelRow reads the row whose label starts on line n and is broken over several
// lines (at least two pieces) before its first figure.
func (x *reader) brokenLabelRow(n int) (tableRow, bool) {
	var r tableRow
	first := cellText(x.d.Line(n))
	if first == "" || leadFigureRe.MatchString(first) || !unicode.IsUpper([]rune(first)[0]) {
		return r, false
	}
	for k := n; k <= min(n+maxBrokenLabel, len(x.d.R.Lines)); k++ {
		line := x.d.Line(k)
		if k > n && stackNoiseRe.MatchString(line) {
			continue
		}
		if m := leadFigureRe.FindStringSubmatch(line); k > n && m != nil && !sharesPieceRe.MatchString(line) {
			r.last, r.figures = k, []spac.Cell{{Text: m[1]}}
			return r, len(r.parts) >= 2 && !sentenceInRe.MatchString(r.label)
		}
		text := cellText(line)
		if k > n && !labelPieceRe.MatchString(text) || len(r.label) > 300 {
			return r, false
		}
		if k > n {
			r.label += " "
		}
		r.parts = append(r.parts, labelPart{off: len(r.label), line: k, at: strings.Index(line, text)})
		r.label += text
	}
	return r, false
}

// labelHead is the line a broken label starts on when line n continues one ("Cash" / "and
// cash equivalents held in trust"); n itself otherwise.
func (x *reader) labelHead(n int) int {
	text := cellText(x.d.Line(n))
	if text == "" || !unicode.IsLower([]rune(text)[0]) || n < 2 {
		return n
	}
	if labelHeadRe.MatchString(cellText(x.d.Line(n - 1))) {
		return n - 1
	}
	return n
}

// cellText is a line's text without its cell borders.
func cellText(line string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "|"))
}
