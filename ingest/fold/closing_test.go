package fold

import (
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

// The vote 8-K of a real de-SPAC (items 5.07 and 8.01) says when the combination "is expected
// to be consummated": extraction reads that as a closing date, but nothing has closed yet.
var voteExpectingClose = step{form: "8-K", filed: "2022-09-30", items: []string{"5.07", "8.01", "9.01"}, facts: []fv{
	fq(spac.FieldMeetingDate, "2022-09-29", "September 29, 2022"),
	fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
	fq(spac.FieldVotesFor, "17215000", "17,215,000"),
	fq(spac.FieldClosingDate, "2022-10-03", "October 3, 2022"),
	fq(spac.FieldExpectedClose, "2022-10-03", "October 3, 2022"),
	f(spac.FieldNewName, "Nimbus Robotics Holdings, Inc."),
	f(spac.FieldNewTicker, "NMBS"),
}}

// bare returns the filing without its status facts: only what it implies is left.
func bare(s step) step {
	s.facts = slices.DeleteFunc(slices.Clone(s.facts), func(x fv) bool { return x.field == spac.FieldStatus })
	return s
}

// A closing date in a filing that only expects the closing moves nothing: the SPAC stays in
// the vote, the combination has no closing date (so no lockup or warrant expiry is computed
// from it) and the calendar shows the expected close instead.
func TestExpectedClosingDoesNotClose(t *testing.T) {
	p, events := foldSteps([]step{s1, ipo8K, bca8K, mergerProxy, voteExpectingClose})
	if p.Status != spac.StatusInVote {
		t.Fatalf("status = %s, want in_vote (history %v)", p.Status, statusesOf(p))
	}
	if p.Combination == nil || p.Combination.ClosingDate != "" {
		t.Fatalf("combination closing date = %+v, want none", p.Combination)
	}
	for _, l := range p.Combination.Lockups {
		if l.Expires != "" {
			t.Errorf("lockup expires %s from a closing that has not happened", l.Expires)
		}
	}
	var expected []string
	for _, e := range events {
		switch e.Type {
		case spac.EventExpectedClose:
			expected = append(expected, e.Date)
		case spac.EventWarrantExpiry, spac.EventLockupExpiry:
			t.Errorf("%s event %s before the closing", e.Type, e.Date)
		}
	}
	if !slices.Equal(expected, []string{"2022-10-03"}) {
		t.Errorf("expected_close events on %v, want 2022-10-03", expected)
	}
	if p.Name != "Maple Ridge Acquisition Corp." && p.Name != "MAPLE RIDGE ACQUISITION CORP." || p.Symbol != "MRAC" {
		t.Errorf("row renamed before the closing: %s (%s)", p.Name, p.Symbol)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
}

// closed needs a completed closing: Item 2.01 (stated or implied by its closing date), or the
// combined company filing under its own name. It cites that filing and is dated by it.
func TestClosedFromCompletedEventsOnly(t *testing.T) {
	successor10Q := step{form: "10-Q", filed: "2022-11-14", period: "2022-09-30", facts: []fv{
		f(spac.FieldName, "NIMBUS ROBOTICS HOLDINGS, INC."),
		fp(spac.FieldTrustBalance, "0.00", "2022-09-30"),
	}}
	closing801 := step{form: "8-K", filed: "2022-10-04", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldClosingDate, "2022-10-03", "October 3, 2022"),
	}}
	tests := []struct {
		name    string
		steps   []step
		closing int // index of the filing that closes; -1: none
		date    string
	}{
		{"Item 2.01 after the vote", []step{s1, ipo8K, bca8K, mergerProxy, voteExpectingClose, closing8K}, 5, "2022-10-03"},
		{"Item 2.01 implied by its closing date", []step{s1, ipo8K, bca8K, mergerProxy, voteExpectingClose, bare(closing8K)}, 5, "2022-10-03"},
		{"a closing date under 8.01 alone", []step{s1, ipo8K, bca8K, mergerProxy, closing801}, -1, ""},
		{"the successor's cover", []step{s1, ipo8K, bca8K, mergerProxy, voteExpectingClose, successor10Q}, 5, ""},
		{"the successor's cover names the target", []step{s1, ipo8K, bca8K, mergerProxy, successor10Q.with(f(spac.FieldName, "Nimbus Robotics, Inc."))}, 4, ""},
		{"another company's name", []step{s1, ipo8K, bca8K, mergerProxy, successor10Q.with(f(spac.FieldName, "Orbital Freight Corp."))}, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			if tt.closing < 0 {
				if p.Status == spac.StatusClosed || p.Combination.ClosingDate != "" {
					t.Fatalf("status %s closing %q, want not closed", p.Status, p.Combination.ClosingDate)
				}
				return
			}
			last := p.StatusHistory[len(p.StatusHistory)-1]
			closer := tt.steps[tt.closing]
			if p.Status != spac.StatusClosed || last.Citation.Accession != accessionFor(tt.closing, closer.filed) || last.Date != closer.filed {
				t.Fatalf("status %s, last change %+v; want closed by the %s of %s", p.Status, last, closer.form, closer.filed)
			}
			if p.Combination.ClosingDate != tt.date {
				t.Errorf("closing date %q, want %q", p.Combination.ClosingDate, tt.date)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// with returns a copy of s whose facts of x's field are replaced by x.
func (s step) with(x fv) step {
	s.facts = slices.DeleteFunc(slices.Clone(s.facts), func(y fv) bool { return y.field == x.field })
	s.facts = append(s.facts, x)
	return s
}

// An amendment restating the registration does not move the start of the lifecycle: pre_ipo
// is dated by the S-1, not by its S-1/A.
func TestPreIPODatedByTheFirstRegistration(t *testing.T) {
	amendment := s1.at("2021-02-20")
	amendment.form = "S-1/A"
	amendment.facts = slices.Clone(s1.facts)
	p, _ := foldSteps([]step{s1, amendment, ipo8K})
	if h := p.StatusHistory; len(h) == 0 || h[0].Status != spac.StatusPreIPO || h[0].Date != s1.filed {
		t.Fatalf("history %+v, want pre_ipo on %s", h, s1.filed)
	}
}
