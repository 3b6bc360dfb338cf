package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	spac "github.com/spacdata/spac"
)

// fakeMarket joins a yield per symbol; its version changes with its table.
type fakeMarket struct {
	mu      sync.Mutex
	ytm     map[string]string
	version string
	joins   int
}

func (m *fakeMarket) Join(row spac.SPAC) spac.SPAC {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.joins++
	if v, ok := m.ytm[row.Symbol]; ok {
		row.YTMPct, row.Price = v, "10.00"
		row.Citations = append(row.Citations, spac.Citation{Field: "ytm_pct", Basis: spac.BasisDerived})
	}
	return row
}

func (m *fakeMarket) Version() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.version
}

func (m *fakeMarket) set(version string, ytm map[string]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.version, m.ytm = version, ytm
}

func marketUniverse(t *testing.T) (*Index, *fakeMarket) {
	x := openUniverse(t)
	m := &fakeMarket{version: "v1", ytm: map[string]string{"MRAC": "12.50", "ALPH": "4.00", "BETA": "-1.25"}}
	x.SetMarket(m)
	tps := map[string][2]string{"MRAC": {"10.2500", "10.00"}, "ALPH": {"10.0500", "0.00"}, "BETA": {"11.1000", "92.00"}}
	for _, r := range universe {
		if v, ok := tps[r.symbol]; ok {
			s := r.spac()
			s.TrustPerShare, s.RedeemedPct = v[0], v[1]
			if err := x.Put(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}
	}
	return x, m
}

func TestUniverseJoinsTheMarket(t *testing.T) {
	ctx := context.Background()
	x, m := marketUniverse(t)
	for _, tc := range []struct {
		name string
		q    spac.UniverseQuery
		want string
	}{
		{"min ytm", spac.UniverseQuery{MinYTM: "4"}, "ALPH MRAC"},
		{"ytm range", spac.UniverseQuery{MinYTM: "-2", MaxYTM: "5"}, "ALPH BETA"},
		{"sort by ytm, missing last", spac.UniverseQuery{Sort: "-ytm_pct", Limit: 3}, "MRAC ALPH BETA"},
		{"trust per share", spac.UniverseQuery{MinTrustPerShare: "10.10", MaxTrustPerShare: "11"}, "MRAC"},
		{"redeemed", spac.UniverseQuery{MinRedeemedPct: "50"}, "BETA"},
		{"sort by redeemed", spac.UniverseQuery{Sort: "redeemed_pct", Limit: 3}, "ALPH MRAC BETA"},
	} {
		page, err := x.Universe(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := strings.Join(symbols(page.Rows), " "); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if page, _ := x.Universe(ctx, spac.UniverseQuery{Sort: "ytm_pct", Limit: 4}); len(page.Rows) != 4 || page.Rows[3].YTMPct != "" {
		t.Errorf("ascending ytm: a row without a yield is not last: %v", symbols(page.Rows))
	}
	page, _ := x.Universe(ctx, spac.UniverseQuery{Text: "maple ridge", Limit: 1})
	if len(page.Rows) != 1 || page.Rows[0].YTMPct != "12.50" || page.Rows[0].Price != "10.00" {
		t.Errorf("universe row not joined: %+v", page.Rows)
	}
	hits, _ := x.Search(ctx, spac.SearchQuery{Text: "MRAC"})
	if len(hits) == 0 || hits[0].SPAC.YTMPct != "12.50" {
		t.Errorf("search hit not joined: %+v", hits)
	}
	// new quotes: rows are joined again, once, on the next read
	m.set("v2", map[string]string{"BETA": "20.00"})
	page, _ = x.Universe(ctx, spac.UniverseQuery{MinYTM: "4"})
	if got := strings.Join(symbols(page.Rows), " "); got != "BETA" {
		t.Errorf("after new quotes: %q, want BETA", got)
	}
	before := m.joins
	_, _ = x.Universe(ctx, spac.UniverseQuery{MinYTM: "4"})
	if m.joins != before {
		t.Errorf("an unchanged version joined %d rows again", m.joins-before)
	}
	for param, q := range map[string]spac.UniverseQuery{"min_ytm": {MinYTM: "high"}, "max_redeemed_pct": {MaxRedeemedPct: "1e"}} {
		if _, err := x.Universe(ctx, q); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("%s: err %v", param, err)
		}
	}
}

// Market data is joined, never stored: a row put with market fields loses them.
func TestMarketFieldsAreNotStored(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	s := universe[0].spac()
	s.Price, s.YTMPct = "9.99", "33.00"
	s.Citations = append(s.Citations, spac.Citation{Field: "price", Basis: spac.BasisQuoted}, spac.Citation{Field: "ytm_pct", Basis: spac.BasisDerived})
	if err := x.Put(ctx, s); err != nil {
		t.Fatal(err)
	}
	page, _ := x.Universe(ctx, spac.UniverseQuery{Text: "MRAC", Limit: 1})
	if len(page.Rows) != 1 || page.Rows[0].Price != "" || page.Rows[0].YTMPct != "" || len(page.Rows[0].Citations) != 1 {
		t.Errorf("stored row %+v", page.Rows)
	}
}

// A SPAC is found by the names it had (the SPAC's name after its de-SPAC) and by its target.
func TestSearchOtherNames(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	closed := universe[5].spac() // DLTA
	closed.Name, closed.PreviousNames = "Nimbara Holdings, Inc.", []string{"Quarry Lane Acquisition Corp"}
	announced := universe[1].spac() // LCW
	announced.Target = "Helixor Therapeutics, Inc."
	for _, s := range []spac.SPAC{closed, announced} {
		if err := x.Put(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ q, symbol, field string }{
		{"Nimbara", "DLTA", "name"},
		{"quarry lane", "DLTA", "previous_names"},
		{"Helixor", "LCW", "target"},
		{"helixr", "LCW", "target"}, // a typo
	} {
		hits, err := x.Search(ctx, spac.SearchQuery{Text: tc.q})
		if err != nil || len(hits) == 0 || hits[0].SPAC.Symbol != tc.symbol || !slices.Contains(hits[0].Matched, tc.field) {
			t.Errorf("search %q: %+v, %v; want %s first, matched on %s", tc.q, hits, err, tc.symbol, tc.field)
		}
	}
}

// Reads join rows again while writes and new market versions come in (run with -race).
func TestMarketRejoinConcurrently(t *testing.T) {
	ctx := context.Background()
	x, m := marketUniverse(t)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 30; i++ {
				switch g {
				case 0:
					m.set(fmt.Sprintf("v%d", i), map[string]string{"MRAC": fmt.Sprintf("%d.00", i)})
				case 1:
					if err := x.Put(ctx, universe[i%len(universe)].spac()); err != nil {
						t.Error(err)
					}
				default:
					if _, err := x.Universe(ctx, spac.UniverseQuery{Sort: "-ytm_pct", MinYTM: "0"}); err != nil {
						t.Error(err)
					}
					if _, err := x.Search(ctx, spac.SearchQuery{Text: "maple"}); err != nil {
						t.Error(err)
					}
				}
			}
		}(g)
	}
	wg.Wait()
	m.set("final", map[string]string{"MRAC": "7.00"})
	page, _ := x.Universe(ctx, spac.UniverseQuery{MinYTM: "0"})
	if got := strings.Join(symbols(page.Rows), " "); got != "MRAC" {
		t.Errorf("after the last version: %q, want MRAC", got)
	}
}
