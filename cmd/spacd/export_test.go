package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/fixtures"
)

// TestExportEndToEnd runs the exports against the real server on the fixture corpus: the
// CSV holds one record per row of the JSON pages with every source link resolving to a line
// that carries the cited quote; NDJSON is the JSON rows; an export is one request in the
// key's usage; an anonymous caller exports the sample; and `spacd export`, run afterwards on
// the same data directory, writes the bytes the API sent.
func TestExportEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus")
	}
	t.Parallel()
	at := time.Now().UTC()
	now := func() time.Time { return at }
	dir := t.TempDir()
	ts := startServerAt(t, map[string]string{"SPACD_DATA_DIR": dir}, now)
	key := ts.createKey(t, "enterprise")

	rows := pagedRows(t, ts, "/v1/universe?sort=-trust_size", key)
	csvBody := exportBody(t, ts, "/v1/universe?format=csv&sort=-trust_size", key, "text/csv")
	records := csvRecords(t, csvBody)
	if len(records) != len(rows) || len(rows) < 5 {
		t.Fatalf("CSV has %d records, the JSON pages %d rows", len(records), len(rows))
	}
	checkSources(t, ts, key, rows, records)

	ndjson := exportBody(t, ts, "/v1/universe?format=ndjson&sort=-trust_size", key, "application/x-ndjson")
	if want := joinLines(rows); string(ndjson) != want {
		t.Errorf("NDJSON differs from the JSON rows:\n%s\nwant\n%s", ndjson, want)
	}
	checkCountedOnce(t, ts, key)
	checkSampleExport(t, ts)

	calendar := exportBody(t, ts, "/v1/calendar?format=ndjson&from=2000-01-01", key, "application/x-ndjson")
	searching := exportBody(t, ts, "/v1/universe?format=ndjson&status=searching&citations=ref", key, "application/x-ndjson")
	if err := ts.stop(); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"SPACD_DATA_DIR": dir, "SPACD_LOG_LEVEL": "warn"}
	for _, c := range []struct {
		args []string
		want []byte
	}{
		{[]string{"universe", "--sort", "-trust_size"}, csvBody},
		{[]string{"universe", "--format", "ndjson", "--status", "searching", "--citations", "ref"}, searching},
		{[]string{"calendar", "--format", "ndjson", "--from", "2000-01-01"}, calendar},
	} {
		out := filepath.Join(t.TempDir(), "export.out")
		args := append([]string{"spacd", "export", "--base-url", ts.base, "--out", out}, c.args...)
		if err := runAt(context.Background(), args, func(k string) string { return env[k] }, io.Discard, io.Discard, now); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, c.want) {
			t.Errorf("spacd export %v differs from the API's export (%d / %d bytes)", c.args, len(got), len(c.want))
		}
	}
}

// pagedRows pages the JSON route through limit=4 pages.
func pagedRows(t *testing.T, ts *testServer, path, key string) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	target := path + "&limit=4"
	for target != "" {
		var pg struct {
			Rows []json.RawMessage `json:"rows"`
			Next *string           `json:"next"`
		}
		ts.getJSON(t, target, key, http.StatusOK, &pg)
		out = append(out, pg.Rows...)
		target = ""
		if pg.Next != nil {
			target = path + "&limit=4&cursor=" + url.QueryEscape(*pg.Next)
		}
	}
	return out
}

func exportBody(t *testing.T, ts *testServer, path, key, wantType string) []byte {
	t.Helper()
	code, h, b := ts.do(t, http.MethodGet, path, key, "")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), wantType) {
		t.Fatalf("GET %s: %d %s: %.300s", path, code, h.Get("Content-Type"), b)
	}
	return b
}

func csvRecords(t *testing.T, body []byte) []map[string]string {
	t.Helper()
	all, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(all) == 0 {
		t.Fatalf("not CSV: %v", err)
	}
	var out []map[string]string
	for _, rec := range all[1:] {
		m := map[string]string{}
		for i, v := range rec {
			m[all[0][i]] = v
		}
		out = append(out, m)
	}
	return out
}

