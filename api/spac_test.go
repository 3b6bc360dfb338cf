package api

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

func TestProfileBySymbolAnyTickerOrCIK(t *testing.T) {
	s := New(newFixture(4).deps)
	for _, sym := range []string{"AAA2", "aaa2", "AAA2.U", "OLD2", "1002", "0000001002"} {
		rec := do(t, s.Handler(), "/api/v1/spac/"+sym)
		body := decode(t, rec)
		if rec.Code != http.StatusOK || body["cik"] != "0000001002" || body["citations"] == nil {
			t.Errorf("%s: %d %v", sym, rec.Code, body["cik"])
		}
	}
}

func TestUnknownSymbolSuggestsCloseMatches(t *testing.T) {
	s := New(newFixture(6).deps)
	cases := map[string]string{"AAA9": "AAA1", "AA3": "AAA3", "OLD4X": "AAA4", "Alpha%20III": "AAA2"}
	for asked, want := range cases {
		p := wantProblem(t, do(t, s.Handler(), "/v1/spac/"+asked), http.StatusNotFound, spac.ENOTFOUND, "")
		var got []string
		for _, v := range p["suggestions"].([]any) {
			got = append(got, v.(string))
		}
		if !slices.Contains(got, want) || len(got) > maxSuggestions {
			t.Errorf("%s: suggestions %v, want %s among at most %d", asked, got, want, maxSuggestions)
		}
	}
	p := wantProblem(t, do(t, s.Handler(), "/v1/spac/NOSUCHSPAC"), http.StatusNotFound, spac.ENOTFOUND, "")
	if p["detail"] == "" {
		t.Errorf("no detail")
	}
}

// TestSuggestionCandidatesFollowTheDataVersion rebuilds the candidate list (from the index's
// rows) only when the data changed: the store's watermark or the index's generation.
func TestSuggestionCandidatesFollowTheDataVersion(t *testing.T) {
	f := newFixture(3)
	s := New(f.deps)
	do(t, s.Handler(), "/v1/spac/ZZZ1")
	do(t, s.Handler(), "/v1/spac/ZZZ2")
	if f.store.eachCalls != 1 {
		t.Fatalf("candidates built %d times for one data version", f.store.eachCalls)
	}
	f.index.rows[0].Tickers.Previous = append(f.index.rows[0].Tickers.Previous, "ZZZQ")
	if got := wantProblem(t, do(t, s.Handler(), "/v1/spac/ZZZ1"), http.StatusNotFound, spac.ENOTFOUND, ""); got["suggestions"] != nil {
		t.Fatalf("a row changed without a new index generation, yet the candidates were rebuilt (test premise broken): %v", got["suggestions"])
	}
	f.index.touch()
	got := wantProblem(t, do(t, s.Handler(), "/v1/spac/ZZZ1"), http.StatusNotFound, spac.ENOTFOUND, "")
	suggestions, _ := got["suggestions"].([]any)
	if f.store.eachCalls != 2 || !slices.Contains(suggestions, any("AAA0")) {
		t.Errorf("after an index write: builds=%d suggestions=%v", f.store.eachCalls, got["suggestions"])
	}
	f.store.mu.Lock()
	f.store.watermark = testWatermark.Add(time.Minute)
	f.store.mu.Unlock()
	do(t, s.Handler(), "/v1/spac/ZZZ1")
	if f.store.eachCalls != 3 {
		t.Errorf("after a watermark move: builds=%d, want 3", f.store.eachCalls)
	}
}

