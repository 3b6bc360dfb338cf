package access

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

func TestCreateKey(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if !strings.HasPrefix(secret, SecretPrefix) || err != nil || len(raw) != 32 {
		t.Fatalf("secret %q is not spk_ + base64url(32 bytes) (%v)", secret, err)
	}
	stored, err := h.keys.Key(t.Context(), key.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Hash != HashSecret(secret) || strings.Contains(stored.Hash, secret) {
		t.Errorf("stored hash %q is not SHA-256 of the secret", stored.Hash)
	}
	if stored.Prefix != secret[:8] || stored.Tier != spac.TierPro || !stored.CreatedAt.Equal(t0) {
		t.Errorf("stored key %+v", stored)
	}
	other, _ := h.newKey(spac.TierPro)
	if other == secret {
		t.Error("two keys share a secret")
	}
}

func TestCreateKeyRejectsBadInput(t *testing.T) {
	h := newHarness(t, nil)
	cases := []struct {
		name  string
		tier  spac.Tier
		param string
	}{
		{"", spac.TierFree, "name"},
		{strings.Repeat("n", 201), spac.TierFree, "name"},
		{"ok", "platinum", "tier"},
		{"ok", spac.TierAnonymous, "tier"},
	}
	for _, c := range cases {
		_, _, err := h.guard.Keys().Create(t.Context(), c.name, c.tier)
		var e *spac.Error
		if !asError(err, &e) || e.Code != spac.EINVALID || e.Param != c.param {
			t.Errorf("Create(%.10q, %q) = %v, want invalid %s", c.name, c.tier, err, c.param)
		}
	}
}

func TestRotateKey(t *testing.T) {
	h := newHarness(t, nil)
	oldSecret, old := h.newKey(spac.TierInstitutional)
	secret, key, err := h.guard.Keys().Rotate(t.Context(), old.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if key.ID == old.ID || key.Tier != old.Tier || key.Name != old.Name || secret == oldSecret {
		t.Errorf("rotated key %+v from %+v", key, old)
	}
	expectStatus(t, h.do("GET", "/v1/alerts/stream", oldSecret, ""), 401, "old key after rotation")
	expectStatus(t, h.do("GET", "/v1/alerts/stream", secret, ""), 200, "new key after rotation")
	if _, _, err := h.guard.Keys().Rotate(t.Context(), old.ID, 0); spac.ErrorCode(err) != spac.ECONFLICT {
		t.Errorf("rotating a revoked key: %v, want conflict", err)
	}
	if _, _, err := h.guard.Keys().Rotate(t.Context(), "key_nope", 0); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("rotating an unknown key: %v, want not found", err)
	}
}

func TestRevokeIsIdempotent(t *testing.T) {
	h := newHarness(t, nil)
	_, key := h.newKey(spac.TierFree)
	first, err := h.guard.Keys().Revoke(t.Context(), key.ID)
	if err != nil || !first.Revoked() {
		t.Fatalf("revoke: %+v %v", first, err)
	}
	h.clock.Advance(time.Hour)
	second, err := h.guard.Keys().Revoke(t.Context(), key.ID)
	if err != nil || !second.RevokedAt.Equal(*first.RevokedAt) {
		t.Errorf("second revoke changed the time: %v -> %v (%v)", first.RevokedAt, second.RevokedAt, err)
	}
}

func TestUsagePerDayPerEndpoint(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierInstitutional)
	h.do("GET", "/v1/universe", secret, "")
	h.do("GET", "/v1/universe", secret, "")
	h.do("GET", "/v1/alerts", secret, "")
	h.do("GET", "/v1/universe", "", "")          // anonymous: not this key's usage
	h.do("GET", "/v1/universe", "spk_wrong", "") // refused: not counted
	h.clock.Advance(24 * time.Hour)
	h.do("GET", "/v1/alerts/stream", secret, "")

	u, err := h.guard.Keys().Usage(t.Context(), key.ID, 3)
	if err != nil {
		t.Fatal(err)
	}
	if u.From != "2026-05-19" || u.To != "2026-05-21" || u.Total != 4 || len(u.Days) != 3 {
		t.Fatalf("usage %+v", u)
	}
	want := []map[string]int64{{}, {"/v1/universe": 2, "/v1/alerts": 1}, {"/v1/alerts/stream": 1}}
	for i, day := range u.Days {
		if len(day.Endpoints) != len(want[i]) {
			t.Errorf("day %s endpoints %v, want %v", day.Date, day.Endpoints, want[i])
		}
		for route, n := range want[i] {
			if day.Endpoints[route] != n {
				t.Errorf("day %s %s = %d, want %d", day.Date, route, day.Endpoints[route], n)
			}
		}
	}
	if routes := u.Routes(); len(routes) != 3 || routes[0] != "/v1/universe" {
		t.Errorf("routes by use: %v", routes)
	}
	if _, err := h.guard.Keys().Usage(t.Context(), key.ID, 0); spac.ErrorCode(err) != spac.EINVALID {
		t.Errorf("days=0: %v, want invalid", err)
	}
}

func TestUsageUsesRouteNameFromContext(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierFree)
	h.engine.GET("/v1/spac/:symbol", func(c *gin.Context) { c.Set(RouteKey, "spac.profile"); c.Next() },
		h.guard.Handler(spac.AuthOptional, spac.EntitleNone), echoCaller)
	h.do("GET", "/v1/spac/ABCD", secret, "")
	u, err := h.guard.Keys().Usage(t.Context(), key.ID, 1)
	if err != nil || u.Days[0].Endpoints["spac.profile"] != 1 {
		t.Errorf("usage %+v %v, want spac.profile counted", u, err)
	}
}

// TestUsageWithTheCounterStoreDown: a usage read whose pending counts cannot be written is
// unavailable (503, retry), not an internal error, and the counts are kept for the next read.
func TestUsageWithTheCounterStoreDown(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierInstitutional)
	h.do("GET", "/v1/universe", secret, "")
	h.counters.setFail(true)
	if _, err := h.guard.Keys().Usage(t.Context(), key.ID, 1); spac.ErrorCode(err) != spac.EUNAVAILABLE {
		t.Fatalf("usage with the store down: %v, want unavailable", err)
	}
	h.counters.setFail(false)
	if u, err := h.guard.Keys().Usage(t.Context(), key.ID, 1); err != nil || u.Total != 1 {
		t.Fatalf("usage once the store is back: %+v %v, want the request kept", u, err)
	}
}
