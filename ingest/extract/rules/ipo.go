package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// offeringClosing: the sponsor and its private placement, and the IPO closing (date, gross
// proceeds, the searching status). Part of the offering family (offering.go).
var offeringClosing = []*rule.Rule{
	// sponsor
	{
		ID: "offering.sponsor_defined", Emit: rule.One(spac.FieldSponsor),
		Pattern: `(?i)` + q + `sponsor` + eq + `,? (?:are|is|refers?) to {v:org}`,
		// a report's opening defines its terms the same way ("references to the “Sponsor”
		// refer to ...")
		Classes:  []doc.Class{doc.Prospectus, doc.Periodic},
		Priority: 12,
	},
	{
		ID: "offering.sponsor_apposition", Emit: rule.One(spac.FieldSponsor),
		Pattern: `(?:(?:^|[.,;:] |\b)(?:Our|our|The|the|Its|its|the Company` + ap + `s|The Company` + ap + `s) sponsor, {v:org},` +
			`|{v:org}, (?:the Company` + ap + `s|our|its) sponsor\b|{v:org}, (?:the )?sponsor of (?:the Company|(?-i:[A-Z][A-Za-z0-9&-]{1,20}))(?:,|\.|\s\())` +
			// a release's "X LLC, ACME's sponsor, has agreed to ..." (the SPAC by its short name)
			`|{v:org}, (?-i:[A-Z][A-Za-z0-9&-]{1,20})` + ap + `s sponsor,`,
		Not:      otherSPAC + `|controlled by`,
		Classes:  narrated,
		Priority: 11,
	},
	{
		ID: "offering.sponsor_parenthesis", Emit: rule.One(spac.FieldSponsor),
		// also with the defined term alone: "Silver Crest Management LLC (“Sponsor”)", and after
		// the sponsor's former name: "X Holdings LLC (formerly known as X Partners LLC) (the
		// “Sponsor”)"
		Pattern:  `{v:org}(?: \((?:formerly(?: known as)?|f/k/a)\b[^()]{1,80}\))?(?:, a [^()⟦]{0,60}?)?,? \((?:(?:our|the) ` + q + `?|` + q + `)(?:[Ss]ponsor)` + eq + `?\)`,
		Classes:  narrated,
		Priority: 11,
	},
	{
		ID: "offering.sponsor_is", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?:Company` + ap + `s|\b[Oo]ur) sponsor is {v:org}`,
		Not:      otherSPAC,
		Classes:  narrated,
		Priority: 11,
	},
	{
		// A release's "The Company is sponsored by X LLC." or "Acme Acquisition Corp. is
		// sponsored by ..." (the subject is the SPAC: not a team's earlier SPAC, not a target).
		ID: "offering.sponsor_sponsored_by", Produce: sponsoredBy, Gives: []string{spac.FieldSponsor},
		Pattern: `(?:^|[.;] )(?:The Company|We|The company|(?P<s>{org})(?: \([^)]{0,40}\))?) (?:is|are) sponsored by {v:org}` +
			`|(?:^|[.;] |--\s?|[-–—] )(?P<s>{org})(?: \([^)]{0,60}\))*,? (?:a|an) (?:blank check|special purpose acquisition) company,? sponsored by {v:org}`,
		Not:      otherSPAC,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// A release names the sponsor of the SPAC by the SPAC's name or short name: "The sponsor
		// of Acme Acquisition Corp., Acme Holdings LLC, ...", "Acme's sponsor is Acme Holdings LLC."
		ID: "offering.sponsor_of_spac", Produce: sponsorOfFiler, Gives: []string{spac.FieldSponsor},
		Pattern: `(?:^|[.;] )[Tt]he sponsor of (?P<s>{org}),? (?:is )?{v:org}(?:[,.;]|$)` +
			`|(?:^|[.;] )(?P<w>[A-Z][\w-]+)` + ap + `s sponsor(?:,| is) {v:org}(?:[,.;]|$)`,
		Not:      otherSPAC + `|controlled by`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The prospectus summary's row "Sponsor | X LLC ..." (the name opens the cell).
		ID: "offering.sponsor_table", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?i)^(?:our |the )?sponsor \| {v:org}(?:,|\s\(|\s\||$)`,
		Classes:  prospectus,
		Priority: 11,
	},
	{
		// The buyer of the private placement, when its name says it is the sponsor.
		ID: "offering.sponsor_private_buyer", Produce: sponsorNamed, Gives: []string{spac.FieldSponsor},
		Pattern:  `(?i)(?:private placement|private sale|sale) of {warrants|units}[^⟦]*?(?:⟦money \d+⟧[^⟦]*?)?\bto {v:org}`,
		Not:      otherSPAC + `|additional`,
		Classes:  narrated,
		Priority: 10,
	},
	// private_placement
	{
		ID: "offering.private_placement_aggregate", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern: `(?i)(?:sponsor|private placement|private sale|sale of {warrants}).*?(?:\({v:money} in the aggregate|,? or {v:money} in the aggregate|aggregate (?:purchase price|gross proceeds) of {v:money}` +
			`|(?:generating|resulting in) (?:total |gross |aggregate )*proceeds (?:to (?:the company|us) )?of (?:approximately |about )?{v:money}|generating {v:money} (?:of|in) (?:total |gross |aggregate )*proceeds)`,
		Must:     `(?i)private placement|private sale|⟦warrants \d+⟧`,
		Not:      `(?i)working capital|promissory|up to|extension|over-?allotment option (?:was|has been) exercised|additional (?:private|⟦warrants)`,
		Never:    twoPrivateSales,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "the private sale of 1,500,000 warrants to its officers and directors for total
		// proceeds of $1,500,000": no other figure between the securities and their proceeds.
		ID: "offering.private_sale_total_proceeds", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)private (?:sale|placement) of {warrants|units}[^⟦.]{0,120}? for (?:total|aggregate|gross) proceeds of {v:money}`,
		Not:      `(?i)working capital|promissory|up to|extension|additional`,
		Never:    twoPrivateSales,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// A closing release counts the placement's money into the trust's: "Of the gross
		// proceeds from the offering, plus $X received from the private placement of warrants
		// to the initial shareholders, a total of $Y was placed in trust" - the amount received.
		ID: "offering.private_placement_received", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)\b(?:plus|and) {v:money} (?:received|raised) from the (?:simultaneous |concurrent )?private (?:placement|sale) of (?:the )?(?:[a-z]+ ){0,2}(?:warrants|units)\b`,
		Not:      `(?i)working capital|promissory|up to|extension|additional|over-?allotment option (?:was|has been) exercised`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the amount right after the private securities: "a private placement of 3,700,000
		// warrants for $1,850,000 to the Company's sponsor" (never a price per warrant)
		ID: "offering.private_placement_for", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)private (?:sale|placement) of {warrants|units} for {v:money}(?:[,.;)]| to\b| in\b| and\b|$)`,
		Not:      `(?i)working capital|promissory|up to|extension|additional`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// The sale of private placement units named as such ("the sale of 287,500 private
		// placement units at $10.00 per unit to X LLC, for an aggregate purchase price of $Y"):
		// the words sit inside the quantity, and the public units' sale is not read.
		ID: "offering.private_units_aggregate", Produce: privateUnitsAmount, Gives: []string{spac.FieldPrivatePlacement},
		Pattern: `(?i)\b(?:(?:sale|purchase|issuance|placement) of|sold|issued) (?:an aggregate of )?{u:units}(?:[^⟦.]|⟦(?:money|org) \d+⟧)*?` +
			`(?:,? for (?:an )?aggregate (?:purchase price|gross proceeds|proceeds) of |,? generating (?:total |gross |aggregate )*proceeds (?:to the company )?of |\()` +
			`{v:money}(?: in the aggregate)?`,
		Not:      `(?i)working capital|promissory|up to|extension|additional|over-?allotment option (?:was|has been) exercised`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// Use of proceeds table; the rows below the first carry no "$", so the figure is a count.
		// Under a "Gross proceeds" heading the row may read "From private placement | 2,250,000".
		ID: "offering.private_placement_table", Produce: dollars(spac.FieldPrivatePlacement), Gives: []string{spac.FieldPrivatePlacement},
		Pattern:  `(?i)^(?:gross proceeds )?from (?:the )?(?:sale of (?:the )?)?private placement[^|]{0,30}\|(?: \|)* (?:\$ \|(?: \|)* )?{v:money|count}`,
		Classes:  prospectus,
		Priority: 12,
	},
	// ipo_date, ipo_gross_proceeds and the searching status of an IPO closing
	{
		ID: "offering.ipo_date_consummated", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)\bOn {v:date},? ` + notDate + `*?(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|\b(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords + `(?: \([^)]{0,40}\))?(?: of {units}(?: \([^)]{0,60}\))?(?: at {money} per [Uu]nit)?)?,? on {v:date}` +
			`|\bOn {v:date},? (?:we|the Company) closed on (?:its|the|our) ` + ipoWords,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  closedForms,
		Priority: 10,
	},
	{
		ID: "offering.ipo_date_passive", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)` + ipoWords + `[^⟦]*?(?:(?:was|were) (?:consummated|completed|closed)|\bclosed) on {v:date}` +
			`|\bOn {v:date},? the ` + ipoWords + `\b` + notDate + `*?,? (?:was|were) (?:consummated|completed|closed)\b`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  closedForms,
		Priority: 9,
	},
	{
		// "the initial public offering of units which took place on <date>"
		ID: "offering.ipo_date_took_place", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)` + ipoWords + `(?: of (?:its |our |the )?units)?,? (?:which|that) (?:took place|occurred) on {v:date}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  closedForms,
		Priority: 9,
	},
	{
		// A release dated the day it reports the IPO done: "<date> - Acme Acquisition Corp.
		// (...) announced today that it has completed its initial public offering". A closing
		// date stated in the sentence is read by the rules above; "announced today the closing
		// of" is not read (the closing may be an earlier day).
		ID: "offering.ipo_date_dateline", Emit: rule.One(spac.FieldIPODate),
		Pattern: `{v:date}[^⟦]{0,40}?(?:--|[-–—/]) ?{org}(?: ?\([^)]*\)){0,3}(?:,? [^⟦.]{0,80}?)? (?:announced today|today announced) that it has ` +
			`(?:completed|consummated|closed) (?:its|the|an) (?:upsized )?` + ipoWords,
		Not:      otherSPAC,
		Never:    `(?i)` + ipoWords + `[^.]{0,120}?\b(?:on|as of) ⟦date \d+⟧|over-?allotment`,
		Classes:  current,
		Priority: 8,
	},
	{
		ID: "offering.ipo_date_on", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)(?:following|upon|after) the (?:closing|consummation) of (?:the|its|our) ` + ipoWords + ` on {v:date}` +
			`|(?:pursuant to|in) (?:the|its) ` + ipoWords + ` on {v:date},? the Company sold`,
		Not:      otherSPAC,
		Classes:  closedForms,
		Priority: 9,
	},
	{
		// The private placement's item of an IPO 8-K dates the IPO's closing: "On March 4, 2019,
		// simultaneously with the closing of the initial public offering (the “IPO”) of X (the
		// “Company”), the Company completed the private sale of ... warrants". The closing of
		// the over-allotment, or a sale made with a later event, is not the IPO's.
		ID: "offering.ipo_date_simultaneously", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)^On {v:date},? (?:and )?(?:simultaneously|concurrently|contemporaneously) with the (?:closing|consummation) of (?:the|its|our|the Company` + ap + `s) ` + ipoWords + `\b`,
		Not:      otherSPAC + `|` + overAllotment,
		Never:    `(?i)over-?allotment option (?:was|were|has been) exercised|exercise of the (?:underwriters` + ap + `? )?over-?allotment|additional units`,
		Classes:  closedForms,
		Priority: 8,
	},
	{
		ID: "offering.gross_proceeds", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern: `(?i)(?:generating|generated|received|resulting in|resulted in|results in|for|with) (?:total |aggregate )*gross proceeds(?:,? before expenses,?)? (?:to (?:the company|us) )?(?:from (?:the|its|our) ` + ipoWords + ` )?of {v:money}`,
		Must:    `(?i)` + ipoWords + `|units`,
		// Private units sold to the sponsor at the unit price are no public offering: "sold
		// 260,000 units to the Sponsor at $10.00 per private unit, generating gross proceeds".
		Not:      overAllotment + `|private placement|warrants|anchor|previously|\bprivate (?:units?|shares?)\b|\bplacement units?\b|\b(?:to|by) (?:the|our|its) sponsor\b`,
		Classes:  closedForms,
		Priority: 10,
	},
	{
		// a later release recalls the offering: "closed an initial public offering raising
		// $76,000,000 of gross proceeds in December 2007"
		ID: "offering.gross_proceeds_raising", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)\b(?:closed|completed|consummated) (?:an|its|the) ` + ipoWords + ` (?:raising|that raised|which raised) {v:money} (?:of|in) gross proceeds\b`,
		Not:      overAllotment + `|private placement|warrants|anchor`,
		Never:    otherSPACs,
		Classes:  closedForms,
		Priority: 10,
	},
	{
		// a later proxy's background recalls the offering: "we consummated our IPO from which we
		// derived gross proceeds of $100 million"
		ID: "offering.gross_proceeds_derived", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)\b(?:consummated|completed|closed) (?:its|our|the) ` + ipoWords + ` from which (?:it|we|the company) (?:derived|received|raised) (?:total |aggregate )?gross proceeds of {v:money}`,
		Never:    otherSPACs,
		Classes:  closedForms,
		Priority: 10,
	},
	{
		// An over-allotment report's stated new total.
		ID: "offering.gross_proceeds_increased", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern: `(?i)(?:aggregate|total) gross proceeds (?:from the (?:IPO|offering) )?(?:increased|increases|was increased) to {v:money}` +
			`|bringing the (?:aggregate |total )*gross proceeds (?:of|from) (?:the|its|our) ` + ipoWords + ` to {v:money}` +
			`|bringing (?:the )?(?:aggregate |total )*gross proceeds (?:to (?:the Company|us) )?from (?:the )?{units} sold in (?:its|the|our) ` + ipoWords + `(?: \([^)]{0,120}\))? to {v:money}` +
			// "bringing the total number of units sold in its IPO to 11,500,000 units and total
			// gross proceeds to $115,000,000"; a headline's "Aggregate of $X raised in public offering"
			`|bringing the total number of units sold in (?:its|the|our) ` + ipoWords + ` to {units} and (?:the )?(?:aggregate |total )*gross proceeds to {v:money}` +
			`|\b(?:aggregate|total) of {v:money} raised in (?:the |its |our )?(?:initial )?public offering`,
		Classes:  current,
		Priority: 11,
	},
	{
		ID: "offering.gross_proceeds_headline", Produce: scaledMoney(spac.FieldIPOGrossProceeds), Gives: []string{spac.FieldIPOGrossProceeds},
		// "$115 Million": the money recogniser reads the scale word only in lower case.
		Pattern:  `(?i)announces? (?:the )?closing of (?:its |an )?{v:money}(?P<scale> million| billion)? (?:upsized )?(?:initial public offering|IPO)\b`,
		Classes:  current,
		Priority: 9,
	},
	{
		// Use of proceeds table: the first column is the offering without the over-allotment.
		ID: "offering.gross_proceeds_table", Emit: rule.One(spac.FieldIPOGrossProceeds),
		// Under a "Gross proceeds" heading the row may read "From offering | $ | 50,000,000".
		Pattern:  `(?i)^(?:gross proceeds from units offered to (?:the )?public|from (?:the )?(?:offering|public offering|units offered to (?:the )?public))[^|]{0,20}\|(?: \|)* (?:\$ \|(?: \|)* )?{v:money}`,
		Classes:  prospectus,
		Priority: 9,
	},
	{
		// Cover pricing table: per unit, then the total.
		ID: "offering.gross_proceeds_pricing_table", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)^public offering price[^|]{0,20}\| (?:\$ \| )?{money} \| (?:\$ \| )?{v:money}(?: \||$)`,
		Classes:  prospectus,
		Priority: 8,
	},
	{
		ID: "offering.ipo_closed_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern: `(?i)(?P<v>(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|announce[sd]? (?:today )?(?:the )?closing of (?:its |an |the )?(?:{money}(?: million| billion)? )?(?:upsized )?` + ipoWords +
			`|\bOn {date},? the ` + ipoWords + `\b` + notDate + `*?,? (?:was|were) (?:consummated|completed|closed)\b` +
			`|(?:following|upon|after) the (?:closing|consummation) of (?:the|its|our) ` + ipoWords + ` on {date}` +
			`|(?:pursuant to|in) (?:the|its) ` + ipoWords + ` on {date},? the Company sold|\bIPO consisted of {units})`,
		Not:      otherSPAC + `|` + hypothetical,
		Classes:  current,
		Items:    []string{"8.01", "3.02", "7.01", "1.01"},
		Priority: 10,
	},
	{
		// The trust funded from the IPO's proceeds: the IPO has closed.
		ID: "offering.ipo_trust_funded_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?:closing|consummation) of (?:the|its|our) (?:initial public offering|IPO)\b[^.]*?(?P<v>(?:was|were|has been) placed in (?:a|the|its|the Company` + ap + `s) trust account)`,
		Not:      otherSPAC + `|` + hypothetical,
		Never:    `(?i)extension|redeem|redemption|business combination agreement|merger agreement|liquidat`,
		Classes:  current,
		Items:    []string{"8.01", "3.02", "7.01", "1.01"},
		Priority: 5,
	},
}

// twoPrivateSales is a sentence that states the proceeds of two private sales after a private
// placement's mention ("the private sale of 5,000,000 warrants to the Sponsor ..., generating
// gross proceeds of $5,000,000, and the private sale of 600,000 warrants to the underwriter
// ..., generating gross proceeds of $600,000"): the placement is their sum, and one of them
// read alone is part of the answer, so neither is read. The offering's own proceeds before the
// placement's mention ("... units, generating gross proceeds of $X, and the private placement
// of ..., generating $Y") do not count.
// A count of warrants opens it as well: a recognised "4,000,000 Private Placement Warrants" is
// one entity.
const twoPrivateSales = `(?i)(?:private (?:sale|placement)|placement (?:warrants|units)|⟦warrants \d+⟧)[^.]*?(?:generating|resulting in|for (?:total|aggregate|gross) proceeds)[^.]*?⟦money \d+⟧[^.]*?(?:generating|resulting in|for (?:total|aggregate|gross) proceeds)[^.]*?⟦money \d+⟧`
