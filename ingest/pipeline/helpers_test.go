package pipeline_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// env is a pipeline over a fresh in-memory store and index.
type env struct {
	store *kv.DB
	index *index.Index
	p     *pipeline.Pipeline
}

// newEnv opens an in-memory kv store and Bleve index, closed when the test ends.
func newEnv(t testing.TB) *env {
	t.Helper()
	return openEnv(t, "", "")
}

// openEnv opens the store in kvDir and the index in indexDir ("" = in memory).
func openEnv(t testing.TB, kvDir, indexDir string) *env {
	t.Helper()
	store, err := kv.Open(kvDir)
	if err != nil {
		t.Fatalf("kv.Open: %v", err)
	}
	t.Cleanup(func() { store.Close() })
	idx, err := index.Open(indexDir)
	if err != nil {
		t.Fatalf("index.Open: %v", err)
	}
	t.Cleanup(func() { idx.Close() })
	return &env{store: store, index: idx, p: &pipeline.Pipeline{Store: store, Index: idx}}
}

// ingestCorpus ingests the committed fixture corpus and fails the test on a run error.
func (e *env) ingestCorpus(t testing.TB) pipeline.Summary {
	t.Helper()
	sum, err := e.p.IngestFS(context.Background(), fixtures.Corpus, ".")
	if err != nil {
		t.Fatalf("IngestFS: %v", err)
	}
	return sum
}

// sharedCorpus is one ingest of the fixture corpus shared by the read-only tests, so that the
// package stays fast under -race. Tests that write (re-ingest, rebuild) use their own env.
var sharedCorpus struct {
	once sync.Once
	env  *env
	sum  pipeline.Summary
	err  error
}

// corpusEnv returns the shared, already ingested environment. It is never closed: the
// in-memory store and index live until the test binary exits.
func corpusEnv(t *testing.T) (*env, pipeline.Summary) {
	t.Helper()
	sharedCorpus.once.Do(func() {
		store, err := kv.Open("")
		if err != nil {
			sharedCorpus.err = err
			return
		}
		idx, err := index.Open("")
		if err != nil {
			sharedCorpus.err = err
			return
		}
		e := &env{store: store, index: idx, p: &pipeline.Pipeline{Store: store, Index: idx}}
		sharedCorpus.env = e
		sharedCorpus.sum, sharedCorpus.err = e.p.IngestFS(context.Background(), fixtures.Corpus, ".")
	})
	if sharedCorpus.err != nil {
		t.Fatalf("ingest corpus: %v", sharedCorpus.err)
	}
	return sharedCorpus.env, sharedCorpus.sum
}

// corpusFiles lists the filing files (.txt) of the fixture corpus.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	var names []string
	err := fs.WalkDir(fixtures.Corpus, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(path.Ext(name), ".txt") {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		t.Fatalf("walk corpus: %v", err)
	}
	return names
}

// manifest decodes fixtures/corpus/MANIFEST.json.
func manifest(t testing.TB) gen.Manifest {
	t.Helper()
	var m gen.Manifest
	if err := json.Unmarshal(fixtures.Manifest, &m); err != nil {
		t.Fatalf("MANIFEST.json: %v", err)
	}
	return m
}

// allCIKs lists every CIK the store holds filings for.
func allCIKs(t testing.TB, store spac.FilingStore) []spac.CIK {
	t.Helper()
	var ciks []spac.CIK
	err := store.EachCIK(context.Background(), func(c spac.CIK) error {
		ciks = append(ciks, c)
		return nil
	})
	if err != nil {
		t.Fatalf("EachCIK: %v", err)
	}
	return ciks
}

// watermark returns the store's watermark.
func watermark(t testing.TB, store spac.ProfileStore) time.Time {
	t.Helper()
	w, err := store.Watermark(context.Background())
	if err != nil {
		t.Fatalf("Watermark: %v", err)
	}
	if w.IsZero() {
		t.Fatal("Watermark is zero after an ingest")
	}
	return w
}

// indexCount returns the number of documents in the index.
func indexCount(t testing.TB, idx spac.Index) uint64 {
	t.Helper()
	n, err := idx.Count(context.Background())
	if err != nil {
		t.Fatalf("Count: %v", err)
	}
	return n
}

// profiles returns every stored profile by CIK.
func profiles(t testing.TB, store spac.ProfileStore) map[spac.CIK]spac.Profile {
	t.Helper()
	out := map[spac.CIK]spac.Profile{}
	err := store.EachProfile(context.Background(), func(p spac.Profile) error {
		out[p.CIK] = p
		return nil
	})
	if err != nil {
		t.Fatalf("EachProfile: %v", err)
	}
	return out
}

// universe runs a universe query and fails the test on error.
func universe(t testing.TB, idx spac.Index, q spac.UniverseQuery) spac.UniversePage {
	t.Helper()
	page, err := idx.Universe(context.Background(), q)
	if err != nil {
		t.Fatalf("Universe: %v", err)
	}
	return page
}
