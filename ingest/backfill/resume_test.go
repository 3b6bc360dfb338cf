package backfill_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/backfill"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/storetest"
)

// A run stopped at any request (its context cancelled while the request is in flight, as a
// process killed then) and run again fetches nothing twice and misses nothing: the store is
// the one an uninterrupted backfill builds. (cmd/spacd kills a real process the same way.)
func TestResumeAfterStop(t *testing.T) {
	c := generated(t, 6)
	want := cleanIngest(t, c)
	spacs := c.manifest.SPACs
	mid := spacs[1].Filings[len(spacs[1].Filings)/2]
	points := map[string]string{
		"discovery":   polltest.FullIndexPath(2021, 2, "form"),
		"submissions": "/submissions/CIK" + spacs[2].CIK + ".json",
		"mid-SPAC":    polltest.ArchivePath(spac.CIK(spacs[1].CIK), mid.Accession),
		"next SPAC":   polltest.ArchivePath(spac.CIK(spacs[4].CIK), spacs[4].Filings[0].Accession),
	}
	for name, path := range points {
		t.Run(name, func(t *testing.T) {
			fake, clock := polltest.New(t), newClock()
			fake.SetClock(clock.Now)
			c.archive(t, fake)
			dir, spool := t.TempDir(), t.TempDir()
			stopAt(t, fake, path, openEnv(t, dir, spool, fake, clock, 1000), clock)

			e := openEnv(t, dir, spool, fake, clock, 1000) // the next process
			sum := e.run(t, e.config(fake, clock))
			t.Logf("resumed run: %+v", sum)
			if strings.Contains(name, "SPAC") && sum.AlreadyStored == 0 {
				t.Errorf("the stopped run stored nothing before %s", path)
			}
			for p, n := range fake.ServedCounts() {
				if n > 1 {
					t.Errorf("%s fetched %d times", p, n)
				}
			}
			for _, p := range c.archivePaths() {
				if fake.Served(p) != 1 {
					t.Errorf("%s never fetched", p)
				}
			}
			if got := servedSnapshot(t, e); storetest.Diff(got, want) != "" {
				t.Errorf("store after the resumed run differs from a clean one: %s", storetest.Diff(got, want))
			}
		})
	}
}

// stopAt runs a backfill in e and cancels it while the request of path is held in flight.
func stopAt(t *testing.T, fake *polltest.Server, path string, e *env, clock *vclock) {
	t.Helper()
	h := fake.Hold(path)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		b, err := backfill.New(e.config(fake, clock))
		if err == nil {
			_, err = b.Run(ctx)
		}
		done <- err
	}()
	select {
	case <-h.Arrived():
	case err := <-done:
		t.Fatalf("run ended (%v) before reaching %s", err, path)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: err = %v, want cancelled", err)
	}
	<-h.Gone() // never answered: its client went away
	e.close()
}

// A filing EDGAR fails to serve (after the client's retries) is listed as failed, the run goes
// on, and the next run fetches it; one EDGAR does not have (404) is skipped for good.
func TestFailedFilingsAreRetriedNextRun(t *testing.T) {
	c := generated(t, 3)
	fake, clock := polltest.New(t), newClock()
	fake.SetClock(clock.Now)
	c.archive(t, fake)
	s := c.manifest.SPACs[0]
	broken := polltest.ArchivePath(spac.CIK(s.CIK), s.Filings[1].Accession)
	gone := polltest.ArchivePath(spac.CIK(s.CIK), s.Filings[2].Accession)
	fail := make([]polltest.Failure, 5) // the first try and 4 retries
	for i := range fail {
		fail[i] = polltest.Failure{Status: http.StatusServiceUnavailable}
	}
	fake.Fail(broken, fail...)
	fake.Fail(gone, polltest.Failure{Status: http.StatusNotFound})
	e := newEnv(t, fake, clock, 1000)
	sum := e.run(t, e.config(fake, clock))
	if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0], s.Filings[1].Accession) || sum.Skipped != 1 {
		t.Fatalf("summary %+v; want one failed and one skipped filing", sum)
	}
	if fake.Served(broken) != 0 || fake.Count(broken) != 5 {
		t.Fatalf("broken filing: %d requests, %d served", fake.Count(broken), fake.Served(broken))
	}
	again := e.run(t, e.config(fake, clock))
	if again.Fetched != 1 || len(again.Failed) != 0 || fake.Served(broken) != 1 {
		t.Errorf("second run %+v; want the failed filing fetched", again)
	}
	if fake.Count(gone) != 1 {
		t.Errorf("a filing EDGAR does not have was asked for %d times, want once", fake.Count(gone))
	}
}
