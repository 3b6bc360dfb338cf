package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingNarrated: a 10-Q or 10-K narrates the SPAC's meetings ("On <date>, the Company held an
// extraordinary general meeting at which the shareholders approved ..."). Each fact is dated
// by its meeting (the rule's Period), so a report that narrates several meetings gives each
// its own event. The extension such a meeting approved (kind, new and old deadline) is read by
// periodic_events.go. Part of the meeting family (meeting.go); corpus: testdata/meeting.corpus.

// narratedMeeting is the head of a narrated meeting with its date in slot d: "On <date>, the
// Company held a special meeting", "On <date>, (at an extraordinary general meeting,) the
// Company's shareholders approved", "At the <name> Meeting on <date>, the stockholders
// approved", and the same after a lead-in naming the report that told it first ("As previously
// reported in our Form 8-K filed on <date>, on <date>, in connection with the meeting, the
// shareholders approved"). A sentence that only refers to a meeting ("in connection with the meeting held on
// <date>, holders redeemed ...") is not its account. A cell of a layout table may hold it.
const narratedMeeting = `(?i)^(?:\| )?(?:` +
	`On {d:date},? (?:the company|we|{org})[^⟦]{0,20}? (?:held|convened|reconvened) (?:an?|its|the) [^⟦.]{0,60}?meeting` +
	`|On {d:date},? (?:(?:at|in connection with) (?:an?|the|its) [^⟦]{0,80}?meeting[^⟦]{0,80}?, )?(?:the company` + ap + `s |our |its |{org}` + ap + `s )?(?:shareholders|stockholders|members) (?:voted to )?approv` +
	`|As (?:previously |was )?(?:reported|disclosed|announced)\b[^⟦]{0,120}?(?:{date}[^⟦]{0,4}?)?, on {d:date},? (?:(?:at|in connection with) (?:an?|the|its) [^⟦]{0,80}?meeting[^⟦]{0,80}?, )?(?:the company` + ap + `s |the |our |its |{org}` + ap + `s )?(?:shareholders|stockholders|members) (?:voted to )?approv` +
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
		// the trust after a meeting's redemptions, per share: "there was approximately $29.9
		// million in the Trust Account as of October 30, 2015, or approximately $10.63 per
		// public share"
		ID: "meeting.narrated_trust_per_share", Emit: rule.One(spac.FieldTrustPerShare), Period: "p",
		Pattern:  `(?i){money} (?:was |remained |remains |held )?in the trust account as of {p:date},? or (?:approximately |about )?{v:money} per (?:public |class a )?share`,
		Not:      narratedVeto + `|\bless than\b|\bcould\b`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
}
