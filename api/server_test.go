package api

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// TestEveryRouteUnderBothPrefixes calls each GET route of the table at each of its paths.
func TestEveryRouteUnderBothPrefixes(t *testing.T) {
	f := newFixture(5)
	s := New(f.deps)
	args := map[string]string{
		"profile": "/spac/AAA1", "search": "/search?q=alpha", "filing": "/filings/" + accessionOf(1),
		"filing_lines": "/filings/" + accessionOf(1) + "/lines?from=1&to=3",
		"citations":    "/citations?ref=1001-000000000000",
	}
	for _, r := range s.Routes() {
		if r.Method != http.MethodGet || r.Auth == spac.AuthRequired || r.Delivery != DeliveryREST {
			continue // live routes (keys, streams) are exercised in the end-to-end test
		}
		for _, p := range r.Paths() {
			target := p
			if a, ok := args[r.Name]; ok {
				prefix := strings.TrimSuffix(p, r.Path)
				target = prefix + a
			}
			rec := do(t, s.Handler(), target)
			if rec.Code != http.StatusOK {
				t.Errorf("%s %s: status %d: %s", r.Name, target, rec.Code, rec.Body.String())
				continue
			}
			body := decode(t, rec)
			if body["asOf"] == nil && r.Name != "openapi" { // an OpenAPI root admits no foreign keys
				t.Errorf("%s: no asOf", target)
			}
			if _, ok := body["rows"]; r.Tabular && !ok {
				t.Errorf("%s: tabular route without rows", target)
			}
			if rec.Header().Get("X-Request-Id") == "" {
				t.Errorf("%s: no X-Request-Id", target)
			}
		}
	}
}

func TestAsOfIsTheWatermark(t *testing.T) {
	s := New(newFixture(2).deps)
	for _, target := range []string{"/v1/universe", "/api/v1/spac/AAA0", "/v1/discover"} {
		body := decode(t, do(t, s.Handler(), target))
		if body["asOf"] != "2026-05-20T12:00:00Z" {
			t.Errorf("%s: asOf %v", target, body["asOf"])
		}
	}
}

func TestBadParametersAreProblemsNamingTheParam(t *testing.T) {
	s := New(newFixture(3).deps)
	cases := []struct{ target, param string }{
		{"/v1/universe?limit=abc", "limit"},
		{"/v1/universe?limit=0", "limit"},
		{"/api/v1/universe?limit=501", "limit"},
		{"/v1/universe?cursor=%21%21", "cursor"},
		{"/v1/universe?status=open", "status"},
		{"/v1/universe?status=searching,nope", "status"},
		{"/v1/universe?min_trust=1e9", "min_trust"},
		{"/v1/universe?min_trust=9&max_trust=1", "max_trust"},
		{"/v1/universe?ipo_from=2021-13-01", "ipo_from"},
		{"/v1/universe?ipo_from=2022-01-01&ipo_to=2021-01-01", "ipo_to"},
		{"/v1/universe?sort=price", "sort"},
		{"/v1/universe?fields=symbol,colour", "fields"},
		{"/v1/universe?min_ytm=-3", "min_ytm"},
		{"/v1/universe?min_redeemed_pct=50&max_redeemed_pct=10", "max_redeemed_pct"},
		{"/v1/calendar?to=2020-01-01", "to"},
		{"/v1/universe?facets=colour", "facets"},
		{"/v1/universe?bogus=1", "bogus"},
		{"/v1/spac/AAA0?limit=5", "limit"},
		{"/v1/calendar?type=party", "type"},
		{"/v1/calendar?from=2027-02-01&to=2027-01-01", "to"},
		{"/v1/calendar?from=tomorrow", "from"},
		{"/v1/search", "q"},
		{"/v1/search?q=" + strings.Repeat("x", 201), "q"},
		{"/v1/news?since=yesterday", "since"},
		{"/v1/filings/not-an-accession", "accession"},
		{"/v1/filings/" + accessionOf(0) + "/lines?from=0", "from"},
		{"/v1/filings/" + accessionOf(0) + "/lines?from=2501", "from"},
		{"/v1/filings/" + accessionOf(0) + "/lines?from=10&to=5", "to"},
		{"/v1/filings/" + accessionOf(0) + "/lines?from=1&to=1001", "to"},
		{"/v1/filings/" + accessionOf(0) + "/lines?from=x", "from"},
		{"/v1/discover?verbose=1", "verbose"},
	}
	for _, tc := range cases {
		t.Run(tc.target, func(t *testing.T) {
			p := wantProblem(t, do(t, s.Handler(), tc.target), http.StatusBadRequest, spac.EINVALID, tc.param)
			if !strings.Contains(p["detail"].(string), tc.param) {
				t.Errorf("detail %q does not name %s", p["detail"], tc.param)
			}
		})
	}
}

