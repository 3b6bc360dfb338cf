package access

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// TestTierTable checks every row of the tier table of docs/decisions.md: data scope (the Caller's
// Sample flag; package api turns it into X-Data-Scope), entitlements and the advertised limits.
func TestTierTable(t *testing.T) {
	const ok, unauth, forbidden = http.StatusOK, http.StatusUnauthorized, http.StatusForbidden
	rows := []struct {
		tier                                 spac.Tier
		scope, perMinute, perDay, policy     string
		universe, alerts, stream, news, hook int
	}{
		{spac.TierAnonymous, "sample", "30", "200", `"minute";q=30;w=60, "day";q=200;w=86400`, ok, unauth, unauth, ok, unauth},
		{spac.TierFree, "full", "60", "500", `"minute";q=60;w=60, "day";q=500;w=86400`, ok, ok, forbidden, ok, forbidden},
		{spac.TierIndie, "full", "60", "1000", `"minute";q=60;w=60, "day";q=1000;w=86400`, ok, ok, forbidden, ok, forbidden},
		{spac.TierPro, "full", "120", "10000", `"minute";q=120;w=60, "day";q=10000;w=86400`, ok, ok, forbidden, ok, forbidden},
		{spac.TierInstitutional, "full", "600", "100000", `"minute";q=600;w=60, "day";q=100000;w=86400`, ok, ok, ok, ok, ok},
		{spac.TierTeam, "full", "1200", "100000", `"minute";q=1200;w=60, "day";q=100000;w=86400`, ok, ok, ok, ok, ok},
		{spac.TierEnterprise, "full", "", "", "", ok, ok, ok, ok, ok}, // unlimited: no pair at all
	}
	for _, row := range rows {
		t.Run(string(row.tier), func(t *testing.T) {
			h := newHarness(t, nil)
			secret := ""
			if row.tier != spac.TierAnonymous {
				secret, _ = h.newKey(row.tier)
			}
			for path, want := range map[string]int{
				"/v1/universe": row.universe, "/v1/alerts": row.alerts, "/v1/alerts/stream": row.stream,
				"/v1/news/stream": row.news, "/api/webhooks": row.hook,
			} {
				expectStatus(t, h.do("GET", path, secret, ""), want, path)
			}
			rec := h.do("GET", "/v1/universe", secret, "")
			var caller spac.Caller
			if err := json.Unmarshal(rec.Body.Bytes(), &caller); err != nil {
				t.Fatal(err)
			}
			if caller.Tier != row.tier || caller.Sample != (row.scope == "sample") {
				t.Errorf("caller = %+v, want tier %s scope %s", caller, row.tier, row.scope)
			}
			expectHeader(t, rec, "X-RateLimit-Limit-Minute", row.perMinute)
			expectHeader(t, rec, "X-RateLimit-Limit-Day", row.perDay)
			expectHeader(t, rec, "RateLimit-Policy", row.policy)
		})
	}
}

// TestForbiddenCarriesLimitHeadersWithoutConsuming: a 403 shows the key's limits but uses no quota.
func TestForbiddenCarriesLimitHeadersWithoutConsuming(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierFree)
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 200, "universe")
	rec := h.do("GET", "/v1/alerts/stream", secret, "")
	expectStatus(t, rec, 403, "free key on alerts stream")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "59")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "499")
	if body := rec.Body.String(); !strings.Contains(body, "forbidden") || !strings.Contains(body, "streams") {
		t.Errorf("403 body %s should name the missing entitlement", body)
	}
}

func TestAnonymousIsSampleScoped(t *testing.T) {
	h := newHarness(t, nil)
	rec := h.do("GET", "/v1/universe", "", "")
	expectStatus(t, rec, 200, "anonymous universe")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "199")
	expectHeader(t, rec, "RateLimit", `"minute";r=29;t=40, "day";r=199;t=43180`)
	expectHeader(t, rec, "X-RateLimit-Reset", "40")
}

func TestRevokedKeyRefusedOnNextRequest(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	expectStatus(t, h.do("GET", "/v1/alerts", secret, ""), 200, "before revocation")
	if _, err := h.guard.Keys().Revoke(t.Context(), key.ID); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/v1/alerts", "/v1/universe"} {
		rec := h.do("GET", path, secret, "")
		expectStatus(t, rec, 401, "revoked key on "+path)
		expectHeader(t, rec, "WWW-Authenticate", `Bearer realm="spac-data-api", error="invalid_token"`)
		if !strings.Contains(rec.Body.String(), "revoked") {
			t.Errorf("body %s should say the key is revoked", rec.Body.String())
		}
	}
}

