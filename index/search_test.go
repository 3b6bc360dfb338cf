package index

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	spac "github.com/spacdata/spac"
)

func TestSearch(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	tests := []struct {
		name    string
		q       spac.SearchQuery
		top     string   // symbol of the first hit
		matched []string // Matched of the first hit
		also    []string // symbols that must be among the hits
	}{
		{"exact symbol", spac.SearchQuery{Text: "MRAC"}, "MRAC", []string{"symbol", "tickers"}, nil},
		{"symbol any case", spac.SearchQuery{Text: "  mrac "}, "MRAC", []string{"symbol", "tickers"}, nil},
		{"symbol prefix", spac.SearchQuery{Text: "MRA"}, "", []string{"symbol", "tickers"}, []string{"MRAC", "MRAP"}},
		{"unit ticker (and a typo of the symbol)", spac.SearchQuery{Text: "lcwu"}, "LCW", []string{"symbol", "tickers"}, nil},
		{"warrant ticker", spac.SearchQuery{Text: "MRACW"}, "MRAC", []string{"symbol", "tickers"}, nil},
		{"previous ticker", spac.SearchQuery{Text: "MRCQ"}, "MRAC", []string{"tickers"}, nil},
		{"cik with zeros", spac.SearchQuery{Text: "0001847577"}, "MRAC", []string{"cik"}, nil},
		{"cik without zeros", spac.SearchQuery{Text: "1847577"}, "MRAC", []string{"cik"}, nil},
		{"cik prefixed", spac.SearchQuery{Text: "CIK320193"}, "APXI", []string{"cik"}, nil},
		{"cik prefix", spac.SearchQuery{Text: "18475"}, "MRAC", []string{"cik"}, nil},
		{"name word", spac.SearchQuery{Text: "maple"}, "MRAC", []string{"name", "sponsor"}, []string{"MRAP"}},
		{"name typo", spac.SearchQuery{Text: "mapel"}, "MRAC", []string{"name", "sponsor"}, []string{"MRAP"}},
		{"name typos, two words", spac.SearchQuery{Text: "Mapel Ridge"}, "MRAC", []string{"name", "sponsor"}, nil},
		{"name prefix while typing", spac.SearchQuery{Text: "burte"}, "BRKH", []string{"name", "sponsor"}, nil},
		{"sponsor", spac.SearchQuery{Text: "Cantor"}, "", []string{"sponsor"}, []string{"BETA", "DLTA", "IOTA"}},
		{"sponsor typo", spac.SearchQuery{Text: "fitzgeral"}, "", []string{"sponsor"}, []string{"BETA", "DLTA", "IOTA"}},
		{"restricted", spac.SearchQuery{Text: "maple", Restrict: []spac.CIK{"1000026"}}, "MRAP", []string{"name"}, nil},
	}
	for _, tt := range tests {
		hits, err := x.Search(ctx, tt.q)
		if err != nil || len(hits) == 0 {
			t.Errorf("%s: %d hits, %v", tt.name, len(hits), err)
			continue
		}
		got := searchSymbols(hits)
		if tt.top != "" && got[0] != tt.top {
			t.Errorf("%s: top hit %s, want %s (hits %v)", tt.name, got[0], tt.top, got)
		}
		if !slices.Equal(hits[0].Matched, tt.matched) {
			t.Errorf("%s: matched %v, want %v", tt.name, hits[0].Matched, tt.matched)
		}
		for _, s := range tt.also {
			if !slices.Contains(got, s) {
				t.Errorf("%s: %s missing from %v", tt.name, s, got)
			}
		}
		for i := 1; i < len(hits); i++ {
			if hits[i].Score > hits[i-1].Score {
				t.Errorf("%s: hits not ranked by score: %v", tt.name, got)
			}
		}
	}
}

