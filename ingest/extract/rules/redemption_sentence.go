package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// The redemption statement read as a whole. An 8-K reporting a meeting tells its redemptions
// in one sentence whose wording varies from filer to filer: "stockholders holding N shares
// exercised their right to redeem such shares for approximately $10.42 per share, for an
// aggregate of approximately $12.9 million", "N shares were tendered for redemption at
// approximately $10.71 per share", "holders redeemed N shares for approximately $12.5 million",
// "... for an aggregate amount of $9,120,400, or about $11.24 per share". Whatever the verb and
// the order, inside a sentence that speaks of redeeming, a sum of money per share after "at",
// "for", "of" or "or" is the price each redeemed share was paid, and a sum that is not per share
// after "for" or "or" is the total paid. The rules of redemption.go read the wordings they name
// at a higher rank; these read the rest at rank 9.
const (
	// redeemWord opens the statement: the redemption verb or noun, written before the money.
	// ("converted" is left out: a closing converts the target's shares at a price of their own).
	redeemWord = `\b(?:redeem(?:ed|ing)?|redemptions?|tendered)\b`
	// redeemGapPriced is the text between the verb and the money: words, the entities of the
	// statement (the count of shares, a percentage) and the sums already stated (the total
	// before its per-share gloss, the price before the total: "at $11.02 per share, or
	// $3,443,254 in total").
	redeemGapPriced = `(?:[^⟦]|⟦(?:shares|count|percent|org|money) \d+⟧){0,240}?`
	// approx is the hedge a filer writes before a sum.
	approx = `(?:(?:about|approximately|approx\.|roughly) )?`
	// notTheRedemption vetoes sums a redemption sentence may hold that are not what the
	// redeemed shares were paid: an estimate, the sponsor's deposit or loan, the trust's
	// remainder, a par value, a warrant's price, all the shares redeemed at a liquidation, the
	// carrying value of shares that may be redeemed, a price a calculation assumes.
	notTheRedemption = hypothetical + `|` + pastMeeting + `|(?i)\bestimat|\bexpect|\banticipat|\bpar value|\bwarrants?\b|\bexercise price|\bdeposit|\bcontribut|\bloan|\bnote\b|\bsponsor|\bremain|\bbalance|\bleft in|\bsubscri|\bpipe\b|\ball\b|\bup to\b|\bmay\b|\bwould\b|\bcould\b` +
		// a balance sheet's shares "subject to possible redemption ... at $10.00 per share"; a
		// pro forma's assumed price ("based on a stock price of approximately $10 per share")
		`|\bpossible\b|\bsubject to\b|\bbased on\b|\bassum|\bpro forma\b|\b(?:stock|share|market|trading) price\b`
)

// redemptionElsewhere vetoes a whole sentence about a liquidation (every share redeemed at
// its price, liquidation_price) or about what the trust keeps after the redemptions ("...,
// approximately $8.2 million, or about $10.70 per share, remains in the trust account").
const redemptionElsewhere = `(?i)liquidat|dissol|wind(?:ing)? up|\bremains? (?:in|on deposit)|\bleft in (?:the )?trust|\bbalance of`

var meetingRedemptionStatement = []*rule.Rule{
	{
		ID: "meeting.redemption_statement_price", Emit: rule.One(spac.FieldRedemptionPrice),
		Pattern:  `(?i)` + redeemWord + redeemGapPriced + `(?:\b(?:at|for|of|or)|\() (?:a (?:per[- ]share )?(?:redemption )?price of )?` + approx + `{v:money},? per (?:public )?share`,
		Not:      notTheRedemption,
		Never:    redemptionElsewhere,
		Classes:  current,
		Items:    voteItems,
		Priority: 9,
		Narrated: true,
	},
	{
		ID: "meeting.redemption_statement_amount", Emit: rule.One(spac.FieldRedemptionAmount),
		Pattern:  `(?i)` + redeemWord + redeemGapPriced + `\b(?:for|or) (?:an aggregate (?:redemption )?(?:amount |payment )?of |a total (?:amount )?of |total )?` + approx + `{v:money}(?: in (?:total|the aggregate|aggregate))?(?:[,.;)]| \(| (?:from|out of|paid|was|has been|to|and|in connection|upon|at|on)\b|$)`,
		Not:      notTheRedemption,
		Never:    redemptionElsewhere,
		Classes:  current,
		Items:    voteItems,
		Priority: 9,
		Narrated: true,
	},
}
