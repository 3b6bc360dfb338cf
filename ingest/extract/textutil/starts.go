package textutil

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Starts is a regexp that finds its matches by trying only the positions where a match can
// begin. Go's regexp tries every position of the text in turn unless the pattern starts
// with a literal; a pattern that starts with a digit, a capital or a "$" can begin at a few
// positions of a sentence only, and those are known from the first byte alone. Starts reads
// the bytes a match can begin with from the pattern and runs the pattern anchored at each
// such position, in order: the first anchored match is the leftmost match, and anchored at
// one position the regexp prefers what it prefers unanchored, so the matches are the
// regexp's own (TestStartsMatchesRegexp holds it to that).
//
// A pattern whose first byte cannot be told (it may start with any byte, match the empty
// string, or begin with an assertion other than a word boundary before a word character)
// falls back to the plain regexp. Either way a text that lacks a literal every match holds
// is not searched.
type Starts struct {
	*regexp.Regexp
	anchored *regexp.Regexp
	first    *[256]bool // nil: no acceleration
	// boundary: every match begins with \b. Before a word character the anchored \b holds
	// where the unanchored one does (after no word character), so positions right after a
	// word character are skipped; before any other character (a case variant such as "ſ"
	// of (?i)s) it cannot be told without the text before it, so a text that has such a
	// character right after a word character is searched by the plain regexp (see plain).
	boundary bool
	odd      bool // boundary, and some first byte is no word character
	// prefixes are the literals one of which every match begins with (nil: not known), compared
	// at a start before the anchored run (starts_prefix.go).
	prefixes []prefix
	// need are groups of literals every match holds one of (see needs): a text without one
	// of a group is not searched at all, which is most lines a table or heading pattern is
	// tried on.
	need    []need
	pattern string
	once    sync.Once
	// anchorOnce compiles anchored, on the first text searched from its starts (see anchor).
	anchorOnce sync.Once
}

// MustStarts compiles pattern like regexp.MustCompile.
func MustStarts(pattern string) *Starts {
	s, err := CompileStarts(pattern)
	if err != nil {
		panic(err)
	}
	return s
}

// CompileStarts compiles pattern like regexp.Compile.
func CompileStarts(pattern string) (*Starts, error) {
	plain, err := regexp.Compile(pattern)
	if err != nil {
		return nil, err
	}
	return &Starts{Regexp: plain, pattern: pattern}, nil
}

// prepare reads the first bytes and the literals, on first use: a rule book holds hundreds of
// patterns and a process that reads one filing uses few of them.
func (s *Starts) prepare() {
	re, err := syntax.Parse(s.pattern, syntax.Perl)
	if err != nil {
		return
	}
	re = re.Simplify()
	s.need = needs(re)
	first, boundary, ok := firstBytes(re)
	if prefix, _ := s.Regexp.LiteralPrefix(); !ok || prefix != "" {
		return // a literal prefix is what regexp itself seeks fastest
	}
	s.first, s.boundary, s.odd = first, boundary, boundary && !allWordBytes(first)
	s.prefixes = prefixes(re)
	// Sought from its starts, a pattern is cheap to run where few bytes begin a match: a
	// group of alternatives, each a search of the text, would cost more than it saves.
	s.need = slices.DeleteFunc(s.need, func(g need) bool { return len(g) > 1 })
}

// next returns the first position at or after p where a match may begin (len(text) when none).
func (s *Starts) next(text string, p int) int {
	for ; p < len(text); p++ {
		if s.first[text[p]] && !(s.boundary && (p > 0 && isWordByte(text[p-1]) || !isWordByte(text[p]))) && s.prefixed(text, p) {
			return p
		}
	}
	return len(text)
}

// plain reports whether text must be searched by the plain regexp: no first byte is known,
// or a \b before a character that is no word character cannot be told anchored.
func (s *Starts) plain(text string) bool {
	if s.first == nil {
		return true
	}
	if !s.odd {
		return false
	}
	for p := 1; p < len(text); p++ {
		if s.first[text[p]] && !isWordByte(text[p]) && isWordByte(text[p-1]) {
			return true
		}
	}
	return false
}

