package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// The terms of an extension (new deadline, the deadline it replaces), shared by the rules of
// redemption_deadlines.go that read them in 8-Ks, releases and proxies, and by the meeting kinds.

// extensionRefused vetoes an extension that did not or will not happen: the lender declined
// to fund it, the sponsor will not deposit.
const extensionRefused = `|\b(?:declin|refus)\w*|\b(?:did|does|will|would|could) not\b|\bcannot\b|\bunable\b|\bno longer\b`

// extensionAsked vetoes, in an 8-K or a release, an extension the holders are still asked to
// approve, at a meeting still to be held or called: its date is no deadline yet (a proxy's own
// proposal is read by its own rule).
const extensionAsked = `|\b(?:will|would) be asked\b|\bare being asked\b|\bto (?:consider and )?vote (?:on|upon)\b|\bwill (?:consider|vote)\b|\bseek(?:s|ing)? (?:stockholder |shareholder )?approval` +
	`|\bwill (?:hold|convene|reconvene)\b|\b(?:has|have) (?:called|scheduled)\b|\bto consider (?:a |the )?proposals?\b`

// extendFromToWords is the extension with its dates before the noun: "to extend from <old>
// (the "Original Termination Date") to <new> (the "Extended Date") the date by which"; OLD and
// NEW stand for its dates.
const extendFromToWords = `\bextend(?:s|ed|ing)? from OLD(?: \([^)]{0,80}\))?,? ` + deadlineTo + ` NEW(?: \([^)]{0,80}\))?,? (?:the|its) (?:date|deadline|period|time|termination date)\b`

// allowUntil is an amendment that gives the company until a date to complete its business
// combination; allowUntilNot the amendment already made or one that depends on an election.
const (
	allowUntil    = `(?i)\bamend\w*\b[^⟦.]{0,160}?\b(?:to allow|allowing|to permit|permitting|to give|giving|to provide) (?:the company|us|it|⟦org \d+⟧)(?: (?:additional )?time)? (?:until|through) ` + weekday + `{v:date},? to (?:consummate|complete|effect)`
	allowUntilNot = pastMeeting + `|\b(?:previously|approved|adopted|currently|originally|initially)\b|\bif (?:the|a|our) (?:company|sponsor|board)\b`
)

var (
	// allowUntilKind quotes the amendment's verb for the meeting kind.
	allowUntilKind = strings.NewReplacer("(?:to allow|", "(?P<v>to allow|", "{v:date}", "{date}").Replace(allowUntil)
	// extendFromTo captures the old date as slot o and the new one as slot v.
	extendFromTo = strings.NewReplacer("OLD", "{o:date}", "NEW", "{v:date}").Replace(extendFromToWords)
	// extendFromToAny captures no slot (a meeting kind's words).
	extendFromToAny = strings.NewReplacer("OLD", "{date}", "NEW", "{date}").Replace(extendFromToWords)
)

