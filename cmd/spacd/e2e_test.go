package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/fold"
)

var prefixes = []string{"/v1", "/api/v1"}

// page is the tabular response shape.
type page struct {
	AsOf  string           `json:"asOf"`
	Rows  []map[string]any `json:"rows"`
	Count int              `json:"count"`
	Total int              `json:"total"`
	Next  *string          `json:"next"`
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus")
	}
	// Not parallel: it starts processes, and a child holds a copy of the parent's file
	// descriptors from fork to exec, Badger's directory lock included, so a parallel test that
	// closes and reopens its store in that window finds it locked. Sequential tests run before
	// the parallel ones start.
	ts := startServer(t, nil)
	key := ts.createKey(t, "enterprise")
	t.Run("contract smoke", func(t *testing.T) { contractSmoke(t, ts) })
	for _, p := range prefixes {
		t.Run("universe walk "+p, func(t *testing.T) { universeWalk(t, ts, p, key) })
		t.Run("endpoints "+p, func(t *testing.T) { endpoints(t, ts, p, key) })
	}
	t.Run("profiles and citations", func(t *testing.T) { profilesCited(t, ts, key) })
	t.Run("anonymous sample", func(t *testing.T) { anonymousSample(t, ts) })
}

// contractSmoke runs ../shared/tools/contract-smoke.sh against the server.
func contractSmoke(t *testing.T, ts *testServer) {
	script := filepath.Join("..", "..", "..", "shared", "tools", "contract-smoke.sh")
	if _, err := os.Stat(script); err != nil {
		t.Skipf("contract smoke script not found at %s (../shared beside the checkout)", script)
	}
	out, err := exec.Command("bash", script, ts.base).CombinedOutput()
	t.Logf("contract-smoke.sh:\n%s", out)
	if err != nil {
		t.Fatalf("contract smoke failed: %v", err)
	}
}

// universeWalk follows next to the end: every row exactly once, every field cited.
func universeWalk(t *testing.T, ts *testServer, prefix, key string) {
	seen := map[string]bool{}
	path := prefix + "/universe?limit=4&sort=-trust_size"
	total := -1
	for pages := 0; path != ""; pages++ {
		var pg page
		ts.getJSON(t, path, key, http.StatusOK, &pg)
		if pg.AsOf == "" || pg.Count != len(pg.Rows) {
			t.Fatalf("%s: asOf %q count %d rows %d", path, pg.AsOf, pg.Count, len(pg.Rows))
		}
		total = pg.Total
		for _, r := range pg.Rows {
			cik := r["cik"].(string)
			if seen[cik] {
				t.Fatalf("row %s returned twice", cik)
			}
			seen[cik] = true
			if missing := fold.CheckCited(r); len(missing) > 0 {
				t.Errorf("row %s: uncited %v", r["symbol"], missing)
			}
		}
		path = nextPath(prefix, pg.Next, "/universe?limit=4&sort=-trust_size")
		if pages > 100 {
			t.Fatal("pagination does not end")
		}
	}
	if len(seen) != total || total < 20 {
		t.Fatalf("walk saw %d rows, total %d (want >= 20 fictional SPACs)", len(seen), total)
	}
}

func nextPath(prefix string, next *string, query string) string {
	if next == nil {
		return ""
	}
	return prefix + query + "&cursor=" + url.QueryEscape(*next)
}

