package pipeline_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures/gen"
)

// profileField reads one field of a folded profile and the value MANIFEST.json expects for it.
// A field with a known disagreement (known != "") is compared and its mismatches logged for
// the owners of fold/extract, but it does not fail the test; every other field must agree.
type profileField struct {
	name     string
	folded   func(spac.Profile) string
	manifest func(gen.Entry) string
	known    string // why folded and manifest values differ today
}

// profileFields are compared for every SPAC of the manifest.
var profileFields = []profileField{
	{name: "status", folded: func(p spac.Profile) string { return string(p.Status) }, manifest: func(e gen.Entry) string { return e.Status }},
	{name: "symbol", folded: func(p spac.Profile) string { return p.Symbol }, manifest: func(e gen.Entry) string { return e.Symbol }},
	{name: "sponsor", folded: func(p spac.Profile) string { return p.Sponsor }, manifest: func(e gen.Entry) string { return e.Sponsor }},
	{name: "ipo_date", folded: func(p spac.Profile) string { return p.IPODate }, manifest: func(e gen.Entry) string { return e.IPODate }},
	{name: "deadline", folded: func(p spac.Profile) string { return p.Deadline }, manifest: func(e gen.Entry) string { return e.Deadline }},
	{name: "exchange", folded: func(p spac.Profile) string { return p.Exchange }, manifest: func(e gen.Entry) string { return e.Exchange }},
	{name: "tickers.units", folded: func(p spac.Profile) string { return p.Tickers.Units }, manifest: func(e gen.Entry) string { return e.Tickers.Units }},
	{name: "tickers.shares", folded: func(p spac.Profile) string { return p.Tickers.Shares }, manifest: func(e gen.Entry) string { return e.Tickers.Shares }},
	{name: "tickers.warrants", folded: func(p spac.Profile) string { return p.Tickers.Warrants }, manifest: func(e gen.Entry) string { return e.Tickers.Warrants }},
	{name: "tickers.rights", folded: func(p spac.Profile) string { return p.Tickers.Rights }, manifest: func(e gen.Entry) string { return e.Tickers.Rights }},
	{name: "tickers.previous", folded: func(p spac.Profile) string { return strings.Join(p.Tickers.Previous, ",") }, manifest: func(e gen.Entry) string { return strings.Join(e.Tickers.Previous, ",") }},
	{name: "offering.units_offered", folded: func(p spac.Profile) string { return p.Offering.UnitsOffered }, manifest: func(e gen.Entry) string { return fmt.Sprint(e.UnitsOffered) }},
	{name: "offering.deadline_months", folded: func(p spac.Profile) string { return p.Offering.DeadlineMonths }, manifest: func(e gen.Entry) string { return fmt.Sprint(e.DeadlineMonths) }},
	{name: "offering.underwriters (as a set)", folded: func(p spac.Profile) string { return sortedJoin(p.Offering.Underwriters) }, manifest: func(e gen.Entry) string { return sortedJoin(e.Underwriters) }},
	{name: "trust_series[last].balance", folded: lastTrustBalance, manifest: func(e gen.Entry) string { return e.TrustBalance }},
	{name: "combination.target", folded: combinationField(func(c *spac.Combination) string { return c.Target }), manifest: func(e gen.Entry) string { return e.Target }},
	{name: "name (SPACs not closed)", folded: func(p spac.Profile) string { return p.Name }, manifest: func(e gen.Entry) string { return unlessClosed(e, e.Name, "") }},
	{
		// fold/trust.go: trust_size is the current trust, the latest balance rolled forward by
		// later redemptions and deposits; none without a trust account.
		name: "trust_size (current trust)", folded: func(p spac.Profile) string { return p.TrustSize },
		manifest: func(e gen.Entry) string { return e.TrustCurrent },
	},
	{name: "offering.trust_amount", folded: func(p spac.Profile) string { return p.Offering.TrustAmount }, manifest: func(e gen.Entry) string { return e.TrustSize }},
	{name: "name (closed SPACs: the combined company)", folded: func(p spac.Profile) string { return strings.TrimSuffix(p.Name, ".") }, manifest: func(e gen.Entry) string { return unlessClosed(e, "", e.Name) }},

	{
		// the stated focus (or the target's business) filed under the vocabulary
		name: "sector", folded: func(p spac.Profile) string { return p.Sector },
		manifest: func(e gen.Entry) string { s, _ := spac.SectorOf(e.Sector); return s },
	},

	// Known disagreements: logged, routed to the lead.
	{
		name: "combination.new_name (trailing period dropped)", folded: combinationField(func(c *spac.Combination) string { return strings.TrimSuffix(c.NewName, ".") }),
		manifest: func(e gen.Entry) string { return unlessClosed(e, "", e.Name) },
		known:    "extract/current newNameRe runs past an abbreviation ending the name (\"Velorin Mobility N.V. The\")",
	},
	{
		name: "offering.underwriters (order)", folded: func(p spac.Profile) string { return strings.Join(p.Offering.Underwriters, "; ") },
		manifest: func(e gen.Entry) string { return strings.Join(e.Underwriters, "; ") },
		known:    "fold/order.go sorts a filing's facts by (line, field, value): firms named on one line come out alphabetically, not lead representative first as filed",
	},
}

