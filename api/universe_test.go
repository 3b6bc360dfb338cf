package api

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// TestPaginationWalk follows next until null and sees every row exactly once, under both
// prefixes, for each tabular route whose rows have an identity.
func TestPaginationWalk(t *testing.T) {
	s := New(newFixture(23).deps)
	cases := []struct{ path, id string }{
		{"/v1/universe?limit=5&sort=-trust_size", "cik"},
		{"/api/v1/universe?status=searching,combination_announced&limit=4", "cik"},
		{"/v1/calendar?limit=7", "id"},
		{"/api/v1/news?limit=3", "id"},
		{"/v1/search?q=alpha&limit=6", "cik"},
		{"/v1/changelog?limit=1", "version"},
	}
	for _, tc := range cases {
		seen := map[string]bool{}
		target, total := tc.path, -1
		for pages := 0; target != ""; pages++ {
			if pages > 50 {
				t.Fatalf("%s: no end", tc.path)
			}
			rec := do(t, s.Handler(), target)
			body := decode(t, rec)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %v", target, rec.Code, body)
			}
			rows := rowsOf(t, body)
			if int(body["count"].(float64)) != len(rows) {
				t.Fatalf("%s: count %v, rows %d", target, body["count"], len(rows))
			}
			total = int(body["total"].(float64))
			for _, r := range rows {
				id := r.(map[string]any)[tc.id].(string)
				if seen[id] {
					t.Fatalf("%s: row %s twice", tc.path, id)
				}
				seen[id] = true
			}
			target = nextTarget(t, tc.path, body, rec.Header().Get("Link"))
		}
		if len(seen) != total || total == 0 {
			t.Errorf("%s: saw %d rows, total %d", tc.path, len(seen), total)
		}
	}
}

// nextTarget is the next page's URL from the body's next, checked against the Link header.
func nextTarget(t *testing.T, first string, body map[string]any, link string) string {
	t.Helper()
	next, _ := body["next"].(string)
	if next == "" {
		if body["next"] != nil || link != "" {
			t.Fatalf("last page: next=%v Link=%q", body["next"], link)
		}
		return ""
	}
	u, _ := url.Parse(first)
	q := u.Query()
	q.Set("cursor", next)
	u.RawQuery = q.Encode()
	if !strings.Contains(link, "cursor="+url.QueryEscape(next)) || !strings.HasSuffix(link, `; rel="next"`) ||
		!strings.HasPrefix(link, "<http://example.com"+u.Path+"?") { // absolute: httptest's host
		t.Fatalf("Link %q does not mirror next %q", link, next)
	}
	return u.String()
}

func TestCursorOfAnotherQueryIs400(t *testing.T) {
	s := New(newFixture(10).deps)
	body := decode(t, do(t, s.Handler(), "/v1/universe?limit=2&status=searching"))
	next := body["next"].(string)
	wantProblem(t, do(t, s.Handler(), "/v1/universe?limit=2&status=combination_announced&cursor="+next), http.StatusBadRequest, spac.EINVALID, "cursor")
	wantProblem(t, do(t, s.Handler(), "/v1/calendar?cursor="+next), http.StatusBadRequest, spac.EINVALID, "cursor")
	// A different limit continues the same query.
	if rec := do(t, s.Handler(), "/v1/universe?status=searching&limit=3&cursor="+next); rec.Code != http.StatusOK {
		t.Errorf("limit change: %d %s", rec.Code, rec.Body.String())
	}
}

func TestUniverseFilters(t *testing.T) {
	s := New(newFixture(12).deps)
	cases := []struct {
		query string
		total int
	}{
		{"", 12},
		{"status=searching", 4},
		{"sector=technology,energy_transition", 8},
		{"sponsor=Acme Sponsor, LLC", 6},
		{"sponsor=acme sponsor, llc,Beta Holdings", 12},
		{"min_trust=150000000.00", 7},
		{"min_trust=120000000&max_trust=140000000", 3},
		{"ipo_from=2022-01-01", 6},
		{"deadline_before=2027-01-03", 2},
		{"q=AAA1", 3}, // AAA1, AAA10, AAA11
	}
	for _, tc := range cases {
		body := decode(t, do(t, s.Handler(), "/v1/universe?"+encodeQuery(tc.query)))
		if got := int(body["total"].(float64)); got != tc.total {
			t.Errorf("%s: total %d, want %d", tc.query, got, tc.total)
		}
	}
}

// encodeQuery escapes a readable a=b&c=d query.
func encodeQuery(q string) string {
	v := url.Values{}
	for _, kv := range strings.Split(q, "&") {
		if k, val, ok := strings.Cut(kv, "="); ok {
			v.Add(k, val)
		}
	}
	return v.Encode()
}

func TestUniverseFieldsSelection(t *testing.T) {
	s := New(newFixture(3).deps)
	body := decode(t, do(t, s.Handler(), "/v1/universe?fields=symbol,trust_size,tickers"))
	for _, r := range rowsOf(t, body) {
		row := r.(map[string]any)
		if len(row) != 4 || row["symbol"] == nil || row["trust_size"] == nil || row["tickers"] == nil {
			t.Fatalf("row keys: %v", row)
		}
		cites := row["citations"].([]any)
		var fields []string
		for _, c := range cites {
			fields = append(fields, c.(map[string]any)["field"].(string))
		}
		if strings.Join(fields, ",") != "trust_size,ticker_shares" {
			t.Errorf("citations of the selection: %v", fields)
		}
	}
}

func TestUniverseFacets(t *testing.T) {
	s := New(newFixture(6).deps)
	body := decode(t, do(t, s.Handler(), "/v1/universe?facets=status,sector&limit=1"))
	facets, ok := body["facets"].(map[string]any)
	if !ok || len(facets) != 2 {
		t.Fatalf("facets: %v", body["facets"])
	}
	status := facets["status"].([]any)
	counts := map[string]float64{}
	for _, b := range status {
		m := b.(map[string]any)
		counts[m["value"].(string)] = m["count"].(float64)
	}
	if counts["searching"] != 2 || counts["combination_announced"] != 4 {
		t.Errorf("status facet over all matches, not the page: %v", counts)
	}
	if _, ok := decode(t, do(t, s.Handler(), "/v1/universe"))["facets"]; ok {
		t.Errorf("facets present without being asked for")
	}
}

func TestUniverseEmptyRowsIsArray(t *testing.T) {
	s := New(newFixture(3).deps)
	rec := do(t, s.Handler(), "/v1/universe?q=zzz")
	if !strings.Contains(rec.Body.String(), `"rows":[]`) || !strings.Contains(rec.Body.String(), `"next":null`) {
		t.Errorf("empty page: %s", rec.Body.String())
	}
}
