package fold

import (
	"testing"

	spac "github.com/spacdata/spac"
)

// A 10-K for 2021-12-31: balance, shares subject to redemption and their redemption value.
var tenK21 = step{form: "10-K", filed: "2022-03-01", period: "2021-12-31", facts: []fv{
	fp(spac.FieldTrustBalance, "250500000.00", "2021-12-31"),
	fp(spac.FieldSharesSubjectToRed, "25000000", "2021-12-31"),
	fp(spac.FieldRedemptionValuePS, "10.0200", "2021-12-31"),
}}

// An extension vote 8-K with its redemptions (KHAC's shape): 92 % of the shares redeemed.
var extRedemption = step{form: "8-K", filed: "2022-12-09", items: []string{"5.03", "5.07"}, facts: []fv{
	fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"),
	fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
	fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
	fq(spac.FieldSharesRedeemed, "23000000", "23,000,000"),
	fq(spac.FieldSharesRemaining, "2000000", "2,000,000"),
	fq(spac.FieldRedemptionPrice, "10.1500", "$10.15"),
	fq(spac.FieldStatus, "searching", "extend the date by which the Company must consummate"),
}}

// A sponsor deposit after the extension.
var deposit8K = step{form: "8-K", filed: "2023-01-10", items: []string{"8.01"}, facts: []fv{
	fq(spac.FieldExtensionDeposit, "100000.00", "$100,000"),
	fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
}}

type trustWant struct {
	size, perShare, shares, asOf, redeemed string
	sizeBasis                              spac.Basis
}

