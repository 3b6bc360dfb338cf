package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/market"
)

// syntheticSPACs makes n varied SPACs from a fixed seed.
func syntheticSPACs(n int) []spac.SPAC {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"Maple", "Ridge", "Alpha", "Quantum", "Harbor", "Summit", "Falcon", "Pioneer", "Crescent", "Granite", "Horizon", "Aurora"}
	sectors := []string{"Technology", "Healthcare", "Energy", "Consumer", "Fintech", "Industrials", "Media", "Space"}
	out := make([]spac.SPAC, n)
	for i := range out {
		sym := fmt.Sprintf("%c%c%c%c", 'A'+rune(i%26), 'A'+rune(i/26%26), 'A'+rune(i/676%26), 'A'+rune(rng.IntN(26)))
		name := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))] + " Acquisition Corp"
		ipo := fmt.Sprintf("%d-%02d-%02d", 2019+rng.IntN(5), 1+rng.IntN(12), 1+rng.IntN(28))
		out[i] = spac.SPAC{
			CIK: spac.CIK(fmt.Sprintf("%010d", 1_500_000+i)), Symbol: sym, Name: name,
			Status: spac.Statuses[rng.IntN(len(spac.Statuses))], Sponsor: words[rng.IntN(len(words))] + " Sponsor LLC",
			TrustSize: fmt.Sprintf("%d.00", 40_000_000+rng.IntN(600)*1_000_000), IPODate: ipo, Deadline: ipo,
			Sector: sectors[rng.IntN(len(sectors))], Tickers: spac.Tickers{Shares: sym, Units: sym + "U", Warrants: sym + "W"},
		}
	}
	return out
}

// benchIndex is an on-disk index (Bleve's scorch, as served) of 2,000 synthetic SPACs. The
// in-memory index of the tests is Bleve's upsidedown/gtreap engine, several times slower.
func benchIndex(b *testing.B) (*Index, []spac.SPAC) {
	b.Helper()
	x, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { x.Close() })
	rows := syntheticSPACs(2000)
	if err := x.PutAll(context.Background(), rows); err != nil {
		b.Fatal(err)
	}
	return x, rows
}

