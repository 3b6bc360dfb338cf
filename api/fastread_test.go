package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
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
