package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingNotices: the meeting's date where a proxy's notice or letter states it in a shape
// of its own. Part of the meeting family (meeting.go); corpus: testdata/meeting.corpus.
var meetingNotices = []*rule.Rule{
	{
		// the notice's heading in capitals, "TO BE HELD ON MARCH 25, 2021", on a line of its own
		// or after "NOTICE OF SPECIAL MEETING ..."; lower-case words are prose, not a heading
		ID: "meeting.date_heading", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `^(?:[^⟦a-z]*MEETING[^⟦a-z]* )?TO BE HELD[^⟦a-z]{0,80}?{v:date}`,
		Not:      `(?i)originally|previously|initially`,
		Within:   `(?i)meeting`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
}
