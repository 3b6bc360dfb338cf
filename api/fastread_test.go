package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/index"
)

// readTargets are the read paths whose bodies come from cached chunks, plus two that are
// compressed per request (openapi, filing lines).
var readTargets = []string{
	"/v1/universe?limit=5&sort=-trust_size", "/v1/universe?limit=5&citations=ref", "/v1/universe?citations=none",
	"/v1/universe?fields=symbol,name,trust_size&citations=ref", "/v1/search?q=alpha", "/v1/search?q=alpha&citations=ref",
	"/v1/calendar?limit=5", "/v1/calendar?symbol=AAA2&citations=ref", "/v1/spac/AAA1", "/v1/spac/AAA1?citations=none",
	"/v1/discover", "/v1/news?limit=3", "/v1/openapi.json", "/v1/filings/" + accessionOf(1) + "/lines?from=1&to=400",
}

func gunzipBody(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	return out
}

// TestGzipForClientsThatAcceptIt: with Accept-Encoding: gzip every read path answers gzip
// whose content is exactly the plain answer, with the compressed length and Vary; without
// it the answer is plain.
func TestGzipForClientsThatAcceptIt(t *testing.T) {
	s := New(newFixture(12).deps)
	compressed := 0
	defer func() {
		if compressed < len(readTargets)-4 {
			t.Errorf("only %d of %d read paths were large enough to compress: the test checks too little", compressed, len(readTargets))
		}
	}()
	for _, target := range readTargets {
		plain := do(t, s.Handler(), target)
		zipped := do(t, s.Handler(), target, "Accept-Encoding", "br;q=1.0, gzip;q=0.8")
		if plain.Code != http.StatusOK || zipped.Code != http.StatusOK {
			t.Fatalf("%s: %d / %d %s", target, plain.Code, zipped.Code, plain.Body.String())
		}
		if plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: plain answer has Content-Encoding %q", target, plain.Header().Get("Content-Encoding"))
		}
		if plain.Body.Len() < minGzipSize { // not worth compressing
			if zipped.Header().Get("Content-Encoding") != "" || zipped.Body.String() != plain.Body.String() {
				t.Errorf("%s: a %d-byte body compressed", target, plain.Body.Len())
			}
			continue
		}
		if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Content-Encoding %q, Vary %q", target, zipped.Header().Get("Content-Encoding"), zipped.Header().Get("Vary"))
			continue
		}
		if n, _ := strconv.Atoi(zipped.Header().Get("Content-Length")); n != zipped.Body.Len() {
			t.Errorf("%s: Content-Length %d, body %d", target, n, zipped.Body.Len())
		}
		if got := gunzipBody(t, zipped.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("%s: gzip content differs from the plain answer:\n%s\n%s", target, got, plain.Body.Bytes())
		}
		if zipped.Body.Len() >= plain.Body.Len() {
			t.Errorf("%s: gzip %d bytes, plain %d", target, zipped.Body.Len(), plain.Body.Len())
		}
		compressed++
	}
	if rec := do(t, s.Handler(), "/v1/spac/AAA1", "Accept-Encoding", "gzip;q=0, identity"); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 answered with %q", rec.Header().Get("Content-Encoding"))
	}
	if rec := do(t, s.Handler(), "/health", "Accept-Encoding", "gzip"); rec.Header().Get("Content-Encoding") != "" || rec.Body.Len() >= minGzipSize {
		t.Errorf("a small body (%d bytes) compressed: %q", rec.Body.Len(), rec.Header().Get("Content-Encoding"))
	}
}

// TestCompressorLeavesStreamsUnbuffered: an event stream behind the middleware reaches the
// client when the handler flushes, uncompressed; a JSON body of unknown length is gzipped as
// it is written.
func TestCompressorLeavesStreamsUnbuffered(t *testing.T) {
	rec := httptest.NewRecorder()
	sawEvent := false
	stream := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: "+strings.Repeat("x", 2*minGzipSize)+"\n\n")
		w.(http.Flusher).Flush()
		sawEvent = strings.Contains(rec.Body.String(), "data: xxx") // before the handler returns
	})
	req := httptest.NewRequest(http.MethodGet, "/v1/news/stream", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	compress(stream).ServeHTTP(rec, req)
	if !sawEvent || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("stream: event flushed %v, Content-Encoding %q", sawEvent, rec.Header().Get("Content-Encoding"))
	}

	rec = httptest.NewRecorder()
	body := `{"rows":[` + strings.Repeat(`{"a":1},`, 500) + `{"a":1}]}`
	unknownLength := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body[:100])
		_, _ = io.WriteString(w, body[100:])
	})
	compress(unknownLength).ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" || string(gunzipBody(t, rec.Body.Bytes())) != body {
		t.Errorf("JSON of unknown length: Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
}

