package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// warrantExpiry vetoes a warrant's expiration date extended (a warrant amendment), which is no
// deadline of the business combination.
const warrantExpiry = `|expiration date of (?:the |its |our |such |all )?(?:\w+ ){0,2}warrants|warrants?['’]? expiration date`

// meetingDeadlines: extensions (new and old deadlines), deposits, the status an extension gives
// and the per-share trust estimates, as meetings report them. Part of the meeting family
// (meeting.go), after meetingRedemptions (redemption.go).
var meetingDeadlines = []*rule.Rule{
	// extensions
	{
		// a condition before the date vetoes it (unconditionalDeadline); so does a warrant's
		// expiration date extended by its holders' vote ("amendments to its warrants to ...
		// extend the expiration date of the warrants from <date> to <date>"), which is no
		// deadline of the combination
		ID: "meeting.new_deadline_extended_to", Produce: unconditionalDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern:  `(?i)^(?P<lead>.*?` + extendWords + `.*?` + deadlineFrom + `)` + deadlineTo + ` {v:date}|^(?P<lead>.*?` + extendFromTo + `)`,
		Not:      pastMeeting + `|earlier|not approved|` + capUpTo + `|extension option|option to extend|(?:to|will) be held|(?:filed|mailed|sent) (?:a |its |the )?(?:definitive |preliminary )?proxy statement` + extensionRefused + extensionAsked + warrantExpiry,
		Never:    proposalFailed + `|` + insteadProvide, // old wording quoted before the new: see periodic.deadline_instead
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "The new termination date is July 12, 2025." in a report of the meeting that set it
		ID: "meeting.new_deadline_is", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  `(?i)\b(?:the|its|our) (?:new|extended|amended) (?:termination date|deadline|outside date|expiration date|liquidation date)(?: \([^)]{0,60}\))? (?:is|is now|will be|shall be|became|has become) ` + weekday + `{v:date}`,
		Within:   `(?i)\bexten(?:d|ded|sion)\b`,
		Not:      pastMeeting + `|\b(?:if|unless|would|could|may|might|up to)\b|originally|previously|\bhad\b`,
		Never:    proposalFailed,
		Classes:  current,
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "As a result, the Company now has until June 9, 2025 to consummate a business combination"
		// in a section that tells of the extension
		ID: "meeting.new_deadline_now_until", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  `(?i)(?:\b(?:the company|it|we)|⟦org \d+⟧|\b(?-i:[A-Z]{2,6})) (?:now )?(?:has|have|will have) until ` + weekday + `{v:date}(?: \([^)]{0,60}\))?,? (?:to|in which to|within which to) (?:complete|consummate|effect)`,
		Within:   `(?i)\bexten(?:d|ded|sion)\b`,
		Not:      pastMeeting + `|\bif\b|\bunless\b|\bwould\b|\bup to\b|\bmay\b|originally|previously|\bhad\b`,
		Never:    proposalFailed,
		Classes:  current,
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "the date by which the Company must consummate a business combination was extended from
		// <old> to <new>"
		ID: "meeting.new_deadline_was_extended", Produce: laterDeadlineProposed, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern:  `(?i)\b(?:date|deadline|termination date|combination period)\b[^⟦]{0,100}? (?:has been|was|is|had been) (?:further )?extended(?: by [^⟦]{0,20}?)? ` + deadlineFrom + deadlineTo + ` {v:date}`,
		Not:      pastMeeting + `|\bif\b|\bwould\b|` + capUpTo + `|\bmay\b|option`,
		Never:    proposalFailed,
		Classes:  current,
		Items:    []string{"5.07", "5.03", "8.01", "7.01"},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a proxy's proposed deadline (its approval is the proxy's condition, not a veto); a past
		// extension it recounts is not
		ID: "meeting.new_deadline_proposed", Produce: laterDeadlineProposed, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern: `(?i)` + extendWords + `.*?` + deadlineFrom + deadlineTo + ` {v:date}|` + extendFromTo,
		// a supplement retells what the proxy first proposed before it revises it ("the proxy
		// statement proposed to extend that date from <d1> to <d2>"): the old wording is no term
		Not: pastMeeting + `|earlier|not approved|fail|` + capUpTo + `|\bif (?:the|a) (?:company|sponsor|board)\b|\b(?:we|the company) held\b|(?:stockholders|shareholders) approved\b|previously` + extensionRefused +
			`|\b(?:had|originally|initially|first) proposed\b|\bproxy statement (?:had )?proposed\b`,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a supplement's revised term, which replaces the one the proxy first proposed: "to
		// instead provide that the date will be extended from <d1> to <d2>", "as revised, the
		// Extension Amendment would extend the date from <d1> to <d2>"
		ID: "meeting.new_deadline_revised", Produce: laterDeadlineProposed, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern:  `(?i)\b(?:instead|as (?:so )?revised|as amended by this supplement)\b[^⟦.]{0,120}?\b(?:date|deadline|termination date|combination period)\b[^⟦.]{0,60}?\bfrom {o:date},? ` + deadlineTo + ` {v:date}`,
		Not:      pastMeeting + `|\bif (?:the|a) (?:company|sponsor|board)\b|not approved`,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// a release or 8-K that announces the meeting states the extension it will ask for:
		// "will hold a special meeting on <date> to vote on an amendment ... to extend the date by
		// which ... from <old> to <new>"; its dates are the proposal's, read as a proxy's are
		// (new_deadline_proposed). A report of the meeting held is read by the rules above. A
		// meeting "at which stockholders will be asked to vote" is announced the same way.
		ID: "meeting.new_deadline_announced", Produce: laterDeadlineProposed, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern:  `(?i)` + extendWords + `.*?` + deadlineFrom + deadlineTo + ` {v:date}|` + extendFromTo,
		Must:     `(?i)\b(?:will|to|plans to|intends to) (?:hold|convene)\b[^.;]{0,120}?\bmeeting\b|\bmeeting\b[^.;]{0,160}?\b(?:will be|to be|is scheduled to be) held\b|\bmeeting\b[^.;]{0,200}?\b(?:will|shall) be asked to (?:consider and )?vote\b`,
		Not:      pastMeeting + `|earlier|not approved|\bfail|` + capUpTo + `|\b(?:we|the company) held\b|(?:stockholders|shareholders) (?:have )?approved\b|previously (?:approved|extended)|\b(?:was|were) held\b` + extensionRefused,
		Never:    proposalFailed,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    []string{"8.01", "7.01"},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the new deadline a defined term ("from April 18, 2023 to the New Termination Date"), the
		// cap of monthly options ("from November 5, 2023 to up to May 5, 2024") or the options
		// themselves ("from February 19, 2025 up to nine times, by an additional month each
		// time"): the date it replaces is still stated
		ID: "meeting.old_deadline_to_term", Emit: rule.One(spac.FieldOldDeadline),
		Pattern: `(?i)` + extendWords + `(?:[^⟦]|⟦(?:duration|org|count|percent) \d+⟧)*? from {v:date}(?: \([^)]{0,60}\))?,? (?:(?:to|until) the (?-i:(?:[A-Z][a-z]+ ){0,3}(?:Date|Deadline|Period))\b|(?:to |until )?up to {date}|(?:(?:on a )?monthly(?: basis)?,? )?(?:for )?up to (?:\w+|⟦count \d+⟧) (?:\(\d+\) )?(?:times|(?:additional |one-month |monthly )+(?:periods|extensions))\b)`,
		// a "to <date>" before the from-date makes that the new deadline the options run from
		Not:      pastMeeting + `|earlier|not approved|\bif (?:the|a) |\b(?:we|the company) held\b|previously|option|\bto ⟦date \d+⟧.*\bfrom ⟦date \d+⟧`,
		Never:    proposalFailed,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "changes the date by which ... from <old> to <new>": an extension only when the new date
		// is later (a charter amendment can also bring the liquidation forward)
		ID: "meeting.deadline_changed", Produce: laterDeadline,
		Gives:    []string{spac.FieldNewDeadline, spac.FieldOldDeadline, spac.FieldMeetingKind, spac.FieldStatus},
		Pattern:  `(?i)(?:changes?|changing|amends?|amending|moves?|moving) the (?:date|deadline) by which (?:the company|it|we) (?:must|has to|is required to) (?:consummate|complete|effect)[^⟦]{0,60}? from {f:date},? ` + deadlineTo + ` {v:date}`,
		Must:     `(?i)stockholders|shareholders|meeting`,
		Not:      pastMeeting + `|\bif\b|not approved`,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 10,
	},
	{
		ID: "meeting.extension_deposit", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)(?:deposit(?:ed|s)?|contribut(?:ed|e|ion)|caused to be deposited)[^⟦]{0,40}? (?:of )?(?:an aggregate of |a total of |the amount of )?{v:money}.*?` + trustAccount,
		Must:     `(?i)exten`,
		Not:      depositVeto,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
		Narrated: true,
	},
	{
		// "has deposited into the Company's trust account an aggregate of $48,000"
		ID: "meeting.extension_deposit_into", Emit: rule.One(spac.FieldExtensionDeposit),
		// a proxy's terms put the verb first too ("the Sponsor will deposit into the trust
		// account $125,000 for each calendar month"); a per-share rate is no deposit
		// The rate may come first, the aggregate after it ("$0.0333 per public share, an
		// aggregate of $118,214.55").
		Pattern:  `(?i)deposit(?:ed|ing)? ` + trustFund + `(?: \([^)]{0,40}\))?,? (?:{money} per [^,⟦]{1,30}, )?(?:an aggregate of |a total of |the amount of )?{v:money}(?:$|[^ ]| (?:[^p]|p[^e]|pe[^r]))`,
		Must:     `(?i)exten`,
		Not:      depositVeto,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
		Narrated: true,
	},
	{
		// "a monthly extension payment of $41,287.50 ... has been deposited into its trust account"
		ID: "meeting.extension_payment_deposited", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)extension (?:payment|deposit|contribution|amount) of {v:money}[^.]*? (?:has been|was|were|is being) deposited ` + trustAccount,
		Not:      depositVeto,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
		Narrated: true,
	},
	{
		// "the Company drew $142,500 under the promissory note ... and deposited it into the Trust
		// Account": the note's principal ("up to") is not the deposit
		ID: "meeting.extension_drawn_deposited", Emit: rule.One(spac.FieldExtensionDeposit),
		// The draw approved and then deposited: "approved a draw of an aggregate of $160,000 (the
		// "Extension Funds") under the Note, which Extension Funds were deposited into the trust
		// account on <date>".
		Pattern: `(?i)\b(?:drew|borrowed|withdrew) {v:money}[^.]*? and deposited (?:it|such amount|the funds|the proceeds|such funds|that amount) ` + trustAccount +
			`|\b(?:approved|made|requested) an? (?:draw|drawdown|advance|borrowing) (?:of |in the amount of )?(?:an aggregate of |a total of )?{v:money}[^.]*?,? which (?:[\w ]{0,30}? )?(?:were|was|have been|has been) deposited ` + trustAccount,
		Must:     `(?i)exten`,
		Not:      `(?i)\b(?:may|will|would|intends? to|plans? to) (?:draw|borrow)`,
		Never:    depositHistory,
		Classes:  current,
		Items:    []string{"8.01", "7.01", "5.03", "2.03"},
		Priority: 10,
		Narrated: true,
	},
	{
		ID: "meeting.extension_approved_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?:shareholders|stockholders|members)[^⟦]{0,40}? approved.*?(?P<v>exten(?:sion|d|ding))|(?P<v>exten(?:sion|sion amendment) proposal) was approved|\bapproved (?:the |an )?(?P<v>extension(?: amendment)? proposal)`,
		Not:      `(?i)not approved|did not|adjournment proposal was approved|\bboard\b|\bif\b`,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 8,
	},
	{
		// "The Extension Amendment extends the date ...", "The amended articles extend the date"
		ID: "meeting.extension_amended_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?P<v>(?:extension amendment|charter amendment|amendment|amended (?:and restated )?(?:charter|articles(?: of association)?|certificate of incorporation|memorandum and articles of association))(?:, which became effective [^⟦]{0,30}?,)? (?:extends|extended|extend)) the (?:date|deadline|period|time|termination date)`,
		Not:      pastMeeting + `|\bif\b|\bwould\b|\bwill\b|proposed`,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 8,
	},
	{
		// Item 5.03 alone: "the Company amended its amended and restated memorandum and articles
		// of association to extend the date by which ...": the amendment took effect
		ID: "meeting.extension_charter_amended_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern: `(?i)\b(?:the company|we|it) (?:has )?(?P<v>(?:amended|filed [^⟦.]{0,60}?an amendment to|adopted an amendment to) ` +
			`(?:its|the|our) [^⟦.]{0,100}?(?:charter|articles of association|certificate of incorporation|articles|memorandum)(?: \([^)]{0,40}\))? ` +
			`(?:in order )?to ` + extendDeadline + `)`,
		Not:      pastMeeting + `|\bif\b|\bwould\b|\bwill\b|\bmay\b|\bnot\b|propos|\bintends?\b|\bseeks?\b`,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 8,
	},
	{
		// redemptions made on the extension vote: the extension went ahead
		ID: "meeting.extension_redemptions_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)in connection with the (?:vote on the |approval of the |stockholders' vote on the |shareholders' vote on the )?(?P<v>extension(?: amendment)?(?: proposal)?)(?: \([^)]{0,30}\))?,? (?:the )?(?:holders|stockholders|shareholders)\b[^⟦]{0,20}?{shares}` + classPar + `[^⟦]*?(?:exercised|elected)`,
		Not:      pastMeeting + `|\bif\b|\bnot\b`,
		Classes:  current,
		Items:    outcomeItems,
		Priority: 7,
	},
	{
		ID: "meeting.extension_proposed_status", Produce: proposedExtension, Gives: []string{spac.FieldStatus, spac.FieldNewDeadline},
		Value:   string(spac.StatusInExtension),
		Pattern: `(?i)(?P<v>extend the date) by which the company (?:must|has to|is required to) (?:consummate|complete|effect).*?(?:from {date},? )?to {d:date}`,
		// the outer date of monthly options ("up to six times ... to <date>") is a cap
		Not:      pastMeeting + `|\bup to\b`,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// an extension proxy: the meeting is called to extend the deadline
		ID: "meeting.extension_proxy_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusInExtension),
		Pattern:  `(?i)(?P<v>extension(?: amendment)? proposal|charter (?:extension|amendment) proposal|(?:extend|extending) the (?:date|period|time|termination date|combination period)\b)`,
		Not:      pastMeeting,
		Never:    `(?i)business combination proposal|merger proposal|not (?:be )?approved|` + notAsked,
		Classes:  extensionProxies,
		NotKinds: notStated,
		Priority: 8,
	},
	// trust per share (a proxy's estimate of the redemption price)
	{
		// any "approximately $X per share" of the trust; an estimate named as the meeting's
		// redemption price (the rules below) wins over a balance "as of" another date
		ID: "meeting.trust_per_share", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)approximately {v:money} per (?:issued and outstanding )?(?:public )?share`,
		Must:     `(?i)trust account`,
		Not:      pastMeeting + `|less than|could|may be`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 9,
	},
	{
		ID: "meeting.trust_estimate", Emit: rule.One(spac.FieldTrustPerShare),
		// "the per-share redemption price would be approximately $10.61", or the price named first
		// and its unit after the figure ("the redemption price would have been approximately
		// $10.61 per share")
		Pattern: `(?i)` + perSharePrice + `[^⟦]{0,120}? (?:will|would|is expected to|is estimated to|is anticipated to)(?: have)? be(?:en)? (?:approximately |about )?{v:money}` +
			`|\bredemption (?:price|amount)[^⟦]{0,40}? (?:will|would|is expected to|is estimated to|is anticipated to)(?: have)? be(?:en)? (?:approximately |about )?{v:money} per (?:public )?share`,
		// "could" and "may be" veto a hedge ("may be less than"), not the shares that "may be
		// redeemed" at the price
		Not:      pastMeeting + `|less than|\b(?:could|may) (?:[^b]|b[^e]|be [^r]|be r[^e])|initially|liquidat`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 10,
	},
	{
		// the estimate named as the trust's pro rata portion: "we estimate that the per-share pro
		// rata portion of the Trust Account will be approximately $10.84 at the time of the
		// special meeting"; an amount that depends on deposits still to be made is no estimate
		// of the meeting's price
		ID: "meeting.trust_estimate_pro_rata", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)\b(?:per[- ]share )?pro rata (?:portion|share) of (?:the )?(?:(?:funds|amount) (?:held |available )?in the )?trust account(?: per (?:public )?share)?[^⟦]{0,80}? (?:will|would|is expected to|is estimated to|is anticipated to)(?: have)? be(?:en)? (?:approximately |about )?{v:money}`,
		Not:      pastMeeting + `|less than|could|may be|initially|liquidat|\bif\b|increase|deposit|contribution`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 10,
	},
	{
		// the older proxies' conversion rights: holders who vote against "may elect to convert
		// their shares into cash equal to approximately $7.94 per share" (a pro rata portion of
		// the trust); a hedge ("less than") or a liquidation's amount is not the estimate
		ID: "meeting.trust_estimate_conversion", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)\bconvert (?:their|its|his|your|such|the) (?:public )?(?:shares|common stock|ipo shares)[^⟦]{0,80}? (?:into|for) (?:cash|a pro rata (?:portion|share) of the trust account)(?: equal to| of|,)? \(?(?:approximately |about )?{v:money} per share`,
		Not:      pastMeeting + `|less than|could|initially|liquidat|\bif (?:the|a) (?:company|sponsor)\b`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 10,
	},
	{
		ID: "meeting.trust_estimate_table", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)^(?:approximate |estimated )?(?:per[- ]share )?redemption (?:price|amount)(?: per (?:public )?share)?:? \| {v:money}$`,
		Classes:  proxies,
		Priority: 10,
	}}
