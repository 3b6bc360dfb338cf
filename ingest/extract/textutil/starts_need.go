package textutil

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// literal is text every match of a pattern holds: as written, or (fold) in any ASCII case.
type literal struct {
	text string // lower-case when fold
	fold bool
}

// minNeed is the shortest literal worth looking for before a search.
const minNeed = 3

// needs returns literals every match of re holds: those of its required parts (not of an
// alternation, an optional or a repeated-at-least-zero part). A case-folded literal is kept
// only when every case variant of its letters is ASCII ("s" and "k" have variants that are
// not: "ſ", the Kelvin sign), so that looking for it in any ASCII case finds every match.
func needs(re *syntax.Regexp) []literal {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := literalOf(re); ok {
			return []literal{l}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return needs(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needs(re.Sub[0])
		}
	case syntax.OpConcat:
		var out []literal
		for _, sub := range re.Sub {
			out = append(out, needs(sub)...)
		}
		return out
	}
	return nil
}

// literalOf is re's literal when it is long enough and its case variants are all ASCII.
func literalOf(re *syntax.Regexp) (literal, bool) {
	fold := re.Flags&syntax.FoldCase != 0
	text := string(re.Rune)
	if len(re.Rune) < minNeed {
		return literal{}, false
	}
	if !fold {
		return literal{text: text}, true
	}
	for _, r := range re.Rune {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf {
				return literal{}, false
			}
		}
		if r >= utf8.RuneSelf {
			return literal{}, false
		}
	}
	return literal{text: strings.ToLower(text), fold: true}, true
}

// in reports whether text holds the literal.
func (l literal) in(text string) bool {
	if !l.fold {
		return strings.Contains(text, l.text)
	}
	return containsFold(text, l.text)
}

// containsFold reports whether text holds lower (ASCII, lower-case) in any ASCII case.
func containsFold(text, lower string) bool {
	c0 := lower[0]
	u0 := c0
	if 'a' <= c0 && c0 <= 'z' {
		u0 = c0 - 'a' + 'A'
	}
	for i := 0; i+len(lower) <= len(text); i++ {
		if c := text[i]; (c == c0 || c == u0) && equalFoldASCII(text[i+1:i+len(lower)], lower[1:]) {
			return true
		}
	}
	return false
}

// equalFoldASCII reports whether s is lower (lower-case ASCII) in any ASCII case.
func equalFoldASCII(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
