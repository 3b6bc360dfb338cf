package fold

import (
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

// fe builds a fact a periodic report narrates about an event dated on (its Period).
func fe(field, value, quote, on string) fv {
	return fv{field: field, value: value, quote: quote, period: on}
}

// A life with two extension meetings, each reported by its 8-K, then narrated again by the
// 10-K that follows both.
var (
	firstExtension = step{form: "8-K", filed: "2022-12-09", items: []string{"5.03", "5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldVotesFor, "17215000", "17,215,000"),
		fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
		fq(spac.FieldSharesRedeemed, "15000000", "15,000,000"),
		fq(spac.FieldRedemptionAmount, "151500000.00", "$151,500,000"),
		fq(spac.FieldSharesRemaining, "10000000", "10,000,000"),
	}}
	secondExtension = step{form: "8-K", filed: "2023-06-08", items: []string{"5.03", "5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2023-06-07", "June 7, 2023"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldVotesFor, "7215000", "7,215,000"),
		fq(spac.FieldNewDeadline, "2023-12-10", "December 10, 2023"),
		fq(spac.FieldSharesRedeemed, "6000000", "6,000,000"),
		fq(spac.FieldRedemptionAmount, "62400000.00", "$62,400,000"),
		fq(spac.FieldSharesRemaining, "4000000", "4,000,000"),
	}}
	// narrating10K recalls both meetings, rounding the first amount as reports do.
	narrating10K = step{form: "10-K", filed: "2024-03-28", period: "2023-12-31", facts: []fv{
		fe(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022", "2022-12-08"),
		fe(spac.FieldSharesRedeemed, "15000000", "15,000,000", "2022-12-08"),
		fe(spac.FieldRedemptionAmount, "151000000.00", "$151.0 million", "2022-12-08"),
		fe(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023", "2022-12-08"),
		fe(spac.FieldMeetingDate, "2023-06-07", "June 7, 2023", "2023-06-07"),
		fe(spac.FieldSharesRedeemed, "6000000", "6,000,000", "2023-06-07"),
		fe(spac.FieldNewDeadline, "2023-12-10", "December 10, 2023", "2023-06-07"),
	}}
)

// An event reported by its 8-K and narrated again by a report is one event: redemptions,
// extensions and meetings are counted once, the 8-K's values and citations kept.
func TestNarratedEventsCountedOnce(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, firstExtension, secondExtension, narrating10K})
	if len(p.Redemptions) != 2 || len(p.Extensions) != 2 || len(p.Votes) != 2 {
		t.Fatalf("%d redemptions, %d extensions, %d votes; want 2 of each", len(p.Redemptions), len(p.Extensions), len(p.Votes))
	}
	first := p.Redemptions[0]
	if first.Date != "2022-12-08" || first.Amount != "151500000.00" || first.Accession != accessionFor(2, firstExtension.filed) {
		t.Errorf("first redemption %+v, want the 8-K's", first)
	}
	if c := citationFor(t, first.Citations, "amount"); c.Accession != accessionFor(2, firstExtension.filed) {
		t.Errorf("amount cites %s, want the 8-K", c.Accession)
	}
	if v := p.Votes[0]; v.Accession != accessionFor(2, firstExtension.filed) || citationFor(t, v.Citations, "meeting_date").Accession != v.Accession {
		t.Errorf("first meeting %+v, want the 8-K's", v)
	}
	if p.Deadline != "2023-12-10" || p.PublicShares != "4000000" {
		t.Errorf("deadline %s, public shares %s; want 2023-12-10 and 4000000", p.Deadline, p.PublicShares)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
}

// A report narrating two meetings the 8-Ks never reported gives two events, each dated by its
// own meeting and in order of those dates, and the deadline of the later one.
func TestReportNarratesSeveralEvents(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, narrating10K})
	var dates []string
	for _, r := range p.Redemptions {
		dates = append(dates, r.Date)
	}
	if !slices.Equal(dates, []string{"2022-12-08", "2023-06-07"}) {
		t.Fatalf("redemptions dated %v, want each by its meeting", dates)
	}
	if p.Redemptions[0].SharesRedeemed != "15000000" || p.Redemptions[1].SharesRedeemed != "6000000" {
		t.Errorf("redemptions %+v mix the events", p.Redemptions)
	}
	dates = nil
	for _, e := range p.Extensions {
		dates = append(dates, e.Date+">"+e.NewDeadline)
	}
	if !slices.Equal(dates, []string{"2022-12-08>2023-06-10", "2023-06-07>2023-12-10"}) {
		t.Errorf("extensions %v", dates)
	}
	if p.Deadline != "2023-12-10" {
		t.Errorf("deadline %s, want the later event's 2023-12-10", p.Deadline)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
}

