package doc

import "regexp"

var (
	// monthDayEndRe is text that ends with a month and a day ("as of September 30"), the
	// first half of a date whose comma was typed as a period.
	monthDayEndRe = regexp.MustCompile(`(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? \d{1,2}$`)
	// yearGoesOnRe is text that opens with a year the clause goes on after ("2023, there
	// were", "2023 the Company"): a year that opens a new sentence is followed by a capital.
	yearGoesOnRe = regexp.MustCompile(`^(?:19|20)\d{2}(?:[,)]|\s+[a-z])`)
)

// periodInDate reports whether the period between before and after is a typed comma inside a
// date ("September 30. 2023, there were ..."): cutting there would leave both halves
// without their date.
//
// The year is tested first and the month only in the last monthDayWindow bytes: monthDayEndRe
// is anchored at the end only, so over all of before it scanned the text from the block's start
// at every period, a tenth of ingest.
func periodInDate(before, after string) bool {
	if !yearGoesOnRe.MatchString(after) {
		return false
	}
	if len(before) > monthDayWindow {
		before = before[len(before)-monthDayWindow:]
	}
	return monthDayEndRe.MatchString(before)
}

// monthDayWindow holds the longest text monthDayEndRe matches ("september. 30", 13 bytes; 14
// with a folded long s) and the byte before it that decides its word boundary, with room to
// spare so a rune cut at the window's start lies far from any match.
const monthDayWindow = 32
