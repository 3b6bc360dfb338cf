package index

import (
	"cmp"
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

func TestPutRoundTripsWholeRows(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	if n, err := x.Count(ctx); err != nil || n != uint64(len(universe)) {
		t.Fatalf("Count = %d, %v", n, err)
	}
	page, err := x.Universe(ctx, spac.UniverseQuery{})
	if err != nil || page.Total != len(universe) || len(page.Rows) != len(universe) {
		t.Fatalf("Universe = %d rows of %d, %v", len(page.Rows), page.Total, err)
	}
	byCIK := map[spac.CIK]spac.SPAC{}
	for _, s := range page.Rows {
		byCIK[s.CIK] = s
	}
	for _, r := range universe {
		want := r.spac()
		if got := byCIK[want.CIK]; !reflect.DeepEqual(got, want) {
			t.Errorf("row %s:\n got %+v\nwant %+v", want.CIK, got, want)
		}
	}
}

func TestUniverseFilters(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	tests := []struct {
		name string
		q    spac.UniverseQuery
		want string // symbols in symbol order
	}{
		{"status", spac.UniverseQuery{Statuses: []spac.Status{spac.StatusSearching}},
			"ALPH APXI AURA EPSI IOTA MRAC MUAC OMGA PIAC PSIA SGMA UPSL"},
		{"statuses are OR-ed", spac.UniverseQuery{Statuses: []spac.Status{spac.StatusClosed, spac.StatusLiquidated}},
			"DLTA GAMA OMIC PHIA XIAC"},
		{"sector any case", spac.UniverseQuery{Sectors: []string{"healthcare"}}, "BETA ETAA OMGA SGMA"},
		{"sponsor any case", spac.UniverseQuery{Sponsors: []string{"CANTOR fitzgerald"}}, "BETA DLTA IOTA"},
		{"filters are AND-ed", spac.UniverseQuery{Statuses: []spac.Status{spac.StatusSearching}, Sectors: []string{"Technology", "Space"}},
			"ALPH AURA IOTA MRAC PIAC PSIA"},
		{"trust range inclusive", spac.UniverseQuery{MinTrust: "250000000", MaxTrust: "287500000.00"}, "ALPH BRKH MRAC RHOA TAUA"},
		{"max trust", spac.UniverseQuery{MaxTrust: "100000000.00"}, "BETA GAMA IOTA MUAC UPSL"},
		{"ipo from", spac.UniverseQuery{IPOFrom: "2022-01-01"}, "AURA EPSI MUAC PSIA SGMA UPSL"},
		{"ipo from/to inclusive", spac.UniverseQuery{IPOFrom: "2021-12-09", IPOTo: "2021-12-10"}, "APXI BRKH"},
		{"deadline on or before", spac.UniverseQuery{DeadlineBefore: "2022-09-09"}, "DLTA GAMA XIAC"},
		{"text", spac.UniverseQuery{Text: "maple", Sort: "symbol"}, "MRAC MRAP"},
		{"text and status", spac.UniverseQuery{Text: "maple", Statuses: []spac.Status{spac.StatusPreIPO}}, "MRAP"},
		{"restrict", spac.UniverseQuery{Restrict: []spac.CIK{"1847577", "0001000005", "bad"}}, "DLTA MRAC"},
		{"restrict and status", spac.UniverseQuery{Restrict: []spac.CIK{"1847577", "1000005"}, Statuses: []spac.Status{spac.StatusClosed}}, "DLTA"},
		{"empty restrict", spac.UniverseQuery{Restrict: []spac.CIK{}}, ""},
		{"no match", spac.UniverseQuery{Sectors: []string{"Shipping"}}, ""},
	}
	for _, tt := range tests {
		page, err := x.Universe(ctx, tt.q)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := strings.Join(symbols(page.Rows), " ")
		if got != tt.want || page.Total != len(page.Rows) {
			t.Errorf("%s: %q (total %d), want %q", tt.name, got, page.Total, tt.want)
		}
	}
}

func TestUniverseRejectsBadParameters(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	for param, q := range map[string]spac.UniverseQuery{
		"min_trust":       {MinTrust: "lots"},
		"max_trust":       {MaxTrust: "1e"},
		"ipo_from":        {IPOFrom: "2021/01/01"},
		"ipo_to":          {IPOTo: "yesterday"},
		"deadline_before": {DeadlineBefore: "2021-13-01"},
		"sort":            {Sort: "-cik"},
		"facets":          {Facets: []string{"colour"}},
		"offset":          {Offset: -1},
		"q":               {Text: strings.Repeat("x", 500)},
	} {
		_, err := x.Universe(ctx, q)
		var e *spac.Error
		if !errors.As(err, &e) || e.Code != spac.EINVALID || e.Param != param {
			t.Errorf("%s: err = %v", param, err)
		}
	}
}

// sortKey is the reference value of a sort field for a test row; ok == false when missing.
func sortKey(r row, field string) (string, float64, bool) {
	switch field {
	case "symbol":
		return r.symbol, 0, true
	case "name":
		return strings.ToLower(r.name), 0, true
	case "status":
		return "", float64(slices.Index(spac.Statuses, r.status)), true
	case "sponsor":
		return strings.ToLower(r.sponsor), 0, r.sponsor != ""
	case "sector":
		return strings.ToLower(r.sector), 0, r.sector != ""
	case "trust_size":
		f, err := strconv.ParseFloat(r.trust, 64)
		return "", f, err == nil
	case "ipo_date":
		return r.ipo, 0, r.ipo != ""
	case "deadline":
		return r.deadline, 0, r.deadline != ""
	case "trust_per_share", "redeemed_pct", "ytm_pct", "ytm_compounded_pct":
		return "", 0, false // none of the test rows has them: market_test.go sorts on them
	}
	panic(field)
}

// referenceOrder sorts the test universe as Universe should: missing values last in both
// directions, ties by CIK ascending.
func referenceOrder(field string, desc bool) []spac.CIK {
	rows := slices.Clone(universe)
	slices.SortFunc(rows, func(a, b row) int {
		as, af, aok := sortKey(a, field)
		bs, bf, bok := sortKey(b, field)
		c := 0
		switch {
		case aok != bok && aok:
			return -1
		case aok != bok:
			return 1
		case aok:
			c = cmp.Or(cmp.Compare(as, bs), cmp.Compare(af, bf))
			if desc {
				c = -c
			}
		}
		return cmp.Or(c, cmp.Compare(cikOf(a), cikOf(b)))
	})
	out := make([]spac.CIK, len(rows))
	for i, r := range rows {
		out[i] = cikOf(r)
	}
	return out
}

func cikOf(r row) spac.CIK { c, _ := spac.ParseCIK(r.cik); return c }

func ciksOf(rows []spac.SPAC) []spac.CIK {
	out := make([]spac.CIK, len(rows))
	for i, s := range rows {
		out[i] = s.CIK
	}
	return out
}

func TestUniverseSortsAndStablePages(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	for field := range sortFields {
		for _, desc := range []bool{false, true} {
			sort := field
			if desc {
				sort = "-" + field
			}
			want := referenceOrder(field, desc)
			var got []spac.CIK
			for offset := 0; offset < len(universe)+7; offset += 7 {
				page, err := x.Universe(ctx, spac.UniverseQuery{Sort: sort, Offset: offset, Limit: 7})
				if err != nil || page.Total != len(universe) {
					t.Fatalf("%s offset %d: total %d, %v", sort, offset, page.Total, err)
				}
				got = append(got, ciksOf(page.Rows)...)
			}
			if !slices.Equal(got, want) {
				t.Errorf("sort %s pages:\n got %v\nwant %v", sort, got, want)
			}
		}
	}
}

func TestUniverseSortSpotChecks(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	first := func(sort string, n int) string {
		page, err := x.Universe(ctx, spac.UniverseQuery{Sort: sort, Limit: n})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(symbols(page.Rows), " ")
	}
	for sort, want := range map[string]string{
		"-trust_size": "PIAC DLTA LMDA THTA",   // 1B, 500M, 414M, 345M
		"trust_size":  "UPSL MUAC GAMA IOTA",   // 50M, 60M, 75M, 99.99M
		"ipo_date":    "GAMA DLTA XIAC PHIA",   // 2019, then 2020 in date order
		"status":      "ZETA MRAP KAPA APXI",   // pre_ipo (by CIK), withdrawn, searching...
		"-deadline":   "BRKH SGMA UPSL RHOA",   // 2024-12, 2024-08, 2024-06, 2024-03
		"name":        "Alpha APx Aurora Beta", // case-insensitive
	} {
		got := first(sort, 4)
		if sort == "name" {
			page, _ := x.Universe(ctx, spac.UniverseQuery{Sort: sort, Limit: 4})
			var names []string
			for _, s := range page.Rows {
				names = append(names, strings.Fields(s.Name)[0])
			}
			got = strings.Join(names, " ")
		}
		if got != want {
			t.Errorf("sort %s: %q, want %q", sort, got, want)
		}
	}
	// Missing deadlines go last in both directions, tied by CIK.
	page, _ := x.Universe(ctx, spac.UniverseQuery{Sort: "-deadline", Offset: 27})
	if got := strings.Join(symbols(page.Rows), " "); got != "ZETA KAPA MRAP" {
		t.Errorf("missing deadlines: %q", got)
	}
}

func TestUniverseFacets(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	page, err := x.Universe(ctx, spac.UniverseQuery{Limit: 1, Facets: []string{"status", "sector", "sponsor", "trust_size", "ipo_year"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]spac.FacetCount{
		"status":     counts("searching:12;closed:3;combination_announced:3;in_extension:3;in_vote:2;liquidated:2;liquidating:2;pre_ipo:2;withdrawn:1"),
		"sector":     counts("Technology:8;Energy:4;Healthcare:4;Consumer:3;Industrials:2;Media:2;Space:2;Agriculture:1;Education:1;Fintech:1;Real Estate:1"),
		"trust_size": counts("<100M:4;100M-250M:13;250M-500M:8;>=500M:2"),
		"ipo_year":   counts("2019:1;2020:5;2021:15;2022:4;2023:2"),
	}
	for name, w := range want {
		if got := page.Facets[name]; !reflect.DeepEqual(got, w) {
			t.Errorf("facet %s:\n got %v\nwant %v", name, got, w)
		}
	}
	if sp := page.Facets["sponsor"]; len(sp) != 28 || sp[0] != (spac.FacetCount{Value: "Cantor Fitzgerald", Count: 3}) {
		t.Errorf("sponsor facet: %d buckets, first %v", len(sp), sp[0])
	}
	if len(page.Rows) != 1 || page.Total != 30 {
		t.Errorf("facets changed paging: %d rows, total %d", len(page.Rows), page.Total)
	}

	// Facets count all matches of the filters, not only the page.
	page, err = x.Universe(ctx, spac.UniverseQuery{Statuses: []spac.Status{spac.StatusSearching}, Limit: 2, Facets: []string{"sector", "trust_size"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := page.Facets["sector"][0]; got != (spac.FacetCount{Value: "Technology", Count: 6}) {
		t.Errorf("filtered sector facet %v", got)
	}
	if got := page.Facets["trust_size"]; !reflect.DeepEqual(got, counts("<100M:3;100M-250M:6;250M-500M:2;>=500M:1")) {
		t.Errorf("filtered trust facet %v", got)
	}
	if page, _ := x.Universe(ctx, spac.UniverseQuery{}); page.Facets != nil {
		t.Errorf("facets returned unasked: %v", page.Facets)
	}
}

// counts parses "value:n;value:n".
func counts(s string) []spac.FacetCount {
	var out []spac.FacetCount
	for _, part := range strings.Split(s, ";") {
		v, n, _ := strings.Cut(part, ":")
		c, _ := strconv.Atoi(n)
		out = append(out, spac.FacetCount{Value: v, Count: c})
	}
	return out
}

// TestUniverseOffsetNearTheIntegerLimit: an offset near 2^63 (a forged cursor) is an empty
// page, not an overflow.
func TestUniverseOffsetNearTheIntegerLimit(t *testing.T) {
	x := openUniverse(t)
	for _, q := range []spac.UniverseQuery{
		{Offset: math.MaxInt - 10, Limit: 500},
		{Offset: math.MaxInt - 10, Limit: 500, Facets: []string{"status"}},
		{Offset: math.MaxInt, Limit: 1, Sort: "name"},
	} {
		page, err := x.Universe(context.Background(), q)
		if err != nil || len(page.Rows) != 0 {
			t.Errorf("offset %d: %d rows, %v", q.Offset, len(page.Rows), err)
		}
	}
}
