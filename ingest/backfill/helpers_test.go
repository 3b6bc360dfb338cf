package backfill_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/backfill"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/storetest"
	"github.com/spacdata/spac/kv"
)

// testAgent is a declared User-Agent (the fake accepts any).
const testAgent = "SPAC Data tests tests@spacdata.dev"

// vclock is a virtual clock: Sleep advances it at once, so a run at 10 requests/s takes CPU
// time only while the rate it kept to can still be read off the fake's request log.
type vclock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *vclock { return &vclock{t: time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)} }

func (c *vclock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *vclock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(max(d, 0))
	return nil
}

// corpus is a generated corpus on disk and its manifest.
type corpus struct {
	dir      string
	manifest gen.Manifest
}

var corpora sync.Map // SPAC count -> *corpus, generated once per test binary

// generated writes (once) a corpus of n generated SPACs.
func generated(t testing.TB, n int) *corpus {
	t.Helper()
	if c, ok := corpora.Load(n); ok {
		return c.(*corpus)
	}
	dir := filepath.Join(tmpRoot, fmt.Sprintf("corpus%d", n))
	m, err := gen.Generate(dir, gen.Options{SPACs: n})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := corpora.LoadOrStore(n, &corpus{dir: dir, manifest: m})
	return c.(*corpus)
}

var tmpRoot string

func TestMain(m *testing.M) {
	var err error
	if tmpRoot, err = os.MkdirTemp("", "backfill-test"); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(tmpRoot)
	os.Exit(code)
}

// archive puts every filing of the corpus in the fake's archive.
func (c *corpus) archive(t testing.TB, s *polltest.Server) {
	t.Helper()
	for _, e := range c.manifest.SPACs {
		for _, f := range e.Filings {
			data, err := os.ReadFile(filepath.Join(c.dir, f.Path))
			if err != nil {
				t.Fatal(err)
			}
			s.Archive(f.Path, data)
		}
	}
}

// archivePaths are the download paths of every filing of the corpus.
func (c *corpus) archivePaths() []string {
	var out []string
	for _, e := range c.manifest.SPACs {
		for _, f := range e.Filings {
			out = append(out, polltest.ArchivePath(spac.CIK(e.CIK), f.Accession))
		}
	}
	return out
}

// env is one process's view: a store and index (in memory or in a directory), a pipeline
// and a Client on the clock.
type env struct {
	db     *kv.DB
	idx    *index.Index
	p      *pipeline.Pipeline
	client *poll.Client
	spool  string
	once   sync.Once
}

// close closes the store and index (once).
func (e *env) close() {
	e.once.Do(func() { e.idx.Close(); e.db.Close() })
}

func newEnv(t testing.TB, fake *polltest.Server, clock *vclock, rate float64) *env {
	t.Helper()
	return openEnv(t, "", t.TempDir(), fake, clock, rate)
}

// openEnv opens the store in dir ("" = memory) and a Client of the fake at rate.
func openEnv(t testing.TB, dir, spool string, fake *polltest.Server, clock *vclock, rate float64) *env {
	t.Helper()
	kvDir, idxDir := "", ""
	if dir != "" {
		kvDir, idxDir = filepath.Join(dir, "kv"), filepath.Join(dir, "index")
	}
	db, err := kv.Open(kvDir)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(idxDir)
	if err != nil {
		t.Fatal(err)
	}
	client, err := poll.NewClient(poll.ClientConfig{UserAgent: testAgent, RatePerSec: rate, BaseURLs: []string{fake.URL()},
		Now: clock.Now, Sleep: clock.Sleep, BackoffBase: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{db: db, idx: idx, p: &pipeline.Pipeline{Store: db, Index: idx}, client: client, spool: spool}
	t.Cleanup(e.close)
	return e
}

// config is a discovery backfill since 2020 against the fake.
func (e *env) config(fake *polltest.Server, clock *vclock) backfill.Config {
	return backfill.Config{
		Client: e.client, BaseURL: fake.URL(), SubmissionsBaseURL: fake.URL(), Pipeline: e.p, State: e.db,
		SpoolDir: e.spool, Discover: true, Since: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), Now: clock.Now,
	}
}

func (e *env) run(t testing.TB, cfg backfill.Config) backfill.Summary {
	t.Helper()
	b, err := backfill.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := b.Run(context.Background())
	if err != nil {
		t.Fatalf("backfill: %v (summary %+v)", err, sum)
	}
	return sum
}

// servedSnapshot is what the env's store and index serve.
func servedSnapshot(t testing.TB, e *env) map[string]string { return storetest.Served(t, e.db, e.idx) }

// cleanIngest ingests the corpus directly (spacd ingest) and returns its snapshot.
func cleanIngest(t testing.TB, c *corpus) map[string]string {
	t.Helper()
	clock := newClock()
	e := newEnv(t, polltest.New(t), clock, 10)
	if _, err := e.p.IngestFS(context.Background(), os.DirFS(c.dir), "."); err != nil {
		t.Fatal(err)
	}
	return servedSnapshot(t, e)
}
