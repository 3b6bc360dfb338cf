package current

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func TestCurrentItems(t *testing.T) {
	tests := []struct {
		name  string
		items []string
		lines []string
		want  map[string][]string
	}{{
		name:  "1.01 agreement and terms",
		items: []string{"1.01", "9.01"},
		lines: []string{
			"Item 1.01 Entry into a Material Definitive Agreement.",
			"On June 1, 2022, Maple Ridge Acquisition Corp. (the \u201cCompany\u201d) entered into a Business Combination Agreement (the \u201cBusiness Combination Agreement\u201d) with Nimbus Robotics, Inc., a Delaware corporation (\u201cNimbus\u201d).",
			"Certain investors have agreed to purchase an aggregate of 5,000,000 shares of Class A common stock at $10.00 per share, for aggregate gross proceeds of $50,000,000 (the \u201cPIPE Investment\u201d).",
			"The Nimbus equity holders may receive up to 7,500,000 additional shares (the \u201cEarnout Shares\u201d) if the closing price of the Class A common stock equals or exceeds $12.50 per share for any 20 trading days within any 30 trading day period.",
			"The Sponsor shall not transfer its shares for a period of 180 days after the Closing.",
			"The obligation of Nimbus to close is conditioned on Available Closing Cash of at least $75,000,000.",
		},
		want: map[string][]string{
			spac.FieldAgreementDate: {"2022-06-01"},
			spac.FieldTarget:        {"Nimbus Robotics, Inc."},
			spac.FieldPIPEShares:    {"5000000"},
			spac.FieldPIPEPrice:     {"10.0000"},
			spac.FieldPIPEAmount:    {"50000000.00"},
			spac.FieldEarnoutShares: {"7500000"},
			spac.FieldEarnoutTerms:  {"the closing price of the Class A common stock equals or exceeds $12.50 per share for any 20 trading days within any 30 trading day period"},
			spac.FieldLockupDays:    {"180"},
			spac.FieldMinimumCash:   {"75000000.00"},
			spac.FieldStatus:        {"combination_announced"},
		},
	}, {
		name:  "1.02 termination",
		items: []string{"1.02"},
		lines: []string{`On January 15, 2023, the Company and Nimbus mutually agreed to terminate the Business Combination Agreement.`},
		want: map[string][]string{
			spac.FieldTerminationDate: {"2023-01-15"},
			spac.FieldStatus:          {"searching"},
		},
	}, {
		name:  "2.01 closing with rename and ticker",
		items: []string{"2.01", "5.03"},
		lines: []string{
			"On October 3, 2022 (the \u201cClosing Date\u201d), the Company consummated the previously announced business combination with Nimbus.",
			"In connection with the closing, the Company changed its name to Nimbus Robotics Holdings, Inc. (\u201cNew Nimbus\u201d).",
			`The common stock of New Nimbus will begin trading on the Nasdaq under the ticker symbol "NMBS" on October 4, 2022.`,
		},
		want: map[string][]string{
			spac.FieldClosingDate: {"2022-10-03"},
			spac.FieldNewName:     {"Nimbus Robotics Holdings, Inc."},
			spac.FieldNewTicker:   {"NMBS"},
			spac.FieldStatus:      {"closed"},
			spac.FieldNewDeadline: nil,
		},
	}, {
		name:  "5.07 extension vote with table and redemptions",
		items: []string{"5.03", "5.07"},
		lines: []string{
			"Item 5.03. The shareholders approved an amendment to extend the date by which the Company must consummate a business combination from December 10, 2022 to June 10, 2023.",
			"At the extraordinary general meeting held on December 8, 2022 (the \u201cMeeting\u201d), the shareholders approved the Extension Amendment Proposal.",
			"Extension Amendment Proposal",
			"For | Against | Abstain | Broker Non-Votes",
			"17,215,000 | 1,020,000 | 10,000 | \u2014",
			"In connection with the Meeting, shareholders holding 14,103,450 public shares exercised their right to redeem such shares for a pro rata portion of the funds in the Trust Account. As a result, approximately $143,000,000 (approximately $10.14 per share) will be removed from the Trust Account.",
			"Following redemptions, the Company will have 5,896,550 public shares outstanding.",
		},
		want: map[string][]string{
			spac.FieldMeetingDate:      {"2022-12-08"},
			spac.FieldMeetingKind:      {"extension"},
			spac.FieldVotesFor:         {"17215000"},
			spac.FieldVotesAgainst:     {"1020000"},
			spac.FieldVotesAbstain:     {"10000"},
			spac.FieldSharesRedeemed:   {"14103450"},
			spac.FieldRedemptionAmount: {"143000000.00"},
			spac.FieldRedemptionPrice:  {"10.1400"},
			spac.FieldSharesRemaining:  {"5896550"},
			spac.FieldNewDeadline:      {"2023-06-10"},
			spac.FieldStatus:           {"searching"},
		},
	}, {
		name:  "8.01 extension deposit: no status without a vote",
		items: []string{"8.01"},
		lines: []string{
			"On June 5, 2023, the Sponsor deposited $160,000 (the \u201cExtension Payment\u201d) into the Company\u2019s trust account, extending the date by which the Company must consummate a business combination to July 10, 2023.",
		},
		want: map[string][]string{
			spac.FieldExtensionDeposit: {"160000.00"},
			spac.FieldNewDeadline:      {"2023-07-10"},
			spac.FieldStatus:           nil,
			spac.FieldIPODate:          nil,
		},
	}, {
		name:  "8.01 liquidation",
		items: []string{"8.01"},
		lines: []string{
			"The Company will not consummate an initial business combination within the time period required and will redeem all of its outstanding public shares, effective as of December 12, 2023.",
			"After deduction of taxes, the per-share redemption price for the public shares will be approximately $10.32.",
		},
		want: map[string][]string{
			spac.FieldLiquidationDate:  {"2023-12-12"},
			spac.FieldLiquidationPrice: {"10.3200"},
			spac.FieldStatus:           {"liquidating"},
		},
	}, {
		name:  "8.01 ticker change",
		items: []string{"8.01"},
		lines: []string{"Effective April 21, 2026 the Company\u2019s units, Class A common stock and warrants, formerly listed as \u201cFHACU\u201d, \u201cFHAC\u201d and \u201cFHACW\u201d, trade under the new symbols \u201cFHDAU\u201d, \u201cFHDA\u201d and \u201cFHDAW\u201d, respectively."},
		want: map[string][]string{
			spac.FieldTickerUnits:   {"FHDAU"},
			spac.FieldTickerShares:  {"FHDA"},
			spac.FieldTickerWarrant: {"FHDAW"},
		},
	}, {
		name:  "IPO closing delegated to offering, items detected from headings",
		items: nil,
		lines: []string{
			"Item 8.01 Other Events.",
			"On March 10, 2021, Maple Ridge Acquisition Corp. consummated its initial public offering of 20,000,000 units, generating gross proceeds of $200,000,000.",
		},
		want: map[string][]string{
			spac.FieldIPODate:          {"2021-03-10"},
			spac.FieldIPOGrossProceeds: {"200000000.00"},
			spac.FieldStatus:           {"searching"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extracttest.Filing("8-K", tt.items, tt.lines...)
			facts := Extract(r)
			extracttest.CheckCited(t, r, facts)
			extracttest.Expect(t, facts, tt.want)
		})
	}
}

func TestItemsFromHeadings(t *testing.T) {
	r := extracttest.Filing("8-K", nil, "Item 1.01 Entry into a Material Definitive Agreement.", "text", "ITEM 9.01 Financial Statements and Exhibits.", "Item 1.01 again")
	got := Items(r)
	if len(got) != 2 || got[0] != "1.01" || got[1] != "9.01" {
		t.Errorf("Items = %q", got)
	}
}