// TestETagAnd304: a repeated request with the ETag it got is answered 304 without a body;
// the ETag names the query and the data version, and errors carry none.
func TestETagAnd304(t *testing.T) {
	f := newFixture(6)
	s := New(f.deps)
	for _, target := range []string{"/v1/universe?limit=2", "/v1/spac/AAA1", "/v1/calendar", "/v1/search?q=alpha", "/v1/discover", "/v1/news"} {
		first := do(t, s.Handler(), target)
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || !strings.HasPrefix(tag, `W/"`) || first.Header().Get("Cache-Control") == "" {
			t.Fatalf("%s: %d ETag %q Cache-Control %q", target, first.Code, tag, first.Header().Get("Cache-Control"))
		}
		again := do(t, s.Handler(), target, "If-None-Match", `"other", `+tag)
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 || again.Header().Get("ETag") != tag {
			t.Errorf("%s with its ETag: %d (%d bytes), ETag %q", target, again.Code, again.Body.Len(), again.Header().Get("ETag"))
		}
		sep := map[bool]string{true: "&", false: "?"}[strings.Contains(target, "?")]
		if other := do(t, s.Handler(), target+sep+"limit=1", "If-None-Match", tag); other.Code != http.StatusOK && other.Code != http.StatusBadRequest {
			t.Errorf("%s: another query answered %d to the first one's ETag", target, other.Code)
		}
	}
	if rec := do(t, s.Handler(), "/v1/universe?limit=0"); rec.Code != http.StatusBadRequest || rec.Header().Get("ETag") != "" {
		t.Errorf("a 400 carries ETag %q", rec.Header().Get("ETag"))
	}
	if rec := do(t, s.Handler(), "/v1/spac/ZZZZ"); rec.Code != http.StatusNotFound || rec.Header().Get("ETag") != "" {
		t.Errorf("a 404 carries ETag %q", rec.Header().Get("ETag"))
	}
	tag := do(t, s.Handler(), "/v1/spac/AAA1").Header().Get("ETag")
	f.store.mu.Lock()
	f.store.watermark = f.store.watermark.Add(time.Second)
	f.store.mu.Unlock()
	if rec := do(t, s.Handler(), "/v1/spac/AAA1", "If-None-Match", tag); rec.Code != http.StatusOK || rec.Header().Get("ETag") == tag {
		t.Errorf("after the data changed: %d, ETag %q (was %q)", rec.Code, rec.Header().Get("ETag"), tag)
	}
	sample := New(func() Deps { d := f.deps; d.Guard = sampleCaller; return d }())
	if rec := do(t, sample.Handler(), "/v1/universe?limit=2", "If-None-Match", do(t, s.Handler(), "/v1/universe?limit=2").Header().Get("ETag")); rec.Code != http.StatusOK {
		t.Errorf("a sample caller got %d for a full caller's ETag", rec.Code)
	}
}

// citationsOfBody collects every citations array of a JSON value (objects walked in key
// order, so two bodies of the same shape list them alike).
func citationsOfBody(v any, out *[]map[string]any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			e := x[k]
			if cs, ok := e.([]any); ok && k == "citations" {
				for _, c := range cs {
					*out = append(*out, c.(map[string]any))
				}
				continue
			}
			citationsOfBody(e, out)
		}
	case []any:
		for _, e := range x {
			citationsOfBody(e, out)
		}
	}
}

