package news

import (
	"strings"
	"unicode"
)

// namePattern is a company name as a sequence of normalised words, legal suffixes removed.
// A weak pattern (one word, or only generic words like "Global Acquisition") links only when
// the text writes a legal suffix right after it ("Nimbus Inc."), so common words in prose do
// not link.
type namePattern struct {
	words  []string
	entity int
	weak   bool
}

// word is one normalised word of a text and the byte offset where it starts.
type word struct {
	text string
	pos  int
}

// legalSuffixes are dropped from names and texts alike, so "Corp." meets "Corporation".
var legalSuffixes = map[string]bool{
	"corp": true, "corporation": true, "inc": true, "incorporated": true, "co": true,
	"company": true, "ltd": true, "limited": true, "llc": true, "plc": true, "lp": true,
}

// genericWords say nothing about which SPAC is meant on their own.
var genericWords = map[string]bool{
	"acquisition": true, "acquisitions": true, "capital": true, "holdings": true, "holding": true,
	"group": true, "partners": true, "investment": true, "investments": true, "global": true,
	"growth": true, "opportunity": true, "opportunities": true, "ventures": true, "venture": true,
	"technology": true, "technologies": true, "tech": true, "international": true, "the": true,
	"and": true, "of": true, "spac": true, "new": true, "first": true, "one": true, "american": true,
	"america": true, "us": true, "financial": true, "fund": true, "trust": true, "blank": true,
	"check": true, "industries": true, "energy": true, "health": true, "digital": true,
}

// numerals distinguish series of SPACs ("... Corp. II"); a name followed by one is another SPAC.
var numerals = map[string]bool{
	"i": true, "ii": true, "iii": true, "iv": true, "v": true, "vi": true, "vii": true, "viii": true,
	"ix": true, "x": true, "xi": true, "xii": true, "1": true, "2": true, "3": true, "4": true,
	"5": true, "6": true, "7": true, "8": true, "9": true, "10": true,
}

// splitWords lowercases s into words of letters and digits; "&" becomes "and".
func splitWords(s string) []word {
	var out []word
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, word{strings.ToLower(s[start:end]), start})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
		case r == '&':
			flush(i)
			out = append(out, word{"and", i})
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}

// content drops legal suffixes, remembering for each kept word whether one follows it.
func content(ws []word) (kept []word, suffixAfter []bool) {
	for _, w := range ws {
		if legalSuffixes[w.text] {
			if n := len(suffixAfter); n > 0 {
				suffixAfter[n-1] = true
			}
			continue
		}
		kept = append(kept, w)
		suffixAfter = append(suffixAfter, false)
	}
	return kept, suffixAfter
}

func (l *Linker) addName(name string, entity int) {
	kept, _ := content(splitWords(name))
	if len(kept) > 0 && kept[0].text == "the" {
		kept = kept[1:]
	}
	if len(kept) == 0 {
		return
	}
	p := namePattern{entity: entity}
	specific := false
	for _, w := range kept {
		p.words = append(p.words, w.text)
		specific = specific || (!genericWords[w.text] && !numerals[w.text])
	}
	p.weak = len(kept) < 2 || !specific
	l.names[p.words[0]] = append(l.names[p.words[0]], p)
}

// linkNames finds company names; at each position the longest matching name wins.
func (l *Linker) linkNames(text string, note func(i, pos int)) {
	words, suffixAfter := content(splitWords(text))
	for i := 0; i < len(words); i++ {
		best, bestLen := -1, 0
		for _, p := range l.names[words[i].text] {
			if n := len(p.words); n > bestLen && matchesAt(words, suffixAfter, i, p) {
				best, bestLen = p.entity, n
			}
		}
		if best >= 0 {
			note(best, words[i].pos)
			i += bestLen - 1
		}
	}
}

func matchesAt(words []word, suffixAfter []bool, i int, p namePattern) bool {
	end := i + len(p.words)
	if end > len(words) {
		return false
	}
	for k, w := range p.words {
		if words[i+k].text != w {
			return false
		}
	}
	if end < len(words) && numerals[words[end].text] {
		return false // "Maple Ridge Acquisition Corp. II" is not "Maple Ridge Acquisition Corp."
	}
	return !p.weak || suffixAfter[end-1]
}