// TestSampleScope: a sample caller sees only the sample SPACs everywhere, is told so by
// X-Data-Scope, and gets not_in_sample for others.
func TestSampleScope(t *testing.T) {
	f := newFixture(8)
	f.deps.Guard = sampleCaller
	s := New(f.deps)
	rec := do(t, s.Handler(), "/v1/universe")
	if rec.Header().Get("X-Data-Scope") != "sample" || decode(t, rec)["total"] != 2.0 {
		t.Fatalf("universe for sample: %s %s", rec.Header().Get("X-Data-Scope"), rec.Body.String())
	}
	for _, target := range []string{"/v1/calendar", "/v1/news", "/v1/search?q=alpha"} {
		if total := decode(t, do(t, s.Handler(), target))["total"]; total != 2.0 {
			t.Errorf("%s: total %v for a sample caller, want 2", target, total)
		}
	}
	if rec := do(t, s.Handler(), "/v1/spac/AAA1"); rec.Code != http.StatusOK {
		t.Errorf("sample SPAC: %d", rec.Code)
	}
	p := wantProblem(t, do(t, s.Handler(), "/v1/spac/AAA5"), http.StatusNotFound, CodeNotInSample, "")
	if detail := p["detail"].(string); !containsAll(detail, "sample", "key") {
		t.Errorf("detail %q does not explain the sample", detail)
	}
	wantProblem(t, do(t, s.Handler(), "/v1/calendar?symbol=AAA5"), http.StatusNotFound, CodeNotInSample, "")
	wantProblem(t, do(t, s.Handler(), "/v1/news?cik=1005"), http.StatusNotFound, CodeNotInSample, "")
	// Suggestions stay inside the sample.
	p = wantProblem(t, do(t, s.Handler(), "/v1/spac/AAA9"), http.StatusNotFound, spac.ENOTFOUND, "")
	for _, sug := range p["suggestions"].([]any) {
		if sug != "AAA0" && sug != "AAA1" {
			t.Errorf("suggestion %v outside the sample", sug)
		}
	}
}

func TestConfiguredSampleWinsAndFullCallersSeeAll(t *testing.T) {
	f := newFixture(8)
	f.deps.Guard = sampleCaller
	f.deps.Sample = []spac.CIK{"0000001007"}
	s := New(f.deps)
	rows := rowsOf(t, decode(t, do(t, s.Handler(), "/v1/universe")))
	if len(rows) != 1 || rows[0].(map[string]any)["symbol"] != "AAA7" {
		t.Errorf("configured sample: %v", rows)
	}
	f.deps.Guard = OpenGuard{}
	rec := do(t, New(f.deps).Handler(), "/v1/universe")
	if rec.Header().Get("X-Data-Scope") != "full" || decode(t, rec)["total"] != 8.0 {
		t.Errorf("full caller: %s", rec.Body.String())
	}
}

// TestNilGuardFailsClosed: without a Guard every caller is sample-scoped.
func TestNilGuardFailsClosed(t *testing.T) {
	f := newFixture(5)
	f.deps.Guard = nil
	if total := decode(t, do(t, New(f.deps).Handler(), "/v1/universe"))["total"]; total != 2.0 {
		t.Errorf("nil Guard served %v rows", total)
	}
}

func TestEmptySampleServesNothing(t *testing.T) {
	f := newFixture(5)
	for cik, p := range f.store.profiles {
		p.Sample = false
		f.store.profiles[cik] = p
	}
	for i := range f.index.rows { // the flagged sample is read from the index's rows
		f.index.rows[i].Sample = false
	}
	f.deps.Guard = sampleCaller
	if total := decode(t, do(t, New(f.deps).Handler(), "/v1/universe"))["total"]; total != 0.0 {
		t.Errorf("no sample configured, yet %v rows", total)
	}
}

func TestCalendarFilters(t *testing.T) {
	s := New(newFixture(10).deps)
	cases := map[string]float64{
		"/v1/calendar": 10,
		"/v1/calendar?from=2027-01-03&to=2027-01-05":      3,
		"/v1/calendar?type=deadline,merger_vote":          10,
		"/v1/calendar?type=merger_vote":                   0,
		"/v1/calendar?symbol=aaa3":                        1,
		"/api/v1/calendar?symbol=AAA3&type=lockup_expiry": 0,
	}
	for target, want := range cases {
		if got := decode(t, do(t, s.Handler(), target))["total"]; got != want {
			t.Errorf("%s: total %v, want %v", target, got, want)
		}
	}
	wantProblem(t, do(t, s.Handler(), "/v1/calendar?symbol=NOPE"), http.StatusNotFound, spac.ENOTFOUND, "")
}

func TestNewsFilters(t *testing.T) {
	f := newFixture(6)
	s := New(f.deps)
	cases := map[string]float64{
		"/v1/news":                                        6,
		"/v1/news?source=filing":                          3,
		"/v1/news?since=2026-05-04":                       3,
		"/v1/news?symbol=AAA2":                            1,
		"/v1/news?cik=0000001003":                         1,
		"/v1/news?since=2026-05-04T00:00:00Z&source=wire": 2,
	}
	for target, want := range cases {
		if got := decode(t, do(t, s.Handler(), target))["total"]; got != want {
			t.Errorf("%s: total %v, want %v", target, got, want)
		}
	}
	f.deps.News = nil
	rec := do(t, New(f.deps).Handler(), "/v1/news")
	if decode(t, rec)["total"] != 0.0 {
		t.Errorf("nil news source: %s", rec.Body.String())
	}
}

