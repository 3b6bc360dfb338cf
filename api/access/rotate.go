package access

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// MaxRotationGrace bounds how long a rotated key's old secret may keep working.
const MaxRotationGrace = 7 * 24 * time.Hour

// Retirement is a key leaving service: revoked (Successor empty) or rotated into Successor.
// At is when its secret stops working: now, or the end of a rotation's grace period.
type Retirement struct {
	KeyID     string
	Successor string
	At        time.Time
}

// RetireFunc is told every revocation and rotation before Revoke or Rotate returns; an error
// fails the call. cmd/spacd moves or disables the key's webhooks and closes its streams.
type RetireFunc func(ctx context.Context, r Retirement) error

// OnRetire sets the hook told every revocation and rotation (call it before serving).
func (k *Keys) OnRetire(fn RetireFunc) { k.retire = fn }

func (k *Keys) tellRetired(ctx context.Context, r Retirement) error {
	if k.retire == nil {
		return nil
	}
	if err := k.retire(ctx, r); err != nil {
		return fmt.Errorf("key %s: stopping what it set going: %w", r.KeyID, err)
	}
	return nil
}

// Rotate issues a new key with the same name and tier and retires the old one, carrying what
// belongs to the holder rather than to the secret: its webhooks (through the OnRetire hook),
// its usage history and its rate-limit windows (a rotation grants no fresh quota). With a
// grace period (at most MaxRotationGrace) the old secret keeps working until it ends, as the
// new key; without one it is refused from the next request. The new key is stored first, so a
// failure never leaves the holder without a working key.
func (k *Keys) Rotate(ctx context.Context, id string, grace time.Duration) (string, spac.APIKey, error) {
	if grace < 0 || grace > MaxRotationGrace {
		return "", spac.APIKey{}, spac.InvalidParam("grace", "grace must be a duration from 0s to %s", MaxRotationGrace)
	}
	old, err := k.Get(ctx, id)
	if err != nil {
		return "", spac.APIKey{}, err
	}
	if old.Revoked() {
		return "", spac.APIKey{}, spac.Errorf(spac.ECONFLICT, "key %q is revoked and cannot be rotated", id)
	}
	secret, key, err := k.Create(ctx, old.Name, old.Tier)
	if err != nil {
		return "", spac.APIKey{}, err
	}
	if err := k.carryCounters(ctx, id, key.ID); err != nil {
		return "", spac.APIKey{}, err
	}
	until := k.now().UTC().Truncate(time.Second).Add(grace)
	if err := k.tellRetired(ctx, Retirement{KeyID: id, Successor: key.ID, At: until}); err != nil {
		return "", spac.APIKey{}, err
	}
	old.RevokedAt, old.ReplacedBy = &until, key.ID
	if err := k.store.PutKey(ctx, old); err != nil {
		return "", spac.APIKey{}, fmt.Errorf("new key %s created but retiring %s failed: %w", key.ID, id, err)
	}
	k.forget(old.Hash)
	return secret, key, nil
}

// carryCounters adds the old key's usage and rate-limit counts to the new key's, after the
// Guard's pending counts reached the store.
func (k *Keys) carryCounters(ctx context.Context, from, to string) error {
	if k.flush != nil {
		if err := k.flush(ctx); err != nil {
			return fmt.Errorf("rotate %s: %w", from, err)
		}
	}
	families := []struct {
		prefix, to string
		ttl        time.Duration
	}{
		{usagePrefix(from), usagePrefix(to), usageTTL},
		{dayCounterPrefix("key:" + from), dayCounterPrefix("key:" + to), dayTTL},
		{minuteCounterPrefix("key:" + from), minuteCounterPrefix("key:" + to), minuteTTL},
	}
	for _, f := range families {
		counts := map[string]int64{} // read first: a store may not take writes during its scan
		err := k.counters.Scan(ctx, f.prefix, func(key string, n int64) error {
			counts[f.to+strings.TrimPrefix(key, f.prefix)] = n
			return nil
		})
		for key, n := range counts {
			if err != nil {
				break
			}
			_, err = k.counters.Add(ctx, key, n, f.ttl)
		}
		if err != nil {
			return fmt.Errorf("rotate %s: carrying counters: %w", from, err)
		}
	}
	return nil
}