// nestedFixture gives SPAC AAA1 citations inside its profile (offering, trust series) and a
// derived citation with inputs, as real profiles have.
func nestedFixture() *fixture {
	f := newFixture(6)
	cik := f.index.rows[1].CIK
	p := f.store.profiles[cik]
	p.Offering.Citations = []spac.Citation{{Field: "offering.units_offered", Filing: "424B4", Accession: accessionOf(1), Line: 77, Quote: "20,000,000 Units", Excerpt: `<b>20,000,000 Units</b> & "more"`}}
	p.TrustSeries = []spac.TrustPoint{{Date: "2025-06-30", Balance: "1.00", Citations: []spac.Citation{{Field: "balance", Filing: "10-Q", Accession: accessionOf(1), Line: 90}}}}
	p.Citations = append(p.Citations, spac.Citation{Field: "deadline", Filing: "S-1", Accession: accessionOf(1), Basis: spac.BasisDerived,
		Inputs: []spac.Citation{{Field: "ipo_date", Filing: "S-1", Accession: accessionOf(1), Line: 12}}})
	f.store.profiles[cik] = p
	return f
}

// TestCitationModes: ref keeps field, filing, accession and line and a ref that
// GET /v1/citations resolves to exactly the full citation; none leaves every citations key
// out and nothing else.
func TestCitationModes(t *testing.T) {
	s := New(nestedFixture().deps)
	for _, target := range []string{"/v1/spac/AAA1", "/v1/universe?limit=3", "/v1/universe?limit=3&fields=name,deadline", "/v1/search?q=alpha", "/v1/calendar?limit=4"} {
		sep := map[bool]string{true: "&", false: "?"}[strings.Contains(target, "?")]
		full, ref, none := decode(t, do(t, s.Handler(), target)), decode(t, do(t, s.Handler(), target+sep+"citations=ref")), do(t, s.Handler(), target+sep+"citations=none")
		var fullCites, refCites []map[string]any
		citationsOfBody(full, &fullCites)
		citationsOfBody(ref, &refCites)
		if len(fullCites) == 0 || len(refCites) != len(fullCites) {
			t.Fatalf("%s: %d citations in full, %d in ref", target, len(fullCites), len(refCites))
		}
		var refs []string
		for i, rc := range refCites {
			fc := fullCites[i]
			if rc["field"] != fc["field"] || rc["accession"] != fc["accession"] || rc["line"] != fc["line"] || rc["excerpt"] != nil || rc["inputs"] != nil {
				t.Errorf("%s: ref citation %v for %v", target, rc, fc)
			}
			refs = append(refs, rc["ref"].(string))
		}
		resolved := decode(t, do(t, s.Handler(), "/v1/citations?ref="+strings.Join(refs, ",")))
		byRef, _ := resolved["citations"].(map[string]any)
		for i, ref := range refs {
			got, _ := json.Marshal(byRef[ref])
			want, _ := json.Marshal(fullCites[i])
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %s resolves to %s, want %s", target, ref, got, want)
			}
		}
		if strings.Contains(none.Body.String(), `"citations"`) || !json.Valid(none.Body.Bytes()) {
			t.Errorf("%s: citations=none: %s", target, none.Body.String())
		}
		// next differs: a cursor belongs to its query, citations included
		stripped := dropKey(dropKey(dropKey(full, "citations"), "asOf"), "next")
		if got, want := mustJSON(t, dropKey(dropKey(decode(t, none), "asOf"), "next")), mustJSON(t, stripped); got != want {
			t.Errorf("%s: none differs from full beyond its citations:\n%s\n%s", target, got, want)
		}
	}
	wantProblem(t, do(t, s.Handler(), "/v1/universe?citations=short"), http.StatusBadRequest, spac.EINVALID, "citations")
}

