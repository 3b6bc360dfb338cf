package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/extract/extracttest"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/internal/storetest"
)

// vectorInputs are the real filings of Vector Acquisition under 100 KB (its 25-NSE, two 425s,
// the IPO and vote 8-Ks), each wrapped in the EDGAR envelope of its docs.tsv row; skips when
// ../shared/realdata is absent. (cmd/spacd's reextract test runs all 18.)
func vectorInputs(t *testing.T) []pipeline.Input {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "realdata", "vector")
	docs, err := extracttest.ReadDocs(dir)
	if err != nil {
		t.Skipf("real data not available: %v", err)
	}
	var out []pipeline.Input
	for name, d := range docs {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if len(text) > 100<<10 {
			continue
		}
		out = append(out, pipeline.Input{Name: name, Data: extracttest.Envelope(d, string(text))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// changedBook is the project's rule book with one rule more: it reads Rocket Lab's launch
// vehicles as the target's sector, which no rule of the project reads in those words.
func changedBook(t *testing.T) extract.Extractor {
	t.Helper()
	b, err := rules.NewBook(&rule.Rule{
		ID: "test.sector_space", Emit: rule.One(spac.FieldSector), Value: "industrials",
		Pattern: `(?i)(?P<v>Electron and Neutron launch vehicles)`,
	})
	if err != nil {
		t.Fatal(err)
	}
	return extract.Extractor{Book: b}
}

// TestReextractEqualsAFreshIngest ingests Vector's filings (held in memory, never on disk),
// changes the rule book and re-extracts: the store then serves what a fresh
// ingest with the changed book serves, and a second run finds nothing stale.
func TestReextractEqualsAFreshIngest(t *testing.T) {
	ctx := context.Background()
	inputs := vectorInputs(t)
	old := newEnv(t)
	if _, err := old.p.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
	before := storetest.Served(t, old.store, old.index)

	changed := changedBook(t)
	old.p.Extractor = changed
	if stale, unsourced, err := old.p.Staleness(ctx); err != nil || stale != len(inputs) || unsourced != 0 {
		t.Fatalf("staleness under a new book: %d stale, %d unsourced, %v; want %d, 0", stale, unsourced, err, len(inputs))
	}
	sum, err := old.p.Reextract(ctx, pipeline.ReextractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Stale != len(inputs) || sum.Done != len(inputs) || sum.Changed == 0 || sum.SPACs != 1 || len(sum.Errors) != 0 {
		t.Fatalf("reextract summary %+v", sum)
	}
	fresh := newEnv(t)
	fresh.p.Extractor = changed
	if _, err := fresh.p.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
	got, want := storetest.Served(t, old.store, old.index), storetest.Served(t, fresh.store, fresh.index)
	if d := storetest.Diff(got, want); d != "" {
		t.Errorf("after reextract the store differs from a fresh ingest with the changed book: %s", d)
	}
	if storetest.Diff(before, want) == "" {
		t.Error("the changed book changed nothing: the test proves nothing")
	}
	if again, err := old.p.Reextract(ctx, pipeline.ReextractOptions{}); err != nil || again.Stale != 0 {
		t.Errorf("a second run found %d stale filings (%v)", again.Stale, err)
	}
}

// TestReextractAll derives every filing again with the same book: all are done, none
// changes, and the stamps are back.
func TestReextractAll(t *testing.T) {
	ctx := context.Background()
	inputs := vectorInputs(t)
	e := newEnv(t)
	if _, err := e.p.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
	before := storetest.Served(t, e.store, e.index)
	sum, err := e.p.Reextract(ctx, pipeline.ReextractOptions{All: true})
	if err != nil || sum.Stale != len(inputs) || sum.Done != len(inputs) || sum.Changed != 0 {
		t.Fatalf("reextract --all: %+v, %v", sum, err)
	}
	if d := storetest.Diff(storetest.Served(t, e.store, e.index), before); d != "" {
		t.Errorf("the same book changed the store: %s", d)
	}
	if stale, _, _ := e.p.Staleness(ctx); stale != 0 {
		t.Errorf("%d filings stale after --all", stale)
	}
}

// TestReextractFoldsWhatAKilledRunLeft: a run killed after its last restamp but before its
// fold leaves nothing stale and SPACs to fold; the next run folds them.
func TestReextractFoldsWhatAKilledRunLeft(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	if _, err := e.p.IngestInputs(ctx, vectorInputs(t)); err != nil {
		t.Fatal(err)
	}
	e.p.Extractor = changedBook(t)
	// What the killed run did: facts derived again and restamped, stored with fold marks,
	// no fold.
	if _, err := e.p.StoreInputs(ctx, vectorInputs(t)); err != nil {
		t.Fatal(err)
	}
	if marks, _ := e.store.FoldMarks(ctx); len(marks) == 0 {
		t.Fatal("no fold marks pending: the test proves nothing")
	}
	sum, err := e.p.Reextract(ctx, pipeline.ReextractOptions{})
	if err != nil || sum.Stale != 0 || sum.SPACs != 1 {
		t.Fatalf("reextract after a killed run: %+v, %v; want 0 stale, 1 SPAC folded", sum, err)
	}
	if marks, _ := e.store.FoldMarks(ctx); len(marks) != 0 {
		t.Errorf("%d fold marks still pending", len(marks))
	}
}