func sortedJoin(ss []string) string { return strings.Join(slices.Sorted(slices.Values(ss)), "; ") }

// unlessClosed picks open for a SPAC that has not closed its combination, closed for one that has.
// The folded side of such a field must then read "" for the SPACs it does not apply to.
func unlessClosed(e gen.Entry, open, closed string) string {
	if e.Status == string(spac.StatusClosed) {
		return closed
	}
	return open
}

func combinationField(get func(*spac.Combination) string) func(spac.Profile) string {
	return func(p spac.Profile) string {
		if p.Combination == nil {
			return ""
		}
		return get(p.Combination)
	}
}

// lastTrustBalance is the balance of the latest trust point.
func lastTrustBalance(p spac.Profile) string {
	if len(p.TrustSeries) == 0 {
		return ""
	}
	return p.TrustSeries[len(p.TrustSeries)-1].Balance
}

// TestFoldedProfilesMatchManifest compares each folded profile with the values the fixture
// generator recorded in MANIFEST.json and lists every mismatch. Fields with a known
// disagreement are logged (with the facts behind the folded value) instead of failing.
func TestFoldedProfilesMatchManifest(t *testing.T) {
	e, _ := corpusEnv(t)
	var failed, known []string
	for _, want := range manifest(t).SPACs {
		p, err := e.store.Profile(context.Background(), spac.CIK(want.CIK))
		if err != nil {
			t.Errorf("%s (%s): no profile: %v", want.CIK, want.Symbol, err)
			continue
		}
		for _, f := range profileFields {
			got, exp := f.folded(p), f.manifest(want)
			if !onlyFor(f, want) || got == exp {
				continue
			}
			line := fmt.Sprintf("%s %-5s %s: manifest %q, folded %q", want.CIK, want.Symbol, f.name, exp, got)
			if f.known == "" {
				failed = append(failed, line)
			} else {
				known = append(known, line+" ["+f.known+"]")
			}
		}
	}
	if len(known) > 0 {
		t.Logf("%d known disagreements with MANIFEST.json (not failing):\n%s", len(known), strings.Join(known, "\n"))
	}
	if len(failed) > 0 {
		t.Errorf("%d profile fields disagree with MANIFEST.json:\n%s", len(failed), strings.Join(failed, "\n"))
	}
}

// onlyFor reports whether field f applies to the manifest entry (the closed/not-closed split
// of the name fields: the other half is compared by its twin).
func onlyFor(f profileField, e gen.Entry) bool {
	closed := e.Status == string(spac.StatusClosed)
	switch {
	case strings.HasPrefix(f.name, "name (SPACs not closed)"):
		return !closed
	case strings.HasPrefix(f.name, "name (closed"), strings.HasPrefix(f.name, "combination.new_name"):
		return closed
	}
	return true
}

// TestExpectedCloseEventsMatchManifest: a pending deal whose 8-K states when it is expected to
// close has one expected_close event over that period (the month, quarter or half as a range);
// no other SPAC has one (a closed or terminated deal's expectation is history).
func TestExpectedCloseEventsMatchManifest(t *testing.T) {
	e, _ := corpusEnv(t)
	pending := 0
	for _, want := range manifest(t).SPACs {
		events, err := e.store.Events(context.Background(), spac.EventQuery{Types: []spac.EventType{spac.EventExpectedClose}, CIKs: []spac.CIK{spac.CIK(want.CIK)}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ev := range events {
			got = append(got, ev.Period+" "+ev.Date+".."+ev.EndDate)
		}
		if want.ExpectedClose == "" {
			if len(got) > 0 {
				t.Errorf("%s: expected_close events %v, want none", want.Symbol, got)
			}
			continue
		}
		pending++
		if len(events) != 1 || events[0].Period != want.ExpectedClose || events[0].EndDate < events[0].Date || !strings.HasPrefix(events[0].Date, want.ExpectedClose[:4]) {
			t.Errorf("%s: expected_close events %v, want one over %s", want.Symbol, got, want.ExpectedClose)
		}
	}
	if pending < 3 {
		t.Errorf("%d pending deals state an expected closing, want the corpus to have at least 3", pending)
	}
}
