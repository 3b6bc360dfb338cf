package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/openapicheck"
)

// openAPIDoc is the document the live fixture (every route, account and admin included)
// serves, decoded.
type openAPIDoc struct {
	Servers []struct {
		URL string `json:"url"`
	} `json:"servers"`
	Paths      map[string]map[string]openAPIOp `json:"paths"`
	Components struct {
		Schemas map[string]json.RawMessage `json:"schemas"`
	} `json:"components"`
}

type openAPIOp struct {
	OperationID string                     `json:"operationId"`
	Aliases     []string                   `json:"x-aliases"`
	RequestBody json.RawMessage            `json:"requestBody"`
	Responses   map[string]json.RawMessage `json:"responses"`
}

func fetchOpenAPI(t *testing.T, s *Server, headers ...string) ([]byte, openAPIDoc) {
	t.Helper()
	rec := do(t, s.Handler(), "/v1/openapi.json", headers...)
	if rec.Code != http.StatusOK {
		t.Fatalf("openapi.json: %d %s", rec.Code, rec.Body.String())
	}
	var doc openAPIDoc
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return rec.Body.Bytes(), doc
}

// TestOpenAPIDocumentValidates checks the document with libopenapi-validator (OpenAPI 3.1
// meta-schema, references resolved).
func TestOpenAPIDocumentValidates(t *testing.T) {
	raw, _ := fetchOpenAPI(t, New(liveFixture(t).deps))
	if _, err := openapicheck.New(raw); err != nil {
		t.Fatal(err)
	}
}

// TestOpenAPIListsEachRouteOnce: one operation per route, at its /v1 path under the route's
// name; its other paths (/api/v1, /api/webhooks, /health) are named in x-aliases, not listed
// as paths of their own (generators would write every method and type twice).
func TestOpenAPIListsEachRouteOnce(t *testing.T) {
	s := New(liveFixture(t).deps)
	_, doc := fetchOpenAPI(t, s)
	ops := 0
	for _, r := range s.Routes() {
		op, ok := doc.Paths[openAPIPath(r.canonicalPath())][strings.ToLower(r.Method)]
		if !ok || op.OperationID != r.Name {
			t.Errorf("%s %s: operation %+v", r.Method, r.canonicalPath(), op)
			continue
		}
		ops++
		var want []string
		for _, p := range r.Paths() {
			if p != r.canonicalPath() {
				want = append(want, openAPIPath(p))
			}
		}
		if !slices.Equal(op.Aliases, want) {
			t.Errorf("%s: x-aliases %v, want %v", r.Name, op.Aliases, want)
		}
	}
	n := 0
	for p, item := range doc.Paths {
		if !strings.HasPrefix(p, "/v1/") {
			t.Errorf("path %s is not canonical", p)
		}
		n += len(item)
	}
	if n != ops || n != len(s.Routes()) {
		t.Errorf("%d operations in the document, %d routes", n, len(s.Routes()))
	}
	if r, _ := routeNamed(s, "profile"); !slices.Contains(r.Paths(), "/api/v1/spac/:symbol") {
		t.Errorf("profile is no longer served under /api/v1: %v", r.Paths())
	}
}

func routeNamed(s *Server, name string) (Route, bool) {
	for _, r := range s.Routes() {
		if r.Name == name {
			return r, true
		}
	}
	return Route{}, false
}

