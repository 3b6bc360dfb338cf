package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Meeting: shareholder meetings (date, record date, tender deadline, what they vote on), the
// votes stated in sentences (tables are read by the extract package), the redemptions they
// trigger, and extensions (new deadline, sponsor deposits). Corpus: testdata/meeting.corpus.

// voteItems are the 8-K items that report a meeting, its results and its redemptions.
var voteItems = []string{"5.07", "5.03", "8.01", "7.01", "2.01"}

// outcomeItems are the 8-K items that report what a meeting decided.
var outcomeItems = []string{"5.07", "5.03"}

// extensionProxies are the proxies of a meeting called to extend the deadline (a merger
// proxy is about the business combination).
var extensionProxies = []doc.Class{doc.Proxy}

// votesOf is the vote count fragment with its slot named.
func votesOf(slot string) string { return strings.ReplaceAll(voteCount, "SLOT", slot) }

// meeting is the whole family, in the order its rules are tried.
var meeting = concat(meetingTerms, meetingNotices, meetingState, meetingKinds, meetingNarrated, meetingExtensionTerms, meetingEvents, meetingDepositTerms, meetingCharter, meetingRedemptions, meetingRedemptionStatement, meetingDeadlines, meetingListing, meetingReleaseTerms)

// meetingTerms: the meeting (dates, record date, tender deadline, kind) and votes stated
// in sentences.
var meetingTerms = []*rule.Rule{
	// meeting_date
	{
		ID: "meeting.date_on_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern: `(?i)\bOn {v:date},? ` + notDate + `*?(?:held|convened|reconvened) (?:an?|its|the) [^⟦]*?meeting` +
			`|\bOn {v:date},? (?:at ` + timeOfDay + `,? )?(?:the|its|an?) [^⟦.]{0,60}?meeting(?:[^⟦.]|⟦org \d+⟧){0,80}? (?:was|were) (?:held|convened|reconvened)`,
		Not:      pastMeeting,
		Never:    convenedAdjourned,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		// "On <date>, at the Special Meeting, the shareholders approved ..."
		ID: "meeting.date_on_at_meeting", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)^On {v:date},? (?:at ` + timeOfDay + `,? )?(?:at|during) (?:the|its|an?) [^⟦.]{0,60}?meeting\b`,
		Not:      pastMeeting,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    voteItems,
		Priority: 10,
	},
	{
		ID: "meeting.date_on_approved_at", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:shareholders|stockholders|members) ` + notDate + `*?approved ` + notDate + `*? at (?:the |an? |its )?[^⟦.]{0,40}?meeting\b`,
		Not:      pastMeeting,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 10,
	},
	{
		ID: "meeting.date_held_on", Emit: rule.One(spac.FieldMeetingDate),
		Pattern: heldOn,
		Not:     pastMeeting + `|originally|initially|\bpreviously\b|postpone|adjourn`,
		// convened and adjourned with nothing done: the day it convened is not the meeting's
		Never:    adjournedIdle,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the same in a proxy, whose own meeting is still to come: a meeting the sentence
		// reports as voted ("At the special meeting held on December 5, 2022, our stockholders
		// approved ...", another company's meeting in a director's biography) is an earlier one
		ID: "meeting.date_held_on_proxy", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  heldOn,
		Not:      pastMeeting + `|originally|initially|\bpreviously\b|postpone|adjourn`,
		Never:    meetingVoted + `|` + adjournedIdle,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.date_will_be_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting` + orgGap + `*? (?:will|shall) (?:now |instead )?(?:be (?:held|convened)|take place)[^⟦]{0,100}?\bon ` + weekday + `{v:date}`,
		Not:      pastMeeting + `|originally scheduled|if (?:the|a) `,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.date_to_be_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting` + orgGap + `*? to be held (?:(?:on|at|virtually|in|via|by|through|online|exclusively)\b` + orgGap + `*?)?{v:date}`,
		Not:      pastMeeting + `|originally|initially|previously scheduled`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "the meeting, originally scheduled for <date>, ...", "adjourned the meeting scheduled for
		// <date>" is the date it no longer has
		ID: "meeting.date_set_for", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting.*?(?:(?:has been|was|is|been|previously) )?(?:re)?(?:set|scheduled|postponed|adjourned)(?: from {date})? (?:for|to|until) ` + weekday + `{v:date}`,
		Not:      pastMeeting + `|\b(?:if|may|might|would|could)\b|(?:(?:originally|previously|initially) |(?:adjourn|postpon)\w* (?:the|its|our) [^⟦]*?)(?:set|scheduled) (?:for|to) (?:\w+,? )?⟦date \d+⟧$|` + approvedThenAdjourned,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// the verb before the meeting: "adjourned, without conducting any business, its special
		// meeting of shareholders until Thursday, <date>"; the new hour may come before the new
		// day ("decided to postpone the meeting to 9:00 a.m. Eastern Time on <date>")
		ID: "meeting.date_adjourned_until", Emit: rule.One(spac.FieldMeetingDate),
		Pattern: `(?i)\b(?:postponed|adjourned|rescheduled|postpone|adjourn|reschedule)\b[^⟦.]{0,80}? (?:the|its|our) [^⟦.]{0,60}?meeting\b[^⟦.]{0,80}?(?:,? (?:which was |that was )?(?:originally |previously |initially )?(?:scheduled|set) (?:to be held )?(?:for|on) {date},?)? (?:to|until) (?:` + timeOfDay + `,? (?:on )?)?` + weekday + `{v:date}`,
		// the adjournment's purpose may name the deadline it seeks to extend; a meeting that
		// already approved its main proposal and goes on only for another is not moved by it
		Not:      pastMeeting + `|\bif\b|(?:extend\w*|extension (?:of|to)|deadline|termination date|by which|combination period)[^⟦]*?⟦date \d+⟧$|` + approvedThenAdjourned,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// a postponement: the meeting's new date wins over the one first scheduled
		ID: "meeting.date_will_now_hold", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\b(?:will (?:now )?(?:hold|convene|reconvene)|(?:to|and) reconvene|reconvened) the [^⟦]{0,40}?meeting[^⟦]{0,60}? on ` + weekday + `{v:date}`,
		Not:      pastMeeting + `|\bif\b`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "record" or "filed" between the meeting and the date name another date; said earlier in
		// the sentence ("as disclosed in the proxy statement filed by ...") they do not
		ID: "meeting.date_at_meeting_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  meetingOn,
		Not:      meetingOnNot,
		Never:    adjournedIdle,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 6,
	},
	{
		// the same in a proxy: a meeting the sentence reports as voted is an earlier one
		ID: "meeting.date_at_meeting_proxy", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  meetingOfOn,
		Not:      meetingOnNot + `|\bpreviously\b`,
		Never:    meetingVoted + `|\b(?:has|have|was|were) been (?:postponed|adjourned|cancell?ed)\b`,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 6,
	},
	{
		// the date as the meeting's attribute: "at the November 30, 2020 stockholders' meeting"
		ID: "meeting.date_attributive", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\b(?:at|of|for|before) (?:the|its|our) {v:date},? (?:` + meetingNoun + `|(?:stockholder|shareholder)s?` + ap + `?s? meeting|meeting of (?:stockholders|shareholders))`,
		Not:      pastMeeting,
		Never:    meetingHistory,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 6,
	},
	{
		// the notice's label and value, in two cells or on one line ("Date and Time: December
		// 12, 2022, at 11:00 a.m."); lines of labels run together into one sentence, so the
		// label may follow another's value
		ID: "meeting.date_table", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)(?:^|[\s|])(?:(?:meeting )?date and time|time and date|date, time and place|meeting date|date of (?:the )?(?:special |extraordinary general |annual )?meeting)` + labelEnd + `(?:[a-z]+day, )?{v:date}`,
		Classes:  proxies,
		Priority: 11,
	},
	{
		// a bare "Date:" label is the meeting's only when a "Time:" label follows its value (a
		// letter's date line stands alone)
		ID: "meeting.date_label_with_time", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)(?:^|[\s|])date` + labelEnd + `(?:[a-z]+day, )?{v:date}`,
		Within:   `(?i)\bdate:(?: \|)? [^:]{0,60}?\btime(?::| \|)`,
		Classes:  proxies,
		Priority: 11,
	},
	// record_date
	{
		ID: "meeting.record_date", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  recordDateIs,
		Not:      pastMeeting + `|` + earlierMeetingHeld + `|` + yearMeetingPast,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 10,
	},
	{
		// the same in a proxy, whose own meeting is still to come: the record date of a meeting
		// "held" ("The record date for the annual meeting held in 2023 was March 1, 2023") is
		// another meeting's; "to be held" is this one's
		ID: "meeting.record_date_proxy", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  recordDateIs,
		Not:      pastMeeting + `|\b(?:meetings?|was|were) held\b|` + earlierMeetingHeld + `|` + yearMeetingPast,
		Classes:  proxies,
		Priority: 10,
	},
	{
		ID: "meeting.record_close_of_business", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)(?:close of business|holders of record|shareholders of record|stockholders of record)[^⟦]{0,60}? (?:on|as of) {v:date}.*?record date`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		Priority: 11,
	},
	{
		ID: "meeting.record_fixed", Emit: rule.One(spac.FieldRecordDate),
		// the record date unnamed in older notices: "has fixed the close of business on <date>
		// as the date for determining stockholders entitled to receive notice of and vote at the
		// special meeting"
		Pattern:  `(?i)(?:fixed|set|established) (?:the close of business on )?{v:date},? as the (?:record date|date (?:for|of) (?:determining|the determination of)\b[^⟦.]{0,80}?\bentitled to (?:receive )?notice)`,
		Classes:  meetingForms,
		Priority: 11,
	},
	{
		ID: "meeting.record_holders_as_of", Emit: rule.One(spac.FieldRecordDate),
		// the class held may name the company ("holders of record of Acme Corp. Class A common
		// stock at the close of business on <date>")
		Pattern:  `(?i)(?:shareholders|stockholders|holders) of record(?: of (?:[^⟦]|⟦(?:org|shares) \d+⟧){0,80}?)? (?:as of|at|on) (?:the close of business on )?{v:date}`,
		Must:     `(?i)meeting|\bvote\b|\bproxy\b`,
		Not:      pastMeeting,
		Never:    otherMeeting,
		Classes:  meetingForms,
		Priority: 9,
	},
	{
		ID: "meeting.record_table", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)(?:^|[\s|])record date` + labelEnd + `(?:the close of business on )?{v:date}`,
		Classes:  meetingForms,
		Priority: 11,
	},
	// redemption_deadline
	{
		ID: "meeting.tender_deadline", Emit: rule.One(spac.FieldRedemptionDeadline),
		// the gap may name the notice period ("at least two business days before the meeting,
		// that is, by 5:00 p.m. ... on <date>")
		Pattern: `(?i)(?:tender|deliver|redeem|redemption|submit|demand)(?:[^⟦]|⟦(?:org|duration) \d+⟧)*?(?:prior to|before|by|no later than|not later than|until|to) ` + timeOfDay + `,? on ` + weekday + `{v:date}`,
		// a deadline that holds only if the meeting moves is no deadline yet ("if the meeting is
		// postponed, requests would be received until ..."); "if you hold your shares in street
		// name, you must ..." is the deadline
		Not:      pastMeeting + `|\bif (?:the |a |its |our )?[a-z ]{0,30}?meeting (?:is|was|were) (?:postponed|adjourned)|\b(?:would|could) (?:be|have)\b`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the date before the hour: "stockholders can redeem their shares until December 16,
		// 2022, at 5:00 p.m. Eastern Time"
		ID: "meeting.tender_deadline_date_first", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)(?:tender|deliver|redeem|redemption|submit|demand)` + orgGap + `{0,120}?(?:prior to|before|by|no later than|not later than|until) ` + weekday + `{v:date},? (?:at|by|prior to|before) ` + timeOfDay,
		Not:      pastMeeting + `|\b(?:if|would|could|might)\b|originally|previously`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.tender_until", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)\b(?:have|has) until ` + timeOfDay + `,? on {v:date},? to (?:submit|tender|deliver|exercise|redeem|demand)[^⟦]*?redemption`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the notice's row, its first cell opened by a border or not ("| Redemption Deadline: |
		// 5:00 p.m. Eastern Time on December 3, 2024 |")
		ID: "meeting.tender_deadline_table", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)^(?:\|\s*)?(?:redemption|tender) deadline:? \| [^|⟦]{0,40}?{v:date}`,
		Classes:  meetingForms,
		Priority: 11,
	},
	// votes stated in sentences (tables: extract/votes.go)
	{
		ID: "meeting.votes_sentence", Emit: rule.Emit{"f": spac.FieldVotesFor, "a": spac.FieldVotesAgainst, "b": spac.FieldVotesAbstain},
		Pattern:  `(?i)` + votesOf("f") + `(?:in favor|for)\b[^⟦]{0,40}?` + votesOf("a") + `against\b(?:[^⟦]{0,40}?` + votesOf("b") + `(?:abstained|abstaining|abstentions?|abstain))?`,
		Must:     mainProposal,
		Heading:  mainProposalHeading,
		Not:      `(?i)adjournment proposal (?:was|received)|director`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		// the counts after their labels, in a sentence: "approved by the following votes: FOR
		// 3,880,112; AGAINST 141,099; ABSTAIN 2,405", "Votes for: 5,100,220, votes against:
		// 20,018, abstentions: 1,200"
		ID: "meeting.votes_labels_first", Emit: rule.Emit{"f": spac.FieldVotesFor, "a": spac.FieldVotesAgainst, "b": spac.FieldVotesAbstain},
		Pattern:  `(?i)\b(?:votes )?(?:for|in favou?r):? {f:count|shares}[,;]? (?:and )?(?:votes )?against:? {a:count|shares}(?:[,;]? (?:and )?(?:abstain(?:ed|ing|s)?|abstentions?):? {b:count|shares})?`,
		Must:     mainProposal,
		Heading:  mainProposalHeading,
		Not:      `(?i)adjournment|director|nominee`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		ID: "meeting.votes_received_for", Emit: rule.One(spac.FieldVotesFor),
		Pattern:  `(?i)received {v:count|shares} (?:votes )?(?:in favor|for)`,
		Must:     mainProposal,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		// "of which the holders of 6,964,770 voted to approve the Charter Amendment": a sentence
		// with the votes for alone
		ID: "meeting.votes_holders_approved", Emit: rule.One(spac.FieldVotesFor),
		Pattern:  `(?i)\bholders of {v:shares|count}(?: \([^)]{0,60}\))?(?: shares)? voted (?:to approve|to adopt|in favou?r of|for) (?:the |an? )?(?:proposed )?(?:extension|business combination|charter amendment|trust (?:agreement )?amendment|articles amendment|merger)`,
		Not:      `(?i)adjourn|director|\bif\b|\bwould\b|\brequired?\b|necessary|\bneeds?\b`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		ID: "meeting.votes_none_against", Emit: rule.One(spac.FieldVotesAgainst), Value: "0",
		Pattern: `(?i)(?P<v>no votes against)`, Must: mainProposal, Classes: current, Items: voteItems, Priority: 10,
	},
	{
		ID: "meeting.votes_no_abstentions", Emit: rule.One(spac.FieldVotesAbstain), Value: "0",
		Pattern: `(?i)(?P<v>no abstentions)`, Must: mainProposal, Classes: current, Items: voteItems, Priority: 10,
	},
}
