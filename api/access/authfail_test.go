package access

import (
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// TestFailedAuthenticationIsLimitedPerIP: an IP that keeps presenting bad credentials is
// answered 429 with Retry-After once it passes the limit (it used to get 401 forever); a
// valid key from the same IP is served, other IPs are not affected, and the next minute
// starts afresh.
func TestFailedAuthenticationIsLimitedPerIP(t *testing.T) {
	h := newHarness(t, nil)
	h.guard = newTestGuard(t, Config{AdminToken: testAdminToken, AuthFailuresPerMinute: 3}, h.keys, h.counters,
		WithClock(h.clock.Now), WithFlushInterval(0))
	h.engine = newEngine(h.guard)
	secret, _ := h.newKey(spac.TierFree)
	bad := []struct{ path, auth string }{
		{"/v1/universe", "Bearer spk_unknown"}, {"/v1/alerts", "Bearer a b"}, {"/admin/keys", "Bearer wrong-admin-token"},
	}
	for _, b := range bad {
		expectStatus(t, serve(h.engine, newRequest("GET", b.path, b.auth)), 401, "failure within the limit on "+b.path)
	}
	rec := serve(h.engine, newRequest("GET", "/v1/universe", "Bearer spk_unknown"))
	expectStatus(t, rec, 429, "fourth failure this minute")
	expectHeader(t, rec, "Retry-After", "40") // t0 is 40 s before the minute ends
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 200, "a valid key from the same IP")
	expectStatus(t, h.do("GET", "/v1/universe", "", ""), 200, "an anonymous request from the same IP")

	other := newRequest("GET", "/v1/universe", "Bearer spk_unknown")
	other.RemoteAddr = "198.51.100.9:4000"
	expectStatus(t, serve(h.engine, other), 401, "another IP")

	h.clock.Advance(40 * time.Second)
	expectStatus(t, serve(h.engine, newRequest("GET", "/v1/universe", "Bearer spk_unknown")), 401, "next minute")
}

// TestFailedAuthenticationUnlimitedByDefault: Config's zero value counts nothing.
func TestFailedAuthenticationUnlimitedByDefault(t *testing.T) {
	h := newHarness(t, nil)
	for range 50 {
		expectStatus(t, serve(h.engine, newRequest("GET", "/v1/universe", "Bearer spk_unknown")), 401, "unlimited")
	}
}