// TestOpenAPIDocumentsStatuses: each operation documents its success status with a typed
// body, and the error statuses the route can answer.
func TestOpenAPIDocumentsStatuses(t *testing.T) {
	s := New(liveFixture(t).deps)
	_, doc := fetchOpenAPI(t, s)
	want := map[string]int{"webhooks_create": 201, "admin_keys_create": 201, "admin_keys_rotate": 201,
		"webhooks_test": 202, "webhooks_redeliver": 202, "webhooks_delete": 204, "admin_webhooks_delete": 204,
		"export_links_create": 201, "export_links_delete": 204}
	for _, r := range s.Routes() {
		op := doc.Paths[openAPIPath("/v1"+r.Path)][strings.ToLower(r.Method)]
		status := want[r.Name]
		if status == 0 {
			status = http.StatusOK
		}
		ok, found := op.Responses[strconv.Itoa(status)]
		if !found {
			t.Errorf("%s: no %d response: %v", r.Name, status, keys(op.Responses))
			continue
		}
		if status != http.StatusNoContent && r.Name != "openapi" && r.Media == "" && !strings.Contains(string(ok), `"$ref":"#/components/schemas/`) {
			t.Errorf("%s: success body has no schema of its own: %s", r.Name, ok)
		}
		for _, code := range expectedErrors(r) {
			if _, found := op.Responses[code]; !found {
				t.Errorf("%s: no %s response", r.Name, code)
			}
		}
		if (r.Request != nil) != (op.RequestBody != nil) {
			t.Errorf("%s: request body %s", r.Name, op.RequestBody)
		}
	}
}

func expectedErrors(r Route) []string {
	out := []string{"400", "413", "503"}
	if r.Auth != AuthNone {
		out = append(out, "401", "429")
	}
	if slices.Contains([]string{"profile", "filing", "filing_lines", "webhooks_get", "admin_keys_revoke", "calendar", "news"}, r.Name) {
		out = append(out, "404")
	}
	if r.Entitlement == spac.EntitleAlerts || r.Entitlement == spac.EntitleWebhooks {
		out = append(out, "403")
	}
	if r.Name == "webhooks_create" {
		out = append(out, "422")
	}
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestOpenAPIComponentsAreTyped: the bodies of the main endpoints are described field by
// field from their Go types, not as bare objects.
func TestOpenAPIComponentsAreTyped(t *testing.T) {
	_, doc := fetchOpenAPI(t, New(liveFixture(t).deps))
	for name, fields := range map[string][]string{
		"SPAC":           {"cik", "symbol", "trust_size", "tickers", "citations"},
		"SPACPage":       {"asOf", "rows", "count", "total", "next", "facets"},
		"Profile":        {"asOf", "symbol", "offering", "votes", "status_history"},
		"Citation":       {"field", "accession", "line", "quote", "inputs"},
		"WebhookCreated": {"asOf", "id", "url", "events", "secret", "createdAt"},
		"Problem":        {"type", "title", "status", "code", "requestId"},
		"Health":         {"asOf", "status", "checks"},
		"Account":        {"asOf", "tier", "limits"},
		"Webhook":        {"id", "url", "events"},
		"WebhookBody":    {"asOf", "id", "url", "events"},
	} {
		var sch struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(doc.Components.Schemas[name], &sch); err != nil || sch.Properties == nil {
			t.Errorf("schema %s: %v %s", name, err, doc.Components.Schemas[name])
			continue
		}
		for _, f := range fields {
			if sch.Properties[f] == nil {
				t.Errorf("schema %s has no property %s", name, f)
			}
		}
	}
}

// TestOpenAPIServerIsTheOrigin: the server URL is where the client reached the service (and
// the second server the same origin's /api mount); a trusted proxy's forwarding headers are
// believed, anyone else's are not.
func TestOpenAPIServerIsTheOrigin(t *testing.T) {
	f := liveFixture(t)
	want := func(doc openAPIDoc, origin, why string) {
		t.Helper()
		if len(doc.Servers) != 2 || doc.Servers[0].URL != origin || doc.Servers[1].URL != origin+"/api" {
			t.Errorf("servers %+v, want %s and %s/api (%s)", doc.Servers, origin, origin, why)
		}
	}
	_, doc := fetchOpenAPI(t, New(f.deps), "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example")
	want(doc, "http://example.com", "httptest's host; forwarding headers of an untrusted peer ignored")
	f.deps.TrustedProxies = []string{"192.0.2.0/24"} // httptest's RemoteAddr is 192.0.2.1
	_, doc = fetchOpenAPI(t, New(f.deps), "X-Forwarded-Proto", "https", "X-Forwarded-Host", "api.example.org")
	want(doc, "https://api.example.org", "behind a trusted proxy")
}
