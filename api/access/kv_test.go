package access

import (
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/kv"
)

// TestBadgerStorePersistsKeysAndCounters: a key, its rate windows and its usage survive closing
// and reopening the real Badger store.
func TestBadgerStorePersistsKeysAndCounters(t *testing.T) {
	dir := t.TempDir()
	db, err := kv.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, clock: newClock(t0)}
	start := func(db *kv.DB) {
		h.guard = newTestGuard(t, Config{Tiers: smallTiers()}, db, db, WithClock(h.clock.Now))
		h.engine = newEngine(h.guard)
	}
	start(db)
	secret, key := h.newKey(spac.TierFree)
	expectStatus(t, h.do("GET", "/v1/alerts", secret, ""), 200, "first request")
	expectStatus(t, h.do("GET", "/v1/alerts", secret, ""), 200, "second request")
	if err := h.guard.Close(); err != nil { // a graceful shutdown: counters written, then the store closed
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db, err = kv.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() }) // registered first, so it runs after the Guard's Close
	start(db)
	rec := h.do("GET", "/v1/alerts", secret, "")
	expectStatus(t, rec, 200, "third request after reopening")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "0")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "2")
	expectStatus(t, h.do("GET", "/v1/alerts", secret, ""), 429, "fourth request in the minute")
	u, err := h.guard.Keys().Usage(t.Context(), key.ID, 1)
	if err != nil || u.Days[0].Endpoints["/v1/alerts"] != 3 {
		t.Errorf("usage after reopening: %+v %v, want 3 admitted requests", u, err)
	}
	if _, err := h.guard.Keys().Revoke(t.Context(), key.ID); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(time.Minute) // next minute, so only the revocation can refuse
	expectStatus(t, h.do("GET", "/v1/alerts", secret, ""), 401, "revoked in Badger")
}

// BenchmarkGuardBadger is BenchmarkGuard over the in-memory Badger store (kv.Open("")).
func BenchmarkGuardBadger(b *testing.B) {
	db, err := kv.Open("")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	g, secret := benchGuard(b, db, db)
	runBench(b, benchEngine(g), "Bearer "+secret)
}

// BenchmarkGuardBadgerStoreLimiter is BenchmarkGuardBadger with the exact cross-replica
// StoreLimiter (three counter operations in Badger per request) for comparison.
func BenchmarkGuardBadgerStoreLimiter(b *testing.B) {
	db, err := kv.Open("")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	g, secret := benchGuard(b, db, db, WithLimiter(NewStoreLimiter(db)))
	runBench(b, benchEngine(g), "Bearer "+secret)
}

// BenchmarkHTTPGuardBadger is BenchmarkHTTPNoMiddleware behind the Guard over Badger.
func BenchmarkHTTPGuardBadger(b *testing.B) {
	db, err := kv.Open("")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	g, secret := benchGuard(b, db, db)
	runHTTPBench(b, benchEngine(g), "Bearer "+secret)
}