func TestUnknownPathAndMethod(t *testing.T) {
	s := New(newFixture(1).deps)
	wantProblem(t, do(t, s.Handler(), "/v1/nothing"), http.StatusNotFound, spac.ENOTFOUND, "")
	req := httptest.NewRequest(http.MethodDelete, "/v1/universe", nil)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	wantProblem(t, rec, http.StatusMethodNotAllowed, CodeMethodNotAllowed, "")
}

func TestRequestID(t *testing.T) {
	s := New(newFixture(1).deps)
	if got := do(t, s.Handler(), "/health", "X-Request-Id", "abc-123").Header().Get("X-Request-Id"); got != "abc-123" {
		t.Errorf("sane incoming id not kept: %q", got)
	}
	got := do(t, s.Handler(), "/health", "X-Request-Id", "bad id\"<script>").Header().Get("X-Request-Id")
	if got == "" || strings.ContainsAny(got, " \"<") {
		t.Errorf("insane incoming id not replaced: %q", got)
	}
}

// TestExtraRoutes mounts routes of other packages: a JSON handler choosing its status, a
// stream handler writing itself, a webhook route served under /api too, and a Guard error.
func TestExtraRoutes(t *testing.T) {
	f := newFixture(1)
	f.deps.Extra = []Route{
		{Name: "webhooks_extra", Method: http.MethodPost, Path: "/webhooks/extra", Auth: spac.AuthRequired,
			Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: func(c *gin.Context) (any, error) { c.Status(http.StatusCreated); return gin.H{"id": "w1"}, nil }},
		{Name: "extra_stream", Method: http.MethodGet, Path: "/extra/stream", Auth: spac.AuthRequired, Delivery: DeliverySSE,
			Params: []Param{{Name: "kind", In: InQuery, Type: TypeString}},
			Stream: func(c *gin.Context) { c.Data(http.StatusOK, "text/event-stream", []byte(": hi\n\n")) }},
		{Name: "denied", Method: http.MethodGet, Path: "/denied", Auth: spac.AuthRequired, Delivery: DeliveryREST,
			Stream: func(c *gin.Context) { _ = c.Error(spac.Errorf(spac.ERATELIMITED, "slow down")); c.Abort() }},
	}
	s := New(f.deps)
	for _, p := range []string{"/v1/webhooks/extra", "/api/v1/webhooks/extra", "/api/webhooks/extra"} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, p, strings.NewReader(`{}`)))
		if rec.Code != http.StatusCreated || decode(t, rec)["id"] != "w1" {
			t.Errorf("POST %s: %d %s", p, rec.Code, rec.Body.String())
		}
	}
	rec := do(t, s.Handler(), "/v1/extra/stream?kind=new_ipo")
	if rec.Body.String() != ": hi\n\n" {
		t.Errorf("stream body %q", rec.Body.String())
	}
	wantProblem(t, do(t, s.Handler(), "/v1/extra/stream?since=1"), http.StatusBadRequest, spac.EINVALID, "since")
	wantProblem(t, do(t, s.Handler(), "/v1/denied"), http.StatusTooManyRequests, spac.ERATELIMITED, "")
}

