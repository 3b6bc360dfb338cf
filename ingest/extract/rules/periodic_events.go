package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Periodic events: the history a 10-Q or 10-K narrates in its notes (organisation, going
// concern, trust account, equity, subsequent events) and its MD&A: shareholder meetings and
// the extensions they approved, the board's or sponsor's monthly extensions, redemptions,
// extension deposits. A report narrates several events, so each fact is dated (its Period) by
// the event its sentence states - the meeting, the deposit - or, in a sentence that states
// none, by the date that opened its paragraph ("On <date>, the Company held ... At the
// meeting ..."); else the report's period. What a report narrates that is no fact is vetoed:
// a proposal, a meeting to be held, an option the board may exercise, a cap ("up to"), a
// formula ("the lesser of"). Corpus: testdata/periodic.corpus.

const (
	// notEvent vetoes a sentence's lead that makes its event no fact: a condition, a plan, a
	// proxy that proposes, a meeting to come.
	notEvent = hypothetical + `|(?i:\b(?:intends?|plans?|expects?|anticipates?|proposes?|proposed (?:to|that|amendments?|extension|charter)|seeks?|seeking|to be held|will (?:hold|be held|vote|be asked|seek|ask)|scheduled|proxy statement|adjourn\w*|postpone\w*|solicit\w*|asked to)\b)|\b(?-i:may|might|could|should)\b`
	// notDeadline vetoes a date that is not the deadline an extension set: an option the board
	// may use later, a date before which something else happens. (A cap on monthly extensions,
	// "up to June 25, 2024", is the production's to tell.)
	notDeadline = `(?i)\b(?:elect|option|options|right|rights|able|permit\w*|allow\w*|authoriz\w*|in its discretion|if requested|at the request)\b|\bearlier\b|\bnot (?:approved|extend)|\bfail`
	// approvedBy is an approval by the shareholders, as a 10-Q narrates it.
	approvedBy = `(?:(?:the Company` + ap + `s |our |its |the )?(?:public )?(?:shareholders|stockholders|members)(?: of the Company)?(?: of record (?:as of|at|on) (?:the close of business on )?{date}(?: \([^)]{0,40}\))?)? (?:have |had )?(?:approved|adopted|voted (?:to approve|to adopt|in favor of|for)))`
	// heldMeeting is a meeting the company held: "the Company held an extraordinary general
	// meeting", "we convened the Special Meeting".
	heldMeeting = `(?:the Company|we|the Registrant)(?:,)? (?:held|convened|reconvened) (?:an?|its|the|our) [^⟦.]{0,80}?meeting`
	// extendTheDate is the extension of the deadline, written out.
	// A later meeting's approval may name only "a further extension" ("approved a further
	// extension from August 9, 2023 to February 9, 2024"): the dates that follow are its.
	extendTheDate = `(?:(?:extend|extends|extended|extending|extension of)(?: \([^)]{0,40}\))? (?:the|its|our) ` + deadlineNoun + `|(?:an?|the) (?:further|second|third|fourth|additional) extension\b)`
	// extensionWords name the extension a meeting approved.
	extensionWords = `(?:` + extendTheDate + `|extension(?: amendment)? proposals?|(?:charter|articles) extension|the extension\b|extension options?\b)`
	// deadlineNoun is what an extension moves.
	deadlineNoun = `(?:date|time|period|deadline|termination date|combination period|business combination period|liquidation date|outside date)\b`
	// atWhich follows a meeting held: "at which the Company's shareholders approved".
	atWhich = `(?:and|at which (?:the Company` + ap + `s |the )?(?:shareholders|stockholders|members))(?: have| had)? (?:approved|adopted|voted to approve|voted in favor of)`
	// deadlineFromTo ends a deadline rule's pattern: the old date (optional) closes the group
	// "lead" the pattern opened, then the new date: "from <old> (the "Original Date") to
	// <new>"; a cap's "up to <new>" is read and left to the production.
	// The length may stand between the dates ("from <old> for an additional month, to <new>").
	deadlineFromTo = `(?:from {o:date}(?: \([^)]{0,60}\))?,? ` + forAdditional + `?)?(?:up )?)(?:to|until) {v:date}`
	// forAdditional is the length of an extension: "for an additional month", "by an
	// additional ⟦duration⟧".
	forAdditional = `(?:(?:for|by) (?:an? )?additional (?:⟦duration \d+⟧|(?:one |\(1\) )*(?:calendar )?month),? )`
	// uponRequest is the sponsor's request that set the board to act: "the board of directors,
	// upon request of the Sponsor, has elected to extend".
	uponRequest = `(?:,? (?:upon|at|following) (?:the )?(?:written )?request of (?:the |our |its )?sponsor,?)`
	// eventOn opens a sentence with its event's date, the period of the facts it states: "On
	// May 10, 2023, ...", "At the special meeting held on May 10, 2023, ...".
	eventOn = `(?:(?:On|At [^⟦.]{0,80}? on) {p:date},? )`
	// extendGap is the text between the words of an extension and its dates: no other date
	// and no amount, but a defined term in parentheses, the list of what the date is for, a
	// number of months ("by one month each time").
	extendGap = `(?:[^⟦]|⟦(?:duration|count|percent) \d+⟧){0,320}?`
	// insteadProvide marks an amendment that quotes the wording it replaces before the new
	// one ("which had provided ... from D1 to D2, to instead provide ... from D2 to D3"): the
	// first dates are history, read by periodic.deadline_instead from after "instead" only.
	insteadProvide = `(?i)\binstead provides?\b`
)

// periodic events, in the order they are tried; see also periodic_redemptions.go.
var periodicMeetings = []*rule.Rule{
	// --- meeting_date ------------------------------------------------------------------------
	// The meeting's own account ("On <date>, the Company held ...", "On <date>, the
	// shareholders approved ...") is meeting.narrated_date's; these read the meeting a
	// sentence names by its date.
	{
		// "At the October Extension Meeting on October 23, 2015, the stockholders approved";
		// "the adoption of the Extension Amendment Proposal at the Company's extraordinary
		// general meeting of shareholders on April 20, 2023"; "The special meeting was held on
		// October 10, 2019 at which the stockholders approved".
		ID: "periodic.meeting_at_on", Emit: rule.One(spac.FieldMeetingDate), Period: "v",
		Pattern: `(?i)\bat (?:the|an?|its) [^⟦.]{0,80}?meeting(?: of (?:the Company` + ap + `s )?(?:shareholders|stockholders))?(?: \([^)]{0,40}\))?,? (?:held |which was held |that was held )?on {v:date},? (?:the )?(?:[^⟦.]{0,30} )?(?:shareholders|stockholders) (?:approved|adopted|voted)` +
			`|\b(?:adoption|approval) of the [^⟦.]{0,80}?proposals? at (?:the|an?|its) [^⟦.]{0,80}?meeting(?: of (?:shareholders|stockholders))?(?: held)? on {v:date}` +
			`|\bmeeting(?: of (?:shareholders|stockholders))?(?: \([^)]{0,40}\))? was (?:held|convened) on {v:date},? at which (?:the Company` + ap + `s )?(?:shareholders|stockholders) (?:approved|adopted|voted)`,
		Not:      notEvent,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// --- record_date ---------------------------------------------------------------------------
	{
		// "the Company's shareholders of record as of June 20, 2023 (the "Record Date")
		// approved"; dated by the meeting its paragraph opened with.
		ID: "periodic.record_date", Emit: rule.One(spac.FieldRecordDate), Lead: true,
		Pattern:  `(?i)(?:shareholders|stockholders|holders) of record (?:as of|at|on) (?:the close of business on )?{v:date}`,
		Must:     `(?i)meeting|\bvote|approved`,
		Not:      notEvent,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// --- meeting_kind ----------------------------------------------------------------------------
	{
		// The shareholders approved an extension: "approved an amendment ... to extend the date
		// by which ...", "approved the Extension Amendment Proposal", "the Company held the
		// Special Meeting and approved the Extension Amendment Proposal".
		ID: "periodic.kind_extension_approved", Emit: rule.One(spac.FieldMeetingKind), Value: "extension", Period: "p", Lead: true,
		Pattern:  `(?i)(?:^` + eventOn + `[^⟦]*?)?(?:` + approvedBy + `|` + heldMeeting + ` ` + atWhich + `)[^⟦]{0,300}?(?P<v>` + extensionWords + `)`,
		Not:      notEvent,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The vote or its outcome named: "in connection with the vote to approve the Extension
		// Amendment Proposal", "the adoption of the Extension Amendment Proposal at the ...
		// meeting", "The Charter Amendment extended the date by which ...".
		ID: "periodic.kind_extension_vote", Emit: rule.One(spac.FieldMeetingKind), Value: "extension", Period: "p", Lead: true,
		Pattern: `(?i)(?:^` + eventOn + `[^⟦]*?)?(?:` +
			`\b(?:vote|votes|voted) (?:of the (?:shareholders|stockholders) )?(?:to approve|on|for|in favor of) the (?:[^⟦.]{0,30} )?(?P<v>extension(?: amendment)? proposals?)` +
			`|\b(?:adoption|approval) of the (?:[^⟦.]{0,30} )?(?P<v>extension(?: amendment)? proposals?) (?:by (?:the )?(?:shareholders|stockholders) )?at (?:the|an?|its) [^⟦.]{0,80}?meeting(?: of (?:shareholders|stockholders))?(?: held)? on {p:date}` +
			`|\bthe (?:charter |extension )?amendment (?P<v>(?:extended|extends) the (?:date|deadline|period|time|termination date))\b)`,
		Not:      notEvent,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// --- new_deadline, old_deadline ---------------------------------------------------------------
	// The words before the new date are vetted by the production (extendedDeadline): a plan
	// or option vetoes both dates, a cap ("up to") the new one only.
	{
		// The shareholders' approval: "approved an amendment ... to extend the date by which the
		// Company must consummate a business combination from May 12, 2023 to November 12,
		// 2023"; "approved the Third Extension Amendment Proposal, which extended the date ...
		// from March 25, 2024 to September 25, 2024".
		ID: "periodic.deadline_approved", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern: `(?i)^(?P<lead>` + eventOn + `?.*?(?:` + approvedBy + `|` + heldMeeting + ` ` + atWhich + `)[^⟦]{0,240}?` + extendTheDate + extendGap + deadlineFromTo,
		// a proposal the sentence says failed moved nothing, wherever it says so (the lead's
		// veto sees only the words before the dates)
		Never:    proposalFailed + `|` + insteadProvide,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An amendment that rewrites the wording it replaces: "approved an amendment to the
		// trust agreement, which had provided for the extension of the date from April 10,
		// 2024 to July 10, 2024, to instead provide for the extension of the date from July 10,
		// 2024 to January 10, 2025". The dates after "instead" are the change; the ones before
		// are the text replaced, and only the words after "instead" are vetted (a "may extend"
		// there is an option, and gives nothing).
		ID: "periodic.deadline_instead", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern:  `(?i)^` + eventOn + `?.*?(?:` + approvedBy + `|` + heldMeeting + ` ` + atWhich + `)(?:[^⟦]|⟦date \d+⟧){0,320}?\b(?:had|previously) provided\b(?:[^⟦]|⟦date \d+⟧){0,240}?\binstead provide\b(?P<lead>` + extendGap + deadlineFromTo,
		Never:    proposalFailed,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An extension stated as done: "the date by which the Company has to consummate a
		// Business Combination was extended from January 26, 2023 to April 26, 2023"; "The
		// Charter Amendment extended the date ... from March 19, 2023 to September 19, 2023".
		// The past tense is the fact: the words vetted start at the verb.
		ID: "periodic.deadline_was_extended", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		// A new date the report names only by its defined term ("from March 19, 2023 to the
		// Extended Date") gives the old date alone.
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?(?P<lead>\b(?:(?:was|were|has been|had been) extended|amendment (?:extended|extends) the (?:date|deadline|period|time)\b)` + extendGap + `from {o:date}(?: \([^)]{0,60}\))?,? )(?:to|until) (?:{v:date}|the (?P<d>(?-i:[A-Z][\w’'-]*(?: [A-Z][\w’'-]*){0,3} Date))\b)`,
		Never:    insteadProvide,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The board's or the company's own extension under the charter: "our board of directors
		// has elected to extend our liquidation date five times to November 25, 2023"; "On July
		// 12, 2023, the Company extended the Combination Period from July 14, 2023 to August 14,
		// 2023".
		ID: "periodic.deadline_board_extended", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern:  `(?i)^(?P<lead>` + eventOn + `?.*?\b(?:board(?: of directors)?|the Company|we|the Sponsor)` + uponRequest + `?(?: has| have| had)? (?:elected to extend|approved (?:an?|the) [^⟦.]{0,40}?extension of|extended|determined to extend|resolved to extend) (?:the|its|our) ` + deadlineNoun + extendGap + deadlineFromTo,
		Never:    insteadProvide,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// --- deadline ----------------------------------------------------------------------------------
	{
		// The deadline in force after the extensions a report narrates: "As a result, the
		// Company will have until December 13, 2024, to complete a Business Combination"; "we
		// currently have until May 8, 2025 to consummate". A charter's provision ("Our
		// Articles provide that we will have until ...") may since have been extended, and is
		// not read.
		ID: "periodic.deadline_in_force", Emit: rule.One(spac.FieldDeadline),
		Pattern:  `(?i)(?:^(?:as a result|accordingly|consequently|therefore)(?: of (?:the|these|such) extensions?)?,? (?:the Company|we) (?:will have|has|have|now has|now have)|\b(?:the Company|we) (?:currently|now) (?:has|have)) until {v:date},? (?:\([^)]{0,60}\),? )?to (?:complete|consummate|effect)`,
		Not:      notEvent + `|(?i)\bif\b`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The board's approval as the time of a deposit: "Upon Board approval of an extension
		// to July 26, 2023, the Sponsor deposited $412,500 into the Trust Account".
		ID: "periodic.deadline_upon_approval", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern:  `(?i)^(?P<lead>` + eventOn + `?(?:upon|following|after) (?:the )?(?:board(?: of directors)?` + ap + `?s? )?approval (?:by the board(?: of directors)? )?of (?:an?|the) (?:\w+ )?extension (?:of the [^⟦.]{0,40}? )?(?:from {o:date} )?)(?:to|until) {v:date},? (?:the Sponsor|the Company|we|[^⟦]{0,40}?) (?:deposited|has deposited|caused to be deposited)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// The deposit a report has just narrated, named again as what moved the deadline: "This
		// deposit enables the Company to extend the date by which it must complete its initial
		// business combination from July 20, 2024 to August 20, 2024"; "Such deposit extended
		// the Combination Period from ... to ...". Dated by the paragraph's opening deposit. A
		// deposit to come ("each deposit will enable") or a charter's permission moves nothing.
		ID: "periodic.deadline_deposit_moved", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern:  `(?i)^(?P<lead>` + eventOn + `?(?:this|such|the|that) (?:deposit|extension payment|extension deposit|payment|contribution) (?:(?:enables|enabled|has enabled) (?:the Company|us|it) to extend|(?:extends|extended|has extended)) (?:the|its|our) ` + deadlineNoun + extendGap + deadlineFromTo,
		Not:      `(?i)\b(?:will|shall|each)\b`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// A deposit that extends: "the Sponsor deposited $120,000 into the Trust Account to
		// extend the Combination Period from July 14, 2023 to August 14, 2023", "..., extending
		// the deadline from ... to ...", "..., which extended ..."; "In connection with this
		// extension of the Business Combination Period to August 26, 2023, ...".
		ID: "periodic.deadline_deposit_extends", Produce: extendedDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Period: "p", Lead: true,
		Pattern:  `(?i)^(?P<lead>` + eventOn + `?.*?(?:\bdeposited (?:(?:an additional |a further |another )?⟦money \d+⟧ )?[^⟦]{0,80}?(?:(?:in order )?to (?:extend|further extend)|,? (?:thereby |thus )?extending|,? which (?:extended|extends))|\bin connection with (?:this|such|the) extension of) (?:the|its|our) ` + deadlineNoun + extendGap + deadlineFromTo,
		Never:    `(?i)required to deposit|must be deposited|would (?:need|have) to`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
}
