package textutil

import (
	"regexp"
	"strings"
)

// Regexp fragments shared by the extractors. Filings use straight and curly quotes alike.
const (
	OpenQuote  = `["\x{201C}]`
	CloseQuote = `["\x{201D}]`
	AnyQuote   = `["\x{201C}\x{201D}]`
	Apostrophe = `['\x{2019}]`
	// Money matches "$250,000,000", "$ 250,000,000", "$250.0 million".
	Money = `\$\s?\d{1,3}(?:,\d{3})*(?:\.\d+)?(?:\s(?:thousand|million|billion)\b)?`
	// Price matches "$10.00", "$10.1432", "$10".
	Price = `\$\d+(?:\.\d{1,6})?`
	// Count matches "25,000,000" or "180".
	Count = `(?:\d{1,3}(?:,\d{3})+|\d+)`
	// Date matches a written date (see DatePattern).
	Date = DatePattern
)

// Match is one regexp match on a canonical line: Line is 1-based, Groups[i] the text of
// submatch i ("" when it did not participate).
type Match struct {
	Line   int
	Text   string
	Groups []string
}

// Group returns submatch i, or "" when out of range.
func (m Match) Group(i int) string {
	if i < 0 || i >= len(m.Groups) {
		return ""
	}
	return m.Groups[i]
}

// Lines is a view of canonical text for searching; line numbers are 1-based.
type Lines []string

// Find returns the first match of re on lines from..to (inclusive, clamped).
func (ls Lines) Find(re *regexp.Regexp, from, to int) (Match, bool) {
	from, to = max(from, 1), min(to, len(ls))
	for n := from; n <= to; n++ {
		if g := re.FindStringSubmatch(ls[n-1]); g != nil {
			return Match{Line: n, Text: g[0], Groups: g}, true
		}
	}
	return Match{}, false
}

// FindAll returns every line's first match of re on lines from..to.
func (ls Lines) FindAll(re *regexp.Regexp, from, to int) []Match {
	var out []Match
	for n := max(from, 1); n <= min(to, len(ls)); n++ {
		if g := re.FindStringSubmatch(ls[n-1]); g != nil {
			out = append(out, Match{Line: n, Text: g[0], Groups: g})
		}
	}
	return out
}

// FindFirst tries each pattern in order over the whole range and returns the first that
// matches anywhere: earlier patterns are the more precise wordings.
func (ls Lines) FindFirst(res []*regexp.Regexp, from, to int) (Match, bool) {
	for _, re := range res {
		if m, ok := ls.Find(re, from, to); ok {
			return m, true
		}
	}
	return Match{}, false
}

// StraightQuotes replaces curly quotes and apostrophes by straight ones, for comparisons
// only: quotes cited in facts must keep the line's own characters.
func StraightQuotes(s string) string {
	return strings.NewReplacer("\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'").Replace(s)
}

// TrimQuotes removes surrounding straight or curly quotes and spaces.
func TrimQuotes(s string) string {
	return strings.Trim(s, " \"'\u201c\u201d\u2018\u2019")
}
