package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Pattern fragments of the redemption and extension rules.
const (
	// classPar is the class of shares and its par value written after a count of shares
	// ("holders of 1,000 shares of the Company's Class A common stock, par value $0.0001 per
	// share, ...").
	classPar = `(?:(?:[^⟦;]|⟦org \d+⟧){0,80}?,? par value {money} per share,?)?`
	// deadlineTo leads to the new deadline: "to", "until", "through and including", "up to and
	// including".
	deadlineTo = `(?:to|until|through(?: and including)?|up to and including)`
	// capUpTo vetoes the outer date of optional extensions ("up to six times", "up to May 5,
	// 2024"); "up to and including <date>" is the deadline itself.
	capUpTo = `\bup to (?:[^a]|a[^n]|an[^d])`
	// proposalFailed is a proposal the meeting did not approve, wherever the sentence says so.
	proposalFailed = `(?i)\bfailed to (?:receive|obtain|pass|be approved)|\b(?:was|were) not (?:approved|adopted)|\bdid not (?:receive|obtain|pass)`
)

// meetingRedemptions: redemptions, shares remaining, extensions and deposits. Part of the
// meeting family (meeting.go).
var meetingRedemptions = []*rule.Rule{
	// redemptions
	{
		ID: "meeting.redeemed_holders_exercised", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:holders? of|holding) (?:an aggregate of |a total of )?{v:shares}` + classPar + `[^⟦]*?(?:(?:validly |properly )?exercised (?:their|its|the) rights? to (?:have (?:such|those|their) shares )?redeem|elected to (?:redeem|have (?:their|its|such|those) [^⟦.;]{0,40}?redeemed))`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		ID: "meeting.redeemed_elected", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:holders|stockholders|shareholders) (?:have )?elected to redeem (?:an aggregate of |a total of )?{v:shares}`,
		Not:      hypothetical + `|` + pastMeeting + `|\bnot\b`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		// "Our stockholders redeemed 3,209,123 shares of our common stock at a price of ..."
		ID: "meeting.redeemed_by_holders", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)\b(?:stockholders|shareholders|holders)(?: of (?:our |the )?public shares)? (?:have )?redeemed (?:an aggregate of |a total of )?{v:shares}`,
		Not:      hypothetical + `|` + pastMeeting + `|\bnot\b|\bno\b`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		ID: "meeting.redeemed_tendered", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i){v:shares|count}[^⟦]{0,60}? (?:were|have been) (?:validly )?(?:tendered|submitted|presented|delivered) for redemption`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		ID: "meeting.redeemed_aggregate", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:\bof |, |^)(?:an aggregate of |a total of )?{v:shares}[^⟦]{0,60}? (?:were|have been|was) redeemed`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		// "The number of Class A ordinary shares redeemed was 4,118,203"
		ID: "meeting.redeemed_number_was", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)\bnumber of (?:[^⟦.;]{0,60}?)?(?:shares|stock) (?:that were |which were )?redeemed(?: (?:in connection with|at|following) [^⟦.;]{0,60}?)? (?:was|is|totall?ed|amounted to) (?:an aggregate of |a total of )?{v:shares|count}`,
		Not:      hypothetical + `|` + pastMeeting + `|maximum|\bnot\b`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
	},
	{
		// "which reflects the redemption of 968,617 Class A ordinary shares" (a closing 8-K)
		ID: "meeting.redeemed_redemption_of", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:after giving effect to|following|after|in connection with|reflects) (?:the )?redemptions? of (?:an aggregate of |a total of )?{v:shares}`,
		Not:      hypothetical + `|` + pastMeeting + `|maximum|no redemption`,
		Classes:  current,
		Items:    voteItems,
		Priority: 9,
	},
	{
		ID: "meeting.redemption_price", Emit: rule.One(spac.FieldRedemptionPrice),
		Pattern:  `(?i)redemption price of (?:approximately )?{v:money} per (?:public )?share|per[- ]share redemption price of (?:approximately )?{v:money}`,
		Must:     `(?i)redeem|redemption`,
		Not:      hypothetical + `|` + pastMeeting + `|estimated|expected to be|\ball\b|liquidat|dissol|wind(?:ing)? up`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		ID: "meeting.redeemed_at_price", Emit: rule.One(spac.FieldRedemptionPrice),
		Pattern:  `(?i)redeem(?:ed)?\b[^⟦]{0,60}?(?:{shares}[^⟦]{0,40}?)? at (?:a price of )?(?:approximately )?{v:money} per (?:public )?share`,
		Not:      hypothetical + `|` + pastMeeting + `|estimated|expected to be|par value|\ball\b|liquidat|dissol|wind`,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		ID: "meeting.redemption_amount", Emit: rule.One(spac.FieldRedemptionAmount),
		Pattern:  `(?i)(?:aggregate (?:redemption )?(?:amount|payment) of|total redemption (?:amount |payment )?of|(?:for|or) an aggregate of|redeemed for) (?:approximately )?{v:money}`,
		Must:     `(?i)redeem|redemption`,
		Not:      hypothetical + `|` + pastMeeting + `|remain|warrants?\b|units?\b|private placement`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		ID: "meeting.redemption_amount_price", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "p": spac.FieldRedemptionPrice},
		Pattern:  `(?i)(?:approximately )?{v:money},? \((?:or )?(?:approximately )?{p:money} per (?:public )?share\).*?(?:removed|withdrawn|paid|distributed|released) (?:from|out of)`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		// "an aggregate of approximately $64.3 million will be removed from the Trust Account to
		// pay such holders"
		ID: "meeting.redemption_amount_removed", Emit: rule.One(spac.FieldRedemptionAmount),
		Pattern:  `(?i)(?:^|as a result,? |an aggregate of |total of |and )(?:approximately )?{v:money}[^⟦(]{0,30}? (?:will be|was|has been|were|is being) (?:removed|withdrawn|paid|released|distributed) (?:from|out of) (?:the |its |our )?(?:company` + ap + `s )?trust account(?: to pay (?:such|the|those|all) (?:redeeming )?(?:public )?(?:holders|stockholders|shareholders)| to (?:redeem|fund|pay for) (?:the|such|those) (?:redemptions?|shares)| in connection with (?:the|such) redemptions?| for (?:the|such) redemptions?)`,
		Not:      hypothetical + `|` + pastMeeting + `|remain|taxes|working capital|interest`,
		Never:    `(?i)liquidat|dissol|wind(?:ing)? up`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		ID: "meeting.redeemed_for_or_price", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "p": spac.FieldRedemptionPrice},
		Pattern:  `(?i)redeemed for (?:approximately )?{v:money},? or (?:approximately )?{p:money} per share`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 12,
		Narrated: true,
	},
	{
		ID: "meeting.shares_remaining", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i)(?:will have|has|had|leaving|with|currently has) {v:shares|count}(?: (?:public shares|shares of class a [^⟦]{0,40}?|class a [^⟦]{0,40}?shares|ordinary shares))?(?: (?:issued and )?outstanding| held by public (?:shareholders|stockholders))`,
		Not:      hypothetical + `|` + pastMeeting + `|class b|founder|including`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		ID: "meeting.shares_remain_after", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i)(?:following|after) (?:the |these |such |giving effect to (?:the |such )?)?redemptions,? (?:there (?:are|were|will be) )?{v:shares|count} (?:will )?remain(?:ed)? (?:issued and )?(?:outstanding|held by (?:public|non-redeeming) (?:shareholders|stockholders|holders))`,
		Not:      hypothetical + `|` + pastMeeting + `|class b|founder|including`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		ID: "meeting.shares_remain_number", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i)number of (?:public shares|(?:shares of )?class a (?:ordinary shares|common stock)) (?:that )?remain(?:ing)? (?:issued and )?(?:outstanding|subject to possible redemption)(?: following (?:the |such )?redemptions)? (?:is|was|will be) {v:count|shares}`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		// "... and 2,104,383 public shares will remain outstanding": only a count of PUBLIC shares
		// (a count of all shares would hold the founders' too)
		ID: "meeting.public_shares_remain", Produce: countOfPublicShares(spac.FieldSharesRemaining), Gives: []string{spac.FieldSharesRemaining},
		Pattern:  `(?i){v:shares}(?: (?:will|shall))? remain(?:s|ed|ing)? (?:issued and )?outstanding|(?:redemptions?|redeemed)\b[^⟦]{0,40}?(?:there (?:are|were|will be) |leaving )(?:approximately )?{v:shares}(?: (?:issued and )?outstanding)?`,
		Not:      hypothetical + `|` + pastMeeting + `|class b|founder|including|record date|entitled to vote`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		// "After the redemptions, there are 897,689 Class A ordinary shares outstanding held by
		// public shareholders": only with the public holders named
		ID: "meeting.shares_remaining_there_are", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i)\bthere (?:are|were|will be|remain) (?:approximately )?{v:shares|count}(?: [^⟦.;]{0,60}?)? (?:issued and )?outstanding,? (?:and )?held by (?:our |the |its )?(?:public|non-redeeming) (?:shareholders|stockholders|holders)`,
		Not:      hypothetical + `|` + pastMeeting + `|class b|founder|record date|entitled to vote`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
	},
	{
		// "1,690,196 of the shares remaining outstanding after the redemption are owned by our
		// public stockholders"
		ID: "meeting.shares_remaining_held_by_public", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i){v:count|shares} of the (?:[^⟦.;]{0,40}?)?(?:shares|stock) (?:remaining|that remain) (?:issued and )?outstanding[^⟦.;]{0,60}? (?:are|were|is) (?:owned|held) by (?:our |the |its )?public (?:stockholders|shareholders|holders)`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  current,
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		// a closing 8-K counts the combined company's shares issued to the SPAC's public holders
		// "which reflects the redemption of" the others
		ID: "meeting.shares_remaining_issued", Emit: rule.One(spac.FieldSharesRemaining),
		Pattern:  `(?i){v:shares} issued to (?:the )?(?:former )?holders of [^⟦]{0,40}?class a (?:ordinary shares|common stock)[^⟦]{0,60}?, which reflects the redemption of {shares}`,
		Not:      hypothetical,
		Classes:  current,
		Items:    []string{"2.01"},
		Priority: 9,
	},
	// extensions
	{
		// a condition before the date vetoes it (unconditionalDeadline)
		ID: "meeting.new_deadline_extended_to", Produce: unconditionalDeadline, Gives: []string{spac.FieldNewDeadline, spac.FieldOldDeadline},
		Pattern:  `(?i)^(?P<lead>.*?` + extendWords + `.*?` + deadlineFrom + `)` + deadlineTo + ` {v:date}|^(?P<lead>.*?` + extendFromTo + `)`,
		Not:      pastMeeting + `|earlier|not approved|` + capUpTo + `|extension option|option to extend|(?:to|will) be held|(?:filed|mailed|sent) (?:a |its |the )?(?:definitive |preliminary )?proxy statement` + extensionRefused + extensionAsked,
		Never:    proposalFailed,
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
		Pattern:  `(?i)` + extendWords + `.*?` + deadlineFrom + deadlineTo + ` {v:date}|` + extendFromTo,
		Not:      pastMeeting + `|earlier|not approved|fail|` + capUpTo + `|\bif (?:the|a) (?:company|sponsor|board)\b|\b(?:we|the company) held\b|(?:stockholders|shareholders) approved\b|previously` + extensionRefused,
		Classes:  proxies,
		NotKinds: notStated,
		Priority: 10,
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
		Pattern:  `(?i)deposited ` + trustFund + `(?: \([^)]{0,40}\))?,? (?:an aggregate of |a total of |the amount of )?{v:money}`,
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
		Pattern:  `(?i)\b(?:drew|borrowed|withdrew) {v:money}[^.]*? and deposited (?:it|such amount|the funds|the proceeds|such funds|that amount) ` + trustAccount,
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
		ID: "meeting.extension_proposed_status", Emit: rule.Emit{"v": spac.FieldStatus, "d": spac.FieldNewDeadline},
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
		ID: "meeting.trust_per_share", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)approximately {v:money} per (?:issued and outstanding )?(?:public )?share`,
		Must:     `(?i)trust account`,
		Not:      pastMeeting + `|less than|could|may be`,
		Classes:  proxies,
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 10,
	},
	{
		ID: "meeting.trust_estimate", Emit: rule.One(spac.FieldTrustPerShare),
		// "the per-share redemption price would be approximately $10.61", or the price named first
		// and its unit after the figure ("the redemption price would have been approximately
		// $10.61 per share")
		Pattern: `(?i)` + perSharePrice + `[^⟦]{0,120}? (?:will|would|is expected to|is estimated to|is anticipated to)(?: have)? be(?:en)? (?:approximately |about )?{v:money}` +
			`|\bredemption (?:price|amount)[^⟦]{0,40}? (?:will|would|is expected to|is estimated to|is anticipated to)(?: have)? be(?:en)? (?:approximately |about )?{v:money} per (?:public )?share`,
		Not:      pastMeeting + `|less than|could|may be|initially|liquidat`,
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
