package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingEvents: an 8-K or release that narrates several extensions - the stockholders' vote,
// then the board's monthly extensions ("On October 30, 2024, the Board approved an extension
// of the date ... from November 2, 2024 to December 2, 2024"), or a deposit that moved the
// deadline ("This deposit enables the Company to extend the date ... from <old> to <new>") -
// states one old and new deadline per event. The shapes are those a 10-Q narrates
// (periodic_events.go), read by the same patterns; each event is dated by its own "On
// <date>," (the rule's Period), so that every event's deadlines are read, not only the
// first sentence's. A deposit note's draw is reported under Item 2.03. Part of the meeting
// family (meeting.go); corpus: testdata/meeting.corpus.
var meetingEvents = []*rule.Rule{
	currentEvent("periodic.deadline_board_extended", "meeting.deadline_board_extended"),
	currentEvent("periodic.deadline_deposit_moved", "meeting.deadline_deposit_moved"),
	currentEvent("periodic.deadline_deposit_extends", "meeting.deadline_deposit_extends"),
	{
		// A release opens with the holders' approval and its day, the meeting unnamed: "On
		// November 30, 2022, the stockholders of Acme Acquisition Corporation approved an
		// amendment ...". Only the filer's holders (a target's act by written consent).
		ID: "meeting.date_on_holders_of_approved", Produce: companyOrFiler(slotAs("v", spac.FieldMeetingDate)), Gives: []string{spac.FieldMeetingDate},
		Pattern:  `(?i)(?:^|-- |[-–—] )On {v:date},? (?:the )?(?:public )?(?:stockholders|shareholders) of (?:the )?(?:Company|(?P<org>{org}))(?: \([^()]{0,80}\))*,? (?:have |had )?(?:approved|adopted|voted to approve)\b`,
		Not:      pastMeeting,
		Never:    `(?i)written consent`,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    voteItems,
		Priority: 9,
	},
}

// companyOrFiler runs produce when the company of slot "org" is the filer, or when the
// sentence names it "the Company" (no org).
func companyOrFiler(produce func(*rule.Match) []rule.Out) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		if len(m.Entities("org")) == 0 {
			return produce(m)
		}
		return filerOnly(produce)(m)
	}
}

// slotAs is the production of slot's entities as field.
func slotAs(slot, field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		for _, e := range m.Entities(slot) {
			out = append(out, m.Cite(field, e.Value, e))
		}
		return out
	}
}

// eventItems are the 8-K items whose text narrates a board's or a deposit's extension.
var eventItems = []string{"8.01", "7.01", "2.03", "5.03", "5.07"}

// currentEvent is the periodic rule id read in 8-Ks and releases under the id named.
func currentEvent(periodicID, id string) *rule.Rule {
	for _, r := range periodicMeetings {
		if r.ID == periodicID {
			c := *r
			c.ID, c.Classes, c.Items = id, []doc.Class{doc.Current, doc.Communication}, eventItems
			return &c
		}
	}
	panic("rules: no periodic rule " + periodicID)
}
