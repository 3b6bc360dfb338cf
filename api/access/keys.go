package access

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spacdata/spac"
)

// Key secrets are "spk_" + base64url (no padding) of 32 random bytes; Prefix is their first 8
// characters. Key IDs are "key_" + 24 hex characters.
const (
	SecretPrefix  = "spk_"
	prefixLen     = 8
	maxKeyNameLen = 200
)

// Keys is the key lifecycle service behind `spacd keys ...` and the admin HTTP routes.
type Keys struct {
	store    spac.KeyStore
	counters spac.CounterStore
	tiers    map[spac.Tier]TierLimits
	now      func() time.Time
	random   io.Reader

	// Set when the Keys belongs to a Guard: the Guard's key cache, updated on every change,
	// and its counter flush, run before usage is read so the report includes unflushed counts.
	cache *keyCache
	flush func(context.Context) error
	// retire is told every revocation and rotation (OnRetire).
	retire RetireFunc
}

// NewKeys returns the key service (a Guard exposes one sharing its stores via Guard.Keys).
func NewKeys(store spac.KeyStore, counters spac.CounterStore, cfg Config, opts ...Option) *Keys {
	return newKeys(store, counters, cfg.tiers(), buildOptions(opts))
}

func newKeys(store spac.KeyStore, counters spac.CounterStore, tiers map[spac.Tier]TierLimits, o options) *Keys {
	return &Keys{store: store, counters: counters, tiers: tiers, now: o.now, random: rand.Reader}
}

// Limits returns the limits of a tier and whether the tier exists.
func (k *Keys) Limits(tier spac.Tier) (TierLimits, bool) {
	lim, ok := k.tiers[tier]
	return lim, ok
}

// Create makes a key. The secret is returned once and stored only as its hash.
func (k *Keys) Create(ctx context.Context, name string, tier spac.Tier) (string, spac.APIKey, error) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > maxKeyNameLen || !utf8.ValidString(name) {
		return "", spac.APIKey{}, spac.InvalidParam("name", "name must be 1-%d characters of UTF-8", maxKeyNameLen)
	}
	if _, ok := k.tiers[tier]; !ok || tier == spac.TierAnonymous {
		return "", spac.APIKey{}, spac.InvalidParam("tier", "unknown tier %q; one of %s", tier, strings.Join(k.tierNames(), ", "))
	}
	secret, err := k.randomString(32, base64.RawURLEncoding.EncodeToString)
	if err != nil {
		return "", spac.APIKey{}, err
	}
	id, err := k.randomString(12, hex.EncodeToString)
	if err != nil {
		return "", spac.APIKey{}, err
	}
	secret = SecretPrefix + secret
	key := spac.APIKey{
		ID: "key_" + id, Name: name, Tier: tier, Hash: HashSecret(secret),
		Prefix: secret[:prefixLen], CreatedAt: k.now().UTC().Truncate(time.Second),
	}
	if err := k.store.PutKey(ctx, key); err != nil {
		return "", spac.APIKey{}, fmt.Errorf("store key: %w", err)
	}
	k.forget(key.Hash) // nothing is cached under a new hash today; this keeps it so if misses are ever cached
	return secret, key, nil
}

func (k *Keys) randomString(n int, encode func([]byte) string) (string, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(k.random, b); err != nil {
		return "", fmt.Errorf("random key material: %w", err)
	}
	return encode(b), nil
}

// tierNames lists the tiers a key may have, in table order (by per-day limit, unlimited last).
func (k *Keys) tierNames() []string {
	var names []string
	for t := range k.tiers {
		if t != spac.TierAnonymous {
			names = append(names, string(t))
		}
	}
	rank := func(t string) int {
		if d := k.tiers[spac.Tier(t)].PerDay; d > 0 {
			return d
		}
		return int(^uint(0) >> 1)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, rj := rank(names[i]), rank(names[j])
		return ri < rj || ri == rj && names[i] < names[j]
	})
	return names
}

// List returns every key (revoked ones included), oldest first.
func (k *Keys) List(ctx context.Context) ([]spac.APIKey, error) {
	keys, err := k.store.Keys(ctx)
	if err != nil {
		return nil, err
	}
	sort.Slice(keys, func(i, j int) bool {
		if !keys[i].CreatedAt.Equal(keys[j].CreatedAt) {
			return keys[i].CreatedAt.Before(keys[j].CreatedAt)
		}
		return keys[i].ID < keys[j].ID
	})
	return keys, nil
}

// Get returns one key (ENOTFOUND when unknown).
func (k *Keys) Get(ctx context.Context, id string) (spac.APIKey, error) {
	key, err := k.store.Key(ctx, id)
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return key, spac.Errorf(spac.ENOTFOUND, "no key with id %q", id)
	}
	return key, err
}

// Revoke revokes a key; it is refused from the next request on, and the OnRetire hook has
// stopped what the key set going (its webhooks, its open streams) before Revoke returns.
// Revoking twice is harmless, keeps the first revocation time and runs the hook again (so a
// revocation whose hook failed is completed by repeating it).
func (k *Keys) Revoke(ctx context.Context, id string) (spac.APIKey, error) {
	key, err := k.Get(ctx, id)
	if err != nil {
		return key, err
	}
	now := k.now().UTC().Truncate(time.Second)
	if !key.Revoked() || key.ActiveAt(now) { // never revoked, or rotated with a grace still running
		key.RevokedAt = &now
		if err := k.store.PutKey(ctx, key); err != nil {
			return spac.APIKey{}, fmt.Errorf("store key: %w", err)
		}
	}
	k.forget(key.Hash) // perhaps revoked in the store behind the cache's back: drop it now
	if err := k.tellRetired(ctx, Retirement{KeyID: id, At: now}); err != nil {
		return key, err
	}
	return key, nil
}

// Changed is told a key the store changed behind this service's back (a replica applying its
// writer's change): the cache forgets it, so a revocation made through another node holds here
// from the next request rather than after the cache's TTL.
func (k *Keys) Changed(key spac.APIKey) { k.forget(key.Hash) }

// forget drops a changed key from the Guard's cache, so the next request reads the store.
func (k *Keys) forget(hash string) {
	if k.cache != nil {
		k.cache.forget(hash)
	}
}

// Usage returns the key's requests per UTC day and endpoint over the last `days` days
// (1..MaxUsageDays), today included.
func (k *Keys) Usage(ctx context.Context, id string, days int) (Usage, error) {
	if _, err := k.Get(ctx, id); err != nil {
		return Usage{}, err
	}
	return k.usage(ctx, id, days)
}

// usage reads a key's usage after writing the Guard's pending counts to the store.
func (k *Keys) usage(ctx context.Context, id string, days int) (Usage, error) {
	if k.flush != nil {
		if err := k.flush(ctx); err != nil {
			// The store is out of reach (a cluster's NATS): the counts stay pending, and the
			// caller is told to retry (503), not that the service failed.
			return Usage{}, errors.Join(spac.Errorf(spac.EUNAVAILABLE, "usage counts cannot be written now; retry"),
				fmt.Errorf("usage of %s: %w", id, err))
		}
	}
	return readUsage(ctx, k.counters, id, days, k.now())
}
