package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// issueKey creates a key of the tier through the admin API and returns its secret and id.
func (ts *testServer) issueKey(t *testing.T, tier string) (secret, id string) {
	t.Helper()
	code, _, b := ts.do(t, http.MethodPost, "/v1/admin/keys", ts.admin, `{"name":"sheet","tier":"`+tier+`"}`)
	var issued struct {
		Key struct {
			ID string `json:"id"`
		} `json:"key"`
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(b, &issued); code != http.StatusCreated || err != nil {
		t.Fatalf("create key: %d %s", code, b)
	}
	return issued.Secret, issued.Key.ID
}

// exportLink makes an export link with the key and returns its URL's path and query.
func (ts *testServer) exportLink(t *testing.T, key, body string) (target, id string) {
	t.Helper()
	code, _, b := ts.do(t, http.MethodPost, "/v1/account/export-links", key, body)
	var made struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	}
	if err := json.Unmarshal(b, &made); code != http.StatusCreated || err != nil || !strings.HasPrefix(made.URL, ts.base+"/v1/links/") {
		t.Fatalf("create export link: %d %s", code, b)
	}
	return strings.TrimPrefix(made.URL, ts.base), made.ID
}

// TestExportLinkServesASpreadsheet: a link fetched with no Authorization header serves the
// CSV its key would get, counted as the key's usage, with an ETag; it stops working when
// deleted or when its key is revoked, and never serves another export.
func TestExportLinkServesASpreadsheet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server on the fixture corpus")
	}
	t.Parallel()
	ts := startServer(t, nil)
	key, keyID := ts.issueKey(t, "pro")
	target, id := ts.exportLink(t, key, `{"route":"universe","params":{"status":"searching","sort":"symbol"},"ttl":"7d"}`)
	code, h, csv := ts.do(t, http.MethodGet, target, "", "")
	_, _, keyed := ts.do(t, http.MethodGet, "/v1/universe?status=searching&sort=symbol&format=csv", key, "")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") || string(csv) != string(keyed) ||
		h.Get("X-Data-Scope") != "full" || h.Get("X-Ratelimit-Limit-Day") != "10000" || strings.Count(string(csv), "\n") < 2 {
		t.Fatalf("link: %d %s scope %q limit %q; body equal to the keyed CSV: %v", code, h.Get("Content-Type"),
			h.Get("X-Data-Scope"), h.Get("X-Ratelimit-Limit-Day"), string(csv) == string(keyed))
	}
	served := revalidate(t, ts, target, h.Get("ETag"))
	var usage struct {
		Days []struct {
			Endpoints map[string]int64 `json:"endpoints"`
		} `json:"days"`
	}
	ts.getJSON(t, "/v1/account/usage?days=1", key, http.StatusOK, &usage)
	if n := usage.Days[0].Endpoints["link_universe"]; n != served {
		t.Errorf("the key's usage counts %d link_universe requests, want the %d answered 200 (a 304 is free)", n, served)
	}
	checkLinkRefusals(t, ts, key, target)
	var list struct {
		Rows []map[string]any `json:"rows"`
	}
	ts.getJSON(t, "/v1/account/export-links", key, http.StatusOK, &list)
	if len(list.Rows) != 1 || list.Rows[0]["id"] != id || list.Rows[0]["query"] != "sort=symbol&status=searching" {
		t.Errorf("list: %v", list.Rows)
	}
	if code, _, _ := ts.do(t, http.MethodDelete, "/v1/account/export-links/"+id, key, ""); code != http.StatusNoContent {
		t.Errorf("delete: %d", code)
	}
	if code, _, _ := ts.do(t, http.MethodGet, target, "", ""); code != http.StatusUnauthorized {
		t.Errorf("a deleted link: %d, want 401", code)
	}
	other, _ := ts.exportLink(t, key, `{"route":"alerts"}`)
	if code, _, _ := ts.do(t, http.MethodGet, other, "", ""); code != http.StatusOK {
		t.Fatalf("alerts link: %d", code)
	}
	ts.do(t, http.MethodDelete, "/v1/admin/keys/"+keyID, ts.admin, "")
	if code, _, _ := ts.do(t, http.MethodGet, other, "", ""); code != http.StatusUnauthorized {
		t.Errorf("a revoked key's link: %d, want 401", code)
	}
}

// checkLinkRefusals: a wrong token, another export's path and bad parameters are refused.
func checkLinkRefusals(t *testing.T, ts *testServer, key, target string) {
	t.Helper()
	u, _ := url.Parse(target)
	for path, want := range map[string]int{
		"/v1/links/universe.csv?token=spx_wrong":             http.StatusUnauthorized,
		"/v1/links/universe.csv":                             http.StatusUnauthorized,
		"/v1/links/news.csv?" + u.RawQuery:                   http.StatusNotFound,
		"/v1/links/universe.csv?" + u.RawQuery + "&status=x": http.StatusBadRequest,
	} {
		if code, _, b := ts.do(t, http.MethodGet, path, "", ""); code != want {
			t.Errorf("GET %s: %d, want %d (%s)", path, code, want, b)
		}
	}
	for body, param := range map[string]string{
		`{"route":"profile"}`: "route", `{"route":"universe","params":{"status":"bogus"}}`: "status",
		`{"route":"universe","params":{"nope":"1"}}`: "nope", `{"route":"news","ttl":"400d"}`: "ttl",
	} {
		code, _, b := ts.do(t, http.MethodPost, "/v1/account/export-links", key, body)
		if code != http.StatusBadRequest || !strings.Contains(string(b), `"param":"`+param+`"`) {
			t.Errorf("POST %s: %d %s, want 400 naming %s", body, code, b, param)
		}
	}
}

// revalidate sends the link's ETag back until it is answered 304 (the fixture server may still
// be folding in its first seconds, which changes the data version) and returns how many
// requests were answered 200, the first included.
func revalidate(t *testing.T, ts *testServer, target, tag string) int64 {
	t.Helper()
	for served := int64(1); served < 5; served++ {
		code, h, _ := ts.doWith(t, http.MethodGet, target, "", "", http.Header{"If-None-Match": {tag}})
		if code == http.StatusNotModified {
			return served
		}
		tag = h.Get("ETag")
	}
	t.Fatalf("the link's ETag %q never answered 304", tag)
	return 0
}
