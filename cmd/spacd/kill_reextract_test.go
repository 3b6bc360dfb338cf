package main

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/internal/longtest"
	"github.com/spacdata/spac/internal/storetest"
	"github.com/spacdata/spac/kv"
)

// A reextract killed with SIGKILL at 20, 50 and 80% of a clean run's time is completed by the
// next run: the store then serves exactly what a clean ingest serves. The stale store is made
// by ingesting a generated corpus and then replacing every filing's facts with none under an
// old stamp (and refolding), so the re-extraction really changes facts and profiles.
func TestReextractKilledIsCompleted(t *testing.T) {
	longtest.Skip(t, "kills spacd reextract three times and compares each store with a clean one")
	bin := buildSpacd(t)
	corpus, _ := generatedCorpus(t, 40)
	root := t.TempDir()
	clean := filepath.Join(root, "clean")
	runToEnd(t, spacdCommand(bin, clean, nil, "ingest", corpus))
	want, _ := storeSnapshot(t, clean)

	stale := filepath.Join(root, "stale")
	runToEnd(t, spacdCommand(bin, stale, nil, "ingest", corpus))
	forgetFacts(t, stale)
	runToEnd(t, spacdCommand(bin, stale, nil, "rebuild"))
	timed := copyTree(t, stale, filepath.Join(root, "timed"))
	took := runToEnd(t, spacdCommand(bin, timed, nil, "reextract"))
	partial := 0
	for i, fraction := range []float64{0.2, 0.5, 0.8} {
		data := copyTree(t, stale, filepath.Join(root, string(rune('a'+i))))
		killAfter(t, spacdCommand(bin, data, nil, "reextract"), time.Duration(fraction*float64(took)))
		left := staleCount(t, data)
		t.Logf("killed at %.0f%% of %s: %d filings still stale", 100*fraction, took.Round(time.Millisecond), left)
		if left > 0 && left < countPrefix(want, "filing/") {
			partial++
		}
		runToEnd(t, spacdCommand(bin, data, nil, "reextract"))
		got, marks := storeSnapshot(t, data)
		if d := storetest.Diff(got, want); d != "" || marks != 0 {
			t.Errorf("killed at %.0f%% and run again: %d marks pending, store differs from a clean ingest: %s", 100*fraction, marks, d)
		}
	}
	if partial == 0 {
		t.Error("no kill landed part way through the re-extraction; the resumption was not exercised")
	}
}

// forgetFacts replaces the facts of every filing in dataDir with none, under an old stamp.
func forgetFacts(t *testing.T, dataDir string) {
	t.Helper()
	ctx := context.Background()
	db, err := kv.Open(filepath.Join(dataDir, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var filings []spac.Filing
	if err := db.EachFiling(ctx, func(f spac.Filing) error { filings = append(filings, f); return nil }); err != nil {
		t.Fatal(err)
	}
	for _, f := range filings {
		lines, err := db.Lines(ctx, f.Accession, 1, f.LineCount)
		if err != nil {
			t.Fatal(err)
		}
		f.ExtractVersion = "an older extractor"
		if _, err := db.PutFiling(ctx, &spac.RenderedFiling{Filing: f, Lines: lines}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// staleCount counts the filings of dataDir not stamped with this binary's extractor version.
func staleCount(t *testing.T, dataDir string) int {
	t.Helper()
	db, err := kv.Open(filepath.Join(dataDir, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := 0
	err = db.EachFiling(context.Background(), func(f spac.Filing) error {
		if f.ExtractVersion != extract.Version() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// copyTree copies the directory from to to (a data directory no process holds).
func copyTree(t *testing.T, from, to string) string {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}