// BenchmarkIndexCount is the baseline: the cheapest call into Bleve.
func BenchmarkIndexCount(b *testing.B) {
	x, _ := benchIndex(b)
	for b.Loop() {
		if _, err := x.Count(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIndexPut(b *testing.B) {
	x, rows := benchIndex(b)
	i := 0
	for b.Loop() {
		s := rows[i%len(rows)]
		s.Status = spac.StatusClosed
		if err := x.Put(context.Background(), s); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkIndexUniverse(b *testing.B) {
	x, _ := benchIndex(b)
	q := spac.UniverseQuery{
		Statuses: []spac.Status{spac.StatusSearching, spac.StatusInExtension}, MinTrust: "100000000",
		Sort: "-trust_size", Limit: 50, Facets: []string{"status", "sector", "sponsor", "trust_size", "ipo_year"},
	}
	for b.Loop() {
		page, err := x.Universe(context.Background(), q)
		if err != nil || len(page.Rows) == 0 {
			b.Fatal(len(page.Rows), err)
		}
	}
}

// BenchmarkIndexSearch asks Bleve every time (searchBleve: the search cache is bypassed), for
// a text with two typos.
func BenchmarkIndexSearch(b *testing.B) {
	x, _ := benchIndex(b)
	for b.Loop() {
		page, err := x.searchBleve(context.Background(), spac.SearchQuery{Text: "mapel ridg"}, 10)
		if err != nil || len(page.Hits) == 0 {
			b.Fatal(len(page.Hits), err)
		}
	}
}

// BenchmarkIndexSearchCommon searches a word every synthetic SPAC's name holds (as
// scripts/load.sh does): a page of 50 out of 2,000 matches, asked of Bleve every time.
func BenchmarkIndexSearchCommon(b *testing.B) {
	x, _ := benchIndex(b)
	for b.Loop() {
		page, err := x.searchBleve(context.Background(), spac.SearchQuery{Text: "acquisition"}, 50)
		if err != nil || len(page.Hits) != 50 {
			b.Fatal(len(page.Hits), err)
		}
	}
}

// BenchmarkIndexSearchRepeated is BenchmarkIndexSearch answered from the search cache (the
// same text again before any write).
func BenchmarkIndexSearchRepeated(b *testing.B) {
	x, _ := benchIndex(b)
	for b.Loop() {
		hits, err := x.Search(context.Background(), spac.SearchQuery{Text: "mapel ridg", Limit: 10})
		if err != nil || len(hits) == 0 {
			b.Fatal(len(hits), err)
		}
	}
}

// BenchmarkIndexUniversePage is the universe page of scripts/load.sh: no filter, no facet.
func BenchmarkIndexUniversePage(b *testing.B) {
	x, _ := benchIndex(b)
	q := spac.UniverseQuery{Sort: "-trust_size", Limit: 50}
	for b.Loop() {
		page, err := x.Universe(context.Background(), q)
		if err != nil || len(page.Rows) != 50 {
			b.Fatal(len(page.Rows), err)
		}
	}
}

// marketIndex is benchIndex with a market joined: every row has a payout, half of them a quote.
func marketIndex(b *testing.B) (*Index, *market.Source) {
	b.Helper()
	x, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { x.Close() })
	rows := syntheticSPACs(2000)
	var quotes strings.Builder
	quotes.WriteString("symbol,date,price\n")
	for i := range rows {
		r := &rows[i]
		r.PayoutPerShare, r.PayoutDate = fmt.Sprintf("10.%02d00", 10+i%40), "2027-06-30"
		r.Citations = []spac.Citation{
			{Field: "payout_per_share", Filing: "10-Q", Accession: "0000000001-26-000001", Line: 40, Quote: r.PayoutPerShare, Basis: spac.BasisStated},
			{Field: "payout_date", Filing: "8-K", Accession: "0000000001-26-000002", Line: 41, Quote: "June 30, 2027", Basis: spac.BasisStated},
		}
		if i%2 == 0 {
			fmt.Fprintf(&quotes, "%s,2026-11-20,%d.%02d\n", r.Symbol, 9+i%2, i%100)
		}
	}
	if err := x.PutAll(context.Background(), rows); err != nil {
		b.Fatal(err)
	}
	src, err := market.Fixed("quotes.csv", []byte(quotes.String()))
	if err != nil {
		b.Fatal(err)
	}
	return x, src
}

var ytmQuery = spac.UniverseQuery{MinYTM: "0", Sort: "-ytm_pct", Limit: 50}

// BenchmarkIndexUniverseMarket filters and sorts on the yield with the market's version
// unchanged (the rows were joined once): compare with BenchmarkIndexUniverse.
func BenchmarkIndexUniverseMarket(b *testing.B) {
	x, src := marketIndex(b)
	x.SetMarket(market.NewJoiner(src, func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }))
	for b.Loop() {
		if page, err := x.Universe(context.Background(), ytmQuery); err != nil || len(page.Rows) == 0 {
			b.Fatal(len(page.Rows), err)
		}
	}
}

// BenchmarkIndexUniverseMarketRejoin is the first universe request of a new day (or after new
// quotes): all 2,000 rows are joined again (YTM with math/big) before the filter and the sort.
func BenchmarkIndexUniverseMarketRejoin(b *testing.B) {
	x, src := marketIndex(b)
	start := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	day, i := start, 0
	x.SetMarket(market.NewJoiner(src, func() time.Time { return day }))
	for b.Loop() {
		i++
		day = start.AddDate(0, 0, i%200) // a new version each time, the payout still ahead
		if page, err := x.Universe(context.Background(), ytmQuery); err != nil || len(page.Rows) == 0 {
			b.Fatal(len(page.Rows), err)
		}
	}
}
