package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Periodic redemptions, deposits and the trust at an event: what a 10-Q or 10-K narrates of
// the redemptions an extension or a combination vote brought, the sponsor's deposits that
// extended the deadline, and the trust left after them. Each fact is dated like the events of
// periodic_events.go: by the date its sentence opens with, else by the one its paragraph
// opened with, else the report's period. Corpus: testdata/periodic.corpus.

const (
	// notRedemption vetoes what is no redemption made: an estimate, a maximum, a scenario, the
	// right to redeem still open, a tender still to come.
	notRedemption = hypothetical + `|(?i:\b(?:estimated|expected|anticipated|maximum|up to|at least|may|will|would|could|intends?|plans?|(?:have|has|had|retain|retains|with) (?:the )?rights? to (?:have (?:their|such) shares )?redeem|entitled to redeem|non-redemption|not to redeem|agreed not|reverse)\b)`
	// pairedCount vetoes a count that is the first of a pair ("20,528,851 and 1,992,461
	// shares ... respectively"): which event each belongs to is not told by the sentence alone.
	pairedCount = `(?i)\brespectively\b`
	// depositFlow vetoes a deposit that is not one extension's: a total over several, a cap, a
	// formula, a plan, a loan still undrawn.
	depositFlow = `(?i)\b(?:aggregate|total|in total|cumulative|to date|so far|up to|lesser of|greater of|may|will|would|must|required|obligat\w*|intends?|plans?|expects?|if)\b`
)