// meetingExtensionTerms: the deadline an extension proxy seeks to replace, where the proxy
// states it without the new date beside it.
var meetingExtensionTerms = []*rule.Rule{
	{
		// "to extend the date by which ... by three months from December 15, 2023 (...)": the
		// date the extension runs from is the deadline in force; the pair "from <old> to <new>"
		// (new_deadline_proposed) says the same with more. After a new date ("extend ... to
		// September 14, 2023 and then monthly from September 14, 2023") it is the new one.
		ID: "meeting.old_deadline_extend_from", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)` + extendWords + `(?:` + notDate + `|⟦duration \d+⟧)*? from {v:date}`,
		Not:      pastMeeting + `|\b(?:approved|held|previously|originally)\b|(?-i:\bextended\b)|\b` + deadlineTo + ` ⟦date \d+⟧.*⟦date \d+⟧$`,
		Never:    earlyTermination,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the same in the report of an extension approved or made: "approved ... extending the
		// date ... by up to six months, from November 5, 2023 to up to May 5, 2024", "from April
		// 18, 2023 to the New Termination Date"
		ID: "meeting.old_deadline_extended_from", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)` + extendWords + `(?:` + notDate + `|⟦duration \d+⟧)*? from {v:date}`,
		Not:      pastMeeting + `|\b(?:previously|originally|if|may|might|would|could)\b|` + notYetActed + extensionAsked + extensionRefused + `|\b` + deadlineTo + ` ⟦date \d+⟧.*⟦date \d+⟧$` + warrantExpiry,
		Never:    earlyTermination + `|` + proposalFailed,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the deadline that stands if an extension proxy's proposal fails: "If the Extension
		// Amendment is not approved and we do not consummate a business combination by <date>,
		// ... we will cease all operations" is the charter's deadline in force
		ID: "meeting.deadline_if_not_extended", Emit: rule.One(spac.FieldDeadline),
		Pattern:  `(?i)\bif (?:the |our )?[^⟦.]{0,60}?\b(?:is|are) not (?:approved|adopted|implemented),? and (?:we|the company|it) (?:do|does|have|has) not (?:consummated?|completed?) (?:an?|its|our) (?:initial )?business combination (?:by|on or before|before|prior to) ` + weekday + `{v:date}(?: \([^)]{0,60}\))?,? [^⟦]{0,60}?\b(?:cease|redeem|liquidate|wind up|dissolve)`,
		Not:      `(?i)\b(?:previously|originally|earlier)\b`,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the deposit an extension brings, as "make a deposit into the Trust Account of $X"
		// (after the amount: "for each monthly extension", "in exchange for a note"); never a
		// per-share rate
		ID: "meeting.extension_deposit_make", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)\b(?:make|makes|made|making) (?:a|an|the|its) (?:initial )?(?:deposit|contribution) ` + trustFund + `(?: \([^)]{0,40}\))? (?:of|in the amount of|equal to) {v:money}(?:[,.;]|$| in exchange| for each| within| on or before| no later)`,
		Must:     `(?i)exten`,
		Not:      depositVeto + `|` + depositOptional,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 9,
		Narrated: true,
	},
	{
		// the charter's deadline as an extension proxy's Q&A recalls it: "if no qualifying
		// business combination is consummated on or before a certain date (in our case,
		// <date>)", "... on or before a certain date, <date>." or "... a certain date, which was
		// initially <date>, and was extended twice pursuant to the charter to <date>" (the last
		// date is the one in force)
		ID: "meeting.old_deadline_certain_date", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)\bon or before a certain date,? (?:\((?:in our case|in the company` + ap + `s case),? {v:date}\)|{v:date}(?:[.;]|$|,? (?:and|which|but|unless)\b)|which (?:was|is) (?:initially |originally )?{date},? and (?:was|has been|had been) (?:subsequently |further )?extended\b[^⟦]{0,60}? (?:to|until) {v:date})`,
		Not:      `(?i)\b(?:would|may|might|could)\b|\bif (?:the|a|our) (?:company|sponsor|board) (?:elects|extends|decides)`,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the deadline in force named as such: "The Company's current termination date is
		// December 2, 2023", "the date by which we must complete a business combination is
		// currently March 1, 2024"
		ID: "meeting.old_deadline_current_is", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)\b(?:the company` + ap + `s|our|its|the) (?:current|existing|present) (?:termination date|deadline|outside date|liquidation date)(?: \([^)]{0,60}\))? is (?:currently )?` + weekday + `{v:date}|\b(?:date|deadline) by which (?:we|the company|it) (?:must|has to|is required to) (?:consummate|complete|effect)[^⟦]{0,60}? is (?:currently|now) ` + weekday + `{v:date}`,
		Not:      `(?i)\b(?:if|would|could|may|might|unless|originally|previously|initially)\b|\bafter\b|\bfollowing\b`,
		Never:    `(?i)\b(?:if|unless|subject to)\b`,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the proposal put as the time it gives: "to amend the charter to allow the Company
		// until May 17, 2024 to consummate an initial business combination"; what the charter
		// allows now is the deadline in force, not the proposal
		ID: "meeting.new_deadline_allow_until", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  allowUntil,
		Not:      allowUntilNot,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "meeting.kind_extension_allow_until", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  allowUntilKind,
		Not:      allowUntilNot,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the board's reason for an extension: "there will not be sufficient time before
		// September 27, 2023 to complete an initial business combination"
		ID: "meeting.old_deadline_not_sufficient_time", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)\bnot (?:be )?(?:sufficient|enough|adequate) time (?:before|prior to|by) {v:date},? to (?:complete|consummate|effect)`,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
}
