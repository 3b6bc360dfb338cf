package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/kv"
)

// The read-path benchmarks serve a synthetic universe of benchSPACs SPACs, shaped like the
// generated corpus of scripts/load.sh (cited rows of about 10 KB, profiles of about 30 KB,
// two or three calendar events each), from the real stores: Badger (in memory) and the
// Bleve index on disk, as served. Each path is one sub-benchmark; "trivial" is the bare
// handler of the load script, the baseline to read the others against (same run):
//
//	go test ./api -run '^$' -bench 'Read/' -benchtime 2000x
const benchSPACs = 2000

// readBenchServer builds the stores (closed when b ends) and the server.
func readBenchServer(b *testing.B) *Server {
	b.Helper()
	db, err := kv.Open("")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	idx, err := index.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { idx.Close() })
	s, err := newReadBenchServer(db, idx)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func newReadBenchServer(db *kv.DB, idx *index.Index) (*Server, error) {
	ctx := context.Background()
	rows := make([]spac.SPAC, 0, benchSPACs)
	for i := range benchSPACs {
		p, events := benchProfile(i)
		if err := db.PutProfile(ctx, p, events); err != nil {
			return nil, err
		}
		rows = append(rows, p.SPAC)
		if i%40 == 0 {
			a := spac.Article{ID: fmt.Sprintf("art%d", i), Title: p.Name + " news", URL: "https://news.example.invalid/" + p.Symbol,
				Source: "wire", PublishedAt: time.Date(2026, 1, 1+i%28, 0, 0, 0, 0, time.UTC), CIKs: []spac.CIK{p.CIK},
				Symbols: []string{p.Symbol}, Summary: strings.Repeat("A fictional summary. ", 8), Citations: []spac.Citation{}}
			if _, err := db.PutArticle(ctx, a); err != nil {
				return nil, err
			}
		}
	}
	if err := idx.PutAll(ctx, rows); err != nil {
		return nil, err
	}
	return New(Deps{
		Filings: db, Profiles: db, Index: idx, News: kvNews{db}, Guard: fullCaller,
		BenchRoutes: true, Version: "bench",
	}), nil
}

// kvNews is cmd/spacd's news source: the Badger article store, versioned.
type kvNews struct{ db *kv.DB }

func (n kvNews) Articles(ctx context.Context, q spac.ArticleQuery) ([]spac.Article, error) {
	return n.db.Articles(ctx, q)
}

func (n kvNews) Version(ctx context.Context) (string, error) { return n.db.ArticlesVersion(ctx) }

// benchWords make names and sponsors: 150 words, each shared by a dozen or so SPACs.
var benchWords = func() []string {
	var out []string
	for _, a := range []string{"Brin", "Cald", "Dorn", "Elv", "Fask", "Gran", "Hel", "Kest", "Morr", "Orv", "Pell", "Quel", "Tell", "Vard", "Wynd"} {
		for _, b := range []string{"vane", "crest", "quist", "ridge", "ford", "stead", "thorne", "wick", "mere", "holt"} {
			out = append(out, a+b)
		}
	}
	return out
}()

// benchSymbol is the i-th four-letter symbol (AAAA, AAAB, ...).
func benchSymbol(i int) string {
	return string([]byte{byte('A' + i/17576%26), byte('A' + i/676%26), byte('A' + i/26%26), byte('A' + i%26)})
}

