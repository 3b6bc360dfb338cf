package textutil

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// literal is text every match of a pattern holds: as written, or (fold) in any case.
type literal struct {
	text string // lower-case when fold
	fold bool
	// odd are the runes outside ASCII that fold to a letter of text ("ſ" to s, the Kelvin
	// sign to k): a text holding one of them may hold the literal in a case no ASCII search
	// finds, so it is searched (see in).
	odd []string
}

// need is a group of literals every match holds one of (one literal: that literal).
type need []literal

// minNeed is the shortest literal worth looking for before a search.
const minNeed = 3

// maxAlternatives bounds the literals of one group: past it a search is no longer cheaper
// than the regexp's.
const maxAlternatives = 16

// maxHeavyAlternatives is maxAlternatives for a heavy pattern (see heavyProg), which costs
// far more than a search of each literal: a veto listing forty phrasings, with bounded gaps
// between words ("[^⟦]{0,100}?"), took 0.1 to 1 ms a sentence.
const maxHeavyAlternatives = 64

// heavyProg is the size of program past which Go's regexp never backtracks: every search
// runs its NFA, which follows each live thread on each byte (a bounded gap "[^⟦]{0,100}?" is
// a hundred threads). A search of a few dozen literals costs less than such a pattern.
const heavyProg = 500

// heavyPattern reports whether re compiles to a program larger than heavyProg.
func heavyPattern(re *syntax.Regexp) bool {
	prog, err := syntax.Compile(re)
	return err == nil && len(prog.Inst) > heavyProg
}

// needs returns the groups of literals every match of re holds one of: the literals of its
// required parts (not of an optional or a repeated-at-least-zero part), and for an
// alternation one literal group drawn from every branch.
func needs(re *syntax.Regexp, maxAlt int) []need {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := literalOf(re); ok {
			return []need{{l}}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return needs(re.Sub[0], maxAlt)
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needs(re.Sub[0], maxAlt)
		}
	case syntax.OpConcat:
		var out []need
		for _, sub := range re.Sub {
			out = append(out, needs(sub, maxAlt)...)
		}
		return out
	case syntax.OpAlternate:
		if any := anyNeed(re.Sub, maxAlt); any != nil {
			return []need{any}
		}
	}
	return nil
}

// anyNeed returns a group holding, for every branch, the literals of its most selective
// group (the one whose shortest literal is longest); nil when some branch needs none or
// the group would be too large.
func anyNeed(branches []*syntax.Regexp, maxAlt int) need {
	var out need
	for _, b := range branches {
		groups := needs(b, maxAlt)
		if len(groups) == 0 {
			return nil
		}
		best := groups[0]
		for _, g := range groups[1:] {
			if shortestNeed(g) > shortestNeed(best) {
				best = g
			}
		}
		out = append(out, best...)
	}
	if len(out) > maxAlt {
		return nil
	}
	return out
}

func shortestNeed(g need) int {
	n := 1 << 30
	for _, l := range g {
		n = min(n, len(l.text))
	}
	return n
}

// literalOf is re's literal when it is long enough; a case-folded literal must be ASCII.
func literalOf(re *syntax.Regexp) (literal, bool) {
	fold := re.Flags&syntax.FoldCase != 0
	text := string(re.Rune)
	if len(re.Rune) < minNeed {
		return literal{}, false
	}
	if !fold {
		return literal{text: text}, true
	}
	var odd []string
	for _, r := range re.Rune {
		if r >= utf8.RuneSelf {
			return literal{}, false
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf {
				odd = append(odd, string(f))
			}
		}
	}
	return literal{text: strings.ToLower(text), fold: true, odd: odd}, true
}

// in reports whether text may hold the literal: it does, or it holds a rune of odd.
func (l literal) in(text string) bool {
	if !l.fold {
		return strings.Contains(text, l.text)
	}
	for _, o := range l.odd {
		if strings.Contains(text, o) {
			return true
		}
	}
	return containsFold(text, l.text)
}

// in reports whether text may hold one of the group's literals. A large group seeks its
// case-folded literals in text lower-cased (*lower, made once for all groups of a search):
// a byte loop per literal cost more than the copy. Lower-casing keeps every ASCII letter's
// place among its neighbours, so a literal text holds in any ASCII case is in the copy; the
// copy may hold one more (a rune outside ASCII that lower-cases to a letter), which only
// has the text searched.
func (g need) in(text string, lower *string) bool {
	if len(g) < minLowered {
		for _, l := range g {
			if l.in(text) {
				return true
			}
		}
		return false
	}
	if *lower == "" {
		*lower = strings.ToLower(text)
	}
	for _, l := range g {
		if !l.fold {
			if strings.Contains(text, l.text) {
				return true
			}
			continue
		}
		for _, o := range l.odd {
			if strings.Contains(text, o) {
				return true
			}
		}
		if strings.Contains(*lower, l.text) {
			return true
		}
	}
	return false
}

// minLowered is the size of a group from which its case-folded literals are sought in the
// text lower-cased.
const minLowered = 4

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
