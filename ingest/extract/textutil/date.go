package textutil

import (
	"regexp"
	"strings"
	"time"
)

// DatePattern matches a written date: "March 10, 2021", "Dec. 8, 2022", "Sept. 30, 2022",
// "December 8th, 2022", "MAY 10 2021", "June 30. 2023" (a period typed for the comma). Use
// it inside extractor regexps; ParseDate reads the match.
const DatePattern = `(?i:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|Jun(?:e|\.)?|Jul(?:y|\.)?|Aug(?:ust|\.)?|Sep(?:tember|t\.?|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)` + dateGap + `\d{1,2}(?:st|nd|rd|th)?` + dayYearSep + `\d{4}`

// dayYearSep is what stands between a month's day and the year: a comma and a gap, a gap
// alone, or a period typed for the comma ("September 30. 2023"), typos filings do carry; a
// copy that lost the space after the comma writes "March 31,2022" (a figure's thousands are
// three digits, so four after a comma are a year).
const dayYearSep = `(?:,(?:` + dateGapUnit + `)*|\.?` + dateGap + `)`

// monthName is the month of a written date, in any case.
const monthName = `(?i:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|Jun(?:e|\.)?|Jul(?:y|\.)?|Aug(?:ust|\.)?|Sep(?:tember|t\.?|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)`

// dateGap separates the parts of a date: spaces, or a no-break space left as an HTML entity
// by a rendering that escaped it twice ("March&nbsp;9, 2024").
const dateGap = `(?:` + dateGapUnit + `)+`

// dateGapUnit is one character (or entity) of a dateGap.
const dateGapUnit = `\s|\x{00a0}|&nbsp;|&#160;|&#xa0;`

// DateForm is one way filings write a date: a pattern and the submatches of its parts.
type DateForm struct {
	Re             *regexp.Regexp
	Day, Mon, Year int
}

// DateForms are the written dates the entity recogniser finds and ParseDate reads: "August
// 20, 2021", "the 2nd day of May, 2025", "20 August 2021".
var DateForms = []DateForm{
	// The year may run into the next word, as text pulled out of tagged XBRL runs ("October
	// 17, 2019to February 21, 2020"): the letter is matched, and the entity recogniser leaves
	// it out of the date.
	{regexp.MustCompile(`\b(` + monthName + `)` + dateGap + `(\d{1,2})(?:st|nd|rd|th)?` + dayYearSep + `(\d{4})(?:\b|[A-Za-z])`), 2, 1, 3},
	{regexp.MustCompile(`\b(?:the` + dateGap + `)?(\d{1,2})(?:st|nd|rd|th)` + dateGap + `day` + dateGap + `of` + dateGap + `(` + monthName + `),?` + dateGap + `(\d{4})\b`), 1, 2, 3},
	{regexp.MustCompile(`\b(\d{1,2})` + dateGap + `(` + monthName + `),?` + dateGap + `(\d{4})\b`), 1, 2, 3},
}

var (
	compactDateRe = regexp.MustCompile(`^\d{8}$`)
	anchoredForms = anchored(DateForms)
)

func anchored(forms []DateForm) []DateForm {
	out := make([]DateForm, len(forms))
	for i, f := range forms {
		out[i] = DateForm{regexp.MustCompile(`^(?:` + f.Re.String() + `)$`), f.Day, f.Mon, f.Year}
	}
	return out
}

var monthPrefixes = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// ParseDate normalises a date quote ("March 10, 2021", "Dec. 8, 2022", "the 2nd day of May,
// 2025", "20210329") to YYYY-MM-DD, rejecting impossible dates and years outside 1900-2199.
func ParseDate(quote string) (string, bool) {
	q := strings.TrimSpace(quote)
	if compactDateRe.MatchString(q) {
		t, err := time.Parse("20060102", q)
		if err != nil || !plausibleYear(t.Year()) {
			return "", false
		}
		return t.Format(time.DateOnly), true
	}
	for _, f := range anchoredForms {
		if m := f.Re.FindStringSubmatch(q); m != nil {
			return DateOf(m[f.Mon], m[f.Day], m[f.Year])
		}
	}
	return "", false
}

// DateOf builds the YYYY-MM-DD date of a month name, day and year as written.
func DateOf(month, day, year string) (string, bool) {
	mon, d, y := monthNumber(month), atoi(day), atoi(year)
	if mon == 0 || !plausibleYear(y) {
		return "", false
	}
	t := time.Date(y, time.Month(mon), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != mon {
		return "", false
	}
	return t.Format(time.DateOnly), true
}

// plausibleYear bounds the years a filing's date can have.
func plausibleYear(y int) bool { return y >= 1900 && y <= 2199 }

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