// dropKey removes key from every object of v.
func dropKey(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k != key {
				out[k] = dropKey(e, key)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = dropKey(e, key)
		}
		return out
	}
	return v
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCitationLookup: unknown refs are listed as missing, malformed ones and too many are a
// 400 naming ref, and a sample caller cannot resolve refs of SPACs outside the sample.
func TestCitationLookup(t *testing.T) {
	f := newFixture(6)
	s := New(f.deps)
	body := decode(t, do(t, s.Handler(), "/v1/citations?ref=1001-000000000000"))
	if missing, _ := body["missing"].([]any); len(missing) != 1 || len(body["citations"].(map[string]any)) != 0 {
		t.Errorf("unknown ref: %v", body)
	}
	wantProblem(t, do(t, s.Handler(), "/v1/citations?ref=AAA1"), http.StatusBadRequest, spac.EINVALID, "ref")
	many := strings.TrimSuffix(strings.Repeat("1001-000000000000,", maxRefs+1), ",")
	wantProblem(t, do(t, s.Handler(), "/v1/citations?ref="+many), http.StatusBadRequest, spac.EINVALID, "ref")
	f.deps.Guard = sampleCaller
	anon := New(f.deps).Handler()
	wantProblem(t, do(t, anon, "/v1/citations?ref=1005-000000000000"), http.StatusNotFound, CodeNotInSample, "")
	if rec := do(t, anon, "/v1/citations?ref=1001-000000000000"); rec.Code != http.StatusOK {
		t.Errorf("a sample SPAC's ref: %d", rec.Code)
	}
}

// TestCachesNeverServeStaleBytes: the encoded bytes of every read path are reused while the
// data version stands (a change behind its back is not seen: the premise that they are
// cached), and never once it moved, with or without gzip.
func TestCachesNeverServeStaleBytes(t *testing.T) {
	f := newFixture(6)
	s := New(f.deps)
	get := func(target string) string {
		t.Helper()
		plain := do(t, s.Handler(), target).Body.String()
		if z := do(t, s.Handler(), target, "Accept-Encoding", "gzip"); z.Header().Get("Content-Encoding") == "gzip" {
			if unz := string(gunzipBody(t, z.Body.Bytes())); unz != plain {
				t.Fatalf("%s: gzip and plain differ", target)
			}
		}
		return plain
	}
	cases := []struct {
		name, target, want string
		change             func(string)
		bump               func()
	}{
		{"index row", "/v1/universe?limit=3&sort=symbol", "Renamed Row Corp",
			func(w string) { f.index.rows[0].Name = w }, f.index.touch},
		{"search row", "/v1/search?q=AAA0", "Renamed Hit Corp",
			func(w string) { f.index.rows[0].Name = w }, f.index.touch},
		{"profile", "/v1/spac/AAA1", "Renamed Profile Corp",
			func(w string) { p := f.store.profiles[f.index.rows[1].CIK]; p.Name = w; f.store.profiles[p.CIK] = p }, func() { f.store.watermark = f.store.watermark.Add(time.Second) }},
		{"event", "/v1/calendar?limit=50", "Renamed event",
			func(w string) { f.store.events[0].Title = w }, func() { f.store.watermark = f.store.watermark.Add(time.Second) }},
		{"article", "/v1/news?limit=50", "Renamed article",
			func(w string) { f.news.articles[0].Title = w }, func() { f.news.version.Add(1) }},
		{"discover counts", "/v1/discover", `"universe":7`,
			func(string) { f.index.rows = append(f.index.rows, testSPACs(7)[6]) }, f.index.touch},
	}
	for _, tc := range cases {
		before := get(tc.target)
		tc.change(tc.want)
		if strings.Contains(get(tc.target), tc.want) {
			t.Fatalf("%s: the change shows without a new data version: nothing is cached (test premise)", tc.name)
		}
		f.store.mu.Lock()
		tc.bump()
		f.store.mu.Unlock()
		if after := get(tc.target); !strings.Contains(after, tc.want) || after == before {
			t.Errorf("%s: after the data version moved, still the old bytes:\n%s", tc.name, after)
		}
	}
}

