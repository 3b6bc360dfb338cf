package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// offeringNarrated: the amount placed in trust and the private placement as later filings and
// older prospectuses state them (a report's Note 1, a proxy's background, a trust agreement's
// recitals, a 2007 prospectus's insiders' commitment). Part of the offering family
// (offering.go).

// proceedsOf is "of the (net) proceeds from the IPO": a part of the offering's money.
const proceedsOf = `of the (?:net |gross )?proceeds (?:from|of) (?:the|our|its) (?:IPO|initial public offering|Public Offering|Offering)`

var offeringNarrated = []*rule.Rule{
	{
		// The total with its parts: "A total of $X, comprised of $Y of the proceeds ... and $Z
		// of ..., was placed in the trust account"; "which includes"; a part may carry its own
		// bracket ("$X of the proceeds from the IPO (which amount includes $Y of the
		// underwriters' deferred discount)").
		ID: "offering.trust_total_comprised", Emit: rule.One(spac.FieldTrustSize),
		Pattern: `(?i)\b(?:a total of|an aggregate of) {v:money},? (?:comprised of|consisting of|which includes?|including) {money}(?:[^⟦(]|\([^()⟦]*(?:⟦money \d+⟧[^()⟦]*)?\))*?(?:and {money}[^⟦]*?)?` +
			`(?:was|were|has been|have been) (?:placed|deposited|held) in(?:to)? (?:a|the|its) .{0,60}?trust\b`,
		Not:      overAllotment + `|deferred underwriting|extension|interest`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The total after the IPO and its over-allotment both closed: "Following the closing of
		// the IPO and the partial exercise of the over-allotment option, a total of $X ($10.00
		// per unit) ... was placed in the Trust Account"; "A total of $X of the proceeds from
		// the IPO, including the partial exercise of the over-allotment option, ...".
		ID: "offering.trust_total_with_overallotment", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		Pattern: `(?i)(?:(?:closing|consummation) of (?:the|our|its) ` + ipoWords + ` and (?:the )?(?:partial |full )?exercise of the (?:underwriters` + ap + `? )?over-?allotment option,? ` +
			`a total of {v:money}(?: \({pu:money} per (?:unit|public share|share)\))?` +
			`|\ba total of {v:money}(?: \({pu:money} per (?:unit|public share|share)\))? ` + proceedsOf + `,? including the (?:partial |full )?exercise of the (?:underwriters` + ap + `? )?over-?allotment option)` +
			`[^⟦]*?(?:was|were|has been) (?:placed|deposited|held) in(?:to)? (?:a|the|its) .{0,60}?trust\b`,
		Not:      `(?i)\badditional\b|incremental|extension|interest`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// "Approximately $200,000,000 of the net proceeds from the IPO and the private sale ...
		// has been deposited in the Trust Account."
		ID: "offering.trust_proceeds_deposited", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)^(?:approximately )?{v:money} ` + proceedsOf + `[^⟦]*?(?:was|were|has been|have been) (?:placed|deposited|held) in(?:to)? (?:a|the|its) .{0,60}?trust\b`,
		Not:      overAllotment + `|deferred underwriting|extension|interest|remain|withdr`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// Reports of 2005-2013 name the trust's amount as the offering's proceeds "totaling"
		// it: "the net proceeds of the Offering totaling $X (including the $Y from the sale of
		// the Insider Warrants) were deposited into a trust account"; the bracket's amount is
		// the insiders' private purchase.
		ID: "offering.trust_proceeds_totaling", Emit: rule.Emit{"v": spac.FieldTrustSize, "pp": spac.FieldPrivatePlacement},
		Pattern: `(?i)\b(?:net |gross )?proceeds (?:of|from) (?:the|our|its) ` + ipoWords + `(?: and (?:the|its) [^⟦.,]{0,60}?)?,? (?:totaling|totalling|aggregating|in the amount of) {v:money}` +
			`(?: \(including (?:the )?{pp:money} (?:from|of) the (?:private )?(?:sale|purchase) of (?:the )?(?:insider|private placement|placement|sponsor|founder)(?:s'?)? warrants\)| \([^)⟦]{0,80}\))?,?` +
			` (?:was|were|has been|have been) (?:placed|deposited|held) in(?:to)? (?:a|an|the|its) [^⟦.]{0,60}?trust\b`,
		Not:      overAllotment + `|deferred underwriting|extension|interest (?:on|earned|income)|remain|withdr|\b(?:will|would|if)\b`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "Of the total proceeds from the Public Offering and Private Placement, $250,000,000
		// was deposited into the Trust Account on the Close Date."
		ID: "offering.trust_of_the_proceeds", Emit: rule.One(spac.FieldTrustSize),
		// A closing report may state the proceeds' amount and the deposit's parts: "Of the
		// $X gross proceeds of the IPO, $Y, including deferred underwriting discounts of $Z,
		// was deposited into a trust account".
		Pattern: `(?i)^Of the (?:{money} )?(?:total |net |gross )?proceeds (?:from|of) (?:the|our|its) ` + ipoWords + `[^⟦]{0,80}?,? {v:money}` +
			`(?:, including (?:the )?deferred underwrit[^⟦,]{0,60}? of {money},)? (?:was|were|has been) (?:placed|deposited|held) in(?:to)? (?:a|the|its) .{0,60}?trust\b`,
		Not:      overAllotment + `|deferred underwriting|extension|interest`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// A trust agreement's recital (its amendments restate it): "WHEREAS, $X of the gross
		// proceeds of the Offering ... was deposited into the Trust Account".
		ID: "offering.trust_recital", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)^WHEREAS, (?:an aggregate of |a total of )?{v:money} (?:of the (?:gross |net )?proceeds[^⟦;]*?)?(?:was|were|have been|has been) (?:placed|deposited|delivered)[^⟦;]{0,40}?(?:in|into|to) the (?:Trust Account|Trustee)`,
		Never:    `(?i)extension|additional|interest|contribution|monthly`, // a later deposit's recital
		Classes:  closedForms,
		Priority: 10,
	},
	{
		// An older prospectus states the insiders' commitment to buy warrants or units before
		// the offering, with its total: "have committed to purchase from us an aggregate of
		// 3,000,000 warrants at $1.00 per warrant (for a total purchase price of $3,000,000)",
		// "..., or $5,450,000 in the aggregate"; how they pay may stand between ("from us, using
		// their own funds, an aggregate of ...").
		ID: "offering.private_committed_purchase", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern: `(?i)\b(?:have|has) (?:committed|agreed) to purchase (?:from us(?:, [^⟦.,]{3,100}?,)? )?(?:an aggregate of )?{warrants|units}[^⟦.]{0,60}? at (?:a price of )?{money} per (?:warrant|unit)` +
			`(?: \((?:for )?(?:a total|an aggregate) (?:purchase price )?of {v:money}\)|,? or {v:money} in the aggregate)`,
		Not:      `(?i)\bup to\b|in (?:this|the) (?:offering|IPO)|open market|public offering`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// A report's or proxy's IPO told as the sale of its units: "On January 7, 2022, we
		// completed the sale of 23,000,000 units at a price of $10.00 per unit" (the units
		// named as the public's: no private, over-allotment or additional units).
		ID: "offering.ipo_date_sale_of_units", Produce: publicSaleDate, Gives: []string{spac.FieldIPODate},
		// Or sold in the IPO: "On March 8, 2007, the Company sold 6,000,000 units (“Units”) in
		// its initial public offering", "... sold 9,450,000 units at a price of $10.00 per unit in
		// the Public Offering (which included 450,000 units of the over-allotment)": the units
		// the underwriters' option added are part of the day's sale, but a sale made under the
		// option itself is the option's day (Never).
		Pattern: `(?i)^On {d:date},? (?:we|the Company) (?:(?:completed|consummated) the (?:sale|issuance) of {v:units} at (?:a price of |an offering price of )?{money} per unit` +
			`|sold {v:units}(?: \([^)]{0,40}\))?(?: at (?:a price of |an offering price of )?{money} per unit)? in (?:its|the|our) ` + ipoWords + `)`,
		Not:      otherSPAC + `|` + overAllotment + `|(?i)\badditional\b`,
		Never:    `(?i)(?:⟦units \d+⟧|\bin (?:its|the|our) ` + ipoWords + `)[^⟦.()]{0,80}? (?:pursuant to|upon|in connection with|as a result of) [^⟦.()]{0,60}?over-?allotment`,
		Classes:  closedForms,
		NotKinds: notStated,
		Priority: 8,
	},
	{
		// The industry the search is focused on, as written: "we intend to focus our search
		// for target businesses in the branded consumer goods industry", "... on industrial
		// companies", "focus on target businesses that provide technology services to the
		// insurance industry", "operating in various industries including A, B and C".
		ID: "offering.sector_focus", Produce: sectorText, Gives: []string{spac.FieldSector},
		Pattern: `(?i)\b(?:intends?|plans?|expects?) to (?:focus|concentrate) (?:` +
			`(?:our|its) (?:search|efforts)(?: for (?:a )?target business(?:es)?)? (?:in|on) (?:the )?(?P<v>[a-z][^,.;()⟦]{2,80}? (?:industry|industries|sector|sectors|companies|businesses))\b` +
			// a list of industries, with its abbreviation in brackets: "in the technology,
			// media, telecommunications and sustainability (“TMTS”) industries"
			`|(?:our|its) (?:search|efforts)(?: for (?:a )?target business(?:es)?)? (?:in|on) (?:the )?(?P<v>[a-z][^.;()⟦]{2,100}?, [^.;()⟦]{2,100}? (?:and|or) [a-z][^.;()⟦]{2,60}?(?: \([^()]{1,16}\))? (?:industries|sectors))\b` +
			`|on (?:target )?(?:businesses|companies) (?:that (?:provide|operate in|are in) (?P<v>[a-z][^,.;()⟦]{2,80}? (?:industry|industries|sector|sectors))\b` +
			`|[^.;⟦]{0,60}? operating in various industries,? including (?P<v>[a-z][^.;()⟦]{2,100}?)(?:\.|;|$)))`,
		Not:      otherSPAC,
		Classes:  append(narrated, doc.Communication),
		NotKinds: notStated,
		Priority: 9,
	},
}
