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
	odd  []string
	rare int // the place in text of its rarest byte (see rareByte), sought first when fold
}

// need is a group of literals every match holds one of (one literal: that literal).
type need []literal

// minNeed is the shortest literal worth looking for before a search.
const minNeed = 3

// maxAlternatives bounds the literals of one group: past it a search is no longer cheaper
// than the regexp's.
const maxAlternatives = 16

// needs returns the groups of literals every match of re holds one of: the literals of its
// required parts (not of an optional or a repeated-at-least-zero part), and for an
// alternation one literal group drawn from every branch.
func needs(re *syntax.Regexp) []need {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := literalOf(re); ok {
			return []need{{l}}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return needs(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needs(re.Sub[0])
		}
	case syntax.OpConcat:
		var out []need
		for _, sub := range re.Sub {
			out = append(out, needs(sub)...)
		}
		return out
	case syntax.OpAlternate:
		if any := anyNeed(re.Sub); any != nil {
			return []need{any}
		}
	}
	return nil
}

// anyNeed returns a group holding, for every branch, the literals of its most selective
// group (the one whose shortest literal is longest); nil when some branch needs none or
// the group would be too large.
func anyNeed(branches []*syntax.Regexp) need {
	var out need
	for _, b := range branches {
		groups := needs(b)
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
	if len(out) > maxAlternatives {
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
	lower := strings.ToLower(text)
	return literal{text: lower, fold: true, odd: odd, rare: rareByte(lower)}, true
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
	return containsFold(text, l.text, l.rare)
}

// in reports whether text may hold one of the group's literals.
func (g need) in(text string) bool {
	for _, l := range g {
		if l.in(text) {
			return true
		}
	}
	return false
}

// containsFold reports whether text holds lower (ASCII, lower-case) in any ASCII case. The
// places of its byte j, its rarest (rareByte), in either case are sought with
// strings.IndexByte, which reads many bytes at a time, and the literal is compared around each.
func containsFold(text, lower string, j int) bool {
	c, u := lower[j], lower[j]
	if 'a' <= c && c <= 'z' {
		u = c - 'a' + 'A'
	}
	last := len(text) - len(lower) + j // the last place the rare byte can be
	nc, nu := nextByte(text, j, last, c), nextByte(text, j, last, u)
	for {
		i := min(nc, nu)
		if i > last {
			return false
		}
		if equalFoldASCII(text[i-j:i-j+len(lower)], lower) {
			return true
		}
		if nc == i {
			nc = nextByte(text, i+1, last, c)
		}
		if nu == i {
			nu = nextByte(text, i+1, last, u)
		}
	}
}

// letterOrder ranks the letters of English prose from the most to the least frequent.
const letterOrder = "etaoinshrdlcumwfgypbvkjxqz"

// rareByte returns the place in lower of the byte least often met in filings' prose: a late
// letter of letterOrder, else a digit or a sign (a space is the most frequent of all).
func rareByte(lower string) int {
	best, rank := 0, -2
	for i := 0; i < len(lower); i++ {
		r := strings.IndexByte(letterOrder, lower[i])
		switch {
		case lower[i] == ' ':
			r = -1
		case r < 0:
			r = 12 // a digit or a sign: about as rare as "u"
		}
		if r > rank {
			best, rank = i, r
		}
	}
	return best
}

// nextByte returns the first place of c in text[from:last+1], or last+1 when none.
func nextByte(text string, from, last int, c byte) int {
	if from > last {
		return last + 1
	}
	if k := strings.IndexByte(text[from:last+1], c); k >= 0 {
		return from + k
	}
	return last + 1
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