// TestCalendarIndexAnswersAsTheStore: windows, types, SPACs and pages of the in-memory
// calendar are those of the store's event query.
func TestCalendarIndexAnswersAsTheStore(t *testing.T) {
	f := newFixture(30)
	for i, r := range testSPACs(30) { // more events, on shared dates, of several types
		f.store.events = append(f.store.events, spac.Event{ID: string(r.CIK) + "/merger_vote/2026-0" + strconv.Itoa(1+i%3) + "-15",
			Type: spac.EventMergerVote, Date: "2026-0" + strconv.Itoa(1+i%3) + "-15", CIK: r.CIK, Symbol: r.Symbol, Citations: []spac.Citation{}})
	}
	x := newCalendarIndex(f.store.events)
	queries := []spac.EventQuery{
		{}, {From: "2026-02-01"}, {To: "2027-01-10"}, {From: "2026-02-15", To: "2026-02-15"},
		{Types: []spac.EventType{spac.EventMergerVote}}, {CIKs: []spac.CIK{"0000001003"}},
		{CIKs: []spac.CIK{"0000001003", "0000001001"}, From: "2026-03-01"}, {From: "2028-01-01"},
		{Types: []spac.EventType{spac.EventDeadline}, From: "2027-01-05", To: "2027-01-20"},
	}
	for _, q := range queries {
		want, _ := f.store.Events(t.Context(), q)
		slices.SortStableFunc(want, func(a, b spac.Event) int { return strings.Compare(a.Date+a.ID, b.Date+b.ID) })
		for _, pg := range [][2]int{{0, 500}, {0, 7}, {7, 7}, {55, 10}} {
			got, total := x.query(q, pg[0], pg[1])
			if total != len(want) {
				t.Errorf("%+v: total %d, want %d", q, total, len(want))
			}
			exp := window(want, paging{Offset: pg[0], Limit: pg[1]})
			if len(got) != len(exp) {
				t.Errorf("%+v page %v: %d events, want %d", q, pg, len(got), len(exp))
				continue
			}
			for i := range got {
				if got[i].ID != exp[i].ID {
					t.Errorf("%+v page %v: event %d is %s, want %s", q, pg, i, got[i].ID, exp[i].ID)
				}
			}
		}
	}
}

// TestCalendarPeriodsReachBackIntoTheWindow: an event stating a period (an expected closing
// in a quarter) that began before from but ends on or after it is in the window, first; one
// that ended before from is not.
func TestCalendarPeriodsReachBackIntoTheWindow(t *testing.T) {
	events := []spac.Event{
		{ID: "a/expected_close/2026-01-01", Type: spac.EventExpectedClose, Date: "2026-01-01", EndDate: "2026-03-31", CIK: "0000000001"},
		{ID: "b/expected_close/2025-10-01", Type: spac.EventExpectedClose, Date: "2025-10-01", EndDate: "2025-12-31", CIK: "0000000002"},
		{ID: "c/deadline/2026-02-10", Type: spac.EventDeadline, Date: "2026-02-10", CIK: "0000000003"},
		{ID: "d/deadline/2026-01-20", Type: spac.EventDeadline, Date: "2026-01-20", CIK: "0000000001"},
	}
	x := newCalendarIndex(events)
	for _, q := range []spac.EventQuery{{From: "2026-02-01"}, {From: "2026-02-01", CIKs: []spac.CIK{"0000000001", "0000000003"}}} {
		got, total := x.query(q, 0, 10)
		if total != 2 || len(got) != 2 || got[0].ID != "a/expected_close/2026-01-01" || got[1].ID != "c/deadline/2026-02-10" {
			t.Errorf("%+v: %d events %v", q, total, got)
		}
	}
	if got, total := x.query(spac.EventQuery{From: "2026-02-01", To: "2026-02-05"}, 0, 10); total != 1 || got[0].Date != "2026-01-01" {
		t.Errorf("a period overlapping a short window: %d %v", total, got)
	}
}

// TestAppendScoredIsEncodingJSON: the search row's per-query part is written as encoding/json
// would write it.
func TestAppendScoredIsEncodingJSON(t *testing.T) {
	for _, score := range []float64{0, 1, 12.5, 0.1 + 0.2, 3.0e-7, 1e-6, 2.5e21, 123456789.123, -4e-9} {
		for _, matched := range [][]string{{}, {"symbol"}, {"name", "sponsor", "previous_names"}} {
			want, _ := json.Marshal(struct {
				Score   float64  `json:"score"`
				Matched []string `json:"matched"`
			}{score, matched})
			if got := string(appendScored(nil, score, matched)); got != ","+string(want[1:len(want)-1]) {
				t.Errorf("%v %v: %s, encoding/json %s", score, matched, got, want)
			}
		}
	}
}

