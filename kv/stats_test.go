package kv

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// TestDiskBytes: an on-disk store reports its value log (and, once flushed, its SST files);
// an in-memory store reports nothing.
func TestDiskBytes(t *testing.T) {
	db, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lsm, vlog, err := db.DiskBytes()
	if err != nil || vlog <= 0 || lsm < 0 {
		t.Fatalf("DiskBytes = %d, %d, %v; want a value log", lsm, vlog, err)
	}
	// The value log file is preallocated sparse (its apparent size is 2 x 64 MiB): the blocks
	// in use are counted, not that.
	if runtime.GOOS == "linux" && vlog >= 1<<20 {
		t.Errorf("fresh store's value log counted as %d bytes: the apparent size, not the blocks in use", vlog)
	}
	mem, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	if lsm, vlog, err := mem.DiskBytes(); lsm != 0 || vlog != 0 || err != nil {
		t.Errorf("in-memory DiskBytes = %d, %d, %v", lsm, vlog, err)
	}
}

// TestQueuedCountsPendingDeliveriesUpToALimit: the count follows the queue and stops at the
// limit.
func TestQueuedCountsPendingDeliveriesUpToALimit(t *testing.T) {
	db := openMem(t)
	s := db.Webhooks()
	ctx := context.Background()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, id := range []string{"d1", "d2", "d3"} {
		d := spac.WebhookDelivery{ID: id, EndpointID: "e1", Status: spac.DeliveryPending, NextAttempt: at.Add(time.Duration(i) * time.Hour)}
		if err := s.PutDelivery(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.Queued(ctx, 0); n != 3 || err != nil {
		t.Fatalf("Queued = %d, %v; want 3", n, err)
	}
	if n, _ := s.Queued(ctx, 2); n != 2 {
		t.Errorf("Queued(limit 2) = %d", n)
	}
	d := spac.WebhookDelivery{ID: "d1", EndpointID: "e1", Status: spac.DeliverySucceeded}
	if err := s.PutDelivery(ctx, d); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.Queued(ctx, 0); n != 2 {
		t.Errorf("after one succeeded: Queued = %d, want 2", n)
	}
}