func TestInvalidKeyIs401EvenOnOptionalRoutes(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierFree)
	cases := map[string]string{
		"unknown key":  "Bearer spk_notakey",
		"tampered key": "Bearer " + secret[:len(secret)-1] + "x",
		"basic scheme": "Basic dXNlcjpwYXNz",
		"empty bearer": "Bearer ",
		"two tokens":   "Bearer a b",
		"scheme only":  "Bearer",
	}
	for name, header := range cases {
		req := newRequest("GET", "/v1/universe", header)
		rec := serve(h.engine, req)
		expectStatus(t, rec, 401, name)
		if strings.Contains(rec.Body.String(), secret) || strings.Contains(rec.Body.String(), "notakey") {
			t.Errorf("%s: 401 body echoes the key: %s", name, rec.Body.String())
		}
		if rec.Header().Get("X-Data-Scope") != "" {
			t.Errorf("%s: a refused request must not be given a data scope", name)
		}
	}
	expectStatus(t, h.do("GET", "/v1/universe", "bearer-case-"+secret, ""), 401, "prefixed secret")
	req := newRequest("GET", "/v1/universe", "bearer "+secret)
	expectStatus(t, serve(h.engine, req), 200, "lower-case scheme")
}

func TestRequiredWithoutKey(t *testing.T) {
	h := newHarness(t, nil)
	for _, path := range []string{"/v1/alerts", "/v1/alerts/stream", "/api/webhooks", "/v1/account"} {
		rec := h.do("GET", path, "", "")
		expectStatus(t, rec, 401, path)
		expectHeader(t, rec, "WWW-Authenticate", `Bearer realm="spac-data-api"`)
		expectHeader(t, rec, "X-RateLimit-Limit-Day", "200") // the anonymous subject is known
		expectHeader(t, rec, "X-RateLimit-Remaining-Day", "200")
	}
}

func TestAdminToken(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierEnterprise)
	expectStatus(t, h.do("GET", "/admin/keys", "", ""), 401, "no token")
	expectStatus(t, h.do("GET", "/admin/keys", "wrong", ""), 401, "wrong token")
	expectStatus(t, h.do("GET", "/admin/keys", secret, ""), 401, "an API key is not the admin token")
	expectStatus(t, h.do("GET", "/admin/keys", testAdminToken, ""), 200, "admin token")

	disabled := newEngine(newTestGuard(t, Config{}, h.keys, h.counters))
	expectStatus(t, serve(disabled, newRequest("GET", "/admin/keys", "Bearer ")), 401, "admin disabled, empty bearer")
	expectStatus(t, serve(disabled, newRequest("GET", "/admin/keys", "")), 401, "admin disabled, no header")
}

func TestStoreFailureIsUnavailable(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierFree)
	h.counters.setFail(true)
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 503, "counter store down")
	if strings.Contains(rec.Body.String(), errStoreDown.Error()) {
		t.Errorf("body leaks the store error: %s", rec.Body.String())
	}
}

func TestUnknownTierKeyIsForbidden(t *testing.T) {
	h := newHarness(t, nil)
	_ = h.keys.PutKey(t.Context(), spac.APIKey{ID: "key_x", Tier: "platinum", Hash: HashSecret("spk_platinum")})
	expectStatus(t, h.do("GET", "/v1/universe", "spk_platinum", ""), 403, "key of an unconfigured tier")
}

func TestAnonymousLackingEntitlementOnOptionalRouteIs401(t *testing.T) {
	h := newHarness(t, nil)
	h.engine.GET("/v1/odd", h.guard.Handler(spac.AuthOptional, spac.EntitleAlerts), echoCaller)
	rec := h.do("GET", "/v1/odd", "", "")
	expectStatus(t, rec, 401, "anonymous on an optional alerts route")
	expectHeader(t, rec, "WWW-Authenticate", `Bearer realm="spac-data-api"`)
}

func TestUnknownAuthModePanicsAtRegistration(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Handler accepted an unknown auth mode")
		}
	}()
	newHarness(t, nil).guard.Handler("sometimes", spac.EntitleNone)
}
