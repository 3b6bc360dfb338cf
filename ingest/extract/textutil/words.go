package textutil

import (
	"strings"
)

var unitWords = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}

var tensWords = map[string]int{
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90,
}

// fractionWords are the unit fractions SPAC units are built from ("one-half of one warrant").
var fractionWords = map[string][2]int{
	"one-half": {1, 2}, "one-third": {1, 3}, "one-fourth": {1, 4}, "one-quarter": {1, 4},
	"one-fifth": {1, 5}, "one-sixth": {1, 6}, "one-eighth": {1, 8}, "one-tenth": {1, 10},
	"two-thirds": {2, 3}, "three-quarters": {3, 4}, "one": {1, 1},
}

// WordsToInt reads a number written in words below one thousand ("twenty-four", "eighteen",
// "one hundred eighty"), ignoring any trailing words ("months").
func WordsToInt(s string) (int, bool) {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ' ' || r == '-' || r == '\u2010' || r == '\u2011'
	})
	total, seen := 0, false
	for _, w := range fields {
		switch {
		case w == "and" && seen:
		case w == "hundred" && seen:
			total *= 100
		default:
			if v, ok := unitWords[w]; ok {
				total, seen = total+v, true
			} else if v, ok := tensWords[w]; ok {
				total, seen = total+v, true
			} else if seen {
				return total, true
			} else {
				return 0, false
			}
		}
	}
	return total, seen
}

// Fraction reads a unit fraction word ("one-half" -> 1, 2); hyphen variants are accepted.
func Fraction(s string) (num, den int, ok bool) {
	s = strings.NewReplacer("\u2010", "-", "\u2011", "-", " ", "-").Replace(strings.ToLower(strings.TrimSpace(s)))
	f, ok := fractionWords[s]
	return f[0], f[1], ok
}
