package offering

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// prospectusLines are S-1 sentences in the wording of real prospectuses (phrases contract),
// with curly quotes as EDGAR HTML renders them.
var prospectusLines = []string{
	"PRELIMINARY PROSPECTUS",
	"$200,000,000",
	"Maple Ridge Acquisition Corp.",
	"20,000,000 Units",
	"This is an initial public offering of our securities. Each unit has an offering price of $10.00 and consists of one Class A ordinary share and one-half of one redeemable warrant. Each whole warrant entitles its holder to purchase one Class A ordinary share at a price of $11.50 per share, subject to adjustment.",
	"If we do not complete our initial business combination within 24 months from the closing of this offering, we will redeem 100% of the public shares.",
	"Our sponsor, Maple Ridge Sponsor LLC, has agreed to purchase 6,000,000 private placement warrants at a price of $1.00 per warrant ($6,000,000 in the aggregate).",
	"We have applied to list our units on the Nasdaq Global Market under the symbol \u201cMRACU\u201d. We expect the Class A ordinary shares and warrants to be listed under the symbols \u201cMRAC\u201d and \u201cMRACW\u201d.",
	"Of the proceeds we receive from this offering, $200,000,000, or $230,000,000 if the underwriters\u2019 over-allotment option is exercised in full ($10.00 per unit in either case), will be deposited into a U.S.-based trust account.",
	"We intend to focus our search on businesses in the fintech industry.",
	"Securities offered | 20,000,000 units, at $10.00 per unit",
	"Redemption of warrants when the price per Class A ordinary share equals or exceeds $18.00. We may redeem the warrants at a price of $0.01 per warrant; the $10.00 per share redemption trigger price.",
	"Citigroup Global Markets Inc. and Cantor Fitzgerald & Co. are acting as representatives of the underwriters.",
}

func TestProspectus(t *testing.T) {
	r := extracttest.Filing("S-1", nil, prospectusLines...)
	facts := Prospectus(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldName:             {"Maple Ridge Acquisition Corp"},
		spac.FieldSIC:              {"6770"},
		spac.FieldStateOfInc:       {"E9"},
		spac.FieldUnitPrice:        {"10.0000"},
		spac.FieldUnitsOffered:     {"20000000"},
		spac.FieldUnitStructure:    {"one Class A ordinary share and one-half of one redeemable warrant"},
		spac.FieldWarrantExercise:  {"11.5000"},
		spac.FieldTrustSize:        {"200000000.00"},
		spac.FieldTrustPerUnit:     {"10.0000"},
		spac.FieldDeadlineMonths:   {"24"},
		spac.FieldSponsor:          {"Maple Ridge Sponsor LLC"},
		spac.FieldPrivatePlacement: {"6000000.00"},
		spac.FieldSector:           {"fintech"},
		spac.FieldExchange:         {"Nasdaq"},
		spac.FieldTickerUnits:      {"MRACU"},
		spac.FieldTickerShares:     {"MRAC"},
		spac.FieldTickerWarrant:    {"MRACW"},
		spac.FieldUnderwriter:      {"Citigroup Global Markets Inc.", "Cantor Fitzgerald & Co."},
		spac.FieldStatus:           {"pre_ipo"},
	})
}

