package textutil

import (
	"regexp"
	"strings"
	"time"
)

// DatePattern matches a written date: "March 10, 2021", "Dec. 8, 2022", "Sept. 30, 2022",
// "December 8th, 2022". Use it inside extractor regexps; ParseDate reads the match.
const DatePattern = `(?i:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?|July?|Aug(?:ust|\.)?|Sep(?:tember|t\.|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)\s\d{1,2}(?:st|nd|rd|th)?,\s?\d{4}`

var (
	writtenDateRe = regexp.MustCompile(`^(` + DatePattern + `)$`)
	compactDateRe = regexp.MustCompile(`^\d{8}$`)
	dateNumsRe    = regexp.MustCompile(`^([A-Za-z]+)\.?\s(\d{1,2})(?:st|nd|rd|th)?,\s?(\d{4})$`)
)

var monthPrefixes = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// ParseDate normalises a date quote ("March 10, 2021", "Dec. 8, 2022", "20210329") to
// YYYY-MM-DD, rejecting impossible dates.
func ParseDate(quote string) (string, bool) {
	q := strings.TrimSpace(quote)
	if compactDateRe.MatchString(q) {
		t, err := time.Parse("20060102", q)
		if err != nil {
			return "", false
		}
		return t.Format(time.DateOnly), true
	}
	if !writtenDateRe.MatchString(q) {
		return "", false
	}
	m := dateNumsRe.FindStringSubmatch(q)
	if m == nil {
		return "", false
	}
	month := monthNumber(m[1])
	if month == 0 {
		return "", false
	}
	day, year := atoi(m[2]), atoi(m[3])
	t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if t.Day() != day || int(t.Month()) != month {
		return "", false
	}
	return t.Format(time.DateOnly), true
}

func monthNumber(name string) int {
	n := strings.ToLower(name)
	for i, p := range monthPrefixes {
		if strings.HasPrefix(n, p) {
			return i + 1
		}
	}
	return 0
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
