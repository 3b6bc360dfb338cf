package api

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// jsonRows pages a list route's JSON through limit=7 pages and returns every row as sent.
func jsonRows(t *testing.T, h http.Handler, path, query string, headers ...string) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	target := path + "?limit=7&" + query
	for range 100 {
		rec := do(t, h, target, headers...)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
		var pg struct {
			Rows []json.RawMessage `json:"rows"`
			Next *string           `json:"next"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &pg); err != nil {
			t.Fatal(err)
		}
		out = append(out, pg.Rows...)
		if pg.Next == nil {
			return out
		}
		target = path + "?limit=7&" + query + "&cursor=" + url.QueryEscape(*pg.Next)
	}
	t.Fatalf("%s: more than 100 pages", path)
	return nil
}

// exportOf requests an export and checks its status and headers.
func exportOf(t *testing.T, h http.Handler, target, wantType string, headers ...string) []byte {
	t.Helper()
	rec := do(t, h, target, headers...)
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, wantType) {
		t.Errorf("%s: Content-Type %q, want %s", target, ct, wantType)
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="spac-`) {
		t.Errorf("%s: Content-Disposition %q", target, cd)
	}
	if !strings.Contains(rec.Header().Get("Vary"), "Accept") {
		t.Errorf("%s: Vary %q lacks Accept", target, rec.Header().Get("Vary"))
	}
	return rec.Body.Bytes()
}

func parseCSV(t *testing.T, body []byte) (header []string, records []map[string]string) {
	t.Helper()
	all, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("the export is not CSV: %v\n%s", err, body)
	}
	if len(all) == 0 {
		t.Fatal("no header row")
	}
	for _, rec := range all[1:] {
		m := map[string]string{}
		for i, v := range rec {
			m[all[0][i]] = v
		}
		records = append(records, m)
	}
	return all[0], records
}