// A report recalling an old event never moves a headline field backwards.
func TestRenarratedHistoryDoesNotMoveBackwards(t *testing.T) {
	recallsFirst := step{form: "10-Q", filed: "2023-08-14", period: "2023-06-30", facts: []fv{
		fe(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023", "2022-12-08"),
		fe(spac.FieldSharesRedeemed, "15000000", "15,000,000", "2022-12-08"),
		fe(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022", "2022-12-08"),
	}}
	recallsDeal := step{form: "10-Q", filed: "2023-05-15", period: "2023-03-31", facts: []fv{
		fq(spac.FieldAgreementDate, "2022-06-01", "June 1, 2022"),
		f(spac.FieldTarget, "Nimbus Robotics, Inc."),
		fq(spac.FieldStatus, "combination_announced", "entered into a Business Combination Agreement"),
		fq(spac.FieldPIPEAmount, "50000000.00", "$50,000,000"),
	}}
	newBCA := step{form: "8-K", filed: "2023-04-03", items: []string{"1.01"}, facts: []fv{
		fq(spac.FieldAgreementDate, "2023-04-01", "April 1, 2023"),
		f(spac.FieldTarget, "Orbital Freight Corp."),
		fq(spac.FieldStatus, "combination_announced", "entered into a Business Combination Agreement"),
	}}
	recallsBoth := recallsDeal.at("2023-05-15")
	recallsBoth.facts = append(slices.Clone(recallsDeal.facts),
		fq(spac.FieldTerminationDate, "2023-01-15", "January 15, 2023"),
		fq(spac.FieldStatus, "searching", "terminated the Business Combination Agreement"))
	secondProxy := extProxy.at("2023-07-20")
	secondProxy.facts = []fv{
		fq(spac.FieldMeetingDate, "2023-08-30", "August 30, 2023"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldNewDeadline, "2024-06-10", "June 10, 2024"),
	}
	tests := []struct {
		name     string
		steps    []step
		status   spac.Status
		deadline string
		target   string
	}{
		{"an old extension after a later one", []step{s1, ipo8K, firstExtension, secondExtension, recallsFirst},
			spac.StatusSearching, "2023-12-10", ""},
		{"an old extension during a pending one", []step{s1, ipo8K, firstExtension, secondExtension, secondProxy, recallsFirst},
			spac.StatusInExtension, "2023-12-10", ""},
		{"a terminated deal", []step{s1, ipo8K, bca8K, termination8K, recallsDeal},
			spac.StatusSearching, "2023-03-10", ""},
		{"a terminated deal, status implied", []step{s1, ipo8K, bca8K, termination8K, bare(recallsDeal)},
			spac.StatusSearching, "2023-03-10", ""},
		{"a terminated deal beside the new one", []step{s1, ipo8K, bca8K, termination8K, newBCA, recallsBoth},
			spac.StatusCombinationAnnounced, "2023-03-10", "Orbital Freight Corp."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			if p.Status != tt.status || p.Deadline != tt.deadline || p.Target != tt.target {
				t.Fatalf("status %s deadline %s target %q; want %s %s %q (history %v)",
					p.Status, p.Deadline, p.Target, tt.status, tt.deadline, tt.target, statusesOf(p))
			}
			if tt.status == spac.StatusInExtension && (p.PendingExtension == nil || p.PendingExtension.NewDeadline != "2024-06-10") {
				t.Errorf("pending extension %+v, want the proxy's", p.PendingExtension)
			}
			if c := p.Combination; c != nil && c.PIPE.Amount != "" && tt.target != "" {
				t.Errorf("the terminated deal's PIPE %s leaks into the new deal", c.PIPE.Amount)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// A report narrating a status change the 8-K never reported still moves the SPAC forward
// when the event is dated after the current status: the extension vote ends the pending
// extension; an agreement the report alone tells of announces the deal.
func TestNarratedLaterEventMovesForward(t *testing.T) {
	agreed := step{form: "10-Q", filed: "2022-08-12", period: "2022-06-30", facts: []fv{
		fq(spac.FieldAgreementDate, "2022-06-01", "June 1, 2022"),
		f(spac.FieldTarget, "Nimbus Robotics, Inc."),
	}}
	for _, steps := range [][]step{{agreed}, {s1, ipo8K, agreed}} {
		if p, _ := foldSteps(steps); p.Status != spac.StatusCombinationAnnounced || p.Target != "Nimbus Robotics, Inc." {
			t.Errorf("%d filings: status %s target %q, want the deal the 10-Q reports", len(steps), p.Status, p.Target)
		}
	}
	narratedVote := step{form: "10-Q", filed: "2022-12-20", period: "2022-09-30", facts: []fv{
		fe(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022", "2022-12-08"),
		fe(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal", "2022-12-08"),
		fe(spac.FieldVotesFor, "17215000", "17,215,000", "2022-12-08"),
		fe(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023", "2022-12-08"),
	}}
	p, _ := foldSteps([]step{s1, ipo8K, extProxy, narratedVote})
	if p.Status != spac.StatusSearching || p.Deadline != "2023-06-10" {
		t.Fatalf("status %s deadline %s, want searching until 2023-06-10 (history %v)", p.Status, p.Deadline, statusesOf(p))
	}
}

// A sponsor deposit reported by its 8-K and narrated by the next 10-Q (dated by the day it was
// paid, a day or two before the 8-K) is paid into the trust once.
func TestNarratedDepositCountedOnce(t *testing.T) {
	deposit := step{form: "8-K", filed: "2023-01-12", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldExtensionDeposit, "160000.00", "$160,000"),
	}}
	narrated := step{form: "10-Q", filed: "2023-05-15", period: "2023-03-31", facts: []fv{
		fe(spac.FieldExtensionDeposit, "160000.00", "$160,000", "2023-01-10"),
		fe(spac.FieldExtensionDeposit, "160000.00", "$160,000", "2023-02-10"),
	}}
	p, _ := foldSteps([]step{s1, ipo8K, firstExtension, deposit, narrated})
	var got []string
	for _, e := range p.Extensions {
		if e.Deposit != "" {
			got = append(got, e.Date)
		}
	}
	if !slices.Equal(got, []string{"2023-01-12", "2023-02-10"}) {
		t.Fatalf("deposits on %v, want the 8-K's and the one only the 10-Q reports", got)
	}
	if p.TrustSize != "101320000.00" {
		t.Errorf("trust %s, want 10,000,000 x $10.10 + 2 x $160,000", p.TrustSize)
	}
}
