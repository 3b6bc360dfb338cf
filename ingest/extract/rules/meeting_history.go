package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingNarrated: a 10-Q or 10-K narrates the SPAC's meetings ("On <date>, the Company held an
// extraordinary general meeting at which the shareholders approved ... to extend the date ...
// from <old> to <new>"). Each fact is dated by its meeting (the rule's Period), so a report
// that narrates several meetings gives each its own event. Part of the meeting family
// (meeting.go); corpus: testdata/meeting.corpus.

// narratedMeeting is the head of a narrated meeting with its date in slot d: "On <date>, the
// Company held a special meeting", "On <date>, (at an extraordinary general meeting,) the
// Company's shareholders approved", "At the <name> Meeting on <date>, the stockholders
// approved". A sentence that only refers to a meeting ("in connection with the meeting held on
// <date>, holders redeemed ...") is not its account. A cell of a layout table may hold it.
const narratedMeeting = `(?i)^(?:\| )?(?:` +
	`On {d:date},? (?:the company|we|{org})[^⟦]{0,20}? (?:held|convened|reconvened) (?:an?|its|the) [^⟦.]{0,60}?meeting` +
	`|On {d:date},? (?:at (?:an?|the|its) [^⟦]{0,80}?meeting[^⟦]{0,80}?, )?(?:the company` + ap + `s |our |its |{org}` + ap + `s )?(?:shareholders|stockholders|members) (?:voted to )?approv` +
	`|At (?:the|its|our) [^⟦.]{0,40}?meeting(?: of (?:stockholders|shareholders))?(?: held)? on {d:date},? (?:the |our |its )?(?:shareholders|stockholders|members) (?:voted to )?approv)`

// narratedVeto vetoes a condition or an intention standing before the value.
// (a charter's "cease operations if it fails to complete ..." inside the account is none).
const narratedVeto = `(?i)\bif (?:the |a |such )?(?:extension|proposal|amendment|sponsor|board|stockholders|shareholders|company (?:elects|decides|determines))|\bwould\b|\bwill\b|\bintends?\b|\bexpects?\b|\bnot approved\b|\bextension options?\b`

var meetingNarrated = []*rule.Rule{
	{
		ID: "meeting.narrated_date", Emit: rule.Emit{"d": spac.FieldMeetingDate}, Period: "d",
		Pattern:  narratedMeeting,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the extension the narrated meeting approved, in the same sentence
		ID: "meeting.narrated_extension", Emit: rule.One(spac.FieldMeetingKind), Value: "extension", Period: "d",
		Pattern:  narratedMeeting + `.*?(?P<v>` + extendDeadline + `|` + extendFromToAny + `|extension (?:amendment )?proposal)`,
		Not:      narratedVeto,
		Never:    earlyTermination,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "... approved ... to extend the date by which ... from <old> to <new>"; monthly
		// extensions "up to" an outer date are not the meeting's new deadline
		ID: "meeting.narrated_deadlines", Produce: laterDeadlineProposed, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline}, Period: "d",
		Pattern:  narratedMeeting + `.*?(?:` + extendWords + `.*?` + deadlineFrom + deadlineTo + ` {v:date}|` + extendFromTo + `)`,
		Not:      narratedVeto + `|earlier|up to` + extensionRefused,
		Never:    earlyTermination + `|` + proposalFailed,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
}
