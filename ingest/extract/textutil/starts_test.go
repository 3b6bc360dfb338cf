package textutil

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// startsPatterns have the shapes of the recognisers' patterns: a leading \b before digits or
// case-folded words (whose variants "ſ" and "K" are no word characters), classes, optional
// prefixes, curly quotes, and patterns that fall back (an assertion first, any byte first).
var startsPatterns = []string{
	`\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s(?i:million|billion)|\d+)\s*(?i:(shares?|units?))\b`,
	`(?i)\b(?:(\d+)|(six|seven|ten|k)(?:\s*\((\d+)\))?)[- ]?(month|day|year)s?\b`,
	`(?:US)?\$\s?(\d+(?:,\d{3})*)(?:\s(?i:(million|billion))\b)?`,
	`\b\d{1,3}(?:,\d{3})+\b`,
	`[“"]([A-Z][A-Z0-9]{0,5})[,.]?[”"]`,
	`(?:[Tt]he\s+)?(?:Nasdaq|NASDAQ)(?:\s+Market)?|AMEX\b|ſx`,
	`(?i)(?:the )?(k|ſ)ix(?:\s+(\d+))?`,
	`[A-Z][A-Za-z0-9&'’.\-]*(?:\s+[A-Z][a-z]*)*,?\s+(?:Inc\.|Corp\b)`,
	`(?i)\bsix\b`,
	`^\d+`,
	`.{0,3}Inc`,
	`x*`,
	`[^a]b`,
	`Acme (\w+)`,
	`(?i)name of each exchange|^\W*of each exchange on (\w+)`,
	`(?i)\bof each exchange(?: on (\w+))?`,
	`(?i)\S\s*\(state\s+(?:of|or)`,
	`(?i)(?:takes|asks)|kiss`,
	`(?i)(?:aggregate (?:gross )?of|pipe (?:investment|offering) of|raise|raising) (?:approximately )?(\d+)`,
	`(?i)\b(?:take|kiss|ask)s? (\w+)`,
	`(?:Inc|Corp)\.? (?i:six|Kay)|Acme(?:,| \d)`,
	`(?i)(?:consummated|completed|closed|closing of|kissed|kisses) (?:its|the) (\w+)`,
}

// startsAlphabet is what the random texts are made of: word and non-word bytes, runes whose
// case folds are ASCII letters, curly quotes, an invalid byte and the pieces of the patterns.
var startsAlphabet = []string{
	"a", "Z", "s", "S", "ſ", "K", "k", "x", "1", "9", "12", ",", ".", "$", "US", " ", "  ",
	"“", "”", `"`, "\xe2", "\x80", "(", ")", "-", "_", "six", "Six", "months", "day", "shares",
	"million", "Nasdaq", "The ", "Inc.", "Corp", "Acme", "’", "AMEX", "ſix", "ix", "K day",
	"of each", "OF EACH", "Of Each", " exchange", " Exchange", " eXchange", " on", "name ",
	"(state", "(ſtate", "(STATE", " of", "take", "TaKe", "asK", "kiss", "kiſſ",
	"aggregate of", "aggregate gross of", "PIPE offering of", "pipe", "raiſe", "RAISING", "raise",
	" approximately ", "Inc", "Inc.", "Corp", "consummated its", "Completed the", "closed", "closing of",
	"CLOSING OF the", "kiſſed", "kisses", "closing", "complete",
}

func randomText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(16); n > 0; n-- {
		b.WriteString(startsAlphabet[r.IntN(len(startsAlphabet))])
	}
	return b.String()
}

