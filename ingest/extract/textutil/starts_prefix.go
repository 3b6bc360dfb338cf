package textutil

import (
	"regexp/syntax"
	"strings"
)

// A pattern that begins with words ("(?i)(?:aggregate ... of|PIPE ... of|raise|raising) ...")
// can begin at every "a", "p" or "r" of a sentence by its first bytes alone, and each anchored
// try costs a run of the regexp (Go's backtracker clears a bit per instruction and byte of the
// rest of the text, each try anew). Its prefixes - the literals one of which every match
// begins with - are compared at a start first, which few starts pass.

// prefix is a literal a match begins with: as written, or (fold) in any case.
type prefix struct {
	text string // lower-case when fold
	fold bool
}

// minPrefix is the shortest prefix worth comparing; maxPrefixes bounds their number.
const (
	minPrefix   = 2
	maxPrefixes = 32
)

// prefixes returns the prefixes of re, or nil when a match may begin otherwise, one is
// shorter than minPrefix, or there are too many to be worth it.
func prefixes(re *syntax.Regexp) []prefix {
	out := prefixesOf(re)
	if len(out) > maxPrefixes {
		return nil
	}
	for _, p := range out {
		if len(p.text) < minPrefix {
			return nil
		}
	}
	return out
}

func prefixesOf(re *syntax.Regexp) []prefix {
	switch re.Op {
	case syntax.OpLiteral:
		return literalPrefix(re)
	case syntax.OpCapture, syntax.OpPlus:
		return prefixesOf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return prefixesOf(re.Sub[0])
		}
	case syntax.OpConcat:
		subs := re.Sub
		if len(subs) > 1 && subs[0].Op == syntax.OpWordBoundary {
			subs = subs[1:] // \b takes no byte
		}
		if len(subs) > 0 {
			return concatPrefixes(subs)
		}
	case syntax.OpAlternate:
		var out []prefix
		for _, b := range re.Sub {
			p := prefixesOf(b)
			if p == nil {
				return nil
			}
			out = append(out, p...)
		}
		return out
	}
	return nil
}

// concatPrefixes are the prefixes of a concatenation: its first part's, and when that part is
// a literal read whole, that literal before each prefix of the rest. Go's parser factors the
// common beginnings of alternatives ("consummated|completed|closed" is c(?:o(?:nsummated|
// mpleted)|losed)), so the words are put together again.
func concatPrefixes(subs []*syntax.Regexp) []prefix {
	first := prefixesOf(subs[0])
	if len(first) != 1 || len(subs) < 2 || subs[0].Op != syntax.OpLiteral || len(first[0].text) != len(string(subs[0].Rune)) {
		return first
	}
	rest := prefixesOf(&syntax.Regexp{Op: syntax.OpConcat, Sub: subs[1:]})
	if rest == nil || len(rest) > maxPrefixes {
		return first
	}
	out := make([]prefix, 0, len(rest))
	for _, r := range rest {
		if r.fold != first[0].fold {
			return first
		}
		out = append(out, prefix{text: first[0].text + r.text, fold: r.fold})
	}
	return out
}

// literalPrefix is a literal's text, or under (?i) its ASCII beginning lower-cased.
func literalPrefix(re *syntax.Regexp) []prefix {
	if re.Flags&syntax.FoldCase == 0 {
		return []prefix{{text: string(re.Rune)}}
	}
	var b strings.Builder
	for _, r := range re.Rune {
		if r >= 0x80 {
			break
		}
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return nil
	}
	return []prefix{{text: b.String(), fold: true}}
}

// at reports whether text[i:] begins with the prefix; under (?i) "s" is also "ſ" and "k"
// the Kelvin sign, as the regexp reads them.
func (p prefix) at(text string, i int) bool {
	if !p.fold {
		return strings.HasPrefix(text[i:], p.text)
	}
	for j := 0; j < len(p.text); j++ {
		c := p.text[j]
		switch {
		case i < len(text) && (text[i] == c || 'a' <= c && c <= 'z' && text[i] == c-'a'+'A'):
			i++
		case c == 's' && strings.HasPrefix(text[i:], "ſ"):
			i += len("ſ")
		case c == 'k' && strings.HasPrefix(text[i:], "\u212a"):
			i += len("\u212a")
		default:
			return false
		}
	}
	return true
}

// prefixed reports whether a match may begin at p by the prefixes (true when none are known).
func (s *Starts) prefixed(text string, p int) bool {
	if s.prefixes == nil {
		return true
	}
	for _, x := range s.prefixes {
		if x.at(text, p) {
			return true
		}
	}
	return false
}
