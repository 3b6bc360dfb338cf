package access

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// DefaultKeyCacheTTL bounds how long a cached key is trusted without re-reading the KeyStore.
//
// Keys changed through Keys (Create, Revoke, Rotate; the admin HTTP routes use them) update the
// cache at once, so such a revocation is effective on the next request. The TTL only matters
// for a change written to the store by some other path, which is then seen within the TTL.
// With the Badger store no other process can write while the server runs (Badger locks its
// directory, so `spacd keys revoke` cannot open it): revoke keys on a running server through
// the admin API.
const DefaultKeyCacheTTL = 30 * time.Second

// keyCache maps the SHA-256 of a secret to the key the store holds for it. Only keys the store
// knows are cached (revoked ones too), so its size is bounded by the number of keys; unknown
// secrets always go to the store.
type keyCache struct {
	ttl time.Duration

	mu sync.RWMutex
	// epoch counts invalidations. A miss notes it before reading the store and fills the
	// cache only if it is unchanged, so a read that raced a revocation cannot re-insert the
	// key as it was before the revocation.
	epoch   uint64
	entries map[[sha256.Size]byte]cachedKey
}

// cachedKey is a key plus what the hot path derives from it, computed once.
type cachedKey struct {
	key     spac.APIKey
	subject string // rate-limit subject, "key:<id>"
	caller  spac.Caller
	boxed   any // caller boxed once for c.Set, which would otherwise allocate per request
	expires time.Time
}

func newKeyCache(ttl time.Duration) *keyCache {
	return &keyCache{ttl: ttl, entries: map[[sha256.Size]byte]cachedKey{}}
}

// get returns the cached key of sum if it is still fresh at now.
func (kc *keyCache) get(sum [sha256.Size]byte, now time.Time) (cachedKey, bool) {
	kc.mu.RLock()
	e, ok := kc.entries[sum]
	kc.mu.RUnlock()
	return e, ok && now.Before(e.expires)
}

// currentEpoch is noted by a miss before it reads the store.
func (kc *keyCache) currentEpoch() uint64 {
	kc.mu.RLock()
	defer kc.mu.RUnlock()
	return kc.epoch
}

// fill caches a key read from the store unless the cache was invalidated since epoch.
func (kc *keyCache) fill(sum [sha256.Size]byte, e cachedKey, epoch uint64) {
	kc.mu.Lock()
	defer kc.mu.Unlock()
	if kc.epoch != epoch {
		return
	}
	if len(kc.entries) >= maxCachedKeys {
		clear(kc.entries) // only reachable with a huge key table; refilling is just store reads
	}
	kc.entries[sum] = e
}

// maxCachedKeys caps the cache should the key table be enormous.
const maxCachedKeys = 1 << 16

// forget drops the key stored under hash (hex SHA-256), making the next request read the store.
// A hash that does not decode drops everything, which is always safe.
func (kc *keyCache) forget(hash string) {
	var sum [sha256.Size]byte
	n, err := hex.Decode(sum[:], []byte(hash))
	kc.mu.Lock()
	defer kc.mu.Unlock()
	kc.epoch++
	if err != nil || n != sha256.Size {
		clear(kc.entries)
		return
	}
	delete(kc.entries, sum)
}

// newCachedKey derives the hot-path values of a key read from the store at now, which acts as
// the key as (itself, or the key it was rotated into). A key whose secret stops working at a
// known time (a rotation's grace) is cached no longer than that.
func (kc *keyCache) newCachedKey(key, as spac.APIKey, sample bool, now time.Time) cachedKey {
	caller := spac.Caller{KeyID: as.ID, Tier: as.Tier, Sample: sample}
	expires := now.Add(kc.ttl)
	if key.RevokedAt != nil && key.ActiveAt(now) {
		caller.Until = *key.RevokedAt
		expires = minTime(expires, *key.RevokedAt)
	}
	return cachedKey{key: key, subject: "key:" + as.ID, caller: caller, boxed: caller, expires: expires}
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// maxStackSecret is the longest secret hashed without a heap copy (ours are 47 characters).
const maxStackSecret = 128

// sumSecret is the SHA-256 of a secret, copied through a stack buffer so the hot path does not
// allocate a []byte per request.
func sumSecret(secret string) [sha256.Size]byte {
	if len(secret) > maxStackSecret {
		return sha256.Sum256([]byte(secret))
	}
	var buf [maxStackSecret]byte
	n := copy(buf[:], secret)
	sum := sha256.Sum256(buf[:n])
	clear(buf[:n]) // do not leave key material on the stack
	return sum
}