// TestStartsMatchesRegexp: a Starts finds exactly the plain regexp's matches, submatches
// included, on random texts built to put every kind of character before and at a start.
func TestStartsMatchesRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	accelerated := 0
	for _, p := range startsPatterns {
		s := MustStarts(p)
		if Accelerated(s) {
			accelerated++
		}
		for range 5000 {
			text := randomText(r)
			if got, want := s.FindAllStringSubmatchIndex(text, -1), s.Regexp.FindAllStringSubmatchIndex(text, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: %v, the regexp %v", p, text, got, want)
			}
			if got, want := s.FindAllStringIndex(text, -1), s.Regexp.FindAllStringIndex(text, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: %v, the regexp %v", p, text, got, want)
			}
			if got, want := s.FindStringSubmatchIndex(text), s.Regexp.FindStringSubmatchIndex(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: first %v, the regexp %v", p, text, got, want)
			}
			if got, want := s.FindStringSubmatch(text), s.Regexp.FindStringSubmatch(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: first %q, the regexp %q", p, text, got, want)
			}
			if got, want := s.FindString(text), s.Regexp.FindString(text); got != want {
				t.Fatalf("%s on %q: first %q, the regexp %q", p, text, got, want)
			}
			if got, want := s.FindStringIndex(text), s.Regexp.FindStringIndex(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: first %v, the regexp %v", p, text, got, want)
			}
			if got, want := s.MatchString(text), s.Regexp.MatchString(text); got != want {
				t.Fatalf("%s on %q: match %v, the regexp %v", p, text, got, want)
			}
		}
	}
	if accelerated != 15 {
		t.Errorf("%d patterns seek their first bytes, want 15", accelerated)
	}
}

// TestStartsSkipsTextsWithoutLiterals: a text that lacks a literal every match holds is not
// searched, for case-folded literals with an "s" or a "k" (whose variants "ſ" and the
// Kelvin sign are not ASCII) and for alternations (one literal of each branch) of a pattern
// searched as a whole, but a text holding such a variant is.
func TestStartsSkipsTextsWithoutLiterals(t *testing.T) {
	for _, c := range []struct {
		pattern, text string
		want          int
	}{
		{`(?i)\S\s*\(state\s+(?:of|or)`, "Delaware 20-1234567", skip},
		{`(?i)\S\s*\(state\s+(?:of|or)`, "Delaware (State of", plain},
		{`(?i)\S\s*\(state\s+(?:of|or)`, "Delaware (ſtate of", plain},
		{`(?i)name of each exchange|^\W*of each exchange on which`, "Title of each class", skip},
		{`(?i)name of each exchange|^\W*of each exchange on which`, "| of each exchange on which", plain},
		{`(?i)(?:ta|as)kes`, "it takes", starts},
		{`(?i)(?:ta|as)kes`, "it tries", skip},
		{`(?i)(?:ta|as)kes`, "it ta\u212aes", starts},
		// sought from its starts, a pattern keeps no group of alternatives
		{`(?i)(?:takes|asks)|kiss`, "it tries", starts},
	} {
		if got := MustStarts(c.pattern).way(c.text); got != c.want {
			t.Errorf("%s on %q: way %d, want %d", c.pattern, c.text, got, c.want)
		}
	}
}

// TestContainsFoldIsContainsOfLowered: containsFold finds a literal exactly where the text with
// its ASCII capitals lowered holds it, on random texts of the literal's pieces.
func TestContainsFoldIsContainsOfLowered(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 7))
	pieces := []string{"s", "S", "sh", "SH", "ſ", "a", "A", "re", "RE", "share", "ShArE", " ", "é", "1", "_"}
	held := 0
	for range 50000 {
		var b strings.Builder
		for n := r.IntN(10); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		lowered := []byte(text)
		for i, c := range lowered {
			if 'A' <= c && c <= 'Z' {
				lowered[i] = c + 'a' - 'A'
			}
		}
		for _, lower := range []string{"share", "sh", "s", "re", "1", "a s", "e_1"} {
			got, want := containsFold(text, lower, rareByte(lower)), strings.Contains(string(lowered), lower)
			if got != want {
				t.Fatalf("containsFold(%q, %q) = %v, want %v", text, lower, got, want)
			}
			if want {
				held++
			}
		}
	}
	if held < 50000 {
		t.Errorf("the literals held only %d times: the texts test little", held)
	}
}
