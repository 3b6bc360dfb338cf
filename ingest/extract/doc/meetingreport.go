package doc

import (
	"slices"
	"strings"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

// meetingHeldRe is the text of a report that a shareholder meeting took place and decided:
// "On <date>, the Company held a special meeting", "the extraordinary general meeting was
// convened", "At the Meeting, the stockholders approved ...", "In connection with the Meeting,
// holders of N shares exercised their right to redeem". A meeting to come ("will be held",
// "to be held on") is none of these.
var meetingHeldRe = textutil.MustStarts(`(?i)\b(?:held|convened|reconvened) (?:its|an?|the)(?: [\w-]+){0,3}? (?:special|extraordinary|annual)(?: general)? meeting` +
	`|\b(?:special|extraordinary|annual)(?: general)? meeting\b[^.]{0,120}?\b(?:was|were) (?:held|convened|reconvened)\b` +
	`|\bat the (?:special |extraordinary |annual )?(?:general )?meeting\b[^.]{0,200}?\b(?:approved|adopted|voted)\b` +
	`|\bin connection with the (?:special |extraordinary |annual )?(?:general )?meeting\b[^.]{0,200}?\bexercised\b`)

// readMeetingReports makes every section of a current report that reports a meeting held
// read as Item 5.07 too. A filer reports an extension meeting's result under the item of the
// note it issued for the extension (1.01, 2.03), a listing notice (3.01) or a change of
// officers (5.02) as often as under 5.07; the meeting's votes, redemptions and new deadline
// are the same facts whichever item carries them.
func (d *Doc) readMeetingReports() {
	if d.Class != Current {
		return
	}
	for _, s := range d.Sections {
		if s.HasItem("5.07") || s.Item == "9.01" || !d.reportsMeeting(s) {
			continue
		}
		s.Items = append(slices.Clip(s.Items), "5.07")
	}
}

// reportsMeeting reports whether a section's text says a meeting was held.
func (d *Doc) reportsMeeting(s *Section) bool {
	var b strings.Builder
	for n := s.From; n <= s.To; n++ {
		b.WriteString(d.R.Line(n))
		b.WriteByte(' ')
		if b.Len() > 200000 {
			break // a long exhibit: its opening says what it reports
		}
	}
	return meetingHeldRe.MatchString(b.String())
}