// TestCalendarBlocks: pages made of whole blocks of the calendar's order, of parts of blocks
// and of events outside any block (a type filter) list the same events as the store, as plain
// and as gzip.
func TestCalendarBlocks(t *testing.T) {
	f := newFixture(45)
	for i, r := range testSPACs(45) {
		f.store.events = append(f.store.events, spac.Event{ID: string(r.CIK) + "/merger_vote/2026-06-" + strconv.Itoa(10+i%9),
			Type: spac.EventMergerVote, Date: "2026-06-" + strconv.Itoa(10+i%9), CIK: r.CIK, Symbol: r.Symbol, Title: "vote",
			Citations: []spac.Citation{{Field: "date", Filing: "DEFM14A", Accession: accessionOf(i), Line: 30}}})
	}
	s := New(f.deps)
	cases := []struct {
		target string
		q      spac.EventQuery
	}{
		{"/v1/calendar?from=2020-01-01&limit=50", spac.EventQuery{From: "2020-01-01"}},
		{"/v1/calendar?from=2020-01-01&limit=37", spac.EventQuery{From: "2020-01-01"}},
		{"/v1/calendar?from=2026-06-12&limit=500", spac.EventQuery{From: "2026-06-12"}},
		{"/v1/calendar?from=2020-01-01&limit=40&type=merger_vote", spac.EventQuery{From: "2020-01-01", Types: []spac.EventType{spac.EventMergerVote}}},
	}
	for _, tc := range cases {
		want, _ := f.store.Events(t.Context(), tc.q)
		slices.SortStableFunc(want, func(a, b spac.Event) int { return strings.Compare(a.Date+a.ID, b.Date+b.ID) })
		var got []string
		for next := tc.target; next != ""; {
			plain := do(t, s.Handler(), next)
			zipped := do(t, s.Handler(), next, "Accept-Encoding", "gzip")
			if zipped.Header().Get("Content-Encoding") == "gzip" && !bytes.Equal(gunzipBody(t, zipped.Body.Bytes()), plain.Body.Bytes()) {
				t.Fatalf("%s: gzip and plain differ", next)
			}
			body := decode(t, plain)
			for _, r := range rowsOf(t, body) {
				got = append(got, r.(map[string]any)["id"].(string))
			}
			next = nextTarget(t, tc.target, body, plain.Header().Get("Link"))
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d events, want %d", tc.target, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i].ID {
				t.Fatalf("%s: event %d is %s, want %s", tc.target, i, got[i], want[i].ID)
			}
		}
	}
	blocks := 0
	for k := range s.cache.chunks {
		if k.kind == "event-block" {
			blocks++
		}
	}
	if blocks == 0 {
		t.Error("no page was made of blocks (test premise)")
	}
}

// plainIndex hides an index's optional methods (RowIndex, IndexGeneration but for the one
// given), so that the handler takes its general path.
type plainIndex struct {
	spac.Index
	gen func() uint64
}

func (p plainIndex) Generation() uint64 { return p.gen() }

// TestUniverseByCIKEqualsByRow: a universe page read as CIKs from the index (RowIndex) is
// byte for byte the page read as rows, for sorts, filters, facets, selections and modes.
func TestUniverseByCIKEqualsByRow(t *testing.T) {
	x, err := index.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	if err := x.PutAll(t.Context(), testSPACs(30)); err != nil {
		t.Fatal(err)
	}
	f := newFixture(30)
	f.deps.Index = x
	byCIK := New(f.deps)
	f.deps.Index = plainIndex{Index: x, gen: x.Generation}
	byRow := New(f.deps)
	for _, target := range []string{"/v1/universe?limit=25&sort=-trust_size", "/v1/universe?limit=7&status=searching&facets=status,sector",
		"/v1/universe?q=alpha&limit=12&fields=name,trust_size&citations=ref", "/v1/universe?limit=5&sort=name&citations=none"} {
		a, b := do(t, byCIK.Handler(), target), do(t, byRow.Handler(), target)
		if a.Code != http.StatusOK || a.Body.String() != b.Body.String() {
			t.Errorf("%s: %d\n%s\n%s", target, a.Code, a.Body.String(), b.Body.String())
		}
	}
}
