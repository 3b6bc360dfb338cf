package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Meeting: shareholder meetings (date, record date, tender deadline, what they vote on), the
// votes stated in sentences (tables are read by the extract package), the redemptions they
// trigger, and extensions (new deadline, sponsor deposits). Corpus: testdata/meeting.corpus.

// voteItems are the 8-K items that report a meeting, its results and its redemptions.
var voteItems = []string{"5.07", "5.03", "8.01", "7.01", "2.01"}

// pastMeeting vetoes history recounted in a proxy for a later meeting.
const pastMeeting = `(?i)\b(?:previously|prior|first|earlier|last) (?:extension|meeting|special meeting)|in connection with the (?:first|prior|previous)`

// mainProposal is the context of votes that count: the extension or business combination.
const mainProposal = `(?i)extension|business combination|charter amendment|trust amendment|merger`

const (
	meetingNoun = `(?:special|extraordinary general|annual general|annual|extraordinary|general) meeting`
	timeOfDay   = `\d{1,2}(?::\d{2})?\s?[ap]\.?\s?m\.?,?(?: \(?(?:Eastern|Pacific|Central|Mountain|New York City|New York)[^,;⟦]{0,25}?[Tt]ime\)?| E\.?[SD]?\.?T\.?)?`
)

var meeting = []*rule.Rule{
	// meeting_date
	{
		ID: "meeting.date_on_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:held|convened|reconvened) (?:an?|its|the) [^⟦]*?meeting`,
		Not:      pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.date_held_on", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting[^⟦]*? (?:was |that was )?(?:held|convened) on {v:date}`,
		Not:      pastMeeting + `|originally|postpone|adjourn`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.date_will_be_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting.*? (?:will|shall) be (?:held|convened)(?: (?:on|at).*?| virtually.{0,60}?)?\b(?:on )?{v:date}`,
		Not:      pastMeeting + `|originally scheduled|if (?:the|a) `,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.date_to_be_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting.*? to be held (?:(?:on|at|virtually).*?)?{v:date}`,
		Not:      pastMeeting + `|originally`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "meeting.date_set_for", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)meeting.*?(?:has been|was|is|been) (?:re)?(?:set|scheduled|postponed|adjourned) (?:for|to|until) {v:date}`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		ID: "meeting.date_at_meeting_held", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)` + meetingNoun + `[^⟦]{0,60}? on {v:date}`,
		Not:      pastMeeting + `|originally|postpone|adjourn|record|filed`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 6,
	},
	// record_date
	{
		ID: "meeting.record_date", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)record date[^⟦]*?(?:close of business on|is|was|as of|of|on) {v:date}`,
		Not:      pastMeeting,
		Classes:  meetingForms,
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
		Pattern:  `(?i)(?:fixed|set|established) (?:the close of business on )?{v:date},? as the record date`,
		Classes:  meetingForms,
		Priority: 11,
	},
	{
		ID: "meeting.record_holders_as_of", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)(?:shareholders|stockholders|holders) of record (?:as of|at) (?:the close of business on )?{v:date}`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		Priority: 9,
	},
	{
		ID: "meeting.record_table", Emit: rule.One(spac.FieldRecordDate),
		Pattern:  `(?i)^record date:? \| {v:date}`,
		Classes:  meetingForms,
		Priority: 11,
	},
	// redemption_deadline
	{
		ID: "meeting.tender_deadline", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)(?:tender|deliver|redeem|redemption|submit|demand)[^⟦]*?(?:prior to|before|by|no later than|until) ` + timeOfDay + `,? on {v:date}`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.tender_deadline_table", Emit: rule.One(spac.FieldRedemptionDeadline),
		Pattern:  `(?i)^(?:redemption|tender) deadline:? \| [^|⟦]{0,40}?{v:date}`,
		Classes:  meetingForms,
		Priority: 11,
	},
	// meeting_kind
	{
		ID: "meeting.kind_business_combination", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)(?P<v>business combination proposal|merger proposal|to (?:consider|approve|vote on|adopt)[^⟦]*?(?:business combination|merger agreement|agreement and plan of merger))`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		Priority: 12,
	},
	{
		ID: "meeting.kind_extension", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)(?P<v>extension(?: amendment)? proposal|charter (?:extension|amendment) proposal|trust (?:agreement )?amendment proposal|(?:extend|extending|extension of) the (?:date|time|period|deadline) by which)`,
		Not:      pastMeeting,
		Classes:  meetingForms,
		Priority: 10,
	},
	// votes stated in sentences (tables: extract/votes.go)
	{
		ID: "meeting.votes_sentence", Emit: rule.Emit{"f": spac.FieldVotesFor, "a": spac.FieldVotesAgainst, "b": spac.FieldVotesAbstain},
		Pattern:  `(?i)(?:holders of )?{f:shares|count}(?: \([^)]{0,60}\))?(?: shares)? (?:voted |votes |were cast )?(?:in favor|for)\b[^⟦]{0,40}?(?:holders of )?{a:shares|count}(?: \([^)]{0,60}\))?(?: shares)? (?:voted |votes |were cast )?against\b[^⟦]{0,40}?(?:holders of )?{b:shares|count}(?: \([^)]{0,60}\))?(?: shares)? (?:abstained|abstaining|abstentions?|abstain)`,
		Must:     mainProposal,
		Not:      `(?i)adjournment proposal (?:was|received)|director`,
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
		ID: "meeting.votes_none_against", Emit: rule.One(spac.FieldVotesAgainst), Value: "0",
		Pattern: `(?i)(?P<v>no votes against)`, Must: mainProposal, Classes: current, Items: voteItems, Priority: 10,
	},
	{
		ID: "meeting.votes_no_abstentions", Emit: rule.One(spac.FieldVotesAbstain), Value: "0",
		Pattern: `(?i)(?P<v>no abstentions)`, Must: mainProposal, Classes: current, Items: voteItems, Priority: 10,
	},
	// redemptions
	{
		ID: "meeting.redeemed_holders_exercised", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:holders? of|holding) {v:shares}[^⟦]*?(?:validly |properly )?exercised (?:their|its|the) rights? to (?:have (?:such|those|their) shares )?redeem`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.redeemed_tendered", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i){v:shares|count}[^⟦]{0,60}? (?:were|have been) (?:validly )?(?:tendered|submitted|presented|delivered) for redemption`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.redeemed_aggregate", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:an aggregate of|a total of) {v:shares}[^⟦]{0,60}? (?:were|have been|was) redeemed`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.redeemed_redemption_of", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:after giving effect to|following|in connection with) the redemption of {v:shares}`,
		Not:      hypothetical + `|` + pastMeeting + `|maximum|no redemption`,
		Classes:  current,
		Items:    voteItems,
		Priority: 9,
	},
	{
		ID: "meeting.redemption_price", Emit: rule.One(spac.FieldRedemptionPrice),
		Pattern:  `(?i)redemption price of (?:approximately )?{v:money} per (?:public )?share`,
		Must:     `(?i)redeem|redemption`,
		Not:      hypothetical + `|` + pastMeeting + `|estimated|expected to be`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.redemption_amount", Emit: rule.One(spac.FieldRedemptionAmount),
		Pattern:  `(?i)(?:aggregate (?:redemption )?(?:amount|payment) of|for an aggregate of|redeemed for) (?:approximately )?{v:money}`,
		Not:      hypothetical + `|` + pastMeeting + `|remain`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		ID: "meeting.redemption_amount_price", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "p": spac.FieldRedemptionPrice},
		Pattern:  `(?i)(?:approximately )?{v:money},? \((?:or )?(?:approximately )?{p:money} per (?:public )?share\).*?(?:removed|withdrawn|paid|distributed|released) (?:from|out of)`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		ID: "meeting.redeemed_for_or_price", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "p": spac.FieldRedemptionPrice},
		Pattern:  `(?i)redeemed for (?:approximately )?{v:money},? or (?:approximately )?{p:money} per share`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 12,
	},
	{
		ID: "meeting.shares_remaining", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i)(?:will have|has|had|leaving|with|currently has) {v:shares|count}(?: (?:public shares|shares of class a [^⟦]{0,40}?|class a [^⟦]{0,40}?shares|ordinary shares))?(?: (?:issued and )?outstanding| held by public (?:shareholders|stockholders))`,
		Not:      hypothetical + `|` + pastMeeting + `|class b|founder|including`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	// extensions
	{
		ID: "meeting.new_deadline_extended_to", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  `(?i)(?:extend|extending|extended|extension of|moving)[^⟦]{0,40}? (?:the )?(?:date|time|period|deadline|termination date).*?(?:from {date}(?: \([^)]*\))?,? )?(?:to|until) {v:date}`,
		Not:      pastMeeting + `|earlier|not approved|fail|up to|if (?:the|a) `,
		Classes:  meetingForms,
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.extension_deposit", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)(?:deposit(?:ed|s)?|contribut(?:ed|e|ion)|caused to be deposited)[^⟦]{0,40}? (?:of )?(?:an aggregate of |a total of |the amount of )?{v:money}.*?(?:into|in) the (?:company` + ap + `s )?trust account`,
		Must:     `(?i)exten`,
		Not:      `(?i)up to|lesser of|aggregate of all|total of all|in the aggregate since|per share\)? (?:for|in)|if (?:the|a) |may deposit|will not`,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.extension_approved_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?:shareholders|stockholders|members)[^⟦]{0,40}? approved.*?(?P<v>exten(?:sion|d|ding))|(?P<v>exten(?:sion|sion amendment) proposal) was approved`,
		Not:      `(?i)not approved|did not|adjournment proposal was approved`,
		Classes:  current,
		Items:    []string{"5.07", "5.03"},
		Priority: 8,
	},
	{
		ID: "meeting.extension_proposed_status", Emit: rule.Emit{"v": spac.FieldStatus, "d": spac.FieldNewDeadline},
		Value:    string(spac.StatusInExtension),
		Pattern:  `(?i)(?P<v>extend the date) by which the company (?:must|has to|is required to) (?:consummate|complete|effect).*?(?:from {date},? )?to {d:date}`,
		Not:      pastMeeting,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "meeting.trust_per_share", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)approximately {v:money} per (?:issued and outstanding )?(?:public )?share`,
		Must:     `(?i)trust account`,
		Not:      pastMeeting + `|less than|could|may be`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 10,
	},
}
