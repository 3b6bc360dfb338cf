package pipeline_test

import (
	"context"
	"reflect"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestIngestIsIdempotent ingests the corpus twice: the second run finds every filing
// unchanged, refolds nothing, and leaves the watermark, the index and the profiles alone.
func TestIngestIsIdempotent(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	first := e.ingestCorpus(t)
	mark1 := watermark(t, e.store)
	count1 := indexCount(t, e.index)
	profiles1 := profiles(t, e.store)

	second := e.ingestCorpus(t)
	if second.Changed != 0 || second.SPACs != 0 || len(second.Errors) != 0 {
		t.Errorf("second run: Changed = %d, SPACs = %d, Errors = %v; want 0, 0, none", second.Changed, second.SPACs, second.Errors)
	}
	if second.Files != first.Files || second.Filings != first.Filings || second.Facts != first.Facts {
		t.Errorf("second run saw Files/Filings/Facts %d/%d/%d, first %d/%d/%d",
			second.Files, second.Filings, second.Facts, first.Files, first.Filings, first.Facts)
	}
	if mark2 := watermark(t, e.store); !mark2.Equal(mark1) {
		t.Errorf("watermark moved from %v to %v on an unchanged corpus", mark1, mark2)
	}
	if count2 := indexCount(t, e.index); count2 != count1 {
		t.Errorf("index Count %d after the second run, %d before", count2, count1)
	}
	if !reflect.DeepEqual(profiles(t, e.store), profiles1) {
		t.Error("profiles changed on an unchanged corpus")
	}
	if errs, err := e.store.IngestErrors(ctx); err != nil || len(errs) != 0 {
		t.Errorf("IngestErrors = %v, %v; want none", errs, err)
	}
}

// TestRebuildRestoresUniverse refolds in place (RefoldAll), then empties the index and rebuilds
// it from the store, and expects the same documents, universe rows, facets and profiles as
// after the ingest each time.
func TestRebuildRestoresUniverse(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	sum := e.ingestCorpus(t)
	q := spac.UniverseQuery{Sort: "symbol", Facets: []string{"status", "sponsor", "trust_size"}}
	before := universe(t, e.index, q)
	count := indexCount(t, e.index)
	profilesBefore := profiles(t, e.store)
	if count != uint64(sum.SPACs) || len(before.Rows) != sum.SPACs {
		t.Fatalf("after ingest: Count = %d, %d universe rows; want %d", count, len(before.Rows), sum.SPACs)
	}

	// RefoldAll (the nightly recompute) rewrites every row in place: nothing changes.
	if n, err := e.p.RefoldAll(ctx); err != nil || n != sum.SPACs {
		t.Fatalf("RefoldAll = %d, %v; want %d", n, err, sum.SPACs)
	}
	if got := universe(t, e.index, q); !reflect.DeepEqual(got, before) || indexCount(t, e.index) != count {
		t.Errorf("universe changed by RefoldAll:\n got %+v\nwant %+v", got, before)
	}

	if err := e.index.Reset(ctx); err != nil {
		t.Fatalf("Reset: %v", err)
	}
	if n := indexCount(t, e.index); n != 0 {
		t.Fatalf("Count after Reset = %d, want 0", n)
	}
	n, err := e.p.Rebuild(ctx)
	if err != nil {
		t.Fatalf("Rebuild: %v", err)
	}
	if n != sum.SPACs {
		t.Errorf("Rebuild refolded %d SPACs, want %d", n, sum.SPACs)
	}
	if got := indexCount(t, e.index); got != count {
		t.Errorf("Count after Rebuild = %d, want %d", got, count)
	}
	after := universe(t, e.index, q)
	if !reflect.DeepEqual(after, before) {
		t.Errorf("universe after Rebuild differs:\n got %+v\nwant %+v", after, before)
	}
	if !reflect.DeepEqual(profiles(t, e.store), profilesBefore) {
		t.Error("profiles changed by Rebuild")
	}
}

// TestUniverseRowsAreTheProfiles checks that each indexed row is the header of its stored profile.
func TestUniverseRowsAreTheProfiles(t *testing.T) {
	e, _ := corpusEnv(t)
	stored := profiles(t, e.store)
	rows := universe(t, e.index, spac.UniverseQuery{}).Rows
	if len(rows) != len(stored) {
		t.Fatalf("%d universe rows, %d profiles", len(rows), len(stored))
	}
	for _, row := range rows {
		p, ok := stored[row.CIK]
		if !ok {
			t.Errorf("row %s has no profile", row.CIK)
			continue
		}
		p.SPAC.Sample = row.Sample
		if !reflect.DeepEqual(row, p.SPAC) {
			t.Errorf("row %s differs from its profile header:\n row %+v\n prof %+v", row.CIK, row, p.SPAC)
		}
	}
}