// benchProfile is SPAC i: a cited row, an offering, a trust series and its events.
func benchProfile(i int) (spac.Profile, []spac.Event) {
	cik := spac.CIK(fmt.Sprintf("%010d", 9_900_001+i))
	sym := benchSymbol(i)
	acc := func(n int) string { return fmt.Sprintf("%s-2%d-%06d", cik, 1+n%5, n) }
	cite := func(field string, n int, quote string) spac.Citation {
		return spac.Citation{Field: field, Filing: []string{"S-1", "8-K", "10-Q", "DEF 14A"}[n%4], Accession: acc(n), Line: 40 + n,
			Document: fmt.Sprintf("ff%d_%d.htm", i, n), URL: "https://www.sec.gov/Archives/edgar/data/" + strings.TrimLeft(string(cik), "0") + "/" + acc(n) + ".txt",
			FiledAt: fmt.Sprintf("202%d-0%d-1%d", 1+n%5, 1+n%9, n%10), Quote: quote, Basis: spac.BasisStated,
			Excerpt: "The Company is a blank check company incorporated for the purpose of effecting a merger: " + quote}
	}
	r := spac.SPAC{
		CIK: cik, Symbol: sym, Name: fmt.Sprintf("%s Acquisition Corp. %d", benchWords[i%len(benchWords)], i),
		Status: spac.Statuses[2+i%7], Sponsor: benchWords[(i*7)%len(benchWords)] + " Sponsor LLC",
		TrustSize: fmt.Sprintf("%d.00", 50_000_000+(i*7919)%400_000_000), TrustPerShare: "10.4213", PublicShares: "13000000",
		IPODate: fmt.Sprintf("202%d-%02d-%02d", 1+i%5, 1+i%12, 1+i%28), Deadline: fmt.Sprintf("202%d-%02d-%02d", 2+i%5, 1+i%12, 1+i%28),
		Sector: []string{"technology", "healthcare", "energy_transition", "financial_services"}[i%4], Exchange: "NASDAQ",
		Tickers: spac.Tickers{Shares: sym, Units: sym + "U", Warrants: sym + "W"}, Sample: i < 5,
	}
	for n, f := range []string{"symbol", "name", "status", "sponsor", "trust_size", "trust_per_share", "public_shares", "ipo_date",
		"sector", "exchange", "tickers.shares", "tickers.units", "tickers.warrants", "trust_as_of", "redeemed_pct", "payout_per_share"} {
		r.Citations = append(r.Citations, cite(f, n, f+" value"))
	}
	d := cite("deadline", 20, "")
	d.Basis, d.Line, d.Inputs = spac.BasisDerived, 0, []spac.Citation{cite("ipo_date", 7, "ipo"), cite("deadline_months", 21, "24 months")}
	r.Citations = append(r.Citations, d)
	p := spac.Profile{SPAC: r}
	for n := range 8 {
		p.Offering.Citations = append(p.Offering.Citations, cite("offering.units_offered", 30+n, "13,000,000 units"))
	}
	for n := range 6 {
		p.TrustSeries = append(p.TrustSeries, spac.TrustPoint{Date: fmt.Sprintf("2025-%02d-30", 1+n), Balance: "131040874.00",
			Citations: []spac.Citation{cite("balance", 40+n, "131,040,874"), cite("date", 50+n, "June 30, 2025")}})
		p.Filings = append(p.Filings, spac.FilingRef{Accession: acc(60 + n), Form: "10-Q", FiledAt: "2025-08-14"})
	}
	var events []spac.Event
	for n, t := range []spac.EventType{spac.EventDeadline, spac.EventExtensionVote, spac.EventMergerVote}[:2+i%2] {
		date := fmt.Sprintf("202%d-%02d-%02d", 5+n, 1+(i+n)%12, 1+i%28)
		events = append(events, spac.Event{ID: string(cik) + "/" + string(t) + "/" + date, Type: t, Date: date, CIK: cik,
			Symbol: sym, Name: r.Name, Title: r.Name + " (" + sym + "): " + string(t),
			Citations: []spac.Citation{cite("date", 70+n, date), cite("symbol", 0, sym), cite("name", 1, r.Name)}})
	}
	return p, events
}

// BenchmarkRead serves each read path of scripts/load.sh once per iteration, gzip accepted,
// through the whole handler (middleware, validation, stores, encoding). cpu-ns/op is the
// process's CPU time per request (garbage collection included), steadier than ns/op when
// the machine is shared.
func BenchmarkRead(b *testing.B) {
	s := readBenchServer(b)
	h := s.Handler()
	word, sponsor := strings.ToLower(benchWords[0]), strings.ToLower(benchWords[7])
	paths := []struct{ name, target string }{
		{"trivial", "/v1/_bench/trivial"},
		{"profile", "/v1/spac/AAAB"},
		{"search_symbol", "/v1/search?q=AAAB"},
		{"search_name_word", "/v1/search?q=" + word},
		{"search_sponsor_word", "/v1/search?q=" + sponsor},
		{"search_prefix", "/v1/search?q=" + word[:5]},
		{"search_typo", "/v1/search?q=" + word[:2] + word[3:4] + word[2:3] + word[4:]},
		{"search_all", "/v1/search?q=acquisition"},
		{"universe", "/v1/universe?limit=50&sort=-trust_size"},
		{"universe_fields", "/v1/universe?limit=50&sort=-trust_size&fields=symbol,name,trust_size"},
		{"universe_ref", "/v1/universe?limit=50&sort=-trust_size&citations=ref"},
		{"calendar", "/v1/calendar?limit=50"},
		{"calendar_symbol", "/v1/calendar?symbol=AAAB"},
		{"discover", "/v1/discover"},
		{"news", "/v1/news?limit=50"},
	}
	for _, p := range paths {
		b.Run(p.name, func(b *testing.B) {
			if rec := doBench(h, p.target, "Accept-Encoding", "gzip"); rec.Code != http.StatusOK {
				b.Fatalf("%s: %d %s", p.target, rec.Code, rec.Body.String())
			}
			req := httptest.NewRequest(http.MethodGet, p.target, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			b.ReportAllocs()
			var w discardWriter
			cpu0, ok := processCPU()
			for b.Loop() {
				w.reset()
				h.ServeHTTP(&w, req)
			}
			if cpu1, _ := processCPU(); ok {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(w.n), "bytes/response")
		})
	}
}

// discardWriter is a ResponseWriter that counts the body instead of keeping it, as a
// connection's buffered writer would (a recorder's growing buffer would be measured too).
type discardWriter struct {
	h http.Header
	n int
}

func (w *discardWriter) reset()                      { w.h, w.n = http.Header{}, 0 }
func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(int)             {}
func (w *discardWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
func (w *discardWriter) Flush()                      {}
