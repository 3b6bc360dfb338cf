package kv

import (
	"context"
	"slices"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

// TestPersistenceAcrossReopen writes every kind of record to a directory, reopens it and
// reads them back.
func TestPersistenceAcrossReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir, WithChunkLines(3))
	must(t, err)
	r := rendered("0000000001-21-000001", "0000000042", "2021-01-01", 7)
	_, err = db.PutFiling(ctx, r, []spac.Fact{fact("0000000042", r.Filing.Accession, spac.FieldName, "X")})
	must(t, err)
	must(t, db.PutProfile(ctx, profile("0000000042", "PERS"), []spac.Event{event("0000000042", spac.EventDeadline, "2024-01-01")}))
	must(t, db.PutKey(ctx, spac.APIKey{ID: "k", Hash: "h", Tier: spac.TierFree}))
	_, err = db.Add(ctx, "c", 7, time.Hour)
	must(t, err)
	wm, _ := db.Watermark(ctx)
	must(t, db.Close())

	// Reopened with another chunk size: the stored filing keeps the one it was written with.
	db, err = Open(dir, WithChunkLines(5))
	must(t, err)
	defer db.Close()
	if lines, err := db.Lines(ctx, r.Filing.Accession, 2, 7); err != nil || !slices.Equal(lines, r.Lines[1:]) {
		t.Fatalf("Lines = %q, %v", lines, err)
	}
	if changed, err := db.PutFiling(ctx, r, []spac.Fact{fact("0000000042", r.Filing.Accession, spac.FieldName, "X")}); err != nil || changed {
		t.Fatalf("re-put after reopen: changed=%v err=%v", changed, err)
	}
	if c, err := db.ResolveSymbol(ctx, "pers"); err != nil || c != "0000000042" {
		t.Fatalf("ResolveSymbol = %q, %v", c, err)
	}
	if evs, err := db.Events(ctx, spac.EventQuery{}); err != nil || len(evs) != 1 {
		t.Fatalf("Events = %v, %v", evs, err)
	}
	if k, err := db.KeyByHash(ctx, "h"); err != nil || k.ID != "k" {
		t.Fatalf("KeyByHash = %+v, %v", k, err)
	}
	if v, err := db.Get(ctx, "c"); err != nil || v != 7 {
		t.Fatalf("counter = %d, %v", v, err)
	}
	if got, _ := db.Watermark(ctx); !got.Equal(wm) {
		t.Fatalf("watermark %v, want %v", got, wm)
	}
}

func TestOpenRejectsBadOptions(t *testing.T) {
	if _, err := Open("", WithChunkLines(0)); err == nil {
		t.Fatal("chunk size 0 accepted")
	}
}
