package doc

import "github.com/spacdata/spac/ingest/extract/textutil"

var (
	// monthDayEndRe is text that ends with a month and a day ("as of September 30"), the
	// first half of a date whose comma was typed as a period.
	monthDayEndRe = textutil.MustStarts(`(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? \d{1,2}$`)
	// yearGoesOnRe is text that opens with a year the clause goes on after ("2023, there
	// were", "2023 the Company"): a year that opens a new sentence is followed by a capital.
	yearGoesOnRe = textutil.MustStarts(`^(?:19|20)\d{2}(?:[,)]|\s+[a-z])`)
)

// periodInDate reports whether the period between before and after is a typed comma inside a
// date ("September 30. 2023, there were ..."): cutting there would leave both halves
// without their date.
//
// Only the tail of before is tested: the longest month-and-day is a dozen bytes, and matching
// monthDayEndRe against the whole text before every period made splitting a long one-line
// document quadratic (a 1 MB line took minutes). The year, anchored at after's start, is
// tested first: most periods are followed by no year at all.
func periodInDate(before, after string) bool {
	if !yearGoesOnRe.MatchString(after) {
		return false
	}
	const tail = 24 // bytes: the longest "september 30" plus room for the \b before it
	if len(before) > tail {
		before = before[len(before)-tail:]
	}
	return monthDayEndRe.MatchString(before)
}
