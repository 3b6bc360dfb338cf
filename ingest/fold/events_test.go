package fold

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// lifecycleSteps is a whole SPAC life: S-1, amendment, IPO, periodic reports, an extension,
// an agreement, the merger vote and the closing.
func lifecycleSteps() []step {
	return []step{
		s1,
		{form: "S-1/A", filed: "2021-02-20", facts: []fv{
			fq(spac.FieldTrustSize, "250000000.00", "$250,000,000"),
			f(spac.FieldUnderwriter, "Citigroup Global Markets Inc."),
			f(spac.FieldUnderwriter, "BTIG, LLC"),
		}},
		ipo8K,
		{form: "10-Q", filed: "2021-05-14", period: "2021-03-31", facts: []fv{
			fp(spac.FieldTrustBalance, "250000000.00", "2021-03-31"),
			fp(spac.FieldSharesSubjectToRed, "25000000", "2021-03-31"),
			fp(spac.FieldRedemptionValuePS, "10.0000", "2021-03-31"),
		}},
		{form: "10-K", filed: "2022-03-30", period: "2021-12-31", facts: []fv{
			fp(spac.FieldTrustBalance, "250012345.00", "2021-12-31"),
			fp(spac.FieldTrustBalance, "250000000.00", "2021-03-31"),
		}},
		{form: "DEF 14A", filed: "2023-02-15", facts: []fv{
			fq(spac.FieldMeetingDate, "2023-03-08", "March 8, 2023"),
			fq(spac.FieldRedemptionDeadline, "2023-03-06", "March 6, 2023"),
			fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
			fq(spac.FieldNewDeadline, "2023-09-10", "September 10, 2023"),
			fq(spac.FieldStatus, "in_extension", "Extension Amendment Proposal"),
		}},
		{form: "8-K", filed: "2023-03-09", items: []string{"5.03", "5.07"}, facts: []fv{
			fq(spac.FieldMeetingDate, "2023-03-08", "March 8, 2023"),
			fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
			fq(spac.FieldVotesFor, "20100000", "20,100,000"),
			fq(spac.FieldVotesAgainst, "900000", "900,000"),
			fq(spac.FieldSharesRedeemed, "20000000", "20,000,000"),
			fq(spac.FieldRedemptionAmount, "203000000.00", "$203,000,000"),
			fq(spac.FieldRedemptionPrice, "10.1500", "$10.15"),
			fq(spac.FieldSharesRemaining, "5000000", "5,000,000"),
			fq(spac.FieldNewDeadline, "2023-09-10", "September 10, 2023"),
		}},
		bca8K.at("2023-04-03"),
		{form: "DEFM14A", filed: "2023-07-20", facts: []fv{
			fq(spac.FieldMeetingDate, "2023-08-15", "August 15, 2023"),
			fq(spac.FieldRedemptionDeadline, "2023-08-11", "August 11, 2023"),
			fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
			fq(spac.FieldStatus, "in_vote", "will be held on August 15, 2023"),
		}},
		{form: "8-K", filed: "2023-08-16", items: []string{"5.07"}, facts: []fv{
			fq(spac.FieldMeetingDate, "2023-08-15", "August 15, 2023"),
			fq(spac.FieldVotesFor, "4100000", "4,100,000"),
			fq(spac.FieldVotesAgainst, "300000", "300,000"),
		}},
		{form: "8-K", filed: "2023-08-18", items: []string{"2.01"}, facts: []fv{
			fq(spac.FieldClosingDate, "2023-08-17", "August 17, 2023"),
			fq(spac.FieldStatus, "closed", "consummated the previously announced business combination"),
			f(spac.FieldNewName, "Nimbus Robotics Holdings, Inc."),
			f(spac.FieldNewTicker, "NMBS"),
		}},
	}
}

type eventWant struct {
	typ       spac.EventType
	date      string
	dateField string // field of the fact the date was read from ("" when derived)
}

