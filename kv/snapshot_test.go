package kv

import (
	"bytes"
	"context"
	"maps"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestSnapshotLoadsOntoAReplica: a snapshot is refused while the journal holds a change; once
// the journal is published, it carries every replicated key (filings included, nothing the
// writer keeps to itself), and a replica loading it - over stale data of its own - holds the
// writer's keys byte for byte at the snapshot's position.
func TestSnapshotLoadsOntoAReplica(t *testing.T) {
	ctx := context.Background()
	writer, replica := openMem(t, WithJournal(true), WithChunkLines(3)), openMem(t)
	writeAll(t, writer)
	if _, err := writer.PutFiling(ctx, rendered("0001140361-21-000001", "0001847577", "2021-01-01", 10), nil); err != nil {
		t.Fatal(err)
	}
	must(t, writer.PutKey(ctx, spac.APIKey{ID: "key_a", Tier: spac.TierPro, Hash: "aa"}))
	must(t, writer.Webhooks().PutEndpoint(ctx, spac.WebhookEndpoint{ID: "wh_1", OwnerKeyID: "key_a", URL: "https://example.com/h", Secret: "s"}))
	if _, ok, err := writer.OpenSnapshot(ctx); ok || err != nil {
		t.Fatalf("snapshot with changes not yet published: ok %v, err %v", ok, err)
	}
	last, err := writer.LastJournaled(ctx)
	must(t, err)
	must(t, writer.TrimChanges(ctx, last))
	snap, ok, err := writer.OpenSnapshot(ctx)
	if !ok || err != nil {
		t.Fatalf("snapshot of a published journal: ok %v, err %v", ok, err)
	}
	want := both(t, writer)
	// A write after the snapshot was opened is not in it.
	must(t, writer.PutProfile(ctx, profile("0001999999", "LATE"), nil))
	var buf bytes.Buffer
	_, err = snap.WriteTo(&buf)
	snap.Close()
	must(t, err)

	must(t, replica.PutProfile(ctx, profile("0001888888", "STALE"), nil))
	ap := replica.Applier(2)
	must(t, ap.LoadSnapshot(ctx, &buf, 42))
	if n, _ := ap.Applied(ctx); n != 42 {
		t.Fatalf("applied after loading = %d, want 42", n)
	}
	if got := both(t, replica); !maps.Equal(got, want) {
		t.Fatalf("replica holds\n%v\nwriter held\n%v", got, want)
	}
	if n := countKeys(t, replica, prefixSource) + countKeys(t, replica, prefixFoldMark) + countKeys(t, replica, prefixJournal); n != 0 {
		t.Fatalf("the snapshot carried %d keys the writer keeps to itself", n)
	}
}

// both is what a replica holds of the writer's: its records and filings.
func both(t *testing.T, db *DB) map[string]string {
	out := dump(t, db)
	maps.Copy(out, dumpFilings(t, db))
	maps.Copy(out, dumpAccess(t, db))
	return out
}

// TestSnapshotRefusesForeignKeys: a snapshot naming a key no replica holds is refused.
func TestSnapshotRefusesForeignKeys(t *testing.T) {
	ap := openMem(t).Applier(2)
	bad := appendPair(nil, prefixWebhookOutbox+"x", []byte("{}"))
	if err := ap.LoadSnapshot(context.Background(), bytes.NewReader(bad), 1); err == nil {
		t.Fatal("a snapshot holding a webhook outbox event was loaded")
	}
	if n, _ := ap.Applied(context.Background()); n != 0 {
		t.Fatalf("a refused snapshot left the position at %d", n)
	}
}
