package kv

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	spac "github.com/spacdata/spac"
)

// A changed filing leaves a fold mark with its hash and mode; an identical one leaves none; a
// mark is cleared only while it holds the hash it was read with.
func TestFoldMarks(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	a := rendered("0000000001-21-000001", "0000000042", "2021-01-01", 5)
	b := rendered("0000000001-21-000002", "0000000043", "2021-01-02", 5)
	if _, err := db.PutFiling(ctx, a, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.PutFilingMarked(ctx, b, nil, true); err != nil {
		t.Fatal(err)
	}
	marks, err := db.FoldMarks(ctx)
	if err != nil || len(marks) != 2 {
		t.Fatalf("marks = %+v, %v; want 2", marks, err)
	}
	if marks[0].CIK != "0000000042" || marks[0].Historical || marks[0].Hash == "" ||
		marks[1].CIK != "0000000043" || !marks[1].Historical {
		t.Errorf("marks = %+v", marks)
	}
	if err := db.ClearFoldMarks(ctx, marks[:1]); err != nil {
		t.Fatal(err)
	}
	// b is stored again with other content before its mark is cleared: the new mark stays.
	b2 := rendered(b.Filing.Accession, "0000000043", "2021-01-02", 6)
	if changed, err := db.PutFiling(ctx, b2, nil); err != nil || !changed {
		t.Fatalf("changed=%v err=%v", changed, err)
	}
	if err := db.ClearFoldMarks(ctx, marks); err != nil {
		t.Fatal(err)
	}
	left, _ := db.FoldMarks(ctx)
	if len(left) != 1 || left[0].Accession != b.Filing.Accession || left[0].Hash == marks[1].Hash || left[0].Historical {
		t.Fatalf("after clearing: %+v, want b's new live mark", left)
	}
	// The same content again writes nothing, no mark either.
	_ = db.ClearFoldMarks(ctx, left)
	if changed, _ := db.PutFiling(ctx, b2, nil); changed {
		t.Fatal("identical filing reported changed")
	}
	if left, _ := db.FoldMarks(ctx); len(left) != 0 {
		t.Fatalf("identical filing left marks %+v", left)
	}
}

// A filing moved to another CIK marks both: the old SPAC must be refolded without it.
func TestFoldMarkOnMovedFiling(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	acc := "0000000001-21-000003"
	if _, err := db.PutFiling(ctx, rendered(acc, "0000000042", "2021-01-01", 5), nil); err != nil {
		t.Fatal(err)
	}
	marks, _ := db.FoldMarks(ctx)
	_ = db.ClearFoldMarks(ctx, marks)
	if _, err := db.PutFiling(ctx, rendered(acc, "0000000043", "2021-01-01", 5), nil); err != nil {
		t.Fatal(err)
	}
	marks, _ = db.FoldMarks(ctx)
	var ciks []spac.CIK
	for _, m := range marks {
		ciks = append(ciks, m.CIK)
	}
	if !reflect.DeepEqual(ciks, []spac.CIK{"0000000042", "0000000043"}) {
		t.Fatalf("marks of %v, want both SPACs", ciks)
	}
}

// PutFold writes the profile and its outbox entry together; entries come back in order and
// survive a reopen; deleting one removes only it.
func TestFoldOutbox(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "kv")
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p1 := spac.Profile{SPAC: spac.SPAC{CIK: "42", Name: "One"}}
	p2 := spac.Profile{SPAC: spac.SPAC{CIK: "0000000043", Name: "Two"}}
	ev1 := &spac.FoldEvent{Historical: true}
	if err := db.PutFold(ctx, p1, nil, ev1); err != nil {
		t.Fatal(err)
	}
	if err := db.PutFold(ctx, p2, nil, &spac.FoldEvent{Prev: p1}); err != nil {
		t.Fatal(err)
	}
	if err := db.PutFold(ctx, p2, nil, nil); err != nil { // no hook: no entry
		t.Fatal(err)
	}
	if ev1.Seq != 1 || ev1.CIK != "0000000042" || ev1.At.IsZero() {
		t.Errorf("first entry %+v: want seq 1 and the normalised CIK", ev1)
	}
	if got, err := db.Profile(ctx, "0000000042"); err != nil || got.Name != "One" {
		t.Fatalf("profile %+v, %v", got, err)
	}
	db.Close()
	if db, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	evs, err := db.FoldEvents(ctx)
	if err != nil || len(evs) != 2 {
		t.Fatalf("outbox %+v, %v; want 2 entries", evs, err)
	}
	if evs[0].Seq != 1 || !evs[0].Historical || evs[1].Seq != 2 || evs[1].Prev.Name != "One" {
		t.Errorf("outbox = %+v", evs)
	}
	if err := db.DeleteFoldEvent(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if evs, _ = db.FoldEvents(ctx); len(evs) != 1 || evs[0].Seq != 2 {
		t.Fatalf("after delete: %+v", evs)
	}
}

func TestState(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for k, v := range map[string]string{"backfill/run": "r", "backfill/cik/1": "a", "backfill/cik/2": "b", "poller": "p"} {
		if err := db.SaveState(ctx, k, []byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.LoadState(ctx, "backfill/cik/")
	if err != nil || !reflect.DeepEqual(got, map[string][]byte{"backfill/cik/1": []byte("a"), "backfill/cik/2": []byte("b")}) {
		t.Fatalf("LoadState = %q, %v", got, err)
	}
	if err := db.SaveState(ctx, "backfill/cik/1", nil); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteState(ctx, "backfill/"); err != nil {
		t.Fatal(err)
	}
	got, _ = db.LoadState(ctx, "")
	if !reflect.DeepEqual(got, map[string][]byte{"poller": []byte("p")}) {
		t.Fatalf("after deletes: %q", got)
	}
	if err := db.SaveState(ctx, "", []byte("x")); err == nil {
		t.Error("empty state key accepted")
	}
}