// periodicRedemptions: the redemptions, deposits and trust balances a report narrates.
var periodicRedemptions = []*rule.Rule{
	// --- shares_redeemed ------------------------------------------------------------------------
	{
		// "the holders of 10,693,417 public shares properly exercised their right to redeem";
		// "stockholders holding 908,496 Public Shares exercised their right to redeem";
		// "holders of 8,295,189 shares of Class A common stock elected to redeem".
		ID: "periodic.redeemed_holders", Emit: rule.One(spac.FieldSharesRedeemed), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?\b(?:holders? of|holding) (?:an aggregate of |a total of )?{v:shares|count}` + parValue + `[^⟦]{0,120}?(?:(?:validly |properly )?(?:exercised|elected to exercise) (?:their|its|the) rights? to (?:have (?:such|those|their) shares )?redeem|elected to redeem|(?:validly |properly )?tendered (?:their|such|those) shares for redemption|redeemed (?:their|such|those) shares\b)`,
		Not:      notRedemption + `|` + pairedCount + `|(?i:⟦(?:shares|count) \d+⟧ and ⟦(?:shares|count) \d+⟧)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "Redeeming Stockholders properly exercised their right to redeem 40,302,259 Public
		// Shares"; "our stockholders redeemed 3,209,123 shares of our Common Stock".
		ID: "periodic.redeemed_count_after", Emit: rule.One(spac.FieldSharesRedeemed), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?\b(?:(?:exercised|elected to exercise) (?:their|its|the) rights? to redeem|(?:stockholders|shareholders|holders) (?:have |had )?redeemed) (?:an aggregate of |a total of )?{v:shares}`,
		Not:      notRedemption + `|` + pairedCount,
		Never:    `(?i)⟦shares \d+⟧ and ⟦shares \d+⟧`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "a total of 3,917,598 public shares were presented for redemption"; "1,181,866 shares
		// were redeemed".
		ID: "periodic.redeemed_passive", Emit: rule.One(spac.FieldSharesRedeemed), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?(?:\b(?:a total of|an aggregate of) |(?:^|, )(?:holders of )?){v:shares}[^⟦]{0,40}? (?:were|was|have been) (?:validly )?(?:presented|tendered|submitted) for redemption|(?:\b(?:a total of|an aggregate of) |(?:^|, ))(?:holders of )?{v:shares}[^⟦]{0,40}? (?:were|was|have been) redeemed\b`,
		Not:      notRedemption + `|` + pairedCount,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	// --- redemption_amount, redemption_price -------------------------------------------------------
	{
		// "for an aggregate redemption amount of approximately $111,346,281"; "for a total
		// redemption of approximately $34,048,795"; "paid cash in the aggregate amount of
		// approximately $9.77 million, or approximately $10.75 per share, to redeeming
		// stockholders"; "stockholders redeemed 3,594,000 shares for approximately $36.8 million".
		ID: "periodic.redemption_amount", Emit: rule.Emit{"v": spac.FieldRedemptionAmount, "pr": spac.FieldRedemptionPrice}, Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?\b(?:(?:for )?an aggregate redemption (?:amount|price|payment) of|for a total redemption (?:amount )?of|(?:paid|pay|distributed) (?:cash )?(?:in )?(?:the |an )?aggregate (?:amount )?of|redeemed (?:(?:their|such|those) shares |⟦shares \d+⟧ )?for(?: a total of| an aggregate of)?) (?:approximately )?{v:money}(?:,? (?:or|representing) (?:approximately )?{pr:money} per (?:public )?share| \((?:or )?(?:approximately )?{pr:money} per (?:public )?share\))?`,
		Must:     `(?i)redeem|redemption`,
		Not:      notRedemption + `|` + pairedCount + `|(?i:\bremain|trust account balance|withdr[ae]w|\bunits?\b|warrants?\b|private placement|excise)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "approximately $86,171,000 was removed from the Trust Account to pay such
		// redemptions".
		ID: "periodic.redemption_removed", Emit: rule.One(spac.FieldRedemptionAmount), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?(?:approximately |an aggregate of |a total of )?{v:money} (?:was|were|has been|had been) (?:removed|withdrawn|paid|released|disbursed) (?:from|out of) (?:the |our )?trust account[^⟦]{0,40}? (?:to pay|in connection with|for|to fund) (?:such |the |these )?(?:redemptions|redeeming)`,
		Not:      notRedemption + `|` + pairedCount + `|(?i:⟦money \d+⟧ and ⟦money \d+⟧)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "at a redemption price of approximately $10.25 per share"; "redeemed 3,209,123
		// shares at a price of $10.61 per share".
		ID: "periodic.redemption_price", Emit: rule.One(spac.FieldRedemptionPrice), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?(?:\bat a redemption price of|\bredeem(?:ed)?\b[^⟦]{0,40}?(?:⟦shares \d+⟧[^⟦]{0,60}?)?(?:for cash )?at a price of) (?:approximately )?{v:money} per (?:public )?share`,
		Must:     `(?i)exercised|redeemed|elected to redeem|tendered|presented`,
		Not:      notRedemption + `|` + pairedCount + `|(?i:liquidat|dissol|wind|\ball\b)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	// --- shares_remaining ----------------------------------------------------------------------
	{
		// "Following such redemptions, 2,056,583 public shares remain outstanding"; "leaving
		// 611,157 Public Shares outstanding".
		ID: "periodic.shares_remaining", Emit: rule.One(spac.FieldSharesRemaining), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?(?:\b(?:following|after) (?:such|the|these|giving effect to (?:the|such)) redemptions,? (?:there (?:are|were) )?(?:approximately )?{v:shares|count}(?: public shares| class a [^⟦]{0,40}?)? (?:remain(?:ed)?|were|are) (?:issued and )?outstanding|\bleaving (?:a total of )?{v:shares|count}(?: public shares| class a [^⟦]{0,40}?)? (?:issued and )?outstanding)`,
		Not:      notRedemption + `|` + pairedCount + `|(?i:class b|founder|including)`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	// --- extension_deposit --------------------------------------------------------------------------
	{
		// One deposit: "On July 10, 2023, the Sponsor deposited $120,000 into the Trust Account";
		// "we ... deposited $100,000 into the trust account for each of the Extensions".
		ID: "periodic.deposit", Emit: rule.One(spac.FieldExtensionDeposit), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?\b(?:deposited|caused to be deposited|contributed) {v:money}(?: \([^)]{0,80}\))? (?:into|in|to) (?:the |its |our )?(?:company` + ap + `s )?trust account(?: \([^)]{0,40}\))?(?: on {p:date})?`,
		Must:     `(?i)exten`,
		Not:      depositFlow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// "the Company issued a promissory note ... and deposited $56,296 ..." is the first rule;
		// "an extension payment of $95,000 was deposited into the Trust Account on <date>".
		ID: "periodic.deposit_payment", Emit: rule.One(spac.FieldExtensionDeposit), Period: "p", Lead: true, Narrated: true,
		Pattern:  `(?i)(?:^` + eventOn + `.*?)?\bextension (?:payment|deposit|contribution|fee) of {v:money}[^⟦.]{0,60}? (?:was|has been|were) deposited (?:into|in|to) (?:the |its |our )?trust account(?: on {p:date})?`,
		Not:      depositFlow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// The sponsor's monthly contributions to the trust agreed for an extended period:
		// "On <date>, our Sponsor agreed to make monthly deposits directly to the trust account
		// in the amount of $X (each deposit, a Contribution)", "... agreed to contribute $X to
		// the trust account each month". A rate per share or a cap ("the lesser of", "up to")
		// is no deposit; a promise on a condition ("if", "will") is vetoed by depositFlow.
		ID: "periodic.deposit_monthly_agreed", Emit: rule.One(spac.FieldExtensionDeposit), Period: "p", Lead: true, Narrated: true,
		Pattern: `(?i)(?:^` + eventOn + `.*?)?\b(?:has |have )?agreed to (?:make monthly (?:deposits|contributions) (?:directly )?(?:into|to|in) (?:the |its |our )?trust account(?: \([^)]{0,40}\))? (?:in the amount of|of) {v:money}` +
			`|(?:deposit|contribute) {v:money} (?:(?:per|each|a) month|monthly) (?:into|to|in) (?:the |its |our )?trust account` +
			`|(?:deposit|contribute) (?:into|to|in) (?:the |its |our )?trust account {v:money} (?:(?:per|each|a|for each calendar) month|monthly))(?:[ ,.;(]|$)`,
		Not:      depositFlow + `|(?i)per (?:public |class a )?share`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 11,
	},
	// --- trust_balance, trust_per_share at an event ---------------------------------------------
	{
		// After an event: "there was approximately $29,921,377 in the Trust Account as of
		// October 30, 2015, or approximately $10.63 per public share".
		ID: "periodic.trust_as_of_event", Emit: rule.Emit{"v": spac.FieldTrustBalance, "ps": spac.FieldTrustPerShare}, Period: "p",
		Pattern:  `(?i)\bthere (?:was|were|remained|remains) (?:approximately )?{v:money} (?:held )?(?:in|remaining in) (?:the |our )?trust account as of {p:date}(?:,? (?:or|representing) (?:approximately )?{ps:money} per (?:public )?share)?`,
		Not:      notBalance,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// A proxy's estimate a report recounts: "the Company reported that it expected the
		// redemption price per public share at the time of the meeting ... to be approximately
		// $10.38 per share based on a trust balance as of ...".
		ID: "periodic.trust_per_share_estimate", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)\b(?:expected|estimated|anticipated) (?:that )?the (?:redemption price|per[- ]share (?:redemption )?(?:price|amount)|amount) per (?:public )?share[^⟦]{0,240}? (?:to be|would be|will be|was|is) (?:approximately )?{v:money}`,
		Must:     `(?i)trust`,
		Not:      `(?i)less than`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// A balance stated with its date: "based on a trust balance as of March 24, 2023 of
		// $312,622,337.78".
		ID: "periodic.trust_balance_as_of", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)\btrust (?:account )?balance (?:as of|at|on) {p:date},? of (?:approximately )?{v:money}`,
		Not:      `(?i)withdr[ae]w|transferred|deposited|redemptions? of`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
}
