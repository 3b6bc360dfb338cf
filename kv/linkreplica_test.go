package kv

import (
	"bytes"
	"context"
	"maps"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// dumpLinks is what a store holds of export links, each entry with its expiry.
func dumpLinks(t *testing.T, db *DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := db.bdb.View(func(txn *badger.Txn) error {
		for _, p := range []string{prefixExportLink, prefixExportLinkHash, prefixExportLinkOfKey} {
			it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(p), PrefetchValues: true})
			for it.Rewind(); it.Valid(); it.Next() {
				v, err := it.Item().ValueCopy(nil)
				if err != nil {
					it.Close()
					return err
				}
				out[string(it.Item().Key())] = string(v) + " expires " + time.Unix(int64(it.Item().ExpiresAt()), 0).UTC().String()
			}
			it.Close()
		}
		return nil
	})
	must(t, err)
	return out
}

// TestExportLinksReplayOntoAReplica: export links made and revoked on a writer journal changes
// that leave a replica holding the writer's links (entries and their expiry), through the
// stream and through a snapshot; an older writer's links are journaled once by SeedJournal.
func TestExportLinksReplayOntoAReplica(t *testing.T) {
	ctx := context.Background()
	writer, replica, fresh := openMem(t, WithJournal(true)), openMem(t), openMem(t)
	now := time.Now().UTC().Truncate(time.Second)
	for _, id := range []string{"xl_1", "xl_2"} {
		must(t, writer.PutExportLink(ctx, spac.ExportLink{ID: id, KeyID: "key_a", Route: "universe", Hash: "h" + id,
			Prefix: "p", CreatedAt: now, ExpiresAt: now.Add(48 * time.Hour)}))
	}
	must(t, writer.DeleteExportLink(ctx, "key_a", "xl_1"))
	changes, err := writer.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 3 {
		t.Fatalf("journaled %d changes, want 3 (two links made, one revoked)", len(changes))
	}
	for i, c := range changes {
		must(t, replica.Applier(10).ApplyChange(ctx, c, uint64(i+1)))
	}
	want := dumpLinks(t, writer)
	if got := dumpLinks(t, replica); !maps.Equal(got, want) || len(want) != 3 {
		t.Fatalf("replica holds\n%v\nwriter holds\n%v", got, want)
	}
	if l, err := replica.ExportLinkByHash(ctx, "hxl_2"); err != nil || l.ID != "xl_2" {
		t.Fatalf("the replica's link: %+v %v", l, err)
	}
	must(t, writer.TrimChanges(ctx, changes[2].Seq))
	snap, ok, err := writer.OpenSnapshot(ctx)
	if !ok || err != nil {
		t.Fatalf("snapshot: %v %v", ok, err)
	}
	var buf bytes.Buffer
	_, err = snap.WriteTo(&buf)
	snap.Close()
	must(t, err)
	must(t, fresh.Applier(10).LoadSnapshot(ctx, &buf, 3))
	if got := dumpLinks(t, fresh); !maps.Equal(got, want) {
		t.Fatalf("a replica loading the snapshot holds\n%v\nwriter holds\n%v", got, want)
	}
}

// TestSeedJournalAddsLinksToAnOlderWriter: a writer's store that journaled keys before export
// links were replicated journals its links once, and only them.
func TestSeedJournalAddsLinksToAnOlderWriter(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	must(t, db.PutExportLink(ctx, spac.ExportLink{ID: "xl_1", KeyID: "key_a", Hash: "h", ExpiresAt: time.Now().Add(time.Hour)}))
	db.journal.on = true // as a writer started on it
	must(t, db.update(ctx, func(txn *badger.Txn) error {
		if _, err := nextSeq(txn, keyJournalSeq); err != nil { // it journaled before
			return err
		}
		return txn.Set([]byte(keyAccessSeeded), nil) // and its keys are seeded
	}))
	for i, want := range []int{1, 0} {
		if n, err := db.SeedJournal(ctx); err != nil || n != want {
			t.Fatalf("start %d seeded %d changes (%v), want %d", i+1, n, err, want)
		}
	}
	changes, err := db.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 1 || changes[0].Kind != spac.ChangeExportLink {
		t.Fatalf("seeded %+v", changes)
	}
}
