package fold

import (
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/alerts"
)

// kindOnly is a filing whose proposal sentences name a business-combination vote and nothing
// else about it (the IPO 8-K's charter terms, the merger agreement 8-K, an S-4 before the date).
func kindOnly(form, filed string, items ...string) step {
	return step{form: form, filed: filed, items: items, facts: []fv{
		fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
	}}
}

func TestKindOnlyVoteIsNoMeeting(t *testing.T) {
	recordOnly := step{form: "PRE 14A", filed: "2022-08-20", facts: []fv{
		fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
		fq(spac.FieldRecordDate, "2022-08-31", "August 31, 2022"),
	}}
	tests := []struct {
		name  string
		steps []step
		kinds []string // kind@meeting_date@record_date of each vote, in order
	}{
		{"kind-only mentions dropped, the real vote kept",
			[]step{s1, kindOnly("8-K", "2021-03-12", "8.01"), bca8K, kindOnly("S-4", "2022-07-01"), mergerProxy, mergerVote},
			[]string{"business_combination@2022-09-29@2022-08-31"}},
		{"only mentions: no vote at all",
			[]step{s1, kindOnly("8-K", "2021-03-12", "8.01"), kindOnly("8-K", "2022-06-02", "1.01")}, []string{}},
		{"a record date alone is a meeting being called",
			[]step{s1, kindOnly("8-K", "2022-06-02", "1.01"), recordOnly},
			[]string{"business_combination@@2022-08-31"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			got := []string{}
			for _, v := range p.Votes {
				got = append(got, v.Kind+"@"+v.MeetingDate+"@"+v.RecordDate)
			}
			if !equalStrings(got, tt.kinds) {
				t.Errorf("votes %q, want %q", got, tt.kinds)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
	p, _ := foldSteps([]step{s1, kindOnly("8-K", "2021-03-12", "8.01"), mergerProxy, mergerVote})
	if v := p.Votes[0]; v.For != "17215000" || v.Accession != accessionFor(3, mergerVote.filed) {
		t.Errorf("the real vote lost its results: %+v", v)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// closingReport is a closing 8-K restating the merger vote's redemption; meeting adds the
// meeting date it refers back to.
func closingReport(meeting bool, facts ...fv) step {
	s := closing8K
	s.facts = append([]fv{}, closing8K.facts...)
	if meeting {
		s.facts = append(s.facts, fq(spac.FieldMeetingDate, "2022-09-29", "September 29, 2022"))
	}
	s.facts = append(s.facts, facts...)
	return s
}

var (
	sameCount  = fq(spac.FieldSharesRedeemed, "14103450", "14,103,450")
	sameAmount = fq(spac.FieldRedemptionAmount, "143000000.00", "$143,000,000")
	remaining  = fq(spac.FieldSharesRemaining, "10896550", "10,896,550")
	// extVoteRedeemed is an extension vote whose holders redeemed as many shares as the merger
	// vote's later (two real redemptions that happen to share a count).
	extVoteRedeemed = step{form: "8-K", filed: "2022-03-11", items: []string{"5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2022-03-10", "March 10, 2022"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		sameCount,
		fq(spac.FieldRedemptionPrice, "10.0500", "$10.05"),
	}}
)

func TestRedemptionReportedTwice(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
		dates []string // date:shares_redeemed of each redemption
	}{
		{"vote 8-K and closing 8-K naming the meeting: one", []step{s1, ipo8K, mergerVote, closingReport(true, sameCount, sameAmount, remaining)},
			[]string{"2022-09-29:14103450"}},
		{"closing 8-K without the meeting, same count, no meeting between: one", []step{s1, ipo8K, mergerVote, closingReport(false, sameCount, remaining)},
			[]string{"2022-09-29:14103450"}},
		{"closing 8-K with a revised count: kept apart", []step{s1, ipo8K, mergerVote, closingReport(true, fq(spac.FieldSharesRedeemed, "14003450", "14,003,450"))},
			[]string{"2022-09-29:14103450", "2022-09-29:14003450"}},
		{"closing 8-K without the meeting and a different count: kept apart", []step{s1, ipo8K, mergerVote, closingReport(false, fq(spac.FieldSharesRedeemed, "14003450", "14,003,450"))},
			[]string{"2022-09-29:14103450", "2022-10-04:14003450"}},
		{"an extension meeting, then the combination meeting, same count: two", []step{s1, ipo8K, extVoteRedeemed, mergerVote},
			[]string{"2022-03-10:14103450", "2022-09-29:14103450"}},
		{"a report without a meeting after another meeting: not the older redemption", []step{s1, ipo8K, extVoteRedeemed, mergerProxy, closingReport(false, sameCount)},
			[]string{"2022-03-10:14103450", "2022-10-04:14103450"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			got := []string{}
			for _, r := range p.Redemptions {
				got = append(got, r.Date+":"+r.SharesRedeemed)
			}
			if !equalStrings(got, tt.dates) {
				t.Errorf("redemptions %q, want %q", got, tt.dates)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// The merged redemption keeps the first report's identity and citations and takes what only
// the second states from it.
func TestMergedRedemptionCitesBothReports(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, mergerVote, closingReport(true, sameCount, sameAmount, remaining)})
	if len(p.Redemptions) != 1 {
		t.Fatalf("redemptions %+v", p.Redemptions)
	}
	r := p.Redemptions[0]
	vote, closing := accessionFor(2, mergerVote.filed), accessionFor(3, closing8K.filed)
	if r.Accession != vote || r.SharesBefore != "25000000" || r.RedeemedPct != "56.41" || r.Price != "10.1400" {
		t.Errorf("redemption %+v; want the vote 8-K's, 25,000,000 before, 56.41 %%", r)
	}
	for field, acc := range map[string]string{"shares_redeemed": vote, "amount": vote, "price": vote, "date": vote, "shares_remaining": closing} {
		if c := citationFor(t, r.Citations, field); c.Accession != acc {
			t.Errorf("%s cited on %s, want %s", field, c.Accession, acc)
		}
	}
}

// An extension redemption reported by the vote's 8-K and again by a later 8-K (the trust
// after redemptions): the current trust, public shares and redeemed % count it once, and one
// redemption carries the redeemed % a high-redemptions alert fires on.
func TestRedemptionReportedTwiceDerivedValues(t *testing.T) {
	vote := step{form: "8-K", filed: "2022-12-09", items: []string{"5.03", "5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
		fq(spac.FieldSharesRedeemed, "10000000", "10,000,000"),
		fq(spac.FieldRedemptionPrice, "10.1500", "$10.15"),
	}}
	restated := func(meeting bool, facts ...fv) step {
		s := step{form: "8-K", filed: "2022-12-20", items: []string{"8.01"}, facts: facts}
		if meeting {
			s.facts = append(s.facts, fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"))
		}
		return s
	}
	count, amount := fq(spac.FieldSharesRedeemed, "10000000", "10,000,000"), fq(spac.FieldRedemptionAmount, "101500000.00", "$101,500,000")
	left := fq(spac.FieldSharesRemaining, "15000000", "15,000,000")
	for name, second := range map[string]step{
		"count and amount, naming the meeting": restated(true, count, amount),
		"count and amount, no meeting":         restated(false, count, amount),
		"count and shares remaining":           restated(true, count, left),
	} {
		t.Run(name, func(t *testing.T) {
			p, _ := foldSteps([]step{s1, ipo8K, tenK21, vote, second})
			got := trustWant{p.TrustSize, p.TrustPerShare, p.PublicShares, p.TrustAsOf, p.RedeemedPct, ""}
			want := trustWant{"152250000.00", "10.1500", "15000000", "2022-12-08", "40.00", ""}
			if got != want {
				t.Errorf("trust %+v, want %+v (the redemption applied once)", got, want)
			}
			if len(p.Redemptions) != 1 {
				t.Fatalf("redemptions %+v, want one", p.Redemptions)
			}
			r := p.Redemptions[0]
			if r.SharesBefore != "25000000" || r.RedeemedPct != "40.00" || r.Amount != "101500000.00" || r.Accession != accessionFor(3, vote.filed) {
				t.Errorf("redemption %+v", r)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// The high-redemptions alert fires when the vote's 8-K reports the redemption and not again
// when the closing 8-K reports it a second time.
func TestRedemptionReportedTwiceAlertsOnce(t *testing.T) {
	before, _ := foldSteps([]step{s1, ipo8K, bca8K, mergerProxy})
	voted, _ := foldSteps([]step{s1, ipo8K, bca8K, mergerProxy, mergerVote})
	closed, _ := foldSteps([]step{s1, ipo8K, bca8K, mergerProxy, mergerVote, closingReport(true, sameCount, remaining)})
	now := time.Date(2022, 10, 5, 0, 0, 0, 0, time.UTC)
	fired := func(prev, cur spac.Profile) []spac.Alert {
		var out []spac.Alert
		for _, a := range alerts.Evaluate(prev, cur, alerts.DefaultConfig(), now, nil) {
			if a.Kind == spac.AlertHighRedemptions {
				out = append(out, a)
			}
		}
		return out
	}
	if got := fired(before, voted); len(got) != 1 || got[0].Detail["redeemed_pct"] != "56.41" {
		t.Fatalf("the vote 8-K fired %+v, want one 56.41 %% alert", got)
	}
	if got := fired(voted, closed); len(got) != 0 {
		t.Errorf("the closing 8-K's report of the same redemption fired again: %+v", got)
	}
}
