package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/poll/polltest"
)

// serve's poller keeps what it learned in the store: after a SIGKILL and a restart it does not
// look up again the SIC code of a company it already classified as no SPAC.
func TestPollerStateSurvivesRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds spacd and kills it")
	}
	// Not parallel: it starts processes, and a child holds a copy of the parent's file
	// descriptors from fork to exec, Badger's directory lock included, so a parallel test that
	// closes and reopens its store in that window finds it locked. Sequential tests run before
	// the parallel ones start.
	bin := buildSpacd(t)
	feed := polltest.New(t)
	e := feed.PublishCorpus("0009900001/0009900001-25-000004.txt")
	feed.SetSIC(e.CIK, "2834") // a pharmaceutical company, not a SPAC
	lookup := "/submissions/CIK" + string(e.CIK) + ".json"
	env := liveEnv(feed.URL())
	env["SPACD_FIXTURES"] = "false"
	data := filepath.Join(t.TempDir(), "data")

	p := startProcess(t, bin, data, env)
	waitUntil(t, "the company looked up", func() bool { return feed.Count(lookup) == 1 })
	polls := feed.Count(polltest.FeedPath)
	waitUntil(t, "a later poll (the first one saved its state)", func() bool { return feed.Count(polltest.FeedPath) > polls })
	p.kill(t)

	p = startProcess(t, bin, data, env)
	polls = feed.Count(polltest.FeedPath)
	waitUntil(t, "two polls after the restart", func() bool { return feed.Count(polltest.FeedPath) >= polls+2 })
	p.kill(t)
	if n := feed.Count(lookup); n != 1 {
		t.Errorf("the company's submissions were looked up %d times; the restarted poller forgot it", n)
	}
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(liveTimeout); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not reached after %s", what, liveTimeout)
		}
	}
}
