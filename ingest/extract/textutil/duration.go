package textutil

import (
	"regexp"
	"strconv"
	"strings"
)

var durationUnitRe = regexp.MustCompile(`(?i)\b(month|year|day)s?\b`)

// ParseMonths reads a duration quote ("24 months", "twenty-four (24) months", "one year") as
// a number of months; a year is twelve.
func ParseMonths(quote string) (string, bool) {
	n, unit, ok := duration(quote)
	switch {
	case !ok:
		return "", false
	case unit == "month":
		return strconv.Itoa(n), true
	case unit == "year":
		return strconv.Itoa(12 * n), true
	}
	return "", false
}

// ParseDays reads a duration quote in days ("180 days", "one hundred eighty days").
func ParseDays(quote string) (string, bool) {
	n, unit, ok := duration(quote)
	if !ok || unit != "day" {
		return "", false
	}
	return strconv.Itoa(n), true
}

func duration(quote string) (int, string, bool) {
	m := durationUnitRe.FindStringSubmatch(quote)
	if m == nil {
		return 0, "", false
	}
	v, ok := ParseInt(quote[:strings.Index(quote, m[0])])
	if !ok {
		return 0, "", false
	}
	n, err := strconv.Atoi(v)
	return n, strings.ToLower(m[1]), err == nil
}
