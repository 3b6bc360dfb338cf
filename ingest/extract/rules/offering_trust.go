package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// offeringTrust: the trust account an offering funds (its size, and the amount per unit) and
// the months the SPAC has to complete a combination. Part of the offering family (offering.go),
// read right after the offering's units, price, unit structure and warrants.
var offeringTrust = []*rule.Rule{
	// trust_size and trust_per_unit
	{
		ID: "offering.trust_or_overallotment", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		// The summary's table may leave the underwriters out ("| Trust account | $X, or $Y if the
		// over-allotment option is exercised in full ($10.15 per unit in either case) |").
		Pattern:  `(?i){v:money},? or {money} if the (?:underwriters?` + ap + `?s?` + ap + `? )?(?:over-?allotment option|option to purchase additional (?:units|shares)) is exercised in full,? \({pu:money} per (?:unit|share)(?: in either case)?\)`,
		Must:     `(?i)trust`,
		Classes:  ipoForms,
		Priority: 12,
	},
	{
		ID: "offering.trust_amount_per_unit", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		// The per-unit amount may stand in commas instead of brackets: "a total of $X, or
		// approximately $Y per share, was placed in the Company's trust account" (placed or
		// deposited: "was held" in those words is a later balance).
		Pattern: `(?i)(?:a total of |an aggregate of |an amount of |amount of )?{v:money},? (?:\((?:or (?:approximately |about )?)?{pu:money} per (?:unit|public share|share)(?: sold in (?:the|this) (?:initial public |public )?offering)?\).*?(?:deposited|placed|held)` +
			`|or (?:approximately |about )?{pu:money} per (?:unit|public share|share), (?:was|were|has been|will be) (?:deposited|placed)) in(?:to)? (?:.{0,60}?trust account|trust\b)`,
		Not:      otherSPAC + `|` + overAllotment + `|` + afterIPO + `|` + ifOverAllotment,
		Classes:  narrated,
		Priority: 11,
	},
	{
		// The deposit of an over-allotment exercise gives the per-unit amount, not the size.
		ID: "offering.trust_per_unit_overallotment", Emit: rule.Emit{"pu": spac.FieldTrustPerUnit},
		Pattern:  `(?i){money},? \({pu:money} per (?:unit|public share|share)\) (?:was|were|has been|will be) (?:deposited|placed) in(?:to)? .{0,60}?trust account`,
		Must:     `(?i)over-?allotment|partial exercise`,
		Classes:  current,
		Priority: 10,
	},
	{
		ID: "offering.trust_per_unit_then_amount", Emit: rule.Emit{"pu": spac.FieldTrustPerUnit, "v": spac.FieldTrustSize},
		Pattern:  `(?i){pu:money} per (?:unit|public share)(?: sold in this offering)?,? or {v:money} in the aggregate.*?(?:deposited|placed|held) in(?:to)? .{0,60}?trust account`,
		Classes:  narrated,
		Priority: 11,
	},
	{
		ID: "offering.trust_total_placed", Emit: rule.One(spac.FieldTrustSize),
		Pattern: `(?i)(?:(?:a total of|an aggregate (?:amount )?of|an amount of) {v:money}|{v:money} in the aggregate)(?:[^⟦(]|\([^)]*\))*?` +
			`(?:was|were|has been|have been|will be) (?:placed|deposited|held) in(?:to)? (?:(?:a|the|its|the Company` + ap + `s) .{0,60}?)?trust\b`,
		// "An aggregate of $10.10 per Unit sold ... was held in the Trust Account" is a per-unit
		// amount, not the size.
		Not:      overAllotment + `|deferred underwriting|extension|interest|(?:of|total) ⟦money \d+⟧ per (?:unit|share|public share)|` + ifOverAllotment,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.trust_of_which_held", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)net proceeds[^.]*?, of which {v:money} (?:will be|was|is|has been) (?:held|placed|deposited) in (?:the|a) trust account`,
		Not:      overAllotment + `|extension`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An over-allotment report's stated new aggregate.
		ID: "offering.trust_bringing_aggregate", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)bringing the (?:aggregate |total )?amount (?:held |deposited |placed )?in(?:to)? the trust account to {v:money}`,
		Classes:  current,
		Priority: 11,
	},
	{
		// The cell may give the amount per unit first ("$10.00 per unit, for a total of $X"):
		// the total is the size; a per-unit amount alone is none.
		ID: "offering.trust_table", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		Pattern: `(?i)^(?:amount (?:placed|to be (?:placed|held|deposited)|held) in (?:the )?trust account|amounts to be held in trust account)[^|]{0,12}\| (?:\$ \| )?` +
			`(?:{pu:money} per (?:unit|public share|share),? (?:for a total of|or|totaling) )?{v:money}(?:$|[^ ]| [^p])`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		ID: "offering.trust_per_unit_equal", Emit: rule.One(spac.FieldTrustPerUnit),
		Pattern:  `(?i)(?:amount equal to|amount in the trust account will initially be|initially anticipated to be) {v:money} per (?:unit|public share|share)`,
		Not:      `(?i)extension|less than`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// deadline_months
	{
		ID: "offering.deadline_within", Emit: rule.One(spac.FieldDeadlineMonths),
		// "within 24 months from the closing of this offering", "until <date>, or 15 months
		// after the closing of our IPO", "within 24 months of the Company's initial public
		// offering", "only have 15 months from the date of this prospectus".
		Pattern: `(?i)(?:within|have|until|date (?:that|which) is|until {date},? or) {v:duration} (?:from|after|of|following) ` +
			`(?:the (?:closing|consummation|completion) of (?:this|the|our) (?:offering|initial public offering|ipo)|(?:the Company` + ap + `s|its|our) (?:initial public offering|ipo)\b|the date of this prospectus)`,
		// a charter amendment's deleted words are the period it no longer has
		Not:      `(?i)warrants? (?:will )?become exercisable|exercisable|36 months|\bwarrants? (?:entitles?|will entitle)|` + insideDeletedQuote,
		Classes:  narrated,
		Priority: 10,
	},
}
