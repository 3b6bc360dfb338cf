package poll

import (
	"bytes"
	"context"
	"io/fs"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

const testAgent = "SPAC Data Tests tests@example.com"

// liveAgent is a declared agent the real EDGAR would accept (CheckUserAgent refuses testAgent
// for sec.gov); the tests that use it never send a request there.
const liveAgent = "SPAC Data Tests ops@spacdata-tests.dev"

// virtualClock stands in for time in the limiter and backoff: sleeping advances it at once,
// so tests run fast and can still check how long the poller would have waited.
type virtualClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func (c *virtualClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *virtualClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d > 0 {
		c.t = c.t.Add(d)
	}
	return ctx.Err()
}

// backoff records the waits of the retry path (kept apart from the limiter's waits).
type backoffRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (b *backoffRecorder) sleep(ctx context.Context, d time.Duration) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.waits = append(b.waits, d)
	return ctx.Err()
}

func (b *backoffRecorder) all() []time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]time.Duration(nil), b.waits...)
}

type ingested struct {
	name string
	data []byte
}

// recordingSink keeps what it is given; fail, when set, decides an error per call.
type recordingSink struct {
	mu   sync.Mutex
	got  []ingested
	fail func(name string) error
}

func (s *recordingSink) Ingest(_ context.Context, name string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		if err := s.fail(name); err != nil {
			return err
		}
	}
	s.got = append(s.got, ingested{name, data})
	return nil
}

func (s *recordingSink) names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, g := range s.got {
		out = append(out, g.name)
	}
	return out
}

type testPoller struct {
	*Poller
	clock   *virtualClock
	backoff *backoffRecorder
}

// newTestPoller points a Poller at the fake, with virtual time for rate limiting and backoff.
func newTestPoller(t *testing.T, f *polltest.Server, sink Sink, seen Seen, tweak func(*Config)) testPoller {
	t.Helper()
	cfg := Config{BaseURL: f.URL(), SubmissionsBaseURL: f.URL(), UserAgent: testAgent,
		RatePerSec: 10, BackoffBase: time.Second, MaxBackoff: time.Minute}
	if tweak != nil {
		tweak(&cfg)
	}
	p, err := New(cfg, sink, seen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tp := testPoller{Poller: p, clock: &virtualClock{t: time.Unix(0, 0)}, backoff: &backoffRecorder{}}
	p.client.limit = newLimiter(p.cfg.RatePerSec, tp.clock.now, tp.clock.sleep)
	p.client.sleep = tp.backoff.sleep
	return tp
}

func pollOnce(t *testing.T, p testPoller) Result {
	t.Helper()
	res, err := p.PollOnce(context.Background())
	if err != nil {
		t.Fatalf("PollOnce: %v (result %+v)", err, res)
	}
	return res
}

func corpusBytes(t *testing.T, path string) []byte {
	t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func checkCounts(t *testing.T, res Result, entries, downloaded, ingested, skipped, seen int) {
	t.Helper()
	got := [5]int{res.Entries, res.Downloaded, res.Ingested, res.Skipped, res.AlreadySeen}
	want := [5]int{entries, downloaded, ingested, skipped, seen}
	if got != want {
		t.Errorf("entries/downloaded/ingested/skipped/alreadySeen = %v, want %v (errors %v)", got, want, res.Errors)
	}
}

func checkAgents(t *testing.T, f *polltest.Server) {
	t.Helper()
	total, agents := f.Requests()
	if total == 0 || agents[testAgent] != total || len(agents) != 1 {
		t.Errorf("User-Agent per request = %v over %d requests, want %q on every one", agents, total, testAgent)
	}
}

func sameBytes(a, b []byte) bool { return bytes.Equal(a, b) }

const (
	spacA    = spac.CIK("0009900001")
	spacM    = spac.CIK("0009900020") // files the 425 below
	notSPAC  = spac.CIK("0009900002") // served with SIC 2834 by the fake: an untracked non-SPAC
	targetCo = spac.CIK("0009800001") // a merger target named as Filer of a SPAC's 425
)
