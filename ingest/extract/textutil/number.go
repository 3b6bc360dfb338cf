// Package textutil holds the string helpers shared by the fact extractors: parsing quoted
// money, prices, counts and dates into the normalised values of spac.Fact, turning number
// words into numbers, and finding the first regexp match in a range of canonical lines.
//
// Every parser takes the quote exactly as it appears on the cited line, so an extractor that
// computes a fact's Value by parsing its Quote keeps the citation invariant by construction.
package textutil

import (
	"math/big"
	"regexp"
	"strings"
)

// scaleWords multiply a figure written as "$250.0 million".
var scaleWords = map[string]int64{"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

var (
	decimalRe = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?|\.\d+`)
	scaleRe   = regexp.MustCompile(`(?i)\b(thousand|million|billion)\b`)
)

// decimal reads the first decimal figure of s ("$1,234.5 million" -> 1234500000) as an exact
// rational, so money never passes through a float.
func decimal(s string) (*big.Rat, bool) {
	m := decimalRe.FindString(s)
	if m == "" {
		return nil, false
	}
	v, ok := new(big.Rat).SetString(strings.ReplaceAll(m, ",", ""))
	if !ok {
		return nil, false
	}
	if w := scaleRe.FindString(s); w != "" {
		v.Mul(v, new(big.Rat).SetInt64(scaleWords[strings.ToLower(w)]))
	}
	return v, true
}

// ParseMoney normalises a money quote ("$250,000,000", "$250.0 million") to two decimals
// ("250000000.00").
func ParseMoney(quote string) (string, bool) {
	v, ok := decimal(quote)
	if !ok {
		return "", false
	}
	return v.FloatString(2), true
}

// ParsePrice normalises a per-share or per-unit price quote ("$10.00", "$10.1432") to four
// decimals ("10.0000").
func ParsePrice(quote string) (string, bool) {
	v, ok := decimal(quote)
	if !ok {
		return "", false
	}
	return v.FloatString(4), true
}

// isNone reports whether a quote states zero without a figure: a dash in a table cell, "no
// votes against", "none".
func isNone(quote string) bool {
	q := strings.ToLower(strings.TrimSpace(quote))
	switch q {
	case "-", "–", "—", "none", "nil":
		return true
	}
	return strings.HasPrefix(q, "no ") && decimalRe.FindString(q) == ""
}

// ParseInt normalises a count ("25,000,000", "24 months", "twenty-four (24) months",
// "eighteen months") to a plain integer ("25000000"). A digit figure wins over number words
// because filings write "twenty-four (24)" and the digits are authoritative.
func ParseInt(quote string) (string, bool) {
	if isNone(quote) {
		return "0", true
	}
	if m := decimalRe.FindString(quote); m != "" {
		v, ok := decimal(quote) // "32.5 million" is 32500000
		if ok && v.IsInt() {
			return v.Num().String(), true
		}
		return "", false
	}
	if n, ok := WordsToInt(quote); ok {
		return big.NewInt(int64(n)).String(), true
	}
	return "", false
}
