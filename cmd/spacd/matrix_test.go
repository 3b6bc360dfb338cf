package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// hostileValues are the values every query parameter of every route is tried with: blanks,
// numbers at and past the edges of int64 and float64, money beyond any trust, malformed dates,
// lists, control and invalid UTF-8 bytes, and forged cursors.
var hostileValues = []string{
	"", " ", "\t", "\n", " csv ", "CSV", "xml", "json", "ndjson",
	"-1", "0", "1", "501", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
	"1e308", "$1e308", "NaN", "Inf", "-0", "0.00001", strings.Repeat("9", 54),
	"abc", ",", ",,", "a,b", "searching,nope", "2024-02-30", "2024-01-01T00:00:00Z", "9999-12-31", "0000-01-01",
	"-trust_size", "ytm_pct", "status", "\x00", "\xc3\x28", "%", "../..", "<script>", strings.Repeat("x", 600),
	forgedCursor("9223372036854775807"), forgedCursor("9223372036854775700"), forgedCursor("-5"), "!!!",
}

func forgedCursor(offset string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(offset + ".0000000000000000"))
}

// matrixRoute is a route as GET /v1/discover describes it.
type matrixRoute struct {
	Name, Method, Delivery string
	Paths                  []string
	Params                 []struct{ Name, In string }
}

// TestRouteParameterMatrix: every GET route under every parameter it declares (and one it does
// not), with every hostile value, anonymous and with a key. No answer is a 5xx, and a 2xx is
// what the route serves: a JSON body that parses, or an export the request asked for - never
// an empty 200 (the audit's ?format=%20 panicked and answered 200 with no body) nor an NDJSON
// export labelled application/json. The server logs no panic.
func TestRouteParameterMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server on the fixture corpus")
	}
	t.Parallel()
	ts := startServer(t, map[string]string{"SPACD_LOG_LEVEL": "warn"})
	key := ts.createKey(t, "enterprise")
	var disc struct {
		Endpoints []matrixRoute `json:"endpoints"`
	}
	ts.getJSON(t, "/v1/discover", key, http.StatusOK, &disc)
	requests := 0
	for _, r := range disc.Endpoints {
		if r.Method != http.MethodGet || r.Delivery == "SSE" || strings.HasPrefix(r.Name, "admin_") {
			continue // streams never end, admin routes take no data parameters
		}
		path := concretePath(r.Paths[len(r.Paths)-1]) // "/v1/..."
		names := []string{"undeclared"}
		for _, p := range r.Params {
			if p.In == "query" {
				names = append(names, p.Name)
			}
		}
		for _, name := range names {
			for _, v := range hostileValues {
				for _, token := range []string{"", key} {
					requests++
					checkMatrixAnswer(t, ts, r.Name, path+"?"+url.Values{name: {v}}.Encode(), token, name, v)
				}
			}
		}
	}
	requests += forgedCursors(t, ts, key, disc.Endpoints)
	if log := ts.stderr.String(); strings.Contains(log, "panic") {
		t.Errorf("the server logged a panic:\n%s", log)
	}
	t.Logf("%d requests over %d routes", requests, len(disc.Endpoints))
}

// forgedCursors continues every tabular route's first page with cursors that keep the page's
// query key but carry offsets near 2^63 (the audit's 500: offset + limit overflowed).
func forgedCursors(t *testing.T, ts *testServer, key string, routes []matrixRoute) int {
	t.Helper()
	requests := 0
	queries := map[string]string{"search": "q=a&"}
	for _, r := range routes {
		tabular := false
		for _, p := range r.Params {
			tabular = tabular || p.Name == "cursor"
		}
		if r.Method != http.MethodGet || !tabular || strings.HasPrefix(r.Name, "admin_") {
			continue
		}
		base := concretePath(r.Paths[len(r.Paths)-1]) + "?" + queries[r.Name]
		var first struct{ Next *string }
		ts.getJSON(t, base+"limit=1", key, http.StatusOK, &first)
		if first.Next == nil {
			continue
		}
		raw, _ := base64.RawURLEncoding.DecodeString(*first.Next)
		_, qkey, _ := strings.Cut(string(raw), ".")
		for _, off := range []string{"9223372036854775807", "9223372036854775307", "4611686018427387904", "2147483647"} {
			cur := base64.RawURLEncoding.EncodeToString([]byte(off + "." + qkey))
			for _, limit := range []string{"1", "500"} {
				requests++
				checkMatrixAnswer(t, ts, r.Name, base+"limit="+limit+"&cursor="+cur, key, "cursor", off)
			}
		}
	}
	return requests
}

// concretePath fills a route's path parameters with values the fixture corpus serves.
func concretePath(p string) string {
	r := strings.NewReplacer(":symbol", "BWLA", "{symbol}", "BWLA", ":accession", "0001700001-21-000012", "{accession}", "0001700001-21-000012",
		":id", "x", "{id}", "x")
	return r.Replace(p)
}

func checkMatrixAnswer(t *testing.T, ts *testServer, route, target, token, param, value string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.base+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", route, target, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	ct := resp.Header.Get("Content-Type")
	switch {
	case err != nil:
		t.Errorf("%s %s=%q: body cut: %v", route, param, value, err)
	case resp.StatusCode >= 500:
		t.Errorf("%s %s=%q: %d %s", route, param, value, resp.StatusCode, body)
	case resp.StatusCode >= 300:
	case len(bytes.TrimSpace(body)) == 0:
		t.Errorf("%s %s=%q: %d with an empty body", route, param, value, resp.StatusCode)
	case strings.HasPrefix(ct, "application/json") && !json.Valid(body):
		t.Errorf("%s %s=%q: %d labelled %s but not one JSON value: %.200s", route, param, value, resp.StatusCode, ct, body)
	case !strings.HasPrefix(ct, "application/json") && !askedExport(param, value):
		t.Errorf("%s %s=%q: %d as %s, not asked for", route, param, value, resp.StatusCode, ct)
	}
}

// askedExport reports whether the request asked for an export (format=csv|ndjson, trimmed).
func askedExport(param, value string) bool {
	v := strings.TrimSpace(value)
	return param == "format" && (v == "csv" || v == "ndjson")
}