func TestPanicIsA500WithoutDetails(t *testing.T) {
	f := newFixture(1)
	var logs bytes.Buffer
	f.deps.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	f.deps.Extra = []Route{{Name: "boom", Method: http.MethodGet, Path: "/boom", Auth: spac.AuthOptional,
		Handler: func(*gin.Context) (any, error) { panic("secret detail") }},
		{Name: "fail", Method: http.MethodGet, Path: "/fail", Auth: spac.AuthOptional,
			Handler: func(*gin.Context) (any, error) { return nil, errors.New("db password wrong") }}}
	s := New(f.deps)
	for _, p := range []string{"/v1/boom", "/v1/fail"} {
		rec := do(t, s.Handler(), p)
		wantProblem(t, rec, http.StatusInternalServerError, spac.EINTERNAL, "")
		if strings.Contains(rec.Body.String(), "secret") || strings.Contains(rec.Body.String(), "password") {
			t.Errorf("%s leaks details: %s", p, rec.Body.String())
		}
	}
	if !strings.Contains(logs.String(), "secret detail") || !strings.Contains(logs.String(), "status=500") {
		t.Errorf("panic not logged: %s", logs.String())
	}
}

func TestCORS(t *testing.T) {
	s := New(newFixture(1).deps)
	req := httptest.NewRequest(http.MethodOptions, "/v1/universe", nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Method", "GET")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "Authorization") ||
		!strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "If-None-Match") {
		t.Fatalf("preflight: %d %v", rec.Code, rec.Header())
	}
	rec = do(t, s.Handler(), "/v1/universe", "Origin", "https://app.example")
	if h := rec.Header().Get("Access-Control-Expose-Headers"); !strings.Contains(h, "X-RateLimit-Remaining-Day") || !strings.Contains(h, "ETag") {
		t.Errorf("rate-limit headers or ETag not exposed: %v", rec.Header())
	}
	f := newFixture(1)
	f.deps.CORSOrigins = []string{"https://ok.example"}
	s = New(f.deps)
	if got := do(t, s.Handler(), "/v1/universe", "Origin", "https://evil.example").Header().Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("foreign origin allowed: %q", got)
	}
	if got := do(t, s.Handler(), "/v1/universe", "Origin", "https://ok.example").Header().Get("Access-Control-Allow-Origin"); got != "https://ok.example" {
		t.Errorf("configured origin: %q", got)
	}
}

func TestAccessLogNeverHasTheKey(t *testing.T) {
	f := newFixture(1)
	var logs bytes.Buffer
	f.deps.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	f.deps.Guard = StaticGuard{Caller: spac.Caller{KeyID: "key_42", Tier: spac.TierPro}}
	s := New(f.deps)
	do(t, s.Handler(), "/v1/universe?q=alpha", "Authorization", "Bearer sk_secret_value")
	out := logs.String()
	if !strings.Contains(out, `"key_id":"key_42"`) || !strings.Contains(out, `"route":"universe"`) || strings.Contains(out, "sk_secret_value") {
		t.Errorf("access log: %s", out)
	}
}

func TestHTTPServerTimeouts(t *testing.T) {
	hs := New(newFixture(1).deps).HTTPServer(":0")
	if hs.ReadHeaderTimeout == 0 || hs.IdleTimeout == 0 || hs.WriteTimeout != 0 || hs.Handler == nil {
		t.Errorf("timeouts: %+v", hs)
	}
}

// TestConcurrentRequests exercises the shared snapshot under the race detector while the
// watermark moves.
func TestConcurrentRequests(t *testing.T) {
	f := newFixture(6)
	f.deps.Guard = sampleCaller
	s := New(f.deps)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 20 {
				target := []string{"/v1/spac/NOPE", "/v1/discover", "/v1/universe", "/v1/calendar"}[(i+j)%4]
				if rec := do(t, s.Handler(), target); rec.Code >= 500 {
					t.Errorf("%s: %d", target, rec.Code)
				}
				if j == 10 {
					f.store.mu.Lock()
					f.store.watermark = f.store.watermark.Add(time.Second)
					f.store.mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}

// TestRealConnectionWithPastClock serves over a real connection with Deps.Now fixed in the
// past: write deadlines must follow the real clock, or every response would be cut off.
func TestRealConnectionWithPastClock(t *testing.T) {
	f := newFixture(2)
	f.deps.Now = func() time.Time { return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC) }
	srv := httptest.NewServer(New(f.deps).Handler())
	defer srv.Close()
	for _, p := range []string{"/v1/universe", "/health", "/v1/openapi.json", "/v1/spac/NOPE"} {
		resp, err := srv.Client().Get(srv.URL + p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", p, resp.StatusCode)
		}
	}
}