// way tells how text is searched: not at all (it lacks a needed literal), by the plain
// regexp, or from the match starts.
func (s *Starts) way(text string) int {
	s.once.Do(s.prepare)
	for _, g := range s.need {
		if !g.in(text) {
			return skip
		}
	}
	if s.plain(text) {
		return plain
	}
	s.anchorOnce.Do(s.anchor)
	if s.anchored == nil {
		return plain
	}
	return starts
}

// anchor compiles the anchored pattern, on the first text searched from its starts: a
// pattern whose literals no text held never needs it, and the programs of a rule book's
// patterns were half the live heap that every garbage collection scans.
func (s *Starts) anchor() {
	s.anchored, _ = regexp.Compile(`^(?:` + s.pattern + `)`)
}

const (
	skip = iota
	plain
	starts
)

// at returns the submatch offsets of the match that begins at p, in text's offsets (nil: none).
func (s *Starts) at(text string, p int) []int {
	m := s.anchored.FindStringSubmatchIndex(text[p:])
	for i := range m {
		if m[i] >= 0 {
			m[i] += p
		}
	}
	return m
}

// FindAllStringSubmatchIndex is regexp's, for every match (n < 0 only).
func (s *Starts) FindAllStringSubmatchIndex(text string, n int) [][]int {
	if n >= 0 {
		return s.Regexp.FindAllStringSubmatchIndex(text, n)
	}
	switch s.way(text) {
	case skip:
		return nil
	case plain:
		return s.Regexp.FindAllStringSubmatchIndex(text, n)
	}
	var out [][]int
	for p := s.next(text, 0); p < len(text); p = s.next(text, p) {
		m := s.at(text, p)
		if m == nil {
			p++
			continue
		}
		out = append(out, m)
		p = m[1] // a match is never empty (the pattern is not nullable)
	}
	return out
}

// FindAllStringIndex is regexp's, for every match (n < 0 only).
func (s *Starts) FindAllStringIndex(text string, n int) [][]int {
	if n >= 0 {
		return s.Regexp.FindAllStringIndex(text, n)
	}
	return s.FindAllStringIndexPast(text, nil)
}

// FindAllStringIndexPast is FindAllStringIndex(text, -1) for a pattern where a start that
// begins no match tells of later starts that begin none either (the capitalised words of a
// firm's name: when none ends in a legal form from the first of them, none does from the
// next). past(text, p), called when no match begins at start p, returns the first position
// after p where one still may; nil past tries every start.
func (s *Starts) FindAllStringIndexPast(text string, past func(text string, p int) int) [][]int {
	switch s.way(text) {
	case skip:
		return nil
	case plain:
		return s.Regexp.FindAllStringIndex(text, -1)
	}
	var out [][]int
	for p := s.next(text, 0); p < len(text); p = s.next(text, p) {
		m := s.bounds(text, p)
		if m == nil {
			if past == nil {
				p++
			} else {
				p = max(p+1, past(text, p))
			}
			continue
		}
		out = append(out, m)
		p = m[1]
	}
	return out
}

// bounds returns the offsets of the match that begins at p, in text's offsets (nil: none):
// at without the submatches, which the regexp then does not track.
func (s *Starts) bounds(text string, p int) []int {
	m := s.anchored.FindStringIndex(text[p:])
	if m != nil {
		m[0], m[1] = m[0]+p, m[1]+p
	}
	return m
}

// FindStringSubmatchIndex is regexp's.
func (s *Starts) FindStringSubmatchIndex(text string) []int {
	switch s.way(text) {
	case skip:
		return nil
	case plain:
		return s.Regexp.FindStringSubmatchIndex(text)
	}
	for p := s.next(text, 0); p < len(text); p = s.next(text, p+1) {
		if m := s.at(text, p); m != nil {
			return m
		}
	}
	return nil
}

// FindStringSubmatch is regexp's.
func (s *Starts) FindStringSubmatch(text string) []string {
	m := s.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	out := make([]string, len(m)/2)
	for i := range out {
		if m[2*i] >= 0 {
			out[i] = text[m[2*i]:m[2*i+1]]
		}
	}
	return out
}

// FindStringIndex is regexp's.
func (s *Starts) FindStringIndex(text string) []int {
	switch s.way(text) {
	case skip:
		return nil
	case plain:
		return s.Regexp.FindStringIndex(text)
	}
	for p := s.next(text, 0); p < len(text); p = s.next(text, p+1) {
		if m := s.bounds(text, p); m != nil {
			return m
		}
	}
	return nil
}

