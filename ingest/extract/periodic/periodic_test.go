package periodic

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func TestExtract(t *testing.T) {
	r := extracttest.Filing("10-Q", nil,
		"Units, each consisting of one share of Class A common stock and one-half of one redeemable warrant | MRACU | The Nasdaq Stock Market LLC",
		"Class A common stock, par value $0.0001 per share | MRAC | The Nasdaq Stock Market LLC",
		"Redeemable warrants | MRACW | The Nasdaq Stock Market LLC",
		"Investments held in Trust Account | 202,200,731 | 200,000,213",
		"Class A common stock subject to possible redemption, 20,000,000 shares at $10.11 per share",
		"Interest earned on investments held in Trust Account | 2,200,518",
		"Trust account (in thousands) | 202,201",
	)
	n := len(r.Lines) - 7 // first body line
	x := func(concept, ctx, period, value, raw string, line int, member string) spac.XBRLFact {
		return spac.XBRLFact{Concept: concept, Context: ctx, Period: period, Value: value, Raw: raw, Line: n + line, Member: member, Numeric: true}
	}
	r.XBRL = []spac.XBRLFact{
		{Concept: "dei:Security12bTitle", Context: "u", Value: "Units, each consisting of one share", Raw: "Units, each consisting of one share", Line: n + 1},
		{Concept: "dei:TradingSymbol", Context: "u", Value: "MRACU", Raw: "MRACU", Line: n + 1},
		{Concept: "dei:SecurityExchangeName", Context: "u", Value: "NASDAQ", Raw: "The Nasdaq Stock Market LLC", Line: n + 1},
		{Concept: "dei:Security12bTitle", Context: "a", Value: "Class A common stock", Raw: "Class A common stock, par value $0.0001 per share", Line: n + 2},
		{Concept: "dei:TradingSymbol", Context: "a", Value: "MRAC", Raw: "MRAC", Line: n + 2},
		{Concept: "dei:Security12bTitle", Context: "w", Value: "Redeemable warrants", Raw: "Redeemable warrants", Line: n + 3},
		{Concept: "dei:TradingSymbol", Context: "w", Value: "MRACW", Raw: "MRACW", Line: n + 3},
		x("us-gaap:AssetsHeldInTrustNoncurrent", "c1", "2025-09-30", "202200731", "202,200,731", 4, ""),
		x("us-gaap:AssetsHeldInTrustNoncurrent", "c0", "2024-12-31", "200000213", "200,000,213", 4, ""),
		x("us-gaap:TemporaryEquitySharesOutstanding", "c2", "2025-09-30", "20000000", "20,000,000", 5, "us-gaap:CommonClassAMember"),
		x("us-gaap:TemporaryEquitySharesOutstanding", "c3", "2025-09-30", "5000000", "5,000,000", 5, "us-gaap:CommonClassBMember"),
		x("us-gaap:TemporaryEquityRedemptionPricePerShare", "c2", "2025-09-30", "10.11", "10.11", 5, "us-gaap:CommonClassAMember"),
		x("mrac:InterestEarnedOnInvestmentsHeldInTrustAccount", "d1", "2025-09-30", "2200518", "2,200,518", 6, ""),
		x("us-gaap:AssetsHeldInTrust", "c4", "2025-06-30", "202201000", "202,201", 7, ""),                               // scaled: quote would not reproduce the value
		{Concept: "us-gaap:AssetsHeldInTrust", Context: "c5", Period: "2025-03-31", Value: "1", Raw: "1", Hidden: true}, // no line to cite
	}
	facts := Extract(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldTrustBalance:       {"202200731.00", "200000213.00"},
		spac.FieldSharesSubjectToRed: {"20000000"},
		spac.FieldRedemptionValuePS:  {"10.1100"},
		spac.FieldTickerUnits:        {"MRACU"},
		spac.FieldTickerShares:       {"MRAC"},
		spac.FieldTickerWarrant:      {"MRACW"},
		spac.FieldExchange:           {"Nasdaq"},
		spac.FieldStatus:             nil,
	})
	for _, f := range facts {
		if f.Field == spac.FieldTrustBalance && f.Value == "200000213.00" && f.Period != "2024-12-31" {
			t.Errorf("prior-period balance has period %q", f.Period)
		}
	}
}
