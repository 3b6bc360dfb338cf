package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Periodic identity: what note 1 of a 10-Q or 10-K ("Organization and business operations",
// "Description of organization") states of the SPAC itself in words the prospectus rules do
// not read: its jurisdiction after a defined name and an apposition, the date of its IPO
// named in passing, the private placement of units its sponsor bought. The note names the
// SPAC "the Company"; another company there (a predecessor, a merger sub, the target) is
// never the defined Company. Corpus: testdata/periodic.corpus.

// notOwnCompany vetoes the parties of a business combination, which a note may define too.
const notOwnCompany = `(?i)\b(?:target|merger sub|pubco|holdco|newco|surviving)\b`

var periodicIdentity = []*rule.Rule{
	{
		// "Acme Acquisition Corp. (the “Company”), a blank check corporation, was incorporated
		// as a Delaware corporation on ...": the defined term and an apposition before the
		// verb.
		ID: "periodic.state_defined_company", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern: `\((?:the )?` + q + `Company` + eq + `\),? (?:a|an) (?:[\w-]+ ){0,4}?(?:company|corporation),? (?:was|is) (?:incorporated|formed|organized)` +
			`(?: (?:on|in) (?:{date}|` + monthYear + `),?)?` +
			`(?: as (?:a|an) ` + jurisdictionSlot + ` ` + companyForm + `| in (?:the )?(?:State of )?` + jurisdictionSlot + `\b| under the laws of (?:the )?(?:State of )?` + jurisdictionSlot + `\b)`,
		Not:      otherSPAC + `|` + notOwnCompany,
		Never:    notOwnJurisdiction,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 90,
	},
	{
		// The IPO named with its date in passing: "activity related to the initial public
		// offering on April 11, 2019 (the “Public Offering”)". Below the rules that read the
		// IPO's consummation.
		ID: "periodic.ipo_date_named", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)\b(?:the|its|our|the Company` + ap + `s) (?:initial public offering|IPO|(?-i:(?:Public )?Offering))(?: \([^)]{0,40}\))? (?:consummated |completed |closed )?on {v:date}`,
		Not:      otherSPAC + `|` + overAllotment + `|(?i)\b(?:registration statement|declared effective|prospectus|over-?allotment|proposed|expected|anticipated|intends?|plans?|scheduled|will be)\b`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 7,
	},
	{
		// The sponsor's purchase of private placement units at their price, the total in
		// parentheses or after "or": "the Sponsor purchased an aggregate of 543,300 Placement
		// Units at a price of $10.00 per Placement Unit ($5,433,000 in the aggregate)".
		ID: "periodic.private_units_purchased", Produce: placementUnitsAmount, Gives: []string{spac.FieldPrivatePlacement},
		Pattern: `(?i)\bpurchased (?:an aggregate of )?{u:units} at (?:a price of )?{money} per [^⟦().]{0,40}?` +
			`(?:\({v:money} in the aggregate\)|,? (?:or|for) (?:an aggregate (?:purchase price )?of )?{v:money}(?: in the aggregate)?|,? generating (?:gross |total |aggregate )*proceeds of {v:money})`,
		Not:      `(?i)working capital|promissory|up to|extension|additional|over-?allotment|anchor|convert`,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
}

// placementUnitsRe names units sold privately: placement, private, insider or sponsor units
// ("412,500 Placement Units", "180,000 insider units"), never the public units.
var placementUnitsRe = textutil.MustStarts(`(?i)\b(?:private|placement|insider|sponsor|founder)\b`)

// placementUnitsAmount gives the private placement's total when the units bought are
// private ones.
var placementUnitsAmount = placementAmountWhen(placementUnitsRe)