// FindString is regexp's.
func (s *Starts) FindString(text string) string {
	if m := s.FindStringIndex(text); m != nil {
		return text[m[0]:m[1]]
	}
	return ""
}

// MatchString is regexp's.
func (s *Starts) MatchString(text string) bool {
	switch s.way(text) {
	case skip:
		return false
	case plain:
		return s.Regexp.MatchString(text)
	}
	for p := s.next(text, 0); p < len(text); p = s.next(text, p+1) {
		if s.anchored.MatchString(text[p:]) {
			return true
		}
	}
	return false
}

// isWordByte reports whether c is an ASCII word character (\b's); every byte of a
// non-ASCII rune is not one, as the rune is not.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// firstBytes returns the bytes a match of re can begin with, and whether it begins with a
// word boundary before a word character; ok is false when that cannot be told.
func firstBytes(re *syntax.Regexp) (first *[256]bool, boundary, ok bool) {
	if re.Op == syntax.OpConcat && len(re.Sub) > 1 && re.Sub[0].Op == syntax.OpWordBoundary {
		rest := &syntax.Regexp{Op: syntax.OpConcat, Sub: re.Sub[1:]}
		first, ok = firstOf(rest)
		return first, true, ok
	}
	first, ok = firstOf(re)
	return first, false, ok
}

// firstOf returns the first bytes of a pattern that is not nullable and begins with no
// assertion.
func firstOf(re *syntax.Regexp) (*[256]bool, bool) {
	var set [256]bool
	nullable, ok := addFirst(re, &set)
	return &set, ok && !nullable
}

// addFirst adds the bytes re can begin with to set and reports whether re can match empty;
// ok is false on an assertion or a class too wide to be worth it.
func addFirst(re *syntax.Regexp, set *[256]bool) (nullable, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return false, addRunes(set, re.Rune[0], re.Rune[0], re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if !addRunes(set, re.Rune[i], re.Rune[i+1], false) {
				return false, false
			}
		}
		return false, true
	case syntax.OpCapture, syntax.OpPlus:
		return addFirst(re.Sub[0], set)
	case syntax.OpStar, syntax.OpQuest:
		_, ok := addFirst(re.Sub[0], set)
		return true, ok
	case syntax.OpRepeat:
		n, ok := addFirst(re.Sub[0], set)
		return n || re.Min == 0, ok
	case syntax.OpEmptyMatch:
		return true, true
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			n, ok := addFirst(sub, set)
			if !ok || !n {
				return false, ok
			}
		}
		return true, true
	case syntax.OpAlternate:
		any := false
		for _, sub := range re.Sub {
			n, ok := addFirst(sub, set)
			if !ok {
				return false, false
			}
			any = any || n
		}
		return any, true
	}
	return false, false // any character, an assertion, or something unforeseen
}

// addRunes adds the first bytes of the runes lo..hi (and their case variants with fold);
// false for a range that holds utf8.RuneError, which also stands for invalid bytes.
func addRunes(set *[256]bool, lo, hi rune, fold bool) bool {
	if lo <= utf8.RuneError && utf8.RuneError <= hi {
		return false
	}
	for r := lo; r <= hi; r++ {
		if r >= utf8.RuneSelf && hi-lo > 0xFF {
			// a wide non-ASCII range: every lead byte from lo's to hi's
			a, b := leadByte(max(r, utf8.RuneSelf)), leadByte(hi)
			for c := a; c <= b; c++ {
				set[c] = true
			}
			return true
		}
		set[leadByte(r)] = true
		for f := unicode.SimpleFold(r); fold && f != r; f = unicode.SimpleFold(f) {
			set[leadByte(f)] = true
		}
	}
	return true
}

// leadByte is the first byte of r's UTF-8 encoding.
func leadByte(r rune) byte {
	var b [utf8.UTFMax]byte
	utf8.EncodeRune(b[:], r)
	return b[0]
}

func allWordBytes(set *[256]bool) bool {
	for c, in := range set {
		if in && !isWordByte(byte(c)) {
			return false
		}
	}
	return true
}

// Accelerated reports whether s seeks its matches by their first bytes (for tests).
func Accelerated(s *Starts) bool {
	s.once.Do(s.prepare)
	return s.first != nil
}