// TestUniverseCSVHasEveryRowOfTheJSONPages: one CSV request holds exactly the rows that
// paging the JSON route returns, in its order, with the JSON values and a source URL per
// cited field.
func TestUniverseCSVHasEveryRowOfTheJSONPages(t *testing.T) {
	h := New(newFixture(23).deps).Handler()
	for _, query := range []string{"sort=-trust_size", "status=searching&sort=symbol", "sector=energy_transition"} {
		rows := jsonRows(t, h, "/v1/universe", query)
		header, recs := parseCSV(t, exportOf(t, h, "/v1/universe?format=csv&"+query, "text/csv"))
		if len(recs) != len(rows) || len(rows) == 0 {
			t.Fatalf("%s: %d CSV records, %d JSON rows", query, len(recs), len(rows))
		}
		if header[0] != "cik" || !slices.Contains(header, "trust_size_source") || slices.Contains(header, "cik_source") {
			t.Errorf("header %v", header)
		}
		for i, raw := range rows {
			var row spac.SPAC
			if err := json.Unmarshal(raw, &row); err != nil {
				t.Fatal(err)
			}
			r := recs[i]
			if r["cik"] != "CIK"+string(row.CIK) || r["trust_size"] != row.TrustSize || r["sponsor"] != row.Sponsor ||
				r["tickers_previous"] != strings.Join(row.Tickers.Previous, " ") {
				t.Errorf("%s record %d: %v, JSON row %s", query, i, r, raw)
			}
			cite := row.Citations[slices.IndexFunc(row.Citations, func(c spac.Citation) bool { return c.Field == "trust_size" })]
			want := "http://example.com/filings/" + cite.Accession + "?line=" + itoa(cite.Line) + "#L" + itoa(cite.Line)
			if r["trust_size_source"] != want {
				t.Errorf("trust_size_source %q, want %q", r["trust_size_source"], want)
			}
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestUniverseNDJSONEqualsTheJSONRows: each NDJSON line is byte for byte the row the JSON
// page carries, in every citation mode and field selection.
func TestUniverseNDJSONEqualsTheJSONRows(t *testing.T) {
	h := New(newFixture(23).deps).Handler()
	for _, query := range []string{"sort=name", "citations=ref", "citations=none&fields=symbol,trust_size"} {
		rows := jsonRows(t, h, "/v1/universe", query)
		body := exportOf(t, h, "/v1/universe?"+query, "application/x-ndjson", "Accept", "application/x-ndjson")
		lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
		if len(lines) != len(rows) {
			t.Fatalf("%s: %d lines, %d rows", query, len(lines), len(rows))
		}
		for i := range rows {
			if lines[i] != string(rows[i]) {
				t.Errorf("%s line %d:\n%s\nJSON row:\n%s", query, i, lines[i], rows[i])
			}
		}
	}
}

// TestListExportsMatchTheirJSON: calendar, alerts and news export every row of their JSON
// pages (NDJSON line for row, CSV record for row).
func TestListExportsMatchTheirJSON(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	h := New(f.deps).Handler()
	for _, c := range []struct{ path, query string }{
		{"/v1/calendar", "from=2020-01-01"}, {"/v1/calendar", "from=2020-01-01&citations=none"},
		{"/v1/alerts", ""}, {"/v1/news", ""}, {"/v1/news", "source=wire"},
	} {
		rows := jsonRows(t, h, c.path, c.query)
		if len(rows) < 2 {
			t.Fatalf("%s?%s: %d rows: the test checks too little", c.path, c.query, len(rows))
		}
		lines := strings.Split(strings.TrimSuffix(string(exportOf(t, h, c.path+"?format=ndjson&"+c.query, "application/x-ndjson")), "\n"), "\n")
		for i := range max(len(lines), len(rows)) {
			if i >= len(lines) || i >= len(rows) || lines[i] != string(rows[i]) {
				t.Fatalf("%s?%s: NDJSON line %d differs from the JSON row (%d lines, %d rows)", c.path, c.query, i, len(lines), len(rows))
			}
		}
		header, recs := parseCSV(t, exportOf(t, h, c.path+"?"+c.query, "text/csv", "Accept", "text/csv;q=0.9, application/json;q=0.5"))
		if len(recs) != len(rows) || header[0] != "id" {
			t.Errorf("%s?%s: %d CSV records (header %v), %d rows", c.path, c.query, len(recs), header, len(rows))
		}
		for i, raw := range rows {
			var id struct{ ID string }
			_ = json.Unmarshal(raw, &id)
			if recs[i]["id"] != id.ID {
				t.Errorf("%s record %d: id %q, JSON %q", c.path, i, recs[i]["id"], id.ID)
			}
		}
	}
}

// TestSampleCallersExportOnlyTheSample: the export applies the caller's scope as the JSON
// route does.
func TestSampleCallersExportOnlyTheSample(t *testing.T) {
	f := newFixture(23)
	f.deps.Guard = sampleGuard()
	h := New(f.deps).Handler()
	_, recs := parseCSV(t, exportOf(t, h, "/v1/universe?format=csv", "text/csv"))
	var got []string
	for _, r := range recs {
		got = append(got, r["symbol"])
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"AAA0", "AAA1"}) {
		t.Errorf("a sample caller exported %v, want the sample AAA0, AAA1", got)
	}
	body := exportOf(t, h, "/v1/news?format=ndjson", "application/x-ndjson")
	if n := strings.Count(string(body), "\n"); n != 2 {
		t.Errorf("a sample caller exported %d articles, want the sample's 2:\n%s", n, body)
	}
}

// TestExportFormatNegotiation: a bad format is a 400 naming it; JSON stays the default for
// browsers and JSON clients; the ETag differs between the forms of one URL.
func TestExportFormatNegotiation(t *testing.T) {
	h := New(newFixture(5).deps).Handler()
	rec := do(t, h, "/v1/universe?format=xlsx")
	if rec.Code != http.StatusBadRequest || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/problem+json") ||
		decode(t, rec)["param"] != "format" {
		t.Errorf("format=xlsx: %d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	for _, accept := range []string{"", "text/html,application/xhtml+xml,*/*;q=0.8", "application/json", "text/csv;q=0, application/json"} {
		rec := do(t, h, "/v1/universe", "Accept", accept)
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Header().Get("Content-Disposition") != "" {
			t.Errorf("Accept %q: %s %q", accept, rec.Header().Get("Content-Type"), rec.Header().Get("Content-Disposition"))
		}
	}
	for accept, want := range map[string]string{
		"application/json;q=0.2, text/csv": "text/csv", "text/csv;q=0.4, application/x-ndjson;q=0.6": "application/x-ndjson",
		"text/csv;q=0.5, */*": "application/json", "text/csv;q=0.9, application/json;q=0.9": "text/csv",
	} {
		if ct := do(t, h, "/v1/universe", "Accept", accept).Header().Get("Content-Type"); !strings.HasPrefix(ct, want) {
			t.Errorf("Accept %q: Content-Type %q, want %s", accept, ct, want)
		}
	}
	if ct := do(t, h, "/v1/universe?format=json", "Accept", "text/csv").Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("format=json with Accept: text/csv: %q; the parameter wins", ct)
	}
	jsonTag := do(t, h, "/v1/universe").Header().Get("ETag")
	csvRec := do(t, h, "/v1/universe", "Accept", "text/csv")
	if csvRec.Header().Get("ETag") == jsonTag || jsonTag == "" {
		t.Errorf("JSON and CSV of one URL share the ETag %q", jsonTag)
	}
	if rec := do(t, h, "/v1/universe", "Accept", "text/csv", "If-None-Match", jsonTag); rec.Code == http.StatusNotModified {
		t.Error("the JSON ETag revalidated a CSV request")
	}
	if cd := csvRec.Header().Get("Content-Disposition"); cd != `attachment; filename="spac-universe-`+testWatermark.Format("2006-01-02")+`.csv"` {
		t.Errorf("Content-Disposition %q", cd)
	}
}

// vanishingIndex serves universe pages by CIK (RowIndex) and loses one row between the page
// and its read, as a SPAC deleted during an export would be.
type vanishingIndex struct {
	*memIndex
	gone spac.CIK
}

func (x vanishingIndex) UniverseCIKs(ctx context.Context, q spac.UniverseQuery) ([]spac.CIK, int, map[string][]spac.FacetCount, error) {
	page, err := x.Universe(ctx, q)
	ciks := make([]spac.CIK, len(page.Rows))
	for i, r := range page.Rows {
		ciks[i] = r.CIK
	}
	return ciks, page.Total, page.Facets, err
}

func (x vanishingIndex) Row(cik spac.CIK) (spac.SPAC, bool) {
	i := slices.IndexFunc(x.rows, func(r spac.SPAC) bool { return r.CIK == cik })
	if i < 0 || cik == x.gone {
		return spac.SPAC{}, false
	}
	return x.rows[i], true
}

// TestExportFailureAbortsTheResponse: a row that cannot be read after the first rows went out
// aborts the response (net/http then cuts the connection: the client sees a broken transfer),
// where finishing it would hand over a short file that looks complete.
func TestExportFailureAbortsTheResponse(t *testing.T) {
	f := newFixture(100)
	f.deps.Index = vanishingIndex{memIndex: f.index, gone: f.index.rows[80].CIK}
	h := New(f.deps).Handler()
	for _, format := range []string{"csv", "ndjson"} {
		rec := httptest.NewRecorder()
		func() {
			defer func() {
				if r := recover(); r != http.ErrAbortHandler {
					t.Errorf("format=%s: recovered %v, want http.ErrAbortHandler", format, r)
				}
			}()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/universe?sort=cik&format="+format, nil))
		}()
		if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), string(f.index.rows[80].CIK)) {
			t.Errorf("format=%s: %d, the lost row in the body", format, rec.Code)
		}
	}
}