func TestCurrentTrust(t *testing.T) {
	wrongCounts := extRedemption
	wrongCounts.facts = append([]fv{}, extRedemption.facts...)
	wrongCounts.facts[4] = fq(spac.FieldSharesRemaining, "2500000", "2,500,000") // 23 M + 2.5 M is not 25 M
	tests := []struct {
		name  string
		steps []step
		want  trustWant // zero: no trust
	}{
		{"registered only: the proposed amount is no trust", []step{s1}, trustWant{}},
		{"withdrawn", []step{s1, {form: "RW", filed: "2021-06-01", facts: []fv{fq(spac.FieldStatus, "withdrawn", "request the withdrawal")}}}, trustWant{}},
		{"at the IPO: the amount placed in trust", []step{s1, ipo8K},
			trustWant{"250000000.00", "10.0000", "25000000", "2021-03-10", "0.00", spac.BasisStated}},
		{"the latest balance sheet", []step{s1, ipo8K, tenK21},
			trustWant{"250500000.00", "10.0200", "25000000", "2021-12-31", "0.00", spac.BasisStated}},
		{"a redemption after it: shares remaining at the redemption price", []step{s1, ipo8K, tenK21, extRedemption},
			trustWant{"20300000.00", "10.1500", "2000000", "2022-12-08", "92.00", spac.BasisDerived}},
		{"then a deposit: added, per share recomputed", []step{s1, ipo8K, tenK21, extRedemption, deposit8K},
			trustWant{"20400000.00", "10.2000", "2000000", "2023-01-10", "92.00", spac.BasisDerived}},
		{"counts that do not add up: no trust", []step{s1, ipo8K, tenK21, wrongCounts}, trustWant{}},
		{"closed: the trust is released", []step{s1, ipo8K, tenK21, bca8K, mergerVote, closing8K}, trustWant{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			got := trustWant{p.TrustSize, p.TrustPerShare, p.PublicShares, p.TrustAsOf, p.RedeemedPct, ""}
			if p.TrustSize != "" {
				got.sizeBasis = citationFor(t, p.Citations, "trust_size").Basis
			}
			if got != tt.want {
				t.Fatalf("trust %+v, want %+v", got, tt.want)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// The pre-IPO proposed amount stays in the offering.
func TestProposedTrustStaysInTheOffering(t *testing.T) {
	p, _ := foldSteps([]step{s1})
	if p.TrustSize != "" || p.Offering.TrustAmount != "200000000.00" {
		t.Errorf("trust_size %q, offering.trust_amount %q", p.TrustSize, p.Offering.TrustAmount)
	}
}

// Each redemption: redeemed / public shares before it, both cited.
func TestRedemptionPercent(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, tenK21, extRedemption})
	if len(p.Redemptions) != 1 {
		t.Fatalf("redemptions %+v", p.Redemptions)
	}
	r := p.Redemptions[0]
	if r.SharesBefore != "25000000" || r.RedeemedPct != "92.00" || r.Amount != "233450000.00" {
		t.Errorf("redemption %+v", r)
	}
	pct := citationFor(t, r.Citations, "redeemed_pct")
	if pct.Basis != spac.BasisDerived || len(pct.Inputs) != 2 || pct.Inputs[0].Field != "shares_redeemed" {
		t.Errorf("redeemed_pct citation %+v", pct)
	}
	// without shares remaining, the shares before are the IPO's units (the first redemption)
	p, _ = foldSteps([]step{s1, ipo8K, bca8K, mergerProxy, mergerVote})
	if r := p.Redemptions[0]; r.SharesBefore != "25000000" || r.RedeemedPct != "56.41" {
		t.Errorf("merger vote redemption %+v", r)
	}
}

// An extension proxy's terms are pending until the vote's 8-K; the extension then has its old
// deadline.
func TestPendingExtension(t *testing.T) {
	proxy := extProxy
	proxy.facts = append(append([]fv{}, extProxy.facts...),
		fq(spac.FieldOldDeadline, "2023-03-10", "March 10, 2023"),
		fq(spac.FieldExtensionDeposit, "60000.00", "$60,000"),
		fq(spac.FieldTrustPerShare, "10.1800", "$10.18"))
	p, _ := foldSteps([]step{s1, ipo8K, proxy})
	pe := p.PendingExtension
	if p.Status != spac.StatusInExtension || pe == nil || pe.NewDeadline != "2023-06-10" || pe.OldDeadline != "2023-03-10" ||
		pe.Deposit != "60000.00" || pe.EstimatedPerShare != "10.1800" || pe.MeetingDate != "2022-12-08" {
		t.Fatalf("pending %+v (status %s)", pe, p.Status)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
	p, _ = foldSteps([]step{s1, ipo8K, proxy, extRedemption})
	if p.PendingExtension != nil || len(p.Extensions) != 1 || p.Extensions[0].OldDeadline != "2023-03-10" {
		t.Errorf("after the vote: pending %+v, extensions %+v", p.PendingExtension, p.Extensions)
	}
	if c := citationFor(t, p.Extensions[0].Citations, "old_deadline"); c.Basis != spac.BasisDerived {
		t.Errorf("the vote 8-K states no old deadline: derived from the deadline in force, got %+v", c)
	}
}

// What a public share redeems for: a liquidating SPAC's announced price and date, else the
// trust per share at the deadline; nothing without the liquidation's price.
func TestPayout(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, tenK21})
	if p.PayoutPerShare != "10.0200" || p.PayoutDate != "2023-03-10" {
		t.Errorf("searching: payout %s on %s, want the trust per share at the deadline", p.PayoutPerShare, p.PayoutDate)
	}
	p, _ = foldSteps([]step{s1, ipo8K, tenK21, liquidation8K})
	if p.PayoutPerShare != "10.3200" || p.PayoutDate != "2023-12-12" {
		t.Errorf("liquidating: payout %s on %s, want the announced $10.32 on 2023-12-12", p.PayoutPerShare, p.PayoutDate)
	}
	noPrice := liquidation8K
	noPrice.facts = []fv{liquidation8K.facts[0], liquidation8K.facts[2]}
	p, _ = foldSteps([]step{s1, ipo8K, tenK21, noPrice})
	if p.PayoutPerShare != "" || p.PayoutDate != "" {
		t.Errorf("liquidating without a price: payout %s on %s, want none", p.PayoutPerShare, p.PayoutDate)
	}
}