// endpoints checks every REST endpoint's shape and a filter or two.
func endpoints(t *testing.T, ts *testServer, prefix, key string) {
	var filtered page
	ts.getJSON(t, prefix+"/universe?status=searching&facets=status,sector", key, http.StatusOK, &filtered)
	for _, r := range filtered.Rows {
		if r["status"] != "searching" {
			t.Errorf("status filter leaked %v", r["status"])
		}
	}
	var cal page
	ts.getJSON(t, prefix+"/calendar?from=2020-01-01&to=2030-12-31&limit=500", key, http.StatusOK, &cal)
	if cal.Total == 0 {
		t.Error("calendar is empty over 2020-2030")
	}
	for _, r := range cal.Rows {
		if missing := fold.CheckCited(r); len(missing) > 0 {
			t.Errorf("calendar event %v uncited %v", r["id"], missing)
		}
	}
	var found page
	ts.getJSON(t, prefix+"/search?q=acquisition", key, http.StatusOK, &found)
	if found.Total == 0 {
		t.Error("search for 'acquisition' found nothing")
	}
	var news page
	ts.getJSON(t, prefix+"/news", key, http.StatusOK, &news)
	var disc struct {
		Endpoints []map[string]any `json:"endpoints"`
		Counts    map[string]int   `json:"counts"`
	}
	ts.getJSON(t, prefix+"/discover", key, http.StatusOK, &disc)
	if len(disc.Endpoints) < 10 || disc.Counts["universe"] < 20 {
		t.Errorf("discover: %d endpoints, counts %v", len(disc.Endpoints), disc.Counts)
	}
	ts.getJSON(t, prefix+"/openapi.json", key, http.StatusOK, nil)
	code, h, body := ts.do(t, http.MethodGet, prefix+"/universe?bogus=1", key, "")
	if code != http.StatusBadRequest || !strings.Contains(string(body), "bogus") || !strings.HasPrefix(h.Get("Content-Type"), "application/problem+json") {
		t.Errorf("unknown parameter: %d %s %s", code, h.Get("Content-Type"), body)
	}
}

// profilesCited fetches every profile and checks every citation against the served canonical
// text: the cited line must contain the quoted value.
func profilesCited(t *testing.T, ts *testServer, key string) {
	var pg page
	ts.getJSON(t, "/v1/universe?limit=500", key, http.StatusOK, &pg)
	checked := map[string]bool{}
	for _, r := range pg.Rows {
		sym := r["symbol"].(string)
		var prof map[string]any
		ts.getJSON(t, "/v1/spac/"+url.PathEscape(sym), key, http.StatusOK, &prof)
		if missing := fold.CheckCited(prof); len(missing) > 0 {
			t.Errorf("profile %s: uncited %v", sym, missing)
		}
		for _, c := range collectCitations(prof) {
			verifyCitation(t, ts, key, c, checked)
		}
	}
	if len(checked) < 100 {
		t.Errorf("only %d distinct cited lines verified", len(checked))
	}
}

type citation struct {
	accession, quote string
	line             int
}

// collectCitations walks decoded JSON for stated citations (with inputs of derived ones).
func collectCitations(v any) []citation {
	var out []citation
	switch x := v.(type) {
	case map[string]any:
		acc, _ := x["accession"].(string)
		line, _ := x["line"].(float64)
		quote, _ := x["quote"].(string)
		if _, isCitation := x["field"]; isCitation && acc != "" && line > 0 && quote != "" {
			out = append(out, citation{acc, quote, int(line)})
		}
		for _, child := range x {
			out = append(out, collectCitations(child)...)
		}
	case []any:
		for _, child := range x {
			out = append(out, collectCitations(child)...)
		}
	}
	return out
}

func verifyCitation(t *testing.T, ts *testServer, key string, c citation, checked map[string]bool) {
	id := fmt.Sprintf("%s#%d#%s", c.accession, c.line, c.quote)
	if checked[id] {
		return
	}
	checked[id] = true
	var lines struct {
		Rows []struct {
			Line int    `json:"line"`
			Text string `json:"text"`
		} `json:"rows"`
	}
	ts.getJSON(t, fmt.Sprintf("/v1/filings/%s/lines?from=%d&to=%d", c.accession, c.line, c.line), key, http.StatusOK, &lines)
	if len(lines.Rows) != 1 || !strings.Contains(lines.Rows[0].Text, c.quote) {
		t.Errorf("citation %s line %d: quote %q not on the served line %+v", c.accession, c.line, c.quote, lines.Rows)
	}
}

// anonymousSample: no key sees only the sample, and says so.
func anonymousSample(t *testing.T, ts *testServer) {
	var pg page
	h := ts.getJSON(t, "/v1/universe?limit=500", "", http.StatusOK, &pg)
	if h.Get("X-Data-Scope") != "sample" {
		t.Errorf("X-Data-Scope %q, want sample", h.Get("X-Data-Scope"))
	}
	if pg.Total == 0 || pg.Total > 10 {
		t.Errorf("anonymous universe total %d, want the small sample set", pg.Total)
	}
}
