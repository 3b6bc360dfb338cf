package poll

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/poll/polltest"
)

func TestPollRetriesAfter429WithRetryAfter(t *testing.T) {
	f := polltest.New(t)
	f.SetSIC(spacA, "6770")
	a1 := f.PublishCorpus(a1Path)
	f.Fail(polltest.FeedPath, polltest.Failure{Status: 429, RetryAfter: "3"})
	f.Fail(polltest.ArchivePath(spacA, a1.Accession), polltest.Failure{Status: 429, RetryAfter: "7"})
	sink := &recordingSink{}
	p := newTestPoller(t, f, sink, nil, nil)
	res := pollOnce(t, p)
	checkCounts(t, res, 1, 1, 1, 0, 0)
	if f.Count(polltest.FeedPath) != 2 || f.Count(polltest.ArchivePath(spacA, a1.Accession)) != 2 {
		t.Errorf("feed requested %d times, archive %d; want 2 each", f.Count(polltest.FeedPath), f.Count(polltest.ArchivePath(spacA, a1.Accession)))
	}
	waits := p.backoff.all()
	if len(waits) != 2 || waits[0] < 3*time.Second || waits[1] < 7*time.Second {
		t.Errorf("backoff waits %v, want two honouring Retry-After 3s and 7s", waits)
	}
	checkAgents(t, f)
}

func TestPoll403BacksOffExponentially(t *testing.T) {
	f := polltest.New(t)
	f.SetSIC(spacA, "6770")
	f.PublishCorpus(a1Path)
	f.Fail(polltest.FeedPath, polltest.Failure{Status: 403}, polltest.Failure{Status: 403}, polltest.Failure{Status: 503})
	p := newTestPoller(t, f, &recordingSink{}, nil, nil)
	res := pollOnce(t, p)
	if res.Ingested != 1 || f.Count(polltest.FeedPath) != 4 {
		t.Fatalf("ingested %d after %d feed requests; want 1 after 4", res.Ingested, f.Count(polltest.FeedPath))
	}
	waits := p.backoff.all()
	if len(waits) != 3 {
		t.Fatalf("waits %v, want 3", waits)
	}
	for i, w := range waits {
		full := time.Second << i // BackoffBase doubled per retry, jittered into [full/2, full]
		if w < full/2 || w > full {
			t.Errorf("wait %d = %v, want within [%v, %v]", i, w, full/2, full)
		}
	}
}

func TestPollGivesUpAfterMaxRetries(t *testing.T) {
	f := polltest.New(t)
	for range 10 {
		f.Fail(polltest.FeedPath, polltest.Failure{Status: 403})
	}
	p := newTestPoller(t, f, &recordingSink{}, nil, func(c *Config) { c.MaxRetries = 2 })
	_, err := p.PollOnce(context.Background())
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != 403 {
		t.Fatalf("err = %v, want the 403", err)
	}
	if f.Count(polltest.FeedPath) != 3 || len(p.backoff.all()) != 2 {
		t.Errorf("%d requests, %d waits; want 3 and 2", f.Count(polltest.FeedPath), len(p.backoff.all()))
	}
}

func TestPollRefusesHugeRetryAfter(t *testing.T) {
	f := polltest.New(t)
	f.Fail(polltest.FeedPath, polltest.Failure{Status: 429, RetryAfter: "3600"})
	p := newTestPoller(t, f, &recordingSink{}, nil, func(c *Config) { c.MaxRetryAfter = time.Minute })
	if _, err := p.PollOnce(context.Background()); err == nil || !strings.Contains(err.Error(), "Retry-After") {
		t.Fatalf("err = %v, want a Retry-After refusal", err)
	}
	if len(p.backoff.all()) != 0 || f.Count(polltest.FeedPath) != 1 {
		t.Errorf("waited %v over %d requests; want no wait, 1 request", p.backoff.all(), f.Count(polltest.FeedPath))
	}
}

func TestPollRetriesFailedFilingsOnLaterPolls(t *testing.T) {
	f := polltest.New(t)
	f.SetSIC(spacA, "6770")
	a1, a2, a3 := f.PublishCorpus(a1Path), f.PublishCorpus(a2Path), f.PublishCorpus(a3Path)
	calls := map[string]int{}
	sink := &recordingSink{fail: func(name string) error {
		calls[name]++
		switch {
		case strings.Contains(name, a1.Accession) && calls[name] == 1:
			return errors.New("store briefly unavailable")
		case strings.Contains(name, a2.Accession):
			return fmt.Errorf("%w: no header", ErrRejected)
		case strings.Contains(name, a3.Accession):
			return errors.New("always failing")
		}
		return nil
	}}
	p := newTestPoller(t, f, sink, nil, func(c *Config) { c.MaxAttempts = 2 })
	res := pollOnce(t, p)
	if res.Ingested != 0 || len(res.Errors) != 3 || res.Pending != 2 {
		t.Fatalf("first poll %+v; want 3 errors, a1 and a3 pending", res)
	}
	res = pollOnce(t, p) // a1 succeeds; a3 fails its second and last attempt
	if res.Ingested != 1 || res.Pending != 0 {
		t.Fatalf("second poll %+v; want a1 ingested, nothing pending", res)
	}
	pollOnce(t, p)
	want := map[string]int{a1.Accession: 2, a2.Accession: 1, a3.Accession: 2}
	for acc, n := range want {
		if got := f.Count(polltest.ArchivePath(spacA, acc)); got != n {
			t.Errorf("%s downloaded %d times, want %d", acc, got, n)
		}
	}
}

func TestPollSIClookupFailureIsRetried(t *testing.T) {
	f := polltest.New(t)
	a1 := f.PublishCorpus(a1Path) // no submissions JSON yet: 404
	p := newTestPoller(t, f, &recordingSink{}, nil, nil)
	if res := pollOnce(t, p); res.Pending != 1 || len(res.Errors) != 1 {
		t.Fatalf("first poll %+v; want the filing pending after the 404", res)
	}
	f.SetSIC(spacA, "6770")
	if res := pollOnce(t, p); res.Ingested != 1 || f.Count(polltest.ArchivePath(spacA, a1.Accession)) != 1 {
		t.Fatalf("second poll %+v; want the filing ingested", res)
	}
}

func TestParseRetryAfter(t *testing.T) {
	c := &Client{cfg: ClientConfig{Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }}}
	tests := map[string]time.Duration{
		"":                              0,
		"5":                             5 * time.Second,
		"-3":                            0,
		"soon":                          0,
		"Thu, 01 Jan 2026 00:00:30 GMT": 30 * time.Second,
		"Wed, 31 Dec 2025 23:00:00 GMT": 0,
	}
	for in, want := range tests {
		if got := c.parseRetryAfter(in); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}