func joinLines(rows []json.RawMessage) string {
	var b strings.Builder
	for _, r := range rows {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String()
}

// checkSources: each record is its JSON row (same CIK, same decimals), and every URL of every
// _source cell is a line the row's citations cite, which the server serves with the quote on
// it.
func checkSources(t *testing.T, ts *testServer, key string, rows []json.RawMessage, records []map[string]string) {
	t.Helper()
	checked := map[string]bool{}
	for i, raw := range rows {
		var row spac.SPAC
		if err := json.Unmarshal(raw, &row); err != nil {
			t.Fatal(err)
		}
		rec := records[i]
		if rec["cik"] != "CIK"+string(row.CIK) || rec["trust_size"] != row.TrustSize || rec["redeemed_pct"] != row.RedeemedPct {
			t.Errorf("record %d %v is not the JSON row %s", i, rec, raw)
		}
		quotes := citedLines(row.Citations, ts.base)
		for col, cell := range rec {
			if !strings.HasSuffix(col, "_source") || cell == "" {
				continue
			}
			for _, u := range strings.Fields(cell) {
				q, ok := quotes[u]
				if !ok {
					t.Errorf("%s %s: %s is no line the row cites", row.Symbol, col, u)
					continue
				}
				if !checked[u] {
					checkLine(t, ts, key, u, q)
					checked[u] = true
				}
			}
		}
	}
	if len(checked) < 20 {
		t.Errorf("only %d source lines checked: the test checks too little", len(checked))
	}
}

// citedLines maps the explorer line-page URL of every stated citation (inputs included) to
// its quote.
func citedLines(cs []spac.Citation, base string) map[string]string {
	out := map[string]string{}
	for _, c := range cs {
		if c.Line > 0 && c.Accession != "" && c.Source == "" {
			out[base+"/filings/"+c.Accession+"?line="+itoa(c.Line)+"#L"+itoa(c.Line)] = c.Quote
		}
		for u, q := range citedLines(c.Inputs, base) {
			out[u] = q
		}
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// checkLine opens a source URL as a browser would (an HTML page highlighting the line) and
// requires the quote on the line the lines endpoint serves for it.
func checkLine(t *testing.T, ts *testServer, key, u, quote string) {
	t.Helper()
	page, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	status, h, body := ts.do(t, http.MethodGet, page.RequestURI(), key, "")
	line := page.Query().Get("line")
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(string(body), `id="L`+line+`" class="cited"`) {
		t.Errorf("%s: %d %s, the line page does not highlight line %s", u, status, h.Get("Content-Type"), line)
	}
	var lines api.LinesView
	ts.getJSON(t, "/v1"+page.Path+"/lines?from="+line+"&to="+line, key, http.StatusOK, &lines)
	if len(lines.Rows) != 1 || quote == "" || !strings.Contains(lines.Rows[0].Text, quote) {
		t.Errorf("%s: %+v does not carry the quote %q", u, lines.Rows, quote)
	}
}

// checkCountedOnce: a whole export is one request in the key's usage.
func checkCountedOnce(t *testing.T, ts *testServer, key string) {
	t.Helper()
	count := func() int64 {
		var u struct {
			Days []struct {
				Endpoints map[string]int64 `json:"endpoints"`
			} `json:"days"`
		}
		ts.getJSON(t, "/v1/account/usage?days=1", key, http.StatusOK, &u)
		n := int64(0)
		for _, d := range u.Days {
			n += d.Endpoints["universe"]
		}
		return n
	}
	before := count()
	exportBody(t, ts, "/v1/universe?format=csv", key, "text/csv")
	if after := count(); after != before+1 {
		t.Errorf("an export counted %d universe requests, want 1", after-before)
	}
}

// checkSampleExport: an anonymous caller exports exactly the rows its JSON pages show: the
// sample.
func checkSampleExport(t *testing.T, ts *testServer) {
	t.Helper()
	code, h, body := ts.doWith(t, http.MethodGet, "/v1/universe", "", "", http.Header{"Accept": {"text/csv"}})
	if code != http.StatusOK || h.Get("X-Data-Scope") != "sample" {
		t.Fatalf("anonymous export: %d, scope %q", code, h.Get("X-Data-Scope"))
	}
	records := csvRecords(t, body)
	if len(records) == 0 || len(records) != len(pagedRows(t, ts, "/v1/universe?sort=symbol", "")) {
		t.Fatalf("anonymous export: %d records", len(records))
	}
	for _, r := range records {
		if !slices.Contains(fixtures.SampleSymbols, r["symbol"]) {
			t.Errorf("anonymous export holds %s, outside the sample %v", r["symbol"], fixtures.SampleSymbols)
		}
	}
}

// TestExportFlagsCoverTheRoutes: `spacd export` has a flag for every filter of the routes it
// exports, and no flag that none of them declares.
func TestExportFlagsCoverTheRoutes(t *testing.T) {
	t.Parallel()
	declared := map[string]bool{}
	for _, r := range api.New(api.Deps{}).Routes() {
		if !slices.Contains(exportRoutes, r.Name) {
			continue
		}
		for _, p := range r.AllParams() {
			if p.In == api.InQuery && p.Name != "limit" && p.Name != "cursor" && p.Name != "format" {
				declared[p.Name] = true
			}
		}
	}
	flags := map[string]bool{}
	for _, f := range exportFilters {
		flags[f.name] = true
		if !declared[f.name] {
			t.Errorf("--%s: no exported route declares it", f.name)
		}
	}
	for name := range declared {
		if !flags[name] {
			t.Errorf("the parameter %s of an exported route has no spacd export flag", name)
		}
	}
	if len(declared) < 20 {
		t.Errorf("only %d parameters found: the test checks too little", len(declared))
	}
}

// TestExportRefusals: a bad filter is the route's 400 reported as a usage error naming the
// flag (exit 2), and --out is then not created; so are an unknown route and a bad --base-url;
// an unknown symbol (404) is a failure (exit 1).
func TestExportRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "universe.csv")
	_, stderr, code := runCLI(t, dir, "export", "universe", "--status", "bogus", "--out", out)
	if code != 2 || !strings.Contains(stderr, "--status") {
		t.Errorf("--status bogus: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused export left %s (%v)", out, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 0 {
		t.Errorf("a refused export left %d files beside --out", len(entries))
	}
	if _, stderr, code := runCLI(t, dir, "export", "alerts", "--sort", "symbol"); code != 2 || !strings.Contains(stderr, "--sort") {
		t.Errorf("alerts --sort: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, dir, "export", "calendar", "--symbol", "NOSUCH"); code != 1 || !strings.Contains(stderr, "NOSUCH") {
		t.Errorf("calendar --symbol NOSUCH: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, dir, "export", "profiles"); code != 2 || !strings.Contains(stderr, "profiles") {
		t.Errorf("export profiles: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, dir, "export", "universe", "--base-url", "ftp://x/y"); code != 2 || !strings.Contains(stderr, "--base-url") {
		t.Errorf("--base-url ftp: exit %d, stderr %q", code, stderr)
	}
}
