package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingKinds: what a meeting is called to decide, an extension of the deadline or the
// business combination. Part of the meeting family (meeting.go); corpus: testdata/meeting.corpus.
//
// An extension proxy speaks of business combinations all the time (the one it buys time for,
// the vote holders keep for later), so in a PRE/DEF 14A a business-combination reading is
// weaker than an extension one; in a merger proxy the form says what the meeting is, and an
// extension is never read there.

const (
	// kindElsewhere vetoes a proposal named for another meeting or denied: "you are not being
	// asked to vote on any business combination", "... will be submitted at a separate meeting".
	kindElsewhere = `(?i)\bnot (?:being )?(?:asked|required) to (?:vote|approve)|\bseparate (?:special |extraordinary general |annual )?meeting|\bat a later (?:date|time|meeting)|\bfuture (?:special |extraordinary general )?meeting|\bsubsequently proposed|\bwhen (?:one|it|such (?:a )?business combination) is (?:submitted|presented)|\bonce (?:the|a|its|our) (?:registration statement|proxy statement|form s-4|merger proxy)|\bupon (?:the )?effectiveness`
	// notAsked vetoes an extension the holders are told they do not vote on ("stockholders are
	// not being asked to extend the date by which ..."), in a merger proxy's class or not.
	// A meeting the company decided not to hold, or called off, asks nothing either ("has opted
	// not to hold an extraordinary general meeting to extend the deadline").
	notAsked = `(?i)\bnot (?:being )?(?:asked|required) to (?:vote (?:on|upon|for) (?:an? |the |any )?(?:extension|amendment)|approve (?:an? |the |any )?extension|extend)` +
		// "No proposal to extend the date ... is being presented at this meeting"
		`|\bno (?:proposal|amendment|resolution) (?:to extend|extending|for (?:an? )?extension)\b` +
		`|\b(?:opted|decided|elected|determined|chosen|chose|resolved) not to (?:hold|convene|call|proceed with)\b|\b(?:will|shall|does|do) not (?:hold|convene)\b|\b(?:cancel(?:l?ed|s)?|withdr[ae]wn?)\b[^.]{0,80}\b(?:meeting|proposal)|\b(?:meeting|proposal)\b[^.]{0,80}\b(?:has been|was|is|will be) (?:cancel(?:l?ed)|withdrawn)\b`
	// earlyTermination vetoes the charter or trust amendment of a meeting called to liquidate
	// before the deadline: it does not extend it.
	earlyTermination = `(?i)\bearly (?:termination|liquidation|wind[- ]?(?:up|down)|redemption)|\b(?:liquidate|dissolve|wind up) early\b|\baccelerat\w* (?:the )?(?:date|deadline|liquidation|termination|redemption)`
	// bcPurposeVeto vetoes a business-combination purpose that is denied, generic or future.
	// A condition is no purpose either: a charter's "If a majority of the shares voted by the
	// public stockholders are voted to approve the Initial Business Combination, ...".
	bcPurposeVeto = `|\bnot\b|\bany\b|\bfuture\b|\bsubsequent|\blater\b|\bseparate\b|\bif\b|\bunless\b|\bwhether\b`
)

// nonMerger are the classes where a meeting can be an extension's: not a merger proxy.
var nonMerger = []doc.Class{doc.Current, doc.Communication, doc.Proxy}

