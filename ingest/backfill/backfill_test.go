package backfill_test

import (
	"context"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/storetest"
)

// hookCount counts the profiles a fold hook is told about.
type hookCount struct{ n int }

func (h *hookCount) hook(context.Context, spac.Profile, spac.Profile) { h.n++ }

// A backfill finds every SPAC of the archive in EDGAR's indexes, fetches each filing of
// interest exactly once and folds every SPAC as history: the store serves what a direct ingest
// of the same filings serves. Run again, it asks EDGAR for nothing and changes nothing.
func TestBackfillFetchesEverySPACOnce(t *testing.T) {
	c := generated(t, 12)
	want := cleanIngest(t, c)
	fake, clock := polltest.New(t), newClock()
	fake.SetClock(clock.Now)
	c.archive(t, fake)
	e := newEnv(t, fake, clock, 10)
	live, hist := &hookCount{}, &hookCount{}
	e.p.OnFold, e.p.OnHistoricalFold = live.hook, hist.hook
	sum := e.run(t, e.config(fake, clock))

	t.Logf("summary %+v", sum)
	if sum.SPACs != 12 || sum.Fetched != len(c.archivePaths()) || len(sum.Failed) != 0 || sum.Skipped != 0 {
		t.Errorf("summary %+v; want 12 SPACs and %d filings fetched", sum, len(c.archivePaths()))
	}
	for _, p := range c.archivePaths() {
		if n := fake.Served(p); n != 1 {
			t.Errorf("%s fetched %d times, want once", p, n)
		}
	}
	if got := servedSnapshot(t, e); storetest.Diff(got, want) != "" {
		t.Errorf("store differs from a direct ingest: %s", storetest.Diff(got, want))
	}
	if live.n != 0 || hist.n != 12 {
		t.Errorf("live hook told %d changes, historical hook %d; want 0 and 12", live.n, hist.n)
	}

	before := len(fake.Log())
	again := e.run(t, e.config(fake, clock))
	if n := len(fake.Log()) - before; n != 0 || again.Fetched != 0 || again.AlreadyStored != sum.Fetched {
		t.Errorf("second run sent %d requests, summary %+v; want none, everything already stored", n, again)
	}
	if got := servedSnapshot(t, e); storetest.Diff(got, want) != "" {
		t.Errorf("second run changed the store: %s", storetest.Diff(got, want))
	}
	if _, err := e.p.FoldPending(pipeline.WithHistorical(context.Background())); err != nil {
		t.Fatal(err)
	}
}
