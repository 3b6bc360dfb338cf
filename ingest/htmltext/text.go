package htmltext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spacdata/spac"
)

// textBuf accumulates rendered text with the canonical whitespace rules applied as it is
// written: space-like runes (NBSP, thin spaces, newlines...) collapse into one plain space,
// zero-width and control runes vanish, and leading/trailing space is never stored, so
// take() always returns a trimmed, collapsed string. Its buffer is reused: take copies the
// text out, so a line costs one allocation, not the several of a growing strings.Builder.
type textBuf struct {
	b     []byte
	space bool // a space is pending before the next visible rune
	limit int  // maximum bytes kept (0 = unlimited); protects nested capture buffers
}

// write appends s and reports whether any visible rune was written.
func (t *textBuf) write(s string) bool {
	wrote := false
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case isSpace(r):
			t.breakSpace()
		case isInvisible(r):
		default:
			if t.limit > 0 && len(t.b) >= t.limit {
				continue
			}
			if t.space {
				t.b = append(t.b, ' ')
				t.space = false
			}
			if r < utf8.RuneSelf {
				t.b = append(t.b, byte(r))
			} else {
				t.b = utf8.AppendRune(t.b, r) // an invalid byte becomes U+FFFD, as decoded
			}
			wrote = true
		}
	}
	return wrote
}

// breakSpace marks a word boundary (block boundary inside a cell, cell boundary in a capture).
func (t *textBuf) breakSpace() {
	if len(t.b) > 0 {
		t.space = true
	}
}

func (t *textBuf) empty() bool { return len(t.b) == 0 }

// take returns the accumulated text and resets the buffer.
func (t *textBuf) take() string {
	s := string(t.b)
	t.b = t.b[:0]
	t.space = false
	return s
}

// isSpace reports runes rendered as a plain space: ASCII and Unicode white space, including
// NBSP (U+00A0), the U+2000 block of typographic spaces, U+202F and U+3000.
func isSpace(r rune) bool {
	return r == ' ' || unicode.IsSpace(r)
}

// isInvisible reports runes removed from the canonical text: zero-width characters, the
// soft hyphen, the byte-order mark and control characters.
func isInvisible(r rune) bool {
	switch r {
	case '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad':
		return true
	}
	return unicode.IsControl(r)
}

// NormalizeLine applies the canonical whitespace rules to one line of text.
func NormalizeLine(s string) string {
	var t textBuf
	t.write(s)
	return t.take()
}

// RenderPlain renders a plain-text document body: its lines are kept in order and as written,
// only trimmed (Unicode white space, so NBSP too); empty lines are dropped. Inner spacing is
// kept because plain-text exhibits align columns with it.
func RenderPlain(data []byte) *Result {
	res := &Result{}
	s := string(data)
	for len(s) > 0 {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if l := strings.TrimSpace(line); l != "" {
			res.Lines = append(res.Lines, l)
			if cells := PlainCells(line); cells != nil {
				res.addRow(len(res.Lines), cells)
			}
		}
	}
	return res
}

// IsHTML decides whether a document body is HTML/XHTML (rendered by Render) or plain text
// (rendered by RenderPlain): by file extension first, then by sniffing the first 2 KiB for
// markup that plain-text EDGAR documents do not start with.
func IsHTML(filename string, data []byte) bool {
	lower := strings.ToLower(filename)
	switch {
	case strings.HasSuffix(lower, ".htm"), strings.HasSuffix(lower, ".html"), strings.HasSuffix(lower, ".xhtml"):
		return true
	case strings.HasSuffix(lower, ".txt"):
		return false
	}
	head := data
	if len(head) > 2048 {
		head = head[:2048]
	}
	h := strings.ToLower(string(head))
	for _, marker := range []string{"<html", "<body", "<?xml", "<!doctype html", "<div", "<p>", "<p ", "<table"} {
		if strings.Contains(h, marker) {
			return true
		}
	}
	return false
}

// minColumnGap is the run of spaces that separates columns in plain text. Prose puts one or
// two spaces between words and sentences; column-aligned tables (and text made from PDFs
// with pdftotext -layout) leave wider gaps.
const minColumnGap = 3

// maxPlainLine bounds the lines PlainCells looks at: a longer line is prose, not a row.
const maxPlainLine = 4096

// PlainCells splits a line of plain or preformatted text into column cells at gaps of
// minColumnGap or more spaces (a tab counts as a gap). Col is the rune column of the cell
// (tabs expanded to 8) and Span its width. It returns nil unless the line has two or more
// cells, i.e. unless it looks like a table row.
func PlainCells(line string) []spac.Cell {
	if len(line) > maxPlainLine || !strings.Contains(line, "   ") && !strings.Contains(line, "\t") {
		return nil
	}
	var cells []spac.Cell
	col, start, last, gap := 0, -1, 0, 0
	var cur strings.Builder
	end := func() {
		if text := NormalizeLine(cur.String()); start >= 0 && text != "" {
			cells = append(cells, spac.Cell{Text: text, Col: start, Span: last - start})
		}
		cur.Reset()
		start = -1
	}
	for _, r := range line {
		width := 1
		if r == '\t' {
			width = 8 - col%8
		}
		if r == '\t' || isSpace(r) {
			gap += width
			if r == '\t' || gap >= minColumnGap {
				end()
			} else if start >= 0 {
				cur.WriteRune(' ')
			}
		} else {
			if start < 0 {
				start = col
			}
			gap, last = 0, col+width
			cur.WriteRune(r)
		}
		col += width
	}
	end()
	if len(cells) < 2 {
		return nil
	}
	return cells
}
