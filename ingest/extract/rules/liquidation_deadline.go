package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// The charter's deadline as a date, where a current report or release states it: a release
// that gives up ("will not consummate a business combination by <date>", "its corporate
// existence will terminate on <date>"), the charter recital inside it ("if the Company does not
// complete its initial business combination by <date>, it will ..."), a letter of intent's or a
// termination's reminder ("the Company has until <date> to complete a business combination").
// Corpus: testdata/liquidation.corpus.
//
// A deal's own deadline is not the SPAC's: "if the Business Combination is not consummated by
// <date>" (the agreement's outside date) names the deal, so the rules want "an", "its", "our" or
// "a" business combination, never "the". A deadline an extension would bring is not in force:
// any sentence about extending is left to the meeting family's old and new deadlines.

// deadlineVeto: a possibility, an extension (proposed or made), another SPAC's history.
const deadlineVeto = `(?i)\b(?:would|could|may|might|assuming|exten\w*|up to|or such (?:earlier|later) date|if approved|is approved)\b`

// fallsShort is the SPAC's failing to complete a business combination, as a fact or a
// condition: "will not consummate", "is unable to complete", "failed to complete", "does not
// complete", "has not consummated".
const fallsShort = `(?:will not|will be unable to|is unable to|are unable to|was unable to|were unable to|cannot|can ?not|did not|does not|do not|has not|have not|failed to|fails to|fail to|is not able to|will not be able to) (?:be able to )?` +
	`(?:consummate|consummated|complete|completed|effect|effected) (?:an|its|a|our) (?:initial )?business combination`

var liquidationDeadlines = []*rule.Rule{
	{
		// "Because the Company will not consummate a business combination by January 29, 2009,
		// the time frame required by its charter", "if it is unable to consummate a business
		// combination by May 18, 2009", "has not consummated an initial Business Combination (as
		// defined in ...), by December 1, 2022 (the “Termination Date”)"
		ID: "liquidation.deadline_falls_short_by", Emit: rule.One(spac.FieldDeadline),
		Pattern:  `(?i)\b` + fallsShort + `(?: \([^)]{0,160}\))?,? (?:by|on or before|prior to|before) ` + weekday + `{v:date}`,
		Not:      insideDeletedQuote, // the article a charter amendment deletes
		Never:    deadlineVeto + `|` + otherSPACs,
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.Periodic},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "Pursuant to the Charter, the Company has until March 23, 2023 to consummate an
		// initial business combination."
		ID: "liquidation.deadline_has_until", Emit: rule.One(spac.FieldDeadline),
		Pattern:  `(?i)\b(?:has|have|now has|now have) until ` + weekday + `{v:date},? to (?:consummate|complete|effect) (?:an|its|a|our) (?:initial )?business combination`,
		Not:      `(?i)\b(?:if|unless|when)\b`,
		Never:    deadlineVeto + `|` + otherSPACs,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the older charters' end of the company itself: "its corporate existence will
		// terminate on December 6, 2009"
		ID: "liquidation.deadline_existence_ends", Emit: rule.One(spac.FieldDeadline),
		Pattern:  `(?i)\b(?:its|the company['’]s|our) (?:corporate )?existence (?:will|shall) (?:terminate|cease|end) on ` + weekday + `{v:date}`,
		Not:      `(?i)\b(?:if|unless)\b`,
		Never:    deadlineVeto + `|` + otherSPACs,
		Classes:  current,
		NotKinds: notStated,
		Priority: 9,
	},

	// delisting_date: an exchange panel's decision, with its effective date ("the Panel has
	// determined to delist the Company's securities from The Nasdaq Stock Market, effective at
	// the open of business on February 4, 2015"); the suspension of trading is not the delisting.
	{
		ID: "liquidation.delisting_determined_effective", Emit: rule.One(spac.FieldDelistingDate),
		Pattern:  `(?i)\b(?:determined|decided|resolved) to delist (?:the Company['’]s |its |the )?(?:securities|common stock|ordinary shares|shares|units|warrants)\b` + gap + `{0,80}?,? effective (?:at the (?:open|opening) of business )?(?:on )?{v:date}`,
		Not:      conditional + `|suspen`,
		Classes:  delistingScope,
		Items:    liquidationItems,
		Priority: 10,
	},

	// liquidation_price: an older release's trust distribution ("distribute to the holders of
	// its public shares their pro-rata portion of the funds held in its trust account, which
	// will be approximately $7.95 per share") in a sentence that decides the liquidation.
	{
		ID: "liquidation.price_pro_rata_portion", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)\bpro[- ]rata (?:portion|share) of the (?:funds|amounts?|proceeds)[^⟦]{0,160}?\bwhich (?:will|is expected to|is estimated to) be (?:approximately |about )?{v:money} per (?:public )?share\b`,
		Must:     `(?i)\bwill (?:liquidate|dissolve)\b|\bplan of (?:liquidation|dissolution)\b`,
		Never:    otherSPACs + `|\b(?:if|unless|would|may|might)\b|extension|\bmeeting\b`,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 9,
	},
}