var meetingKinds = []*rule.Rule{
	{
		ID: "meeting.kind_business_combination", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)(?P<v>business combination proposal|merger proposal)`,
		Not:      pastMeeting,
		Never:    kindElsewhere,
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.MergerProxy},
		Priority: 12,
	},
	{
		// in an extension proxy's class, below any extension reading of the same proxy
		ID: "meeting.kind_business_combination_in_proxy", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)(?P<v>business combination proposal|merger proposal)`,
		Not:      pastMeeting,
		Never:    kindElsewhere,
		Classes:  []doc.Class{doc.Proxy},
		Priority: 9,
	},
	{
		// what the meeting is called to do; "to approve ... extending the date by which it must
		// complete a business combination" is an extension
		ID: "meeting.kind_business_combination_purpose", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)(?P<v>` + bcPurpose + `)`,
		Not:      pastMeeting + bcPurposeVeto + `|(?:by which|exten\w+|deadline|termination date|liquidat\w+|wind(?:ing)? up)[^.⟦]*$`,
		Never:    kindElsewhere,
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.MergerProxy},
		Priority: 12,
	},
	{
		ID: "meeting.kind_business_combination_purpose_in_proxy", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)(?P<v>` + bcPurpose + `)`,
		Not:      pastMeeting + bcPurposeVeto + `|(?:by which|exten\w+|deadline|termination date|liquidat\w+|wind(?:ing)? up)[^.⟦]*$`,
		Never:    kindElsewhere,
		Classes:  []doc.Class{doc.Proxy},
		Priority: 9,
	},
	{
		// the meeting named by the deal it is called for, its hour and day between: "the special
		// meeting of stockholders scheduled to occur at 10:00 a.m., Eastern time, on <date> in
		// connection with its proposed business combination with <target>"; a meeting that
		// extends the deadline "in connection with" the deal it buys time for is the extension's
		ID: "meeting.kind_business_combination_in_connection", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern: `(?i)\bmeeting\b(?:[^⟦.]|⟦(?:date|org) \d+⟧|\b[ap]\.m\.){0,200}? in connection with (?:its|the|their|our) (?P<v>(?:proposed|pending|previously announced) business combination) with\b`,
		// (an adjournment "without conducting any business" is no generic deal)
		Not:      pastMeeting + `|\bnot\b|\bfuture\b|\bsubsequent|\blater\b|\bseparate\b|\bif\b|\bunless\b|\bwhether\b`,
		Never:    kindElsewhere + `|(?i)exten\w+|deadline|termination date|by which|liquidat\w+|wind(?:ing)? up|redeem|redemption`,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 12,
	},
	{
		ID: "meeting.kind_business_combination_held_for", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		Pattern:  `(?i)` + meetingHeldFor,
		Not:      pastMeeting + bcPurposeVeto,
		Never:    kindElsewhere,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 12,
	},
	{
		ID: "meeting.kind_business_combination_approved", Emit: rule.One(spac.FieldMeetingKind), Value: "business_combination",
		// the deal named by its agreement: "The Stockholders approved and adopted the Merger
		// Agreement", "shareholders voted to adopt the Business Combination Agreement"
		Pattern: `(?i)(?:shareholders|stockholders) (?:have |had )?approved (?:its|the) (?:proposed |previously announced )?(?P<v>business combination)\b|(?P<v>business combination)(?: \([^()]{0,60}\))? (?:was|has been) approved` +
			`|(?:shareholders|stockholders) (?:have |had )?(?:approved|adopted|voted to (?:approve|adopt))(?: and (?:adopted|approved|adopt|approve))? (?:the )?(?P<v>(?:business combination|merger) agreement|agreement and plan of (?:merger|reorganization)|merger agreement and plan of reorganization)\b`,
		Not: pastMeeting + `|\bif\b|\bnot\b|exten`,
		// the target's holders act by written consent; that is no meeting of the SPAC
		Never:    `(?i)written consent`,
		Classes:  current,
		Items:    voteItems,
		Priority: 12,
	},
	{
		// a charter or trust amendment proposal alone may also end the SPAC early: only the
		// extension's own names are read here
		ID: "meeting.kind_extension", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)(?P<v>extension(?: amendment)? proposal|charter extension proposal)`,
		Not:      pastMeeting,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  nonMerger,
		Priority: 10,
	},
	{
		// a proposal whose amendment is defined as the extension's: "1. A proposal to amend (the
		// “Extension Amendment”) the Company's charter to provide the Board ...", "To approve an
		// amendment to the articles (the "Extension Amendment") ..."; the list of a proxy's
		// proposals may be cut before the dates are written; the charter's name and the annex
		// that holds the amendment may stand between ("To amend the Company's Amended and
		// Restated Certificate of Incorporation (as amended, our "charter") pursuant to an
		// amendment in the form set forth as Annex A to the accompanying proxy statement (the
		// "Extension Amendment") ..."); the letter's list may name the proposal by its number
		// in a cell of its own ("| (i) | Proposal 1 — A proposal to amend by special resolution
		// (the "Extension Amendment") ...")
		ID: "meeting.kind_extension_amendment_defined", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)^(?:\|\s*)?(?:\(?[0-9ivx]{1,4}[.)]\s*(?:\|\s*)?)?(?:proposal (?:no\.? ?)?\d+\s*[—–-]+\s*)?(?:(?:a|the) proposal (?:no\.? ?\d+ )?)?to (?:amend|approve (?:an|the) amendment)\b[^⟦.]{0,240}?\((?:the )?` + q + `(?P<v>extension amendment)` + eq + `\)`,
		Not:      pastMeeting,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  nonMerger,
		Priority: 10,
	},
	{
		// the extension written out, where a meeting decides it (a sponsor's monthly deposit
		// calls no meeting)
		ID: "meeting.kind_extension_purpose", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)(?P<v>` + extendDeadline + `)`,
		Must:     `(?i)meeting|proposal|\bvote|(?:stockholders|shareholders) (?:have )?approved|approv\w* (?:by|of) (?:its |the )?(?:stockholders|shareholders)|proxy statement`,
		Not:      pastMeeting,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 10,
	},
	{
		// a release's own news, the holders' approval of the extension: "announced today that
		// its shareholders had approved an extension of time for ACME to complete ...". It outranks
		// the merger meeting such a release goes on to call, which the extension buys time for
		// ("ACME has called an extraordinary general meeting to consider the proposed business
		// combination").
		ID: "meeting.kind_extension_approved", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)\bannounce[sd]?(?: today)?,? that (?:its |the |our )?(?:shareholders|stockholders|holders) (?:have |had |has )?(?:approved|voted to approve|voted in favou?r of) (?:an |the )?(?P<v>` + extendDeadline + `)`,
		Not:      pastMeeting + `|\b(?:if|not|would|may|will)\b|\bprevious|\bprior\b|\bearlier\b|\bfirst\b`,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 13,
	},
	{
		// a proxy's proposal; an extension it recounts ("our shareholders approved an extension
		// of the date ...") was an earlier meeting's (a defined term "the Extended Date" is none)
		ID: "meeting.kind_extension_proposed", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern: `(?i)(?P<v>` + extendDeadline + `|` + extendFromToAny + `)`,
		// "the meeting is being held to consider ..." is this proxy's meeting; "was held" is not
		Not:      pastMeeting + `|\b(?:approved|previously)\b|\b(?:was|were|we|company|had|has been|have been) held\b|(?-i:\bextended\b)`,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Proxy},
		Priority: 10,
	},
	{
		// an extension proxy names its own extension by the defined date it sets, in the Q&A
		// ("Other than the extension until the Extended Date as described in this proxy
		// statement, ...") or the board's reason ("to continue our existence until the
		// Extended Date"); a merger proxy's class never reads it
		ID: "meeting.kind_extension_defined_date", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)\b(?:other than (?:the|this) (?P<v>extension) (?:until|to|through)|(?P<v>continue) (?:our|its|the company` + ap + `s|⟦org \d+⟧` + ap + `s|\w+` + ap + `s) (?:corporate )?existence (?:until|to|through)) the (?-i:(?:Extended|Extension|New Termination|Amended Termination) Date)\b`,
		Not:      pastMeeting + `|\b(?:approved|previously)\b`,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Proxy},
		Priority: 9,
	},
	{
		// the charter amendment an extension meeting approved (Item 5.03)
		ID: "meeting.kind_extension_amended", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)(?:amendment|amended (?:and restated )?(?:charter|articles|certificate|memorandum)\w*)[^⟦.]{0,80}? (?P<v>` + extendDeadline + `)`,
		Not:      pastMeeting + `|\bif\b|\bmay\b|\bwould\b`,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  current,
		Items:    []string{"5.03"},
		Priority: 10,
	},
	{
		// the meeting defined by its purpose: "at the extraordinary general meeting held on
		// <date> (the "Extension Meeting")"
		ID: "meeting.kind_extension_meeting_defined", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)\((?:the )?` + q + `(?:\w+ )?(?P<v>extension (?:meeting|egm|special meeting|general meeting))` + eq + `\)`,
		Not:      pastMeeting,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 8,
	},
	{
		// "the Extension", the defined term of an 8-K reporting the extension meeting
		ID: "meeting.kind_extension_defined", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `\b(?:the|this) (?P<v>Extension)\b`,
		Not:      pastMeeting,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 8,
	},
}

// bcPurpose is a meeting's business-combination purpose: "to consider and vote upon a proposal
// to approve the merger agreement".
const bcPurpose = `to (?:consider|approve|vote (?:on|upon)|adopt)[^⟦.]*?(?:business combination|merger agreement|agreement and plan of merger|qualifying (?:acquisition|transaction))` +
	// a release may say the meeting is held "to consummate its initial business combination
	// with <target>", or name it as the meeting "relating to" that deal
	`|meeting\b(?:[^⟦.]|⟦[a-z]+ \d+⟧|\b[ap]\.m\.){0,200}?,? to (?:consummate|complete|effect) (?:its|the|their) (?:initial |proposed |previously announced )?business combination with\b` +
	`|meeting\b[^⟦.]{0,80}? relat(?:ing|ed) to (?:its|the|their) (?:proposed |pending |previously announced )?business combination with\b`

// meetingHeldFor is a meeting called for the deal it decides: "The Meeting is being held in
// connection with the Corporation's proposed qualifying acquisition with X", "the special
// meeting will be held to approve the proposed business combination". A Canadian SPAC calls
// its business combination a qualifying acquisition (or transaction).
const meetingHeldFor = `\bmeeting(?: of (?:the )?(?:stockholders|shareholders))? (?:is|was|will be) (?:being )?(?:held|called|convened) (?:in connection with|to (?:consider|approve|vote on)) (?:the |its |our )?(?:(?:company|corporation)` + ap + `s )?(?P<v>(?:proposed |previously announced )?(?:initial )?(?:business combination|qualifying (?:acquisition|transaction)|merger))`
