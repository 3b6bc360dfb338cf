package kv

import (
	"context"
	"maps"
	"testing"

	spac "github.com/spacdata/spac"
)

// replicated are the key ranges a replica holds as its writer does (docs/operating.md, "Cluster").
var replicated = []string{prefixProfile, prefixProfileOwns, prefixSymbol, prefixEvent, prefixAlert,
	prefixAlertByTime, prefixArticle, prefixArticleByTime, prefixStreamLog, prefixStreamLast,
	keyWatermark, keyAlertSeq, keyArticleSeq}

func dump(t *testing.T, db *DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range replicated {
		must(t, db.EachKV(context.Background(), p, func(k string, v []byte) error { out[k] = string(v); return nil }))
	}
	return out
}

// writeAll makes every kind of journaled change, a profile replaced (its stale ticker and
// event dropped) and a stream log trimmed included.
func writeAll(t *testing.T, db *DB) {
	ctx := context.Background()
	must(t, db.PutProfile(ctx, profile("0001847577", "MRAC"), []spac.Event{event("0001847577", "deadline", "2024-01-02")}))
	must(t, db.PutFold(ctx, profile("0001847577", "NEWT", "MRAC"), []spac.Event{event("0001847577", "deadline", "2024-03-04")}, nil))
	for _, a := range []spac.Alert{alert("a1", "new_ipo", "info", "0001847577", 10), alert("a2", "new_ipo", "info", "0001847577", 20)} {
		if _, err := db.PutAlert(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.PutArticle(ctx, article("n1", "wire", 30, "t", "s", "0001847577")); err != nil {
		t.Fatal(err)
	}
	appendN(t, db.EventLog(2), spac.TopicAlerts, 3)
}

func TestJournalReplaysOntoAReplica(t *testing.T) {
	ctx := context.Background()
	writer, replica := openMem(t, WithJournal(true)), openMem(t)
	writeAll(t, writer)
	changes, err := writer.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 8 {
		t.Fatalf("journaled %d changes, want 8 (2 profiles, 2 alerts, 1 article, 3 events)", len(changes))
	}
	ap := replica.Applier(2)
	for i, c := range changes {
		if c.Seq != uint64(i+1) {
			t.Fatalf("change %d has seq %d", i, c.Seq)
		}
		must(t, ap.ApplyChange(ctx, c, uint64(100+i)))
	}
	if got, want := dump(t, replica), dump(t, writer); !maps.Equal(got, want) {
		t.Fatalf("replica holds\n%v\nwriter holds\n%v", got, want)
	}
	// A redelivered change (at or before the recorded position) changes nothing.
	must(t, ap.ApplyChange(ctx, changes[0], 100))
	if n, _ := ap.Applied(ctx); n != uint64(100+len(changes)-1) {
		t.Fatalf("applied = %d", n)
	}
	if got, want := dump(t, replica), dump(t, writer); !maps.Equal(got, want) {
		t.Fatal("a redelivered change was applied again")
	}
}

func TestJournalTrimAndIDs(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithJournal(true))
	writeAll(t, db)
	all, err := db.Changes(ctx, 0, 0)
	must(t, err)
	ids := map[string]bool{}
	for _, c := range all {
		if again, _ := spac.NewChange(c.Kind, c.Data); again.ID != c.ID || ids[c.ID] {
			t.Fatalf("change %d: id %s not derived from its data alone, or repeated", c.Seq, c.ID)
		}
		ids[c.ID] = true
	}
	must(t, db.TrimChanges(ctx, 3))
	rest, err := db.Changes(ctx, 0, 2)
	must(t, err)
	if len(rest) != 2 || rest[0].Seq != 4 || rest[1].Seq != 5 {
		t.Fatalf("after trimming to 3, Changes(0, 2) = %+v", rest)
	}
	select {
	case <-db.Journaled():
	default:
		t.Fatal("no signal after journaling")
	}
}

func TestNoJournalByDefault(t *testing.T) {
	db := openMem(t)
	writeAll(t, db)
	if n := countKeys(t, db, prefixJournal); n != 0 {
		t.Fatalf("%d journal entries without WithJournal", n)
	}
}

// TestSeedJournalReplaysAnExistingStore: a store written with the journal off, then opened as a
// writer's, journals once what it holds, and a replica applying that holds the same.
func TestSeedJournalReplaysAnExistingStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	single, err := Open(dir)
	must(t, err)
	writeAll(t, single)
	must(t, single.Close())
	writer, err := Open(dir, WithJournal(true))
	must(t, err)
	defer writer.Close()
	n, err := writer.SeedJournal(ctx)
	must(t, err)
	// 1 profile (replaced once), 2 alerts, 1 article, 2 stream events kept of 3 (cap 2).
	if n != 6 {
		t.Fatalf("seeded %d changes, want 6", n)
	}
	if again, err := writer.SeedJournal(ctx); err != nil || again != 0 {
		t.Fatalf("second seed journaled %d (%v), want nothing", again, err)
	}
	changes, err := writer.Changes(ctx, 0, 0)
	must(t, err)
	replica := openMem(t)
	ap := replica.Applier(2)
	for i, c := range changes {
		must(t, ap.ApplyChange(ctx, c, uint64(i+1)))
	}
	if got, want := dump(t, replica), dump(t, writer); !maps.Equal(got, want) {
		t.Fatalf("replica holds\n%v\nwriter holds\n%v", got, want)
	}
}
