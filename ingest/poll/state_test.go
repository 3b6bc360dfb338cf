package poll

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/kv"
)

// A poller restarted on the same state store resumes where the last one stopped: it reads the
// feed only down to the last poll's watermark (one page, not MaxPages), looks up no SIC code it
// already learned, does not download again a filing it rejected, and keeps counting the failed
// attempts of a filing it retries.
func TestPollerStateSurvivesRestart(t *testing.T) {
	db, err := kv.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f, a1, a2, _, m1 := standardFake(t)
	f.Filler(150) // two feed pages below the filings
	rejected := f.URL() + polltest.ArchivePath(spacA, a2.Accession)
	failing := f.URL() + polltest.ArchivePath(spacM, m1.Accession)
	sink := &recordingSink{fail: func(name string) error {
		switch name {
		case rejected:
			return fmt.Errorf("%w: bad document", ErrRejected)
		case failing:
			return errors.New("disk full")
		}
		return nil
	}}
	start := func() testPoller {
		return newTestPoller(t, f, sink, StoreSeen(db), func(c *Config) { c.State = db })
	}
	p := start()
	res, err := p.PollOnce(context.Background())
	if err != nil || res.Ingested != 1 || res.Pending != 1 {
		t.Fatalf("first poll %+v, %v; want a1 ingested, a2 rejected, m1 pending", res, err)
	}
	submissions := subRequests(f)
	feedBefore := f.Count(polltest.FeedPath)

	p = start() // a new process
	f.PublishCorpus(a3Path)
	res, err = p.PollOnce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := f.Count(polltest.FeedPath) - feedBefore; n != 1 {
		t.Errorf("restarted poller read %d feed pages, want 1 (down to the watermark)", n)
	}
	if n := subRequests(f) - submissions; n != 0 {
		t.Errorf("restarted poller looked up %d SIC codes again", n)
	}
	if n := f.Count(polltest.ArchivePath(spacA, a2.Accession)); n != 1 {
		t.Errorf("rejected filing downloaded %d times, want once", n)
	}
	if n := f.Count(polltest.ArchivePath(spacA, a1.Accession)); n != 1 {
		t.Errorf("stored filing downloaded %d times, want once", n)
	}
	if res.Ingested != 1 || res.Pending != 1 {
		t.Errorf("second poll %+v; want a3 ingested, m1 still pending", res)
	}
	if c := p.pending[m1.Accession]; c == nil || c.attempts != 2 {
		t.Errorf("pending m1 = %+v, want 2 failed attempts counted across the restart", c)
	}
}

func subRequests(f *polltest.Server) int {
	n := 0
	for _, c := range []string{string(spacA), string(spacM), string(notSPAC), string(targetCo)} {
		n += f.Count("/submissions/CIK" + c + ".json")
	}
	return n
}

func TestCheckUserAgent(t *testing.T) {
	for _, tc := range []struct {
		base, agent string
		ok          bool
	}{
		{"https://www.sec.gov", "spacd/1.0 admin@example.com", false}, // the config default
		{"https://data.sec.gov", "Acme Research", false},
		{"https://www.sec.gov", "Acme Research jane@acme.invalid", false},
		{"https://www.sec.gov", "Acme jane@localhost", false},
		{"https://www.sec.gov", "Acme Research jane.doe@acme-research.com", true},
		{"https://www.sec.gov", "Acme Research <ops@acme.co.uk>", true},
		{"http://127.0.0.1:8080", "spacd/1.0 admin@example.com", true}, // a fake EDGAR
		{"https://sec.gov.example.net", "spacd/1.0 admin@example.com", true},
	} {
		err := CheckUserAgent(tc.base, tc.agent)
		if (err == nil) != tc.ok {
			t.Errorf("CheckUserAgent(%q, %q) = %v, want ok=%v", tc.base, tc.agent, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "real contact") {
			t.Errorf("message does not ask for a real contact: %v", err)
		}
	}
}

// The SEC's 10 requests/s bind whenever one server is sec.gov; a local server (a mirror, the
// fake EDGAR of tests) may be asked faster.
func TestRateCap(t *testing.T) {
	cases := []struct {
		urls []string
		want float64
	}{
		{nil, MaxRatePerSec},
		{[]string{"https://www.sec.gov", "https://data.sec.gov"}, MaxRatePerSec},
		{[]string{"http://127.0.0.1:8080", "https://data.sec.gov"}, MaxRatePerSec},
		{[]string{"http://127.0.0.1:8080", "http://[::1]:9"}, MaxLocalRatePerSec},
		{[]string{"%zz"}, MaxRatePerSec},
	}
	for _, c := range cases {
		if got := RateCap(c.urls...); got != c.want {
			t.Errorf("RateCap(%q) = %v, want %v", c.urls, got, c.want)
		}
	}
	if _, err := NewClient(ClientConfig{UserAgent: liveAgent, RatePerSec: 50}); err == nil {
		t.Error("50 req/s accepted without base URLs (counts as sec.gov)")
	}
	if _, err := NewClient(ClientConfig{UserAgent: liveAgent, RatePerSec: 50, BaseURLs: []string{"http://127.0.0.1:1"}}); err != nil {
		t.Errorf("50 req/s against a local server refused: %v", err)
	}
	if _, err := New(Config{UserAgent: liveAgent, RatePerSec: 50, BaseURL: "http://127.0.0.1:1", SubmissionsBaseURL: "http://127.0.0.1:1"},
		&recordingSink{}, nil); err != nil {
		t.Errorf("poller at 50 req/s against a local server refused: %v", err)
	}
}
