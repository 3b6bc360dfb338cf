package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name (indented JSON), rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, got, "", "  "); err != nil {
		t.Fatalf("%s: not JSON: %v", name, err)
	}
	buf.WriteByte('\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./api/ -update)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("%s differs from the golden file; run go test ./api/ -update and review the diff", name)
	}
}

func TestDiscoverListsEveryRoute(t *testing.T) {
	s := New(newFixture(4).deps)
	rec := do(t, s.Handler(), "/v1/discover")
	golden(t, "discover.json", rec.Body.Bytes())
	var d struct {
		Counts    map[string]int `json:"counts"`
		Endpoints []Endpoint     `json:"endpoints"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Endpoints) != len(s.Routes()) {
		t.Fatalf("%d endpoints for %d routes", len(d.Endpoints), len(s.Routes()))
	}
	for i, r := range s.Routes() {
		ep := d.Endpoints[i]
		if ep.Name != r.Name || !slices.Contains(ep.Paths, openAPIPath("/v1"+r.Path)) || !slices.Contains(ep.Paths, openAPIPath("/api/v1"+r.Path)) {
			t.Errorf("endpoint %d: %+v for route %s", i, ep, r.Name)
		}
	}
	want := map[string]int{"universe": 4, "profiles": 4, "events": 4, "filings": 4, "news": 4}
	for k, v := range want {
		if d.Counts[k] != v {
			t.Errorf("count %s = %d, want %d", k, d.Counts[k], v)
		}
	}
}

// TestOpenAPIGolden keeps the document of every route (account and admin included) under
// review: go test ./api/ -run Golden -update rewrites it.
func TestOpenAPIGolden(t *testing.T) {
	raw, doc := fetchOpenAPI(t, New(liveFixture(t).deps))
	golden(t, "openapi.json", raw)
	if _, ok := doc.Paths["/v1/spac/{symbol}"]; !ok {
		t.Errorf("path parameters not in OpenAPI form: %v", keys(doc.Paths))
	}
}

func TestHealth(t *testing.T) {
	f := newFixture(3)
	s := New(f.deps)
	for _, p := range []string{"/health", "/v1/health", "/api/v1/health"} {
		rec := do(t, s.Handler(), p)
		body := decode(t, rec)
		checks := body["checks"].(map[string]any)
		if rec.Code != http.StatusOK || body["status"] != "ok" || body["universeRows"] != 3.0 ||
			body["commit"] != "abc1234" || body["version"] != "1.0.0" || checks["store"] == nil {
			t.Errorf("%s: %d %v", p, rec.Code, body)
		}
		if _, ok := checks["store"].(map[string]any)["latencyMs"]; !ok {
			t.Errorf("no latency: %v", checks)
		}
	}
	f.store.pingErr = errors.New("disk on fire at /var/secret")
	rec := do(t, s.Handler(), "/health")
	body := decode(t, rec)
	if rec.Code != http.StatusServiceUnavailable || body["status"] != "down" || strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("store down: %d %s", rec.Code, rec.Body.String())
	}
}

func TestHealthCommitFromBuildInfo(t *testing.T) {
	f := newFixture(1)
	f.deps.Commit = ""
	body := decode(t, do(t, New(f.deps).Handler(), "/health"))
	if c, _ := body["commit"].(string); c == "" {
		t.Errorf("commit %q", c)
	}
}

func TestParseChangelog(t *testing.T) {
	got := ParseChangelog([]byte(testChangelog))
	want := []Release{
		{Version: "Unreleased", Changes: []string{}},
		{Version: "1.1.0", Date: "2026-06-01", Changes: []string{"Facets on the universe.", "A long change that wraps onto a second line.", "Cursor hashing."}},
		{Version: "1.0.0", Date: "2026-05-20", Changes: []string{"Everything."}},
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if !bytes.Equal(gj, wj) {
		t.Errorf("got %s\nwant %s", gj, wj)
	}
	if rs := ParseChangelog(nil); rs == nil || len(rs) != 0 {
		t.Errorf("empty changelog: %#v", rs)
	}
}

// TestRealChangelog parses the repository's CHANGELOG.md.
func TestRealChangelog(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "CHANGELOG.md"))
	if err != nil {
		t.Skip("no CHANGELOG.md:", err)
	}
	rs := ParseChangelog(md)
	i := slices.IndexFunc(rs, func(r Release) bool { return r.Version == "1.0.0" })
	if i < 0 || rs[i].Date != "2026-05-20" || len(rs[i].Changes) < 5 {
		t.Errorf("1.0.0 release: %+v", rs)
	}
}

func TestWatermarkFailureIs503(t *testing.T) {
	f := newFixture(1)
	s := New(Deps{Filings: f.store, Profiles: brokenWatermark{f.store}, Index: f.index, Guard: OpenGuard{}})
	wantProblem(t, do(t, s.Handler(), "/v1/universe"), http.StatusServiceUnavailable, spac.EUNAVAILABLE, "")
}

type brokenWatermark struct{ *memStore }

func (brokenWatermark) Watermark(context.Context) (time.Time, error) {
	return time.Time{}, errors.New("badger closed")
}

// TestDiscoverCountsTheSampleForSampleCallers: issue 25 found anonymous callers reading the
// full universe's size from /v1/discover although they are served the sample only. A sample
// caller's counts are the sample's (liveFixture: AAA0 and AAA1 of 8, one profile, event,
// filing and article each); one server answers a sample and a full caller in turn, since the
// discover body is cached per data version and the two must not share an entry.
func TestDiscoverCountsTheSampleForSampleCallers(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullOnHeader{}
	h := New(f.deps).Handler()
	counts := func(headers ...string) map[string]int {
		var body struct {
			Counts map[string]int `json:"counts"`
		}
		if err := json.Unmarshal(do(t, h, "/v1/discover", headers...).Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		return body.Counts
	}
	sample := map[string]int{"universe": 2, "profiles": 2, "events": 2, "filings": 2, "news": 2}
	full := map[string]int{"universe": 8, "profiles": 8, "events": 8, "filings": 8, "news": 8}
	for _, isFull := range []bool{false, true, false} {
		want, headers := sample, []string{}
		if isFull {
			want, headers = full, []string{"X-Full", "1"}
		}
		if got := counts(headers...); !maps.Equal(got, want) {
			t.Errorf("counts of a caller (full %t): %v, want %v", isFull, got, want)
		}
	}
}

// fullOnHeader serves a request with an X-Full header as fullCaller, any other as sampleCaller.
type fullOnHeader struct{}

func (fullOnHeader) Handler(mode spac.AuthMode, need spac.Entitlement) gin.HandlerFunc {
	full, sample := fullCaller.Handler(mode, need), sampleCaller.Handler(mode, need)
	return func(c *gin.Context) {
		if c.GetHeader("X-Full") != "" {
			full(c)
			return
		}
		sample(c)
	}
}
