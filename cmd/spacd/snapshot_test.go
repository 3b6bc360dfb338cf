package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/storetest"
	"github.com/spacdata/spac/kv"
)

// storeSnapshot is what a data directory serves: profiles, calendar events, the ticker map,
// facts, filings (without the source they were read from) and the index's universe rows, keyed
// for comparison. It also returns the fold marks still pending. No process may hold dataDir.
func storeSnapshot(t *testing.T, dataDir string) (snap map[string]string, pendingMarks int) {
	t.Helper()
	ctx := context.Background()
	db, err := kv.Open(filepath.Join(dataDir, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	marks, err := db.FoldMarks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(filepath.Join(dataDir, "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	return storetest.Served(t, db, idx), len(marks)
}

// countPrefix counts the snapshot keys under prefix.
func countPrefix(snap map[string]string, prefix string) int {
	n := 0
	for k := range snap {
		if strings.HasPrefix(k, prefix) {
			n++
		}
	}
	return n
}

// generatedCorpus returns the directory of n generated SPACs and its manifest, written once per
// test binary and shared by the tests that ask for the same n: they only read it.
func generatedCorpus(t testing.TB, n int) (string, gen.Manifest) {
	t.Helper()
	once, _ := corpora.LoadOrStore(n, sync.OnceValue(func() generatedDir {
		dir := filepath.Join(testTmp, fmt.Sprintf("corpus%d", n))
		m, err := gen.Generate(dir, gen.Options{SPACs: n})
		return generatedDir{dir, m, err}
	}))
	c := once.(func() generatedDir)()
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.dir, c.manifest
}

// corpora holds a func() generatedDir per SPAC count.
var corpora sync.Map

type generatedDir struct {
	dir      string
	manifest gen.Manifest
	err      error
}

// archiveManifest puts every filing of a generated corpus in the fake EDGAR's archive and
// returns their download paths.
func archiveManifest(t *testing.T, fake *polltest.Server, dir string, m gen.Manifest) []string {
	t.Helper()
	var paths []string
	for _, e := range m.SPACs {
		for _, f := range e.Filings {
			data, err := os.ReadFile(filepath.Join(dir, f.Path))
			if err != nil {
				t.Fatal(err)
			}
			fake.Archive(f.Path, data)
			paths = append(paths, polltest.ArchivePath(spac.CIK(e.CIK), f.Accession))
		}
	}
	return paths
}
