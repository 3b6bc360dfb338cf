package citecheck

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/spacdata/spac"
)

var (
	isoDate   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	isNumber  = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
	isPeriod  = regexp.MustCompile(`^\d{4}(-(Q[1-4]|H[12]|\d{2}))?$`)
	numberRe  = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)
	wordNumRe = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty-four|thirty|sixty|ninety)\b`)
	dateRe    = regexp.MustCompile(`(?i)\b(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*,?\s+\d{4}|\d{4}-\d{2}-\d{2}|\b\d{8}\b)`)
	quarterRe = regexp.MustCompile(`(?i)\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(quarter|half)\s+(?:of\s+)?(\d{4})`)
	monthYear = regexp.MustCompile(`(?i)\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?,?\s+(\d{4})\b`)
	ordinalRe = regexp.MustCompile(`(?i)(\d)(st|nd|rd|th)\b`)
	dayOfRe   = regexp.MustCompile(`(?i) day of `)
	septRe    = regexp.MustCompile(`(?i)^Sept\b`)
)

var wordNumbers = map[string]int64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty-four": 24,
	"thirty": 30, "sixty": 60, "ninety": 90}

// Holds reports whether quote, as written, states value: a date written as that date, a
// period (2027-Q1) as that period, a number as that number, a text containing the value or
// contained in it (case, punctuation and spacing aside).
func Holds(field, quote, value string) bool {
	switch {
	case isoDate.MatchString(value):
		return hasDate(quote, value)
	case isNumber.MatchString(value):
		return hasNumber(field, quote, value)
	case isPeriod.MatchString(value):
		return hasPeriod(quote, value)
	}
	q, v := words(quote), words(value)
	return q != "" && v != "" && (strings.Contains(q, v) || strings.Contains(v, q) || initials(quote) == value)
}

// initials is the acronym of s's capitalised words ("The New York Stock Exchange": "NYSE"),
// how an exchange's name is normalised.
func initials(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		if r := []rune(w)[0]; unicode.IsUpper(r) && !strings.EqualFold(w, "the") {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// readsAsKind checks an input citation's quote against the kind of value its field names.
func readsAsKind(c spac.Citation) error {
	switch kind := spac.FieldKind(c.Field); {
	case kind == spac.KindDate:
		if len(Dates(c.Quote)) == 0 {
			return fmt.Errorf("the quote %q of a date field writes no date", c.Quote)
		}
	case kind == spac.KindMoney || kind == spac.KindPrice || kind == spac.KindInt:
		if len(numbers(c.Quote)) == 0 {
			return fmt.Errorf("the quote %q of a number field writes no number", c.Quote)
		}
	}
	return nil
}

// Dates returns every date written in s, as YYYY-MM-DD.
func Dates(s string) []string {
	var out []string
	for _, m := range dateRe.FindAllString(s, -1) {
		if d, ok := parseWritten(m); ok {
			out = append(out, d)
		}
	}
	return out
}

func hasDate(quote, value string) bool {
	for _, d := range Dates(quote) {
		if d == value {
			return true
		}
	}
	return false
}

// parseWritten reads one written date ("Sept. 21, 2026", "the 2nd day of May, 2025",
// "20261111", "2026-11-11").
func parseWritten(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), " ")
	s = ordinalRe.ReplaceAllString(s, "$1")
	s = dayOfRe.ReplaceAllString(s, " ")
	s = septRe.ReplaceAllString(s, "Sep")
	s = strings.ReplaceAll(s, ".", "")
	for _, layout := range []string{"January 2, 2006", "January 2 2006", "Jan 2, 2006", "Jan 2 2006", "2 January 2006", "2 January, 2006", "2 Jan 2006", "2006-01-02", "20060102"} {
		if t, err := time.Parse(layout, titleCase(s)); err == nil {
			return t.Format(time.DateOnly), true
		}
	}
	return "", false
}

func titleCase(s string) string {
	b := []rune(strings.ToLower(s))
	for i := range b {
		if i == 0 || b[i-1] == ' ' {
			b[i] = unicode.ToUpper(b[i])
		}
	}
	return string(b)
}

// hasNumber: a number written in quote ("$320,000,000", "$320 million", "six", "10.00")
// equals value; a quote in years states months twelve times its number.
func hasNumber(field, quote, value string) bool {
	want, ok := new(big.Rat).SetString(value)
	if !ok {
		return false
	}
	found := numbers(quote)
	if strings.Contains(strings.ToLower(quote), "year") {
		if len(found) == 0 {
			found = []*big.Rat{big.NewRat(1, 1)}
		}
		for _, n := range found {
			found = append(found, new(big.Rat).Mul(n, big.NewRat(12, 1)))
		}
	}
	for _, n := range found {
		if n.Cmp(want) == 0 {
			return true
		}
	}
	return false
}

// numbers returns the numbers written in s, scaled by a following "million" or "billion".
func numbers(s string) []*big.Rat {
	var out []*big.Rat
	for _, loc := range numberRe.FindAllStringIndex(s, -1) {
		n, ok := new(big.Rat).SetString(strings.ReplaceAll(s[loc[0]:loc[1]], ",", ""))
		if !ok {
			continue
		}
		rest := strings.ToLower(strings.TrimSpace(s[loc[1]:]))
		switch {
		case strings.HasPrefix(rest, "million"):
			n.Mul(n, big.NewRat(1_000_000, 1))
		case strings.HasPrefix(rest, "billion"):
			n.Mul(n, big.NewRat(1_000_000_000, 1))
		}
		out = append(out, n)
	}
	for _, w := range wordNumRe.FindAllString(s, -1) {
		out = append(out, big.NewRat(wordNumbers[strings.ToLower(w)], 1))
	}
	return out
}

// hasPeriod: "third quarter of 2021" states 2021-Q3, "first half of 2027" 2027-H1, "March
// 2027" 2027-03.
func hasPeriod(quote, value string) bool {
	for _, m := range quarterRe.FindAllStringSubmatch(quote, -1) {
		n := map[string]string{"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3", "fourth": "4", "4th": "4"}[strings.ToLower(m[1])]
		kind := "Q"
		if strings.EqualFold(m[2], "half") {
			kind = "H"
		}
		if m[3]+"-"+kind+n == value {
			return true
		}
	}
	for _, m := range monthYear.FindAllStringSubmatch(quote, -1) {
		if t, err := time.Parse("Jan 2006", titleCase(m[1][:3])+" "+m[2]); err == nil && t.Format("2006-01") == value {
			return true
		}
	}
	return len(value) == 4 && strings.Contains(quote, value)
}

// inPeriod reports whether quote writes a period (a quarter, a half, a month of a year) that
// date falls in: the first or last day of a period is derived from it.
func inPeriod(quote, date string) bool {
	if len(date) < 7 {
		return false
	}
	month := date[:7]
	year, m := date[:4], (int(date[5]-'0')*10 + int(date[6]-'0'))
	return hasPeriod(quote, month) || hasPeriod(quote, fmt.Sprintf("%s-Q%d", year, (m+2)/3)) ||
		hasPeriod(quote, fmt.Sprintf("%s-H%d", year, (m+5)/6))
}

// words lowers s and keeps letters and digits, one space between words.
func words(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			space = false
		} else {
			space = true
		}
	}
	return b.String()
}