func TestCalendar(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
		want  []eventWant
	}{
		{"closed de-SPAC", lifecycleSteps(), []eventWant{
			{spac.EventRedemptionDeadline, "2023-03-06", spac.FieldRedemptionDeadline},
			{spac.EventExtensionVote, "2023-03-08", spac.FieldMeetingDate},
			{spac.EventRedemptionDeadline, "2023-08-11", spac.FieldRedemptionDeadline},
			{spac.EventMergerVote, "2023-08-15", spac.FieldMeetingDate},
			{spac.EventLockupExpiry, "2024-02-13", ""},
			{spac.EventLockupExpiry, "2024-08-17", ""},
			{spac.EventWarrantExpiry, "2028-08-17", ""},
		}},
		{"closed de-SPAC whose warrants' term no filing states", withoutWarrantTerm(lifecycleSteps()), []eventWant{
			{spac.EventRedemptionDeadline, "2023-03-06", spac.FieldRedemptionDeadline},
			{spac.EventExtensionVote, "2023-03-08", spac.FieldMeetingDate},
			{spac.EventRedemptionDeadline, "2023-08-11", spac.FieldRedemptionDeadline},
			{spac.EventMergerVote, "2023-08-15", spac.FieldMeetingDate},
			{spac.EventLockupExpiry, "2024-02-13", ""},
			{spac.EventLockupExpiry, "2024-08-17", ""},
		}},
		{"searching after an extension", []step{s1, ipo8K, extProxy, ext503}, []eventWant{
			{spac.EventRedemptionDeadline, "2022-12-06", spac.FieldRedemptionDeadline},
			{spac.EventExtensionVote, "2022-12-08", spac.FieldMeetingDate},
			{spac.EventDeadline, "2023-06-10", spac.FieldNewDeadline},
		}},
		{"searching with a derived deadline", []step{s1, ipo8K}, []eventWant{
			{spac.EventDeadline, "2023-03-10", ""},
		}},
		{"liquidated SPAC has no deadline event, only its payment day", []step{s1, ipo8K, liquidation8K, form25}, []eventWant{
			{spac.EventLiquidationPayment, "2023-12-12", spac.FieldLiquidationDate},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, events := foldSteps(tt.steps)
			if len(events) != len(tt.want) {
				t.Fatalf("events = %s", mustJSON(t, events))
			}
			for i, w := range tt.want {
				e := events[i]
				id := string(testCIK) + "/" + string(w.typ) + "/" + w.date
				if w.typ == spac.EventLockupExpiry {
					id += "/" + string(spac.LockupOther) // each party's lockup is an event of its own
				}
				if e.Type != w.typ || e.Date != w.date || e.ID != id {
					t.Errorf("event %d = %s %s (%s), want %s %s", i, e.Type, e.Date, e.ID, w.typ, w.date)
				}
				if e.Symbol != p.Symbol || e.Name != p.Name || e.CIK != testCIK || e.Title == "" {
					t.Errorf("event %d header = %+v", i, e)
				}
				c := citationFor(t, e.Citations, "date")
				if w.dateField == "" && (c.Basis != spac.BasisDerived || len(c.Inputs) == 0) {
					t.Errorf("event %d date citation %+v, want derived", i, c)
				}
				if w.dateField != "" && (c.Basis != spac.BasisStated || c.Quote == "") {
					t.Errorf("event %d date citation %+v, want stated from %s", i, c, w.dateField)
				}
			}
			if problems := CheckCited(events); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// TestLifecycleGolden pins the whole folded profile and calendar of lifecycleSteps.
// Run with -update to rewrite testdata/lifecycle.golden.json after an intended change.
// withoutWarrantTerm drops the statement of the warrants' term from the filings.
func withoutWarrantTerm(steps []step) []step {
	for i := range steps {
		steps[i].facts = slices.DeleteFunc(slices.Clone(steps[i].facts), func(x fv) bool { return x.field == spac.FieldWarrantTermMonths })
	}
	return steps
}

func TestLifecycleGolden(t *testing.T) {
	p, events := foldSteps(lifecycleSteps())
	if problems := CheckCited(p); len(problems) > 0 {
		t.Fatalf("uncited: %v", problems)
	}
	got, err := json.MarshalIndent(map[string]any{"profile": p, "events": events}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "lifecycle.golden.json")
	if *update {
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != string(got)+"\n" {
		t.Errorf("profile differs from %s; rerun with -update and review the diff", path)
	}
	if p.Status != spac.StatusClosed || p.Deadline != "2023-09-10" || p.TrustSize != "" || p.Name != "Nimbus Robotics Holdings, Inc." ||
		len(p.Votes) != 2 || len(p.Redemptions) != 1 || len(p.Extensions) != 1 || len(p.TrustSeries) != 2 {
		t.Errorf("profile summary: status %s deadline %s trust %s votes %d redemptions %d extensions %d series %d",
			p.Status, p.Deadline, p.TrustSize, len(p.Votes), len(p.Redemptions), len(p.Extensions), len(p.TrustSeries))
	}
}

// The expected closing of the pending deal: the latest statement filed since its agreement, a
// period kept as a range; none before the agreement's filings, after the closing or the
// termination.
func TestExpectedClose(t *testing.T) {
	announced := bca8K
	announced.facts = append(slices.Clone(bca8K.facts), fq(spac.FieldExpectedClose, "2022-Q4", "fourth quarter of 2022"))
	restated := step{form: "425", filed: "2022-08-01", facts: []fv{fq(spac.FieldExpectedClose, "2022-11", "November 2022")}}
	older := step{form: "425", filed: "2022-05-01", facts: []fv{fq(spac.FieldExpectedClose, "2022-07-15", "July 15, 2022")}} // before the agreement
	tests := []struct {
		name                    string
		steps                   []step
		date, end, period, cite string // "" date: no event
	}{
		{"a quarter as a range", []step{s1, ipo8K, announced}, "2022-10-01", "2022-12-31", "2022-Q4", "period"},
		{"the latest statement wins", []step{s1, ipo8K, announced, restated}, "2022-11-01", "2022-11-30", "2022-11", "period"},
		{"a day", []step{s1, ipo8K, older, bca8K, {form: "8-K", filed: "2022-09-01", items: []string{"8.01"}, facts: []fv{fq(spac.FieldExpectedClose, "2022-09-30", "September 30, 2022")}}},
			"2022-09-30", "", "", "date"},
		{"another deal's statement before the agreement", []step{s1, ipo8K, older, bca8K}, "", "", "", ""},
		{"closed", []step{s1, ipo8K, announced, closing8K}, "", "", "", ""},
		{"terminated", []step{s1, ipo8K, announced, termination8K}, "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, events := foldSteps(tt.steps)
			var got []spac.Event
			for _, e := range events {
				if e.Type == spac.EventExpectedClose {
					got = append(got, e)
				}
			}
			if tt.date == "" {
				if len(got) != 0 {
					t.Fatalf("events %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Date != tt.date || got[0].EndDate != tt.end || got[0].Period != tt.period {
				t.Fatalf("events %+v, want one on %s..%s (%s)", got, tt.date, tt.end, tt.period)
			}
			if c := citationFor(t, got[0].Citations, tt.cite); c.Basis != spac.BasisStated || c.Quote == "" {
				t.Errorf("%s citation %+v", tt.cite, c)
			}
			if problems := CheckCited(got[0]); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}
