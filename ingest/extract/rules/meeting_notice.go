package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// otherMeeting vetoes a sentence about an earlier meeting, wherever it names it.
const otherMeeting = `(?i)\b(?:prior|previous|earlier|first|last) (?:extension |special |annual |extraordinary general )?meeting`

// meetingNotices: the meeting's date and record date where a proxy's notice, a release or an
// 8-K states them in shapes of their own. Part of the meeting family (meeting.go); corpus:
// testdata/meeting.corpus.
var meetingNotices = []*rule.Rule{
	{
		// the notice's heading in capitals, "TO BE HELD ON MARCH 25, 2021", on a line of its own
		// or after "NOTICE OF SPECIAL MEETING ..."; lower-case words are prose, not a heading,
		// unless the heading is in title case ("To Be Held at 1:00 p.m. Eastern Time on ...")
		ID: "meeting.date_heading", Emit: rule.One(spac.FieldMeetingDate),
		Pattern: `^(?:[^⟦a-z]*MEETING[^⟦a-z]* )?TO BE ?HELD[^⟦a-z]{0,80}?{v:date}|^(?:[^⟦]*MEETING[^⟦]* )?To Be Held (?:[Oo]n |[Aa]t [^⟦]{0,60}? on )` + weekday + `{v:date}`,
		Not:     `(?i)originally|previously|initially`,
		// a copy from a PDF may glue "BE" to "HELD"; the heading may sit under the letter to the
		// holders, before the notice names the meeting
		Within:   `(?i)meeting|letter to (?:the )?(?:stockholders|shareholders)`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the last move of a meeting postponed more than once: "originally scheduled for <date>
		// and postponed to <date>, has been adjourned to 10 a.m., Eastern Time, on <date>"
		ID: "meeting.date_moved_to", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)^.*\b(?:has been|have been|was|were|is being|will be|had been) (?:further |again )?(?:adjourned|postponed|rescheduled)[^⟦]{0,40}? (?:to|until) ` + weekday + `(?:` + timeOfDay + `,? (?:on )?` + weekday + `)?{v:date}`,
		Must:     `(?i)meeting`,
		Not:      pastMeeting + `|\bif\b|\bwould\b|\bmay\b|\bmight\b`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// the move named as a noun, as a release's headline or summary names it: "Announces
		// Postponement of Special Meeting of Shareholders Until Monday, <date>", "announced the
		// adjournment of its special meeting, originally set for <date>, to <date>", "Change of
		// Special Meeting Date to <date>"; the new date wins over the one first scheduled. The
		// adjournment proposal ("a proposal to approve the adjournment of the meeting to a later
		// date") moves nothing.
		ID: "meeting.date_postponement_of", Emit: rule.One(spac.FieldMeetingDate),
		Pattern: `(?i)\b(?:postponement|adjournment|rescheduling|change) of (?:the |its |our |their )?[^⟦.]{0,60}?meeting\b(?: of (?:stockholders|shareholders))?(?: date)?` +
			`(?:,? (?:which was |that was )?(?:originally |previously |initially )?(?:scheduled|set) (?:to be held )?(?:for|on) ` + weekday + `{date}(?: at ` + timeOfDay + `)?,?)? (?:to|until) (?:` + timeOfDay + `,? (?:on )?)?` + weekday + `{v:date}`,
		Not:      pastMeeting + `|\b(?:if|would|could|may|might|necessary|proposal)\b|\bvote (?:on|upon|for)\b[^⟦]*$`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "convene and then adjourn ... its special meeting scheduled for <date>, and reconvene at
		// 9:00 a.m., Eastern time, on <date>", "... adjourned, without conducting any business, to
		// recommence at 8:30 a.m. Eastern Time on <date>"
		ID: "meeting.date_reconvene_at", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\b(?:and|then|to|will) (?:reconvene|recommence|resume)(?: the [^⟦]{0,40}?meeting)? at ` + timeOfDay + `,? on ` + weekday + `{v:date}`,
		Must:     `(?i)meeting`,
		Not:      pastMeeting + `|\bif\b|\bwould\b|\bmay\b`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// the notice's "When:" row beside its "Where:" ("| WHEN: | Wednesday, May 15, 2024, at
		// 11:00 a.m. |" / "| WHERE: | Virtually at ..."); a lone "when" is a question's word
		ID: "meeting.date_when_label", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)(?:^|[\s|])when` + labelEnd + weekday + `{v:date}`,
		Within:   `(?i)\bwhere(?::| \|)`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// the meeting's date named as such: "The date of the Special Meeting is May 15, 2024."
		ID: "meeting.date_of_meeting_is", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\bthe date of (?:the|our|its) ` + meetingNoun + `(?: of (?:stockholders|shareholders))? (?:is|will be) ` + weekday + `{v:date}`,
		Not:      pastMeeting + `|\b(?:if|would|could|may|might)\b|originally|previously|initially`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the record date as the date's attribute: "The November 3, 2022 record date is earlier
		// than the date of the special meeting"
		ID: "meeting.record_date_attributive", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)\bthe {v:date},? record date\b`,
		Never:    otherMeeting,
		Classes:  meetingForms,
		Priority: 10,
	},
	{
		// the tender deadline named and then given: "The deadline for submitting redemption
		// requests is 5:00 p.m. Eastern Time on June 20, 2023", "... has been extended to ...";
		// a postponed meeting's deadline moved "from <old> to <new>" is the new one
		ID: "meeting.tender_deadline_is", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)\b(?:deadline|last day|time) (?:for|to|by which)[^⟦.]{0,60}?\b(?:redemption|redeem)\w*[^⟦.]{0,40}? (?:is|was|will be|(?:has been|is|was) (?:extended|moved|postponed)(?: from (?:` + timeOfDay + `,? (?:on )?)?` + weekday + `{date},?)? to) (?:` + timeOfDay + `,? (?:on )?)?` + weekday + `{v:date}`,
		Not:      pastMeeting + `|\bif\b|\bmay\b|\bwould\b`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// the requests named, the tender verb left to the section: "Requests must be received by
		// 5:00 p.m., Eastern Time, on October 24, 2025"
		ID: "meeting.tender_requests_received", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)\b(?:redemption )?requests?(?: (?:to redeem|for redemption))? (?:must|should|shall) be (?:received|submitted|delivered|made|tendered) (?:by|no later than|not later than|prior to|before) ` + timeOfDay + `,? on ` + weekday + `{v:date}`,
		Within:   `(?i)redeem|redemption`,
		Not:      pastMeeting + `|\b(?:if|would|could)\b|originally|previously`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the date first, the record date in apposition: "As of <date>, the record date for the
		// Meeting, there were ..."
		ID: "meeting.record_date_apposed", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)\b(?:as of|at the close of business on|on) {v:date},? (?:which (?:is|was) |being )?the record date\b`,
		Never:    otherMeeting,
		Classes:  meetingForms,
		Priority: 10,
	},
	{
		// the record date first, its date in apposition: "As of the record date for the special
		// meeting, <date>, there were ..."
		ID: "meeting.record_date_then_date", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)\bthe record date(?: for (?:the|its|our) [^⟦,]{0,60}?)?, {v:date},`,
		Never:    otherMeeting,
		Classes:  meetingForms,
		Priority: 10,
	},
	{
		// a notice names the filer, its defined terms, then its jurisdiction: "a meeting of Acme
		// Acquisition Corp. ("Acme," "ACME," the "Company," "we"), a Cayman Islands exempted
		// company, will be held"; only the filer's own name is read (a target's is not)
		ID: "meeting.state_notice_apposition", Produce: filerOnly(jurisdictionOf), Gives: []string{spac.FieldStateOfInc},
		Pattern:  `(?P<org>{org}) \((?:[^()⟦]|⟦(?:org|ticker) \d+⟧){1,160}\),? (?:is )?(?:a|an) ` + jurisdictionSlot + ` ` + companyForm + `\b`,
		Not:      notOwnJurisdiction,
		Never:    jurisdictionMoved,
		Classes:  []doc.Class{doc.Proxy, doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 97,
	},
	{
		// the cover of a Cayman proxy: the name, then "A Cayman Islands Exempted Company" on a
		// line of its own before the address; the same notice may be filed as an exhibit
		ID: "meeting.state_proxy_cover", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `^(?:A|An) ` + jurisdictionSlot + ` (?i:exempted company)\b`,
		Classes:  []doc.Class{doc.Proxy, doc.Current, doc.Communication},
		Priority: 96,
	},
}