func TestSearchRows(t *testing.T) {
	s := New(newFixture(3).deps)
	rows := rowsOf(t, decode(t, do(t, s.Handler(), "/v1/search?q=aaa1")))
	if len(rows) != 1 {
		t.Fatalf("rows %v", rows)
	}
	row := rows[0].(map[string]any)
	for _, k := range []string{"symbol", "name", "cik", "status", "sponsor", "score", "matched", "citations"} {
		if _, ok := row[k]; !ok {
			t.Errorf("search row lacks %s: %v", k, row)
		}
	}
	for _, c := range row["citations"].([]any) {
		if f := c.(map[string]any)["field"]; f == "trust_size" {
			t.Errorf("citation of a field the row does not carry: %v", f)
		}
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// Without from the calendar starts today (Deps.Now: 2026-05-20): a period that began earlier
// but ends today or later is still ahead; one that ended is not; from reaches back.
func TestCalendarStartsToday(t *testing.T) {
	f := newFixture(3)
	cik := f.store.events[0].CIK
	for _, e := range []spac.Event{
		{ID: "past", Type: spac.EventMergerVote, Date: "2026-05-19"},
		{ID: "q2", Type: spac.EventExpectedClose, Date: "2026-04-01", EndDate: "2026-06-30", Period: "2026-Q2"},
		{ID: "q1", Type: spac.EventExpectedClose, Date: "2026-01-01", EndDate: "2026-03-31", Period: "2026-Q1"},
		{ID: "today", Type: spac.EventMergerVote, Date: "2026-05-20"},
	} {
		e.CIK, e.Citations = cik, []spac.Citation{{Field: "date", Filing: "8-K", Accession: accessionOf(0), Line: 3}}
		f.store.events = append(f.store.events, e)
	}
	s := New(f.deps)
	ids := func(target string) []string {
		var out []string
		for _, r := range decode(t, do(t, s.Handler(), target))["rows"].([]any) {
			if id := r.(map[string]any)["id"].(string); !strings.Contains(id, "/deadline/") {
				out = append(out, id)
			}
		}
		slices.Sort(out)
		return out
	}
	if got := ids("/v1/calendar?limit=500"); !slices.Equal(got, []string{"q2", "today"}) {
		t.Errorf("default window: %v, want the Q2 range and today's vote", got)
	}
	if got := ids("/v1/calendar?from=2026-01-01&to=2026-05-19&limit=500"); !slices.Equal(got, []string{"past", "q1", "q2"}) {
		t.Errorf("from 2026-01-01 to 2026-05-19: %v", got)
	}
	wantProblem(t, do(t, s.Handler(), "/v1/calendar?to=2026-05-01"), http.StatusBadRequest, spac.EINVALID, "to")
}

// The profile is served with the market's data joined, joined again when the market's version
// moves; the stored profile keeps none.
func TestProfileJoinsTheMarket(t *testing.T) {
	f := newFixture(3)
	m := &priceMarket{price: "10.51", version: "v1"}
	f.deps.Market = m
	s := New(f.deps)
	for _, want := range []string{"10.51", "10.51", "10.60"} {
		if want == "10.60" {
			m.set("10.60", "v2")
		}
		if p := decode(t, do(t, s.Handler(), "/v1/spac/AAA0")); p["price"] != want {
			t.Fatalf("profile price %v, want the market's %s", p["price"], want)
		}
	}
	if m.joins < 2 || m.joins > 3 {
		t.Errorf("%d joins for 3 requests over 2 market versions", m.joins)
	}
	for _, p := range f.store.profiles {
		if p.Price != "" {
			t.Errorf("the stored profile %s holds a price", p.Symbol)
		}
	}
}

type priceMarket struct {
	mu             sync.Mutex
	price, version string
	joins          int
}

func (m *priceMarket) set(price, version string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.price, m.version = price, version
}

func (m *priceMarket) Join(row spac.SPAC) spac.SPAC {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.joins++
	row.Price = m.price
	row.Citations = append(slices.Clone(row.Citations), spac.Citation{Field: "price", Basis: spac.BasisQuoted, Source: "q.csv", AsOf: "2026-05-19", Line: 2, Quote: m.price})
	return row
}

func (m *priceMarket) Version() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.version
}
