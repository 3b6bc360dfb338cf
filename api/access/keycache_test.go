package access

import (
	"context"
	"encoding/hex"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// TestKeyCacheServesRepeatedRequests: a key is read from the store once, then from the cache.
func TestKeyCacheServesRepeatedRequests(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierPro)
	h.count(5, secret)
	if n := h.keys.lookups.Load(); n != 1 {
		t.Errorf("%d store lookups for 5 requests, want 1", n)
	}
	h.count(2, "spk_unknown") // unknown secrets are never cached
	if n := h.keys.lookups.Load(); n != 3 {
		t.Errorf("%d store lookups after 2 unknown-key requests, want 3", n)
	}
}

// TestRevokeThroughKeysInvalidatesCachedKey: the admin API revokes through Keys, which drops the
// cached key, so the very next request is refused.
func TestRevokeThroughKeysInvalidatesCachedKey(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 200, "cached")
	expectStatus(t, h.do("DELETE", "/admin/keys/"+key.ID, testAdminToken, ""), 200, "revoke via admin API")
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 401, "next request after revocation")
}

// TestOutOfBandRevocationSeenWithinTTL: a revocation written to the store by another path is
// seen once the cached entry is DefaultKeyCacheTTL old.
func TestOutOfBandRevocationSeenWithinTTL(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 200, "cached")
	revoked := key
	at := t0
	revoked.RevokedAt = &at
	if err := h.keys.PutKey(t.Context(), revoked); err != nil { // behind the Guard's back
		t.Fatal(err)
	}
	h.clock.Advance(DefaultKeyCacheTTL - time.Second)
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 200, "within the TTL: still cached")
	h.clock.Advance(time.Second)
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 401, "TTL elapsed: store re-read")
	// Revoking an already revoked key through Keys also drops any cached copy at once.
	secret2, key2 := h.newKey(spac.TierPro)
	expectStatus(t, h.do("GET", "/v1/universe", secret2, ""), 200, "second key cached")
	revoked2 := key2
	revoked2.RevokedAt = &at
	_ = h.keys.PutKey(t.Context(), revoked2)
	if _, err := h.guard.Keys().Revoke(t.Context(), key2.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, h.do("GET", "/v1/universe", secret2, ""), 401, "revoked again through Keys")
}

// pausingKeys pauses one KeyByHash after it has read the store, until released.
type pausingKeys struct {
	*memKeys
	read, release chan struct{}
}

func (p *pausingKeys) KeyByHash(ctx context.Context, hash string) (spac.APIKey, error) {
	k, err := p.memKeys.KeyByHash(ctx, hash)
	if p.read != nil {
		close(p.read)
		<-p.release
		p.read = nil
	}
	return k, err
}

// TestLookupRacingRevocationDoesNotRecacheKey: a store read that began before a revocation
// must not put the pre-revocation key into the cache when it completes after it.
func TestLookupRacingRevocationDoesNotRecacheKey(t *testing.T) {
	keys := &pausingKeys{memKeys: newMemKeys()}
	counters := newMemCounters()
	g := newTestGuard(t, Config{}, keys, counters, WithClock(newClock(t0).Now), WithFlushInterval(0))
	engine := newEngine(g)
	secret, key, err := g.Keys().Create(t.Context(), "racy", spac.TierPro)
	if err != nil {
		t.Fatal(err)
	}
	keys.read, keys.release = make(chan struct{}), make(chan struct{})
	read := keys.read
	done := make(chan int)
	go func() { done <- serve(engine, newRequest("GET", "/v1/universe", "Bearer "+secret)).Code }()
	<-read // the request has read the key, not yet revoked
	if _, err := g.Keys().Revoke(t.Context(), key.ID); err != nil {
		t.Fatal(err)
	}
	close(keys.release)
	if code := <-done; code != 200 {
		t.Errorf("the request that began before the revocation: %d, want 200", code)
	}
	if code := serve(engine, newRequest("GET", "/v1/universe", "Bearer "+secret)).Code; code != 401 {
		t.Errorf("request after the revocation: %d, want 401 (stale key re-cached)", code)
	}
}

func TestSumSecretMatchesHashSecret(t *testing.T) {
	for _, secret := range []string{"", "spk_short", string(make([]byte, maxStackSecret)), string(make([]byte, maxStackSecret+1))} {
		sum := sumSecret(secret)
		if got := HashSecret(secret); got != hex.EncodeToString(sum[:]) {
			t.Errorf("len %d: sumSecret and HashSecret differ", len(secret))
		}
	}
}
