package poll

import (
	"context"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/kv"
)

// A filing that appears on the feed while the poller runs ends up in the store, refolded and
// indexed, without restarting anything.
func TestRunningPollerFeedsThePipeline(t *testing.T) {
	db, err := kv.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	idx, err := index.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	pl := &pipeline.Pipeline{Store: db, Index: idx, Workers: 1}

	f := polltest.New(t)
	f.SetSIC(spacA, "6770")
	a1 := f.PublishCorpus(a1Path)
	results := make(chan Result, 16)
	p := newTestPoller(t, f, PipelineSink(pl), StoreSeen(db), func(c *Config) {
		c.Interval = 5 * time.Millisecond
		c.OnPoll = func(r Result, _ error) { results <- r }
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // guards against a hang only
	defer cancel()
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown(context.Background())

	waitIngested(ctx, t, results)
	checkStored(ctx, t, db, a1.Accession, "S-1")

	a2 := f.PublishCorpus(a2Path) // filed while the poller runs
	waitIngested(ctx, t, results)
	checkStored(ctx, t, db, a2.Accession, "S-1/A")
	if n, err := idx.Count(ctx); err != nil || n != 1 {
		t.Errorf("index holds %d rows (%v), want the SPAC", n, err)
	}
	if _, err := db.Profile(ctx, spacA); err != nil {
		t.Errorf("profile of %s: %v", spacA, err)
	}
	if err := p.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(polltest.ArchivePath(spacA, a1.Accession)); n != 1 {
		t.Errorf("first filing downloaded %d times over the polls, want 1", n)
	}
}

// waitIngested waits for a poll that ingested a filing, failing on any poll error.
func waitIngested(ctx context.Context, t *testing.T, results <-chan Result) {
	t.Helper()
	for {
		select {
		case r := <-results:
			if len(r.Errors) > 0 {
				t.Fatalf("poll errors: %v", r.Errors)
			}
			if r.Ingested > 0 {
				return
			}
		case <-ctx.Done():
			t.Fatal("no poll ingested the filing")
		}
	}
}

func checkStored(ctx context.Context, t *testing.T, db *kv.DB, accession, form string) {
	t.Helper()
	got, err := db.Filing(ctx, accession)
	if err != nil {
		t.Fatalf("Filing(%s): %v", accession, err)
	}
	if got.Form != form || got.CIK != spacA || got.LineCount == 0 {
		t.Errorf("stored filing %+v, want form %s of %s with text", got, form, spacA)
	}
	var _ spac.FilingStore = db
}