// TestExportHead: HEAD answers an export's headers and no rows.
func TestExportHead(t *testing.T) {
	h := New(newFixture(5).deps).Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodHead, "/v1/universe?format=csv", nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
		rec.Header().Get("Content-Disposition") == "" || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d %q %q, %d body bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Content-Disposition"), rec.Body.Len())
	}
}

// TestSampleExportSaysSo: a keyless CSV is the sample, and says so in X-Data-Scope and in the
// name of the file it is saved as (a comment row would break CSV readers); a keyed one does not.
func TestSampleExportSaysSo(t *testing.T) {
	f := newFixture(8)
	anonymous := New(Deps{Filings: f.store, Profiles: f.store, Index: f.index, News: f.news, Now: f.deps.Now, Guard: sampleGuard()})
	rec := do(t, anonymous.Handler(), "/v1/universe?format=csv")
	day := testWatermark.Format("2006-01-02")
	if rec.Header().Get("X-Data-Scope") != "sample" || rec.Header().Get("Content-Disposition") != `attachment; filename="spac-universe-sample-`+day+`.csv"` {
		t.Errorf("keyless CSV: scope %q, %q", rec.Header().Get("X-Data-Scope"), rec.Header().Get("Content-Disposition"))
	}
	if n := strings.Count(rec.Body.String(), "\n"); n != 3 { // the header and the two sample SPACs
		t.Errorf("keyless CSV has %d lines, want 3", n)
	}
	full := do(t, New(f.deps).Handler(), "/v1/universe?format=csv")
	if full.Header().Get("X-Data-Scope") != "full" || strings.Contains(full.Header().Get("Content-Disposition"), "sample") {
		t.Errorf("full CSV: scope %q, %q", full.Header().Get("X-Data-Scope"), full.Header().Get("Content-Disposition"))
	}
}
