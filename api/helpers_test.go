package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

var sectors = []string{"technology", "healthcare", "energy_transition"}

// testSPACs builds n fictional SPACs: symbols AAA0, AAA1, ...; every third is "searching",
// sponsors alternate between two (one with a ", LLC" tail); SPACs 0 and 1 are the sample.
func testSPACs(n int) []spac.SPAC {
	out := make([]spac.SPAC, 0, n)
	for i := range n {
		sym := fmt.Sprintf("AAA%d", i)
		r := spac.SPAC{
			CIK: spac.CIK(fmt.Sprintf("%010d", 1000+i)), Symbol: sym,
			Name: fmt.Sprintf("Alpha %s Acquisition Corp", strings.Repeat("I", i%4+1)), Status: spac.StatusCombinationAnnounced,
			Sponsor: "Acme Sponsor, LLC", TrustSize: fmt.Sprintf("%d.00", 100000000+i*10000000),
			IPODate: fmt.Sprintf("%d-03-%02d", 2021+i%2, i%28+1), Deadline: fmt.Sprintf("2027-01-%02d", i%28+1),
			Sector: sectors[i%3], Exchange: "Nasdaq",
			Tickers: spac.Tickers{Shares: sym, Units: sym + ".U", Previous: []string{fmt.Sprintf("OLD%d", i)}},
			Sample:  i < 2,
		}
		if i%3 == 0 {
			r.Status = spac.StatusSearching
		}
		if i%2 == 1 {
			r.Sponsor = "Beta Holdings"
		}
		for _, f := range []string{"name", "status", "sponsor", "trust_size", "ipo_date", "deadline", "sector", "ticker_shares"} {
			r.Citations = append(r.Citations, spac.Citation{Field: f, Filing: "S-1", Accession: accessionOf(i), Line: 10 + len(r.Citations)})
		}
		out = append(out, r)
	}
	return out
}

func accessionOf(i int) string { return fmt.Sprintf("0000000000-21-%06d", i) }

type fixture struct {
	store *memStore
	index *memIndex
	news  *memNews
	deps  Deps
}

// newFixture returns fakes holding n SPACs, one deadline event and one filing each, and
// one news article per SPAC.
func newFixture(n int) *fixture {
	rows := testSPACs(n)
	st := &memStore{profiles: map[spac.CIK]spac.Profile{}, filings: map[string]spac.Filing{}, lines: map[string][]string{}, watermark: testWatermark}
	news := &memNews{}
	for i, r := range rows {
		acc := accessionOf(i)
		st.profiles[r.CIK] = spac.Profile{SPAC: r, Filings: []spac.FilingRef{{Accession: acc, Form: "S-1", FiledAt: "2021-01-04"}}}
		st.events = append(st.events, spac.Event{ID: string(r.CIK) + "/deadline/" + r.Deadline, Type: spac.EventDeadline,
			Date: r.Deadline, CIK: r.CIK, Symbol: r.Symbol, Name: r.Name, Title: "Liquidation deadline",
			Citations: []spac.Citation{{Field: "deadline", Filing: "S-1", Accession: acc, Line: 12}}})
		st.filings[acc] = spac.Filing{Accession: acc, Form: "S-1", FiledAt: "2021-01-04", CIK: r.CIK, CompanyName: r.Name,
			LineCount: 2500, RenderVersion: spac.RenderVersion,
			Documents: []spac.Document{{Type: "S-1", Sequence: 1, Filename: "s1.htm", FirstLine: 20, LastLine: 2500}}}
		st.lines[acc] = linesOf(2500)
		news.articles = append(news.articles, spac.Article{ID: fmt.Sprintf("a%d", i), Title: r.Name + " files S-1",
			Source: []string{"filing", "wire"}[i%2], PublishedAt: time.Date(2026, 5, 1+i%28, 0, 0, 0, 0, time.UTC),
			CIKs: []spac.CIK{r.CIK}, Symbols: []string{r.Symbol}, Citations: []spac.Citation{}})
	}
	f := &fixture{store: st, index: &memIndex{rows: rows}, news: news}
	f.deps = Deps{
		Filings: st, Profiles: st, Index: f.index, News: news, Guard: OpenGuard{},
		Version: "1.0.0", Commit: "abc1234", Changelog: []byte(testChangelog),
		Now: func() time.Time { return testWatermark },
	}
	return f
}

func linesOf(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("line %d of the canonical text", i+1)
	}
	return out
}

const testChangelog = `# Changelog

Intro text that is not a release.

## [Unreleased]

## [1.1.0] - 2026-06-01

### Added
- Facets on the universe.
- A long change that wraps
  onto a second line.

### Fixed
* Cursor hashing.

## [1.0.0] - 2026-05-20

### Added
- Everything.
`

// sampleCaller is a Guard serving every request as an anonymous sample caller.
var sampleCaller = StaticGuard{Caller: spac.Caller{Tier: spac.TierAnonymous, Sample: true}}

// do serves one GET and returns the recorder.
func do(t *testing.T, h http.Handler, target string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	return doBench(h, target, headers...)
}

func doBench(h http.Handler, target string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// decode unmarshals the body into a generic object.
func decode(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, rec.Body.String())
	}
	return m
}

// wantProblem asserts a problem+json response with the status, code and (if set) param.
func wantProblem(t *testing.T, rec *httptest.ResponseRecorder, status int, code, param string) map[string]any {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type %q, want application/problem+json", ct)
	}
	p := decode(t, rec)
	if p["code"] != code || (param != "" && p["param"] != param) {
		t.Fatalf("problem code=%v param=%v, want %s %s: %v", p["code"], p["param"], code, param, p)
	}
	for _, k := range []string{"type", "title", "status", "detail", "instance", "requestId"} {
		if _, ok := p[k]; !ok {
			t.Fatalf("problem lacks %q: %v", k, p)
		}
	}
	if p["requestId"] != rec.Header().Get("X-Request-Id") {
		t.Fatalf("requestId %v differs from header %q", p["requestId"], rec.Header().Get("X-Request-Id"))
	}
	return p
}

func rowsOf(t *testing.T, body map[string]any) []any {
	t.Helper()
	rows, ok := body["rows"].([]any)
	if !ok {
		t.Fatalf("no rows array: %v", body)
	}
	return rows
}