func TestSearchRanksExactSymbolFirst(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	// "Alpha" is a name word of ALPH and OMGA; the symbol ALPH must still beat name matches.
	hits, err := x.Search(ctx, spac.SearchQuery{Text: "alph"})
	if err != nil || len(hits) < 2 {
		t.Fatalf("hits %v, %v", hits, err)
	}
	if hits[0].SPAC.Symbol != "ALPH" || hits[0].Score <= hits[1].Score {
		t.Fatalf("ranking %v", searchSymbols(hits))
	}
	if !slices.Contains(searchSymbols(hits), "OMGA") {
		t.Fatalf("name prefix match OMGA missing: %v", searchSymbols(hits))
	}
}

func TestSearchLimitsAndErrors(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	hits, err := x.Search(ctx, spac.SearchQuery{Text: "acquisition", Limit: 3})
	if err != nil || len(hits) != 3 {
		t.Fatalf("limit 3: %d hits, %v", len(hits), err)
	}
	hits, _ = x.Search(ctx, spac.SearchQuery{Text: "acquisition"})
	if len(hits) != defaultSearchLimit {
		t.Fatalf("default limit: %d hits", len(hits))
	}
	if hits, _ := x.Search(ctx, spac.SearchQuery{Text: "maple", Restrict: []spac.CIK{}}); len(hits) != 0 {
		t.Fatalf("empty restrict: %v", searchSymbols(hits))
	}
	if hits, _ := x.Search(ctx, spac.SearchQuery{Text: "qqqqzzzz"}); len(hits) != 0 {
		t.Fatalf("nonsense matched %v", searchSymbols(hits))
	}
	for _, text := range []string{"", "   "} {
		if _, err := x.Search(ctx, spac.SearchQuery{Text: text}); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("Search(%q): %v", text, err)
		}
	}
	// Punctuation and query syntax are plain text, never an error.
	for _, text := range []string{`"`, `+-&|!(){}[]^~*?:\/`, "AND OR", "10.00%", "💰"} {
		if _, err := x.Search(ctx, spac.SearchQuery{Text: text}); err != nil {
			t.Errorf("Search(%q): %v", text, err)
		}
	}
}

func searchSymbols(hits []spac.SearchHit) []string {
	out := []string{}
	for _, h := range hits {
		out = append(out, h.SPAC.Symbol)
	}
	return out
}

func TestSearchPagesAndTotal(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	all, err := x.SearchPage(ctx, spac.SearchQuery{Text: "acquisition", Limit: 100})
	if err != nil || all.Total != len(all.Hits) || all.Total < 10 {
		t.Fatalf("all: %d hits, total %d, %v", len(all.Hits), all.Total, err)
	}
	var paged []string
	for off := 0; off < all.Total; off += 4 {
		p, err := x.SearchPage(ctx, spac.SearchQuery{Text: "acquisition", Offset: off, Limit: 4})
		if err != nil || p.Total != all.Total {
			t.Fatalf("offset %d: total %d, %v", off, p.Total, err)
		}
		paged = append(paged, searchSymbols(p.Hits)...)
	}
	if want := searchSymbols(all.Hits); !slices.Equal(paged, want) {
		t.Fatalf("pages %v\nwant  %v", paged, want)
	}
	// Equal scores are ordered by CIK.
	for i := 1; i < len(all.Hits); i++ {
		a, b := all.Hits[i-1], all.Hits[i]
		if a.Score == b.Score && a.SPAC.CIK > b.SPAC.CIK {
			t.Errorf("tie %s before %s", a.SPAC.CIK, b.SPAC.CIK)
		}
	}
	if _, err := x.SearchPage(ctx, spac.SearchQuery{Text: "maple", Offset: -1}); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("negative offset: %v", err)
	}
}

func TestRowsFollowWritesAndReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir() + "/index"
	x, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rows := syntheticSPACs(40)
	if err := x.PutAll(ctx, rows); err != nil {
		t.Fatal(err)
	}
	changed := rows[3]
	changed.Name = "Zanzibar Holdings"
	if err := x.Put(ctx, changed); err != nil {
		t.Fatal(err)
	}
	if err := x.Delete(ctx, rows[5].CIK); err != nil {
		t.Fatal(err)
	}
	x.Close()
	if x, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	page, err := x.Universe(ctx, spac.UniverseQuery{Sort: "name", Limit: 1, Offset: 39 - 1})
	if err != nil || page.Total != 39 || page.Rows[0].Name != "Zanzibar Holdings" {
		t.Fatalf("after reopen: %+v, %v", page, err)
	}
	// The new name is a known word (no typo); the old one's words were forgotten with it.
	if !x.rows.hasWord("zanzibar") || x.rows.hasWord("holding") {
		t.Fatalf("vocabulary not rebuilt")
	}
	hits, err := x.Search(ctx, spac.SearchQuery{Text: "zanzibr"})
	if err != nil || len(hits) != 1 || hits[0].SPAC.CIK != changed.CIK {
		t.Fatalf("typo search after reopen: %v, %v", searchSymbols(hits), err)
	}
	if err := x.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if page, _ := x.Universe(ctx, spac.UniverseQuery{}); page.Total != 0 || x.rows.hasWord("zanzibar") {
		t.Fatalf("Reset kept %d rows", page.Total)
	}
}

// TestFuzzyMatchesBleves: the fuzzy clause built from the in-memory vocabulary finds the same
// documents with the same scores as Bleve's fuzzy query (a Levenshtein automaton over the term
// dictionary), for words with and without candidates, in text and keyword fields.
func TestFuzzyMatchesBleves(t *testing.T) {
	x := openUniverse(t)
	cases := []struct {
		field, word string
		n           int
	}{
		{fName, "mapel", 2}, {fName, "ridg", 1}, {fName, "qqqqq", 2}, {fSponsor, "fitzgeral", 2},
		{fSponsor, "cantr", 2}, {fSymbol, "MRAD", 1}, {fSymbol, "LCWU", 1},
	}
	for _, c := range cases {
		bq := bleve.NewFuzzyQuery(c.word)
		bq.SetField(c.field)
		bq.SetFuzziness(c.n)
		bq.SetBoost(1.5)
		want := scoresOf(t, x, bq)
		got := scoresOf(t, x, x.fuzzy(c.field, c.word, c.n, 1.5))
		if (len(want) == 0) != (c.word == "qqqqq") {
			t.Errorf("%s %q: Bleve's fuzzy query finds %d documents (test premise)", c.field, c.word, len(want))
		}
		if len(got) != len(want) {
			t.Errorf("%s %q: %d hits, Bleve's fuzzy query %d", c.field, c.word, len(got), len(want))
		}
		for id, w := range want {
			if g, ok := got[id]; !ok || math.Abs(g-w) > 1e-9*w {
				t.Errorf("%s %q: %s scored %v, Bleve's fuzzy query %v", c.field, c.word, id, g, w)
			}
		}
	}
}

func scoresOf(t *testing.T, x *Index, q query.Query) map[string]float64 {
	t.Helper()
	res, err := x.bi.Search(bleve.NewSearchRequestOptions(q, 1000, 0, false))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, h := range res.Hits {
		out[h.ID] = h.Score
	}
	return out
}

// TestSearchCacheFollowsWrites: a repeated search is answered from the cache until a write;
// after one, the changed row is searched afresh (never a stale page).
func TestSearchCacheFollowsWrites(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	q := spac.SearchQuery{Text: "maple", Limit: 10}
	first, err := x.SearchPage(ctx, q)
	if err != nil || len(first.Hits) == 0 {
		t.Fatalf("maple: %d hits, %v", len(first.Hits), err)
	}
	if _, ok := x.searches.get(x.rows.generation(), searchKey(q, 10), x.rows); !ok {
		t.Fatal("the page was not cached")
	}
	top := first.Hits[0].SPAC
	top.Name, top.Sponsor = "Zebra Holdings Corp", "Zebra Sponsor"
	if err := x.Put(ctx, top); err != nil {
		t.Fatal(err)
	}
	again, err := x.SearchPage(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range again.Hits {
		if h.SPAC.CIK == top.CIK {
			t.Fatalf("after the write %s (now %q) still matches maple", top.Symbol, h.SPAC.Name)
		}
	}
	if again.Total != first.Total-1 {
		t.Errorf("total %d after the write, want %d", again.Total, first.Total-1)
	}
}
