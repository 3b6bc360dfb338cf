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

// meetingRedemptions: redemptions and shares remaining. Part of the meeting family
// (meeting.go); the extensions, deposits and trust estimates are in redemption_deadlines.go.
var meetingRedemptions = []*rule.Rule{
	// redemptions
	{
		ID: "meeting.redeemed_holders_exercised", Emit: rule.One(spac.FieldSharesRedeemed),
		Pattern:  `(?i)(?:holders? of|holding) (?:an aggregate of |a total of )?{v:shares}` + classPar + `[^⟦]*?(?:(?:validly |properly )?exercised (?:their|its|the) rights? to (?:have (?:such|those|their) shares )?redeem|elected to (?:redeem|have (?:their|its|such|those) [^⟦.;]{0,40}?redeemed)|(?:have |had )?(?:redeemed|tendered) (?:their|its|such|those|all of their) shares)`,
		Not:      hypothetical + `|` + pastMeeting,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    voteItems,
		Priority: 11,
		Narrated: true,
	},
	{
		// A blank check of 2004-2012 called redemption "conversion": "Holders of 1,202,345 shares
		// ... voted against the business combination and elected to convert their shares into a
		// pro rata portion of the trust account, or approximately $9.96 per share."
		ID: "meeting.converted_holders", Emit: rule.Emit{"v": spac.FieldSharesRedeemed, "p": spac.FieldRedemptionPrice},
		// (the count may be written apart from its class: "holders of 1,202,345 of Acme's ordinary
		// shares duly exercised their right to convert such shares")
		Pattern:  `(?i)(?:holders? of|holding) (?:an aggregate of |a total of )?{v:shares|count}` + classPar + `[^⟦]{0,160}?(?:elected|exercised (?:their|its) (?:rights?|option)) to (?:convert|have (?:their|such|those) shares converted)\b(?:[^⟦]{0,120}?\b(?:or|of|equal to|at) (?:approximately )?{p:money} per share)?`,
		Not:      hypothetical + `|` + pastMeeting + `|\bnot\b|\bmay\b|\bcan\b|\bwill\b`,
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
		Pattern: `(?i)redeem(?:ed)?\b[^⟦]{0,60}?(?:{shares}[^⟦]{0,40}?)? at (?:a price of )?(?:approximately )?{v:money} per (?:public )?share` +
			`|redeem(?:ed)?\b[^⟦]{0,60}?(?:{shares}[^⟦]{0,40}?)? at a per[- ]share (?:redemption )?price of (?:approximately )?{v:money}`,
		Not:      hypothetical + `|` + pastMeeting + `|estimated|expected to be|par value|\ball\b|liquidat|dissol|wind|\b(?:may|can|could)\b|\bsubscri|\bpipe\b`,
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
		// the sum the trust pays the converting or redeeming holders, named by what it pays: "Acme
		// will distribute approximately $124,000,000 from the trust account to such holders in
		// payment of the aggregate conversion amount" (a blank check of 2008-2016 "converted")
		ID: "meeting.redemption_amount_distributed", Emit: rule.One(spac.FieldRedemptionAmount),
		Pattern:  `(?i)\b(?:distribute|distributed|pay|paid|disburse|disbursed) (?:approximately |about )?{v:money} (?:from|out of) (?:the |its |our )?trust account to (?:such|the|those) (?:converting |redeeming |electing )?(?:public )?(?:holders|shareholders|stockholders)\b(?:[^⟦]{0,20}? in payment of (?:the|their) (?:aggregate )?(?:conversion|redemption) (?:amount|price))?`,
		Not:      hypothetical + `|` + pastMeeting + `|\b(?:may|might|could|all)\b|\bremain`,
		Never:    `(?i)liquidat|dissol|wind(?:ing)? up`,
		Classes:  current,
		Items:    voteItems,
		Priority: 10,
		Narrated: true,
	},
	{
		// "The aggregate redemption amount was approximately $7,020,000, or approximately $11.46
		// per share": the total and the price in a sentence of their own
		ID: "meeting.redemption_amount_was", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "p": spac.FieldRedemptionPrice},
		Pattern:  `(?i)\b(?:aggregate|total) (?:redemption )?(?:amount|payment|price) (?:paid (?:to (?:the )?redeeming [^⟦.;]{0,30}?)?)?(?:was|is|totall?ed|amounted to) (?:approximately )?{v:money}(?:,? (?:or|representing) (?:approximately )?{p:money} per (?:public )?share)?`,
		Must:     `(?i)redeem|redemption`,
		Not:      hypothetical + `|` + pastMeeting + `|remain|warrants?\b|units?\b|private placement|estimated|expected`,
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
		Pattern:  `(?i)(?:will have|has|had|leaving|with|currently has) (?:approximately {money}(?: million)? (?:in|held in|remaining in) (?:its|the|our) trust account,? and )?{v:shares|count}(?: (?:public shares|shares of class a [^⟦]{0,40}?|class a [^⟦]{0,40}?shares|ordinary shares))?(?: (?:issued and )?outstanding| held by public (?:shareholders|stockholders))`,
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
	}}
