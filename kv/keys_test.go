package kv

import (
	"context"
	"reflect"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

func TestKeysRoundTripAndRotation(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	t0 := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	k1 := spac.APIKey{ID: "k1", Name: "desk", Tier: spac.TierPro, Hash: "h1", Prefix: "sk_ab", CreatedAt: t0.Add(time.Hour)}
	k2 := spac.APIKey{ID: "k2", Name: "ci", Tier: spac.TierFree, Hash: "h2", Prefix: "sk_cd", CreatedAt: t0}
	must(t, db.PutKey(ctx, k1))
	must(t, db.PutKey(ctx, k2))

	if got, err := db.KeyByHash(ctx, "h1"); err != nil || !reflect.DeepEqual(got, k1) {
		t.Fatalf("KeyByHash = %+v, %v", got, err)
	}
	if got, err := db.Key(ctx, "k2"); err != nil || !reflect.DeepEqual(got, k2) {
		t.Fatalf("Key = %+v, %v", got, err)
	}
	keys, err := db.Keys(ctx)
	if err != nil || !reflect.DeepEqual(keys, []spac.APIKey{k2, k1}) {
		t.Fatalf("Keys = %+v, %v (want oldest first)", keys, err)
	}

	// Rotate and revoke k1: the old hash no longer finds it.
	revoked := t0.Add(2 * time.Hour)
	k1.Hash, k1.RevokedAt = "h1b", &revoked
	must(t, db.PutKey(ctx, k1))
	if _, err := db.KeyByHash(ctx, "h1"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("old hash after rotation: %v", err)
	}
	got, err := db.KeyByHash(ctx, "h1b")
	if err != nil || !got.Revoked() || got.Hash != "h1b" {
		t.Fatalf("rotated key = %+v, %v", got, err)
	}
	if _, err := db.Key(ctx, "nope"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("missing key: %v", err)
	}
	if err := db.PutKey(ctx, spac.APIKey{ID: "x"}); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("key without hash: %v", err)
	}
}
