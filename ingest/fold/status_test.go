package fold

import (
	"reflect"
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

func TestStatusTransitions(t *testing.T) {
	const (
		pre    = spac.StatusPreIPO
		wd     = spac.StatusWithdrawn
		search = spac.StatusSearching
		ann    = spac.StatusCombinationAnnounced
		vote   = spac.StatusInVote
		ext    = spac.StatusInExtension
		closed = spac.StatusClosed
		liqing = spac.StatusLiquidating
		liqed  = spac.StatusLiquidated
	)
	depositExt := step{form: "8-K", filed: "2022-11-30", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldExtensionDeposit, "160000.00", "$160,000"),
		fq(spac.FieldNewDeadline, "2023-01-10", "January 10, 2023"),
	}}
	newBCA := step{form: "8-K", filed: "2023-04-03", items: []string{"1.01"}, facts: []fv{
		fq(spac.FieldAgreementDate, "2023-04-01", "April 1, 2023"),
		f(spac.FieldTarget, "Orbital Freight Corp."),
		fq(spac.FieldStatus, "combination_announced", "entered into a Business Combination Agreement"),
	}}
	rw := step{form: "RW", filed: "2021-06-01", facts: []fv{
		f(spac.FieldName, "MAPLE RIDGE ACQUISITION CORP."),
		fq(spac.FieldStatus, "withdrawn", "requests the withdrawal"),
	}}
	form15 := step{form: "15-12G", filed: "2023-04-20", facts: []fv{
		fq(spac.FieldDeregistrationDate, "2023-04-20", "20230420"),
	}}
	a425 := step{form: "425", filed: "2022-09-20", facts: []fv{f(spac.FieldTarget, "Nimbus Robotics, Inc.")}}

	tests := []struct {
		name  string
		steps []step
		want  []spac.Status
	}{
		{"de-SPAC path", []step{s1, ipo8K, bca8K, mergerProxy, mergerVote, closing8K},
			[]spac.Status{pre, search, ann, vote, closed}},
		{"extension vote returns to searching", []step{s1, ipo8K, extProxy, extVote},
			[]spac.Status{pre, search, ext, search}},
		{"5.03 new deadline returns to searching", []step{s1, ipo8K, extProxy, ext503},
			[]spac.Status{pre, search, ext, search}},
		{"extension with a pending agreement returns to announced",
			[]step{s1, ipo8K, bca8K.at("2022-10-01"), extProxy, extVote},
			[]spac.Status{pre, search, ann, ext, ann}},
		{"agreement signed during the extension", []step{s1, ipo8K, extProxy, bca8K.at("2022-11-20"), extVote},
			[]spac.Status{pre, search, ext, ann}},
		{"deposit 8.01 does not end a pending extension vote", []step{s1, ipo8K, extProxy, depositExt},
			[]spac.Status{pre, search, ext}},
		{"termination returns to searching", []step{s1, ipo8K, bca8K, termination8K},
			[]spac.Status{pre, search, ann, search}},
		{"new agreement after termination", []step{s1, ipo8K, bca8K, termination8K, newBCA},
			[]spac.Status{pre, search, ann, search, ann}},
		{"liquidating then liquidated", []step{s1, ipo8K, liquidation8K, form25},
			[]spac.Status{pre, search, liqing, liqed}},
		{"explicit liquidated status from Form 25", []step{s1, ipo8K, liquidation8K,
			{form: "25-NSE", filed: "2023-12-13", facts: []fv{f(spac.FieldStatus, "liquidated")}}},
			[]spac.Status{pre, search, liqing, liqed}},
		{"Form 15 while searching past the deadline", []step{s1, ipo8K, form15},
			[]spac.Status{pre, search, liqed}},
		{"Form 25 while searching before the deadline", []step{s1, ipo8K, form25.at("2022-01-10")},
			[]spac.Status{pre, search}},
		{"Form 25 after closing (old class delisted)", []step{s1, ipo8K, bca8K, closing8K, form25},
			[]spac.Status{pre, search, ann, closed}},
		{"S-1 then RW", []step{s1, rw}, []spac.Status{pre, wd}},
		{"RW after the IPO withdraws another registration", []step{s1, ipo8K, rw.at("2022-12-01")},
			[]spac.Status{pre, search}},
		{"425 after the merger proxy does not regress", []step{s1, ipo8K, bca8K, mergerProxy, a425},
			[]spac.Status{pre, search, ann, vote}},
		{"statuses implied without status facts",
			[]step{bare(s1), bare(ipo8K), bare(bca8K), bare(mergerProxy), bare(closing8K)},
			[]spac.Status{pre, search, ann, vote, closed}},
		{"implied extension cycle", []step{s1, ipo8K, bare(extProxy), extVote},
			[]spac.Status{pre, search, ext, search}},
		{"implied liquidation", []step{s1, ipo8K, bare(liquidation8K), form25},
			[]spac.Status{pre, search, liqing, liqed}},
		{"invalid status value ignored", []step{s1, {form: "8-K", filed: "2021-03-12", facts: []fv{
			f(spac.FieldStatus, "bankrupt")}}}, []spac.Status{pre}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			if got := statusesOf(p); !slices.Equal(got, tt.want) {
				t.Fatalf("status history = %v, want %v", got, tt.want)
			}
			if p.Status != tt.want[len(tt.want)-1] {
				t.Errorf("status = %q, want %q", p.Status, tt.want[len(tt.want)-1])
			}
			if c := citationFor(t, p.Citations, "status"); !reflect.DeepEqual(c, p.StatusHistory[len(p.StatusHistory)-1].Citation) {
				t.Errorf("status citation %+v is not the last change's", c)
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// Each change is dated by and cites the filing that caused it.
func TestStatusHistoryCitesTheFiling(t *testing.T) {
	steps := []step{s1, ipo8K, bca8K, extProxy.at("2022-11-15"), extVote}
	p, _ := foldSteps(steps)
	wantFiling := []int{0, 1, 2, 3, 4}
	if len(p.StatusHistory) != len(wantFiling) {
		t.Fatalf("history %v", statusesOf(p))
	}
	for i, h := range p.StatusHistory {
		s := steps[wantFiling[i]]
		if h.Date != s.filed || h.Citation.Accession != accessionFor(wantFiling[i], s.filed) {
			t.Errorf("change %d (%s): date %s accession %s, want %s %s", i, h.Status, h.Date,
				h.Citation.Accession, s.filed, accessionFor(wantFiling[i], s.filed))
		}
		if h.Citation.Field != "status" {
			t.Errorf("change %d: citation field %q", i, h.Citation.Field)
		}
	}
	// The return to combination_announced is computed from the 5.07, not stated by it.
	last := p.StatusHistory[len(p.StatusHistory)-1]
	if last.Status != spac.StatusCombinationAnnounced || last.Citation.Basis != spac.BasisDerived ||
		len(last.Citation.Inputs) == 0 {
		t.Errorf("last change = %+v, want derived combination_announced", last)
	}
}

// TestFirstSeenByItsProspectus: a SPAC whose first filing in the store is its 424B4 (a
// backfill starting after its S-1, a live poller joining late) has a status in the enum; the
// audit saw "status": "" when the prospectus gave no IPO date.
func TestFirstSeenByItsProspectus(t *testing.T) {
	prospectus := step{form: "424B4", filed: "2021-03-02", facts: []fv{
		f(spac.FieldName, "MAPLE RIDGE ACQUISITION CORP."),
		fq(spac.FieldUnitsOffered, "20000000", "20,000,000 units"),
	}}
	p, _ := foldSteps([]step{prospectus})
	if !p.Status.Valid() {
		t.Fatalf("status %q is outside the enum", p.Status)
	}
}

// A SPAC known only from a mid-life document - an extension deposit release, with no IPO, deal
// or vote the store holds - has no status a filing states: it is served as unknown (inside the
// status vocabulary, uncited), never guessed as searching nor left an empty string.
func TestStatusUnknownWithoutALifecycleStep(t *testing.T) {
	p, _ := foldSteps([]step{{form: "8-K", filed: "2024-06-12", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldExtensionDeposit, "60000.00", "$60,000"),
		fq(spac.FieldNewDeadline, "2024-07-14", "July 14, 2024"),
	}}})
	if p.Status != spac.StatusUnknown || len(p.StatusHistory) != 0 {
		t.Fatalf("status %q, history %v: want unknown and no history", p.Status, p.StatusHistory)
	}
	if problems := CheckCited(p); len(problems) != 0 {
		t.Errorf("citation check: %v", problems)
	}
}