func TestProspectusVariants(t *testing.T) {
	tests := []struct {
		name  string
		form  string
		lines []string
		want  map[string][]string
	}{{
		name: "rights unit, table symbols, straight quotes, words for months",
		form: "424B4",
		lines: []string{
			"Each unit has an offering price of $10.00 and consists of one share of Class A common stock and one right to receive one-tenth (1/10) of one share of Class A common stock.",
			`If we are unable to complete our initial business combination within twenty-four (24) months from the closing of this offering, we will redeem the public shares.`,
			`Proposed NYSE symbols | Units: "BWLA.U" | Class A Ordinary Shares: "BWLA" | Rights: "BWLA.R"`,
			"Sole Book-Running Manager | BTIG, LLC",
			"XYZ Sponsor LLC, has agreed to purchase 3,600,000 private placement warrants",
		},
		want: map[string][]string{
			spac.FieldUnitStructure:    {"one share of Class A common stock and one right to receive one-tenth (1/10) of one share of Class A common stock"},
			spac.FieldDeadlineMonths:   {"24"},
			spac.FieldExchange:         {"NYSE"},
			spac.FieldTickerUnits:      {"BWLA.U"},
			spac.FieldTickerShares:     {"BWLA"},
			spac.FieldTickerRights:     {"BWLA.R"},
			spac.FieldUnderwriter:      {"BTIG, LLC"},
			spac.FieldSponsor:          {"XYZ Sponsor LLC"},
			spac.FieldStatus:           nil, // a 424B4 alone does not change status
			spac.FieldPrivatePlacement: nil, // stated in warrants, not dollars
		},
	}, {
		name: "warrant redemption prices are not offering terms",
		form: "S-1",
		lines: []string{
			"Once the warrants become exercisable, we may redeem the outstanding warrants at a price of $0.01 per warrant if the closing price of our Class A ordinary shares equals or exceeds $18.00 per share.",
			"the $10.00 per share redemption trigger price described below; an issue price of less than $9.20 per ordinary share",
			"Our units will trade at $10.00 per unit in the secondary market.",
		},
		want: map[string][]string{
			spac.FieldTrustPerUnit:    nil,
			spac.FieldTrustSize:       nil,
			spac.FieldWarrantExercise: nil,
			spac.FieldUnitPrice:       nil,
			spac.FieldUnitsOffered:    nil,
			spac.FieldStatus:          {"pre_ipo"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extracttest.Filing(tt.form, nil, tt.lines...)
			facts := Prospectus(r)
			extracttest.CheckCited(t, r, facts)
			extracttest.Expect(t, facts, tt.want)
		})
	}
}

func TestClosing(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  map[string][]string
	}{{
		name: "8-K item 8.01 wording",
		lines: []string{
			"Item 8.01. Other Events.",
			"On March 10, 2021, Maple Ridge Acquisition Corp. (the \u201cCompany\u201d) consummated its initial public offering (the \u201cIPO\u201d) of 20,000,000 units (the \u201cUnits\u201d), including 2,500,000 Units issued pursuant to the exercise of the underwriters\u2019 over-allotment option, generating gross proceeds of $200,000,000.",
			"A total of $202,000,000, comprised of the proceeds from the IPO and the sale of the private placement warrants, was placed in a U.S.-based trust account.",
			"An amount equal to $10.10 per unit was deposited into a trust account.",
		},
		want: map[string][]string{
			spac.FieldIPODate:          {"2021-03-10"},
			spac.FieldUnitsOffered:     {"20000000"},
			spac.FieldIPOGrossProceeds: {"200000000.00"},
			spac.FieldTrustSize:        {"202000000.00"},
			spac.FieldTrustPerUnit:     {"10.1000"},
			spac.FieldStatus:           {"searching"},
		},
	}, {
		name: "straight quotes, IPO of units",
		lines: []string{
			`On April 3, 2025, Soul Acquisition Corp. (the "Company") consummated the IPO of 25,000,000 units.`,
			"$250,000,000 ($10.00 per Unit) of the net proceeds has been placed in the trust account.",
		},
		want: map[string][]string{
			spac.FieldIPODate:      {"2025-04-03"},
			spac.FieldUnitsOffered: {"25000000"},
			spac.FieldTrustSize:    {"250000000.00"},
			spac.FieldTrustPerUnit: {"10.0000"},
		},
	}, {
		name:  "no IPO sentence, no facts",
		lines: []string{"On June 1, 2022, the Company issued a press release announcing a dividend of $10.00 per unit."},
		want:  map[string][]string{spac.FieldStatus: nil, spac.FieldName: nil},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extracttest.Filing("8-K", []string{"8.01"}, tt.lines...)
			facts := Closing(r)
			extracttest.CheckCited(t, r, facts)
			extracttest.Expect(t, facts, tt.want)
		})
	}
}
