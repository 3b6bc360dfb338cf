package kv

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"testing"
	"time"
)

func TestCountersAddGetScan(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for _, step := range []struct {
		key   string
		delta int64
		want  int64
	}{
		{"day/k1/2026-05-20", 1, 1},
		{"day/k1/2026-05-20", 5, 6},
		{"day/k1/2026-05-20", -2, 4},
		{"day/k2/2026-05-20", 3, 3},
		{"min/k1/202605201200", 1, 1},
	} {
		got, err := db.Add(ctx, step.key, step.delta, time.Hour)
		if err != nil || got != step.want {
			t.Fatalf("Add(%s, %d) = %d, %v; want %d", step.key, step.delta, got, err, step.want)
		}
	}
	if v, err := db.Get(ctx, "day/k1/2026-05-20"); err != nil || v != 4 {
		t.Fatalf("Get = %d, %v", v, err)
	}
	if v, err := db.Get(ctx, "missing"); err != nil || v != 0 {
		t.Fatalf("Get(missing) = %d, %v", v, err)
	}
	got := map[string]int64{}
	must(t, db.Scan(ctx, "day/", func(k string, v int64) error { got[k] = v; return nil }))
	if want := map[string]int64{"day/k1/2026-05-20": 4, "day/k2/2026-05-20": 3}; !maps.Equal(got, want) {
		t.Fatalf("Scan = %v, want %v", got, want)
	}
	if _, err := db.Add(ctx, "", 1, 0); err == nil {
		t.Fatal("empty key accepted")
	}
}

func TestCounterKeepsFirstExpiry(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	_, err := db.Add(ctx, "w", 1, time.Hour)
	must(t, err)
	first := expiresAt(t, db, "w")
	_, err = db.Add(ctx, "w", 1, 48*time.Hour) // a later Add does not extend the window
	must(t, err)
	if got := expiresAt(t, db, "w"); got != first || first == 0 {
		t.Fatalf("expiry moved %d -> %d", first, got)
	}
	_, err = db.Add(ctx, "forever", 1, 0)
	must(t, err)
	if got := expiresAt(t, db, "forever"); got != 0 {
		t.Fatalf("ttl 0 set an expiry %d", got)
	}
}

func expiresAt(t *testing.T, db *DB, key string) uint64 {
	t.Helper()
	txn := db.bdb.NewTransaction(false)
	defer txn.Discard()
	item, err := txn.Get([]byte(counterKey(key)))
	must(t, err)
	return item.ExpiresAt()
}

// TestCountersConcurrent is meant for -race: concurrent Adds to hot and cold keys lose nothing.
func TestCountersConcurrent(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	const workers, adds = 8, 50
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range adds {
				if _, err := db.Add(ctx, "hot", 1, time.Minute); err != nil {
					t.Error(err)
					return
				}
				if _, err := db.Add(ctx, fmt.Sprintf("cold/%d", w), 2, time.Minute); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if v, _ := db.Get(ctx, "hot"); v != workers*adds {
		t.Fatalf("hot = %d, want %d", v, workers*adds)
	}
	total := int64(0)
	must(t, db.Scan(ctx, "cold/", func(_ string, v int64) error { total += v; return nil }))
	if total != workers*adds*2 {
		t.Fatalf("cold total = %d, want %d", total, workers*adds*2)
	}
}
