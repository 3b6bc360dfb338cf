package rule

import (
	"regexp"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	// openingDateRe is a sentence that opens on its event's date: "On May 11, 2023, the
	// shareholders approved ...".
	openingDateRe = regexp.MustCompile(`^(?:On|As of|Effective) (?:or about )?(` + textutil.DatePattern + `)`)
	// meetingDateRe is the date of the meeting a sentence names: "at the special meeting held
	// on April 20, 2023", "the EGM on May 10, 2023", "The special meeting was held on
	// October 10, 2019".
	// clauseDateRe is a date that opens a clause of its own after a lead-in: "As previously
	// reported in our Form 8-K filed on July 14, 2022, on July 14, 2022, in connection with the
	// vote ..., the holders of ...". The comma before and after set it apart from the date of
	// a filing ("filed with the SEC on July 14, 2022") the lead-in names.
	clauseDateRe  = regexp.MustCompile(`[,;:] (?:on|as of) (?:or about )?(` + textutil.DatePattern + `),`)
	meetingDateRe = regexp.MustCompile(`(?i)\b(?:meeting|EGM)\b(?: of (?:the )?(?:stockholders|shareholders))?(?: \([^)]{0,40}\))?,? (?:(?:that was |which was |was |were )?(?:held|convened) )?on (` + textutil.DatePattern + `)`)
)

// otherMeetingRe is a meeting a sentence names as its own without its date ("at the 2023
// special meeting", "at a later meeting"): the date of the sentence before is another's.
var otherMeetingRe = regexp.MustCompile(`(?i)\b(?:(?:19|20)\d{2}|later|second|third|fourth|subsequent|another|prior|previous|first|next|annual)\b[^.]{0,30}?\bmeeting\b`)

// maxEventSentences is how many sentences before the match may state its event's date: a
// narrative opens a paragraph with the meeting ("On May 10, 2023, the Company held ...") and
// tells its redemptions in the next sentence or two.
const maxEventSentences = 2

// eventDate is the date of the event a narrated match tells of: the date its sentence opens
// on, else the meeting date its sentence names before the match, else a date opening a clause
// before the match, else the meeting date named after it, else the nearest one of the
// sentences just before it in its section.
func (mt *Match) eventDate() (string, bool) {
	text := mt.s.Text
	if m := openingDateRe.FindStringSubmatch(text); m != nil {
		return textutil.ParseDate(m[1])
	}
	start := mt.m.Unmask(mt.idx[0], false)
	if d, ok := dateIn(text[:start]); ok {
		return d, true
	}
	if all := clauseDateRe.FindAllStringSubmatch(text[:start], -1); len(all) > 0 {
		return textutil.ParseDate(all[len(all)-1][1])
	}
	if m := meetingDateRe.FindStringSubmatch(text[start:]); m != nil {
		return textutil.ParseDate(m[1])
	}
	if otherMeetingRe.MatchString(text[:start]) {
		return "", false // its own meeting, undated: not the one told before
	}
	at := mt.at
	for k := at - 1; k >= 0 && k >= at-maxEventSentences; k-- {
		s := mt.d.Sentences[k]
		if s.Section != mt.s.Section {
			break
		}
		if d, ok := dateIn(s.Text); ok {
			return d, true
		}
	}
	return "", false
}

// dateIn is the event date text states: the date it opens on, else the last meeting date it
// names.
func dateIn(text string) (string, bool) {
	if m := openingDateRe.FindStringSubmatch(text); m != nil {
		return textutil.ParseDate(m[1])
	}
	if all := meetingDateRe.FindAllStringSubmatch(text, -1); len(all) > 0 {
		return textutil.ParseDate(all[len(all)-1][1])
	}
	return "", false
}
