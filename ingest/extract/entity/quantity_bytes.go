package entity

import "strings"

// The byte tests of the hand-written readers (quantity.go). Go's regexp reads \d, \w, \s,
// [A-Z] and \b in ASCII only, so a byte of a multi-byte rune is never one of them.

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

// boundary is \b at p.
func boundary(s string, p int) bool {
	return (p > 0 && isWordByte(s[p-1])) != (p < len(s) && isWordByte(s[p]))
}

// skip returns the end of the run of bytes from p that ok accepts.
func skip(s string, p int, ok func(byte) bool) int {
	for p < len(s) && ok(s[p]) {
		p++
	}
	return p
}

// spaces reads `\s+` at p: its end, or -1 when no space is there.
func spaces(s string, p int) int {
	if e := skip(s, p, isSpace); e > p {
		return e
	}
	return -1
}

// foldAt reads the lower-case ASCII word w case-insensitively at p as (?i) does, where "s"
// is also "ſ" and "k" the Kelvin sign: the end, or -1.
func foldAt(s string, p int, w string) int {
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case p < len(s) && (s[p] == c || s[p] == c-'a'+'A'):
			p++
		case c == 's' && strings.HasPrefix(s[p:], "ſ"):
			p += len("ſ")
		case c == 'k' && strings.HasPrefix(s[p:], "\u212a"):
			p += len("\u212a")
		default:
			return -1
		}
	}
	return p
}

// capitalWord reads `[A-Z][\w-]*\s+` at p: its end, or -1.
func capitalWord(s string, p int) int {
	if p >= len(s) || s[p] < 'A' || s[p] > 'Z' {
		return -1
	}
	return spaces(s, skip(s, p+1, func(c byte) bool { return isWordByte(c) || c == '-' }))
}

// wordsAt reads pieces one after the other at p, case-sensitively: a piece ending in a space
// is its word and `\s+`, one ending in "-|" its word and `[- ]`, "@ " is `[A-Z]\s+`, "'|’" a
// straight or curly apostrophe, any other its bytes. It returns the end, or -1.
func wordsAt(s string, p int, pieces ...string) int {
	for _, w := range pieces {
		switch {
		case p < 0:
			return -1
		case w == "@ ":
			if p >= len(s) || s[p] < 'A' || s[p] > 'Z' {
				return -1
			}
			p = spaces(s, p+1)
		case w == "'|’":
			p = literalAt(s, p, "'", "’")
		case strings.HasSuffix(w, "-|"):
			if p = literalAt(s, p, w[:len(w)-2]); p >= 0 {
				p = literalAt(s, p, "-", " ")
			}
		case strings.HasSuffix(w, " "):
			if p = literalAt(s, p, w[:len(w)-1]); p >= 0 {
				p = spaces(s, p)
			}
		default:
			p = literalAt(s, p, w)
		}
	}
	return p
}

// literalAt reads the first of alts at p: its end, or -1.
func literalAt(s string, p int, alts ...string) int {
	for _, a := range alts {
		if strings.HasPrefix(s[p:], a) {
			return p + len(a)
		}
	}
	return -1
}
