package poll

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

const (
	a1Path = "0009900001/0009900001-25-000001.txt" // S-1
	a2Path = "0009900001/0009900001-25-000002.txt" // S-1/A
	a3Path = "0009900001/0009900001-25-000003.txt" // 424B4
	n1Path = "0009900002/0009900002-26-000001.txt" // S-1, served as a non-SPAC company
	m1Path = "0009900020/0009900020-26-000003.txt" // 425
)

// standardFake is a feed holding two filings of SPAC A, one of a non-SPAC company, a 425
// listed under both the merger target (Filer) and the SPAC (Subject), an uninteresting form
// of SPAC A, and filler Form 4s.
func standardFake(t *testing.T) (f *polltest.Server, a1, a2, n1, m1 edgar.FeedEntry) {
	f = polltest.New(t)
	f.SetSIC(spacA, "6770")
	f.SetSIC(spacM, "6770")
	f.SetSIC(notSPAC, "2834")
	f.SetSIC(targetCo, "2834")
	f.Filler(5)
	a1 = f.PublishCorpus(a1Path)
	a2 = f.PublishCorpus(a2Path)
	n1 = f.PublishCorpus(n1Path)
	m1 = f.PublishCorpus(m1Path, edgar.FeedEntry{Form: "425", Company: "Target Holdings Inc", CIK: targetCo, Role: "Filer"})
	f.Push(edgar.FeedEntry{Form: "SC 13G", Company: "Quarry Lane Acquisition Corp. II", CIK: spacA, Role: "Subject",
		Accession: "0009600000-26-000001", FiledAt: "2026-11-20"})
	return f, a1, a2, n1, m1
}

func TestPollDownloadsNewSPACFilingsOnce(t *testing.T) {
	f, a1, a2, n1, m1 := standardFake(t)
	sink := &recordingSink{}
	p := newTestPoller(t, f, sink, nil, nil)

	res := pollOnce(t, p)
	// 11 entries: 5 filler, a1, a2, n1, the 425 twice, the SC 13G. Skipped: 5 filler, SC 13G, n1.
	checkCounts(t, res, 11, 3, 3, 7, 0)
	want := []string{f.URL() + polltest.ArchivePath(spacA, a1.Accession), f.URL() + polltest.ArchivePath(spacA, a2.Accession),
		f.URL() + polltest.ArchivePath(spacM, m1.Accession)}
	if got := sink.names(); !slices.Equal(got, want) {
		t.Fatalf("sink got %v, want %v (oldest first)", got, want)
	}
	if !sameBytes(sink.got[0].data, corpusBytes(t, a1Path)) || !sameBytes(sink.got[2].data, corpusBytes(t, m1Path)) {
		t.Error("sink data differs from the served full submission")
	}
	if n := f.Count(polltest.ArchivePath(notSPAC, n1.Accession)); n != 0 {
		t.Errorf("non-SPAC filing downloaded %d times", n)
	}
	if n := f.Count(polltest.ArchivePath(targetCo, m1.Accession)); n != 0 {
		t.Errorf("425 fetched under the target's CIK %d times, want under the SPAC's", n)
	}
	lookups := map[spac.CIK]int{}
	for _, c := range []spac.CIK{spacA, spacM, notSPAC, targetCo} {
		lookups[c] = f.Count(fmt.Sprintf("/submissions/CIK%s.json", c))
	}
	if lookups[spacA] != 1 || lookups[spacM] != 1 || lookups[notSPAC] != 1 || lookups[targetCo] != 1 {
		t.Errorf("submissions lookups %v, want one per unknown CIK of interest", lookups)
	}

	// Unchanged feed: nothing downloaded again, no new SIC lookups.
	res = pollOnce(t, p)
	if res.Downloaded != 0 || res.Ingested != 0 {
		t.Errorf("second poll downloaded %d, ingested %d; want 0", res.Downloaded, res.Ingested)
	}
	for _, e := range []edgar.FeedEntry{a1, a2} {
		if n := f.Count(polltest.ArchivePath(spacA, e.Accession)); n != 1 {
			t.Errorf("%s downloaded %d times, want 1", e.Accession, n)
		}
	}
	if n := f.Count(fmt.Sprintf("/submissions/CIK%s.json", notSPAC)); n != 1 {
		t.Errorf("non-SPAC SIC looked up %d times, want 1 (cached)", n)
	}

	// A new filing appears: exactly it is downloaded.
	a3 := f.PublishCorpus(a3Path)
	res = pollOnce(t, p)
	if res.Downloaded != 1 || res.Ingested != 1 || sink.names()[3] != f.URL()+polltest.ArchivePath(spacA, a3.Accession) {
		t.Errorf("third poll %+v, sink %v; want only %s", res, sink.names(), a3.Accession)
	}
	checkAgents(t, f)
}

func TestPollSkipsAlreadyStored(t *testing.T) {
	f, a1, a2, _, m1 := standardFake(t)
	sink := &recordingSink{}
	p := newTestPoller(t, f, sink, NewMemorySeen(0, a1.Accession, m1.Accession), nil)
	res := pollOnce(t, p)
	checkCounts(t, res, 11, 1, 1, 9, 2)
	if n := f.Count(polltest.ArchivePath(spacA, a1.Accession)); n != 0 {
		t.Errorf("stored filing downloaded %d times", n)
	}
	if got := sink.names(); len(got) != 1 || !strings.HasSuffix(got[0], a2.Accession+".txt") {
		t.Errorf("sink got %v, want only %s", got, a2.Accession)
	}
}

func TestPollUntrackedNonSPACSkippedButTrackedKept(t *testing.T) {
	f, _, _, n1, _ := standardFake(t)
	sink := &recordingSink{}
	p := newTestPoller(t, f, sink, nil, func(c *Config) { c.CIKs = []spac.CIK{"9900002"} })
	res := pollOnce(t, p)
	if res.Ingested != 4 || f.Count(polltest.ArchivePath(notSPAC, n1.Accession)) != 1 {
		t.Errorf("tracked non-SPAC filing not downloaded: %+v", res)
	}
	if n := f.Count(fmt.Sprintf("/submissions/CIK%s.json", notSPAC)); n != 0 {
		t.Errorf("tracked CIK's SIC looked up %d times, want 0", n)
	}
}

func TestPollPaging(t *testing.T) {
	tests := []struct {
		name      string
		filler    int
		maxPages  int
		feedHits  int
		ingested  int
		wantEntry int
	}{
		{"short last page ends paging", 250, 0, 3, 1, 251},
		{"HTML page past the end is a normal stop", 199, 0, 3, 1, 200},
		{"MaxPages bounds paging", 250, 2, 2, 0, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := polltest.New(t)
			f.SetSIC(spacA, "6770")
			f.PublishCorpus(a1Path) // oldest entry, deep in the feed
			f.Filler(tc.filler)
			p := newTestPoller(t, f, &recordingSink{}, nil, func(c *Config) { c.MaxPages = tc.maxPages })
			res := pollOnce(t, p)
			if len(res.Errors) != 0 || res.Entries != tc.wantEntry || res.Ingested != tc.ingested || f.Count(polltest.FeedPath) != tc.feedHits {
				t.Errorf("entries %d ingested %d feed requests %d errors %v; want %d %d %d none",
					res.Entries, res.Ingested, f.Count(polltest.FeedPath), res.Errors, tc.wantEntry, tc.ingested, tc.feedHits)
			}
		})
	}
}

func TestPollStopsPagingAtWatermark(t *testing.T) {
	f := polltest.New(t)
	f.SetSIC(spacA, "6770")
	f.PublishCorpus(a1Path)
	f.Filler(250)
	p := newTestPoller(t, f, &recordingSink{}, nil, nil)
	pollOnce(t, p)
	before := f.Count(polltest.FeedPath)
	a2 := f.PublishCorpus(a2Path)
	res := pollOnce(t, p)
	if got := f.Count(polltest.FeedPath) - before; got != 1 {
		t.Errorf("second poll read %d feed pages, want 1 (the watermark is on page one)", got)
	}
	if res.Ingested != 1 || f.Count(polltest.ArchivePath(spacA, a2.Accession)) != 1 {
		t.Errorf("new filing not ingested: %+v", res)
	}
}

func TestPollFeedPerForm(t *testing.T) {
	f, _, _, _, _ := standardFake(t)
	p := newTestPoller(t, f, &recordingSink{}, nil, func(c *Config) {
		c.FeedPerForm = true
		c.Forms = []string{"S-1", "425", "PRE 14A"}
	})
	res := pollOnce(t, p)
	// S-1: a1 and n1; 425: two entries; PRE 14A: empty feed. a2 (S-1/A) is not of interest.
	checkCounts(t, res, 4, 2, 2, 1, 0)
	if f.Count(polltest.FeedPath) != 3 {
		t.Errorf("%d feed requests, want one per form", f.Count(polltest.FeedPath))
	}
}

func TestPollRateLimited(t *testing.T) {
	f, _, _, _, _ := standardFake(t)
	f.PublishCorpus(a3Path)
	p := newTestPoller(t, f, &recordingSink{}, nil, nil)
	start := p.clock.now()
	pollOnce(t, p)
	total, _ := f.Requests()
	if taken := p.client.limit.tokensTaken(); taken != total || total < 8 {
		t.Fatalf("limiter gave %d tokens for %d requests; want one per request", taken, total)
	}
	// At 10/s (less the margin): n requests take at least (n-1)/10 s of (virtual) waiting.
	want := time.Duration(total-1) * 100 * time.Millisecond
	if got := p.clock.now().Sub(start); got < want-time.Millisecond {
		t.Errorf("%d requests spread over %v, want at least %v", total, got, want)
	}
}

func TestLimiterSpacesRequests(t *testing.T) {
	c := &virtualClock{t: time.Unix(0, 0)}
	l := newLimiter(4, c.now, c.sleep)
	ctx := context.Background()
	var last time.Time
	for range 9 {
		at, err := l.Wait(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last = at
	}
	// 8 intervals of 250 ms plus the 10 % margin; Wait tells when it let each request go.
	if got := c.now().Sub(time.Unix(0, 0)); got != 2200*time.Millisecond || !last.Equal(c.now()) {
		t.Errorf("9 waits at 4/s took %v (last let go at %v), want 2.2s", got, last.Sub(time.Unix(0, 0)))
	}
	c.sleep(ctx, time.Hour) // idle: no credit builds up, one request goes at once, the next after an interval
	mark := c.now()
	_, _ = l.Wait(ctx)
	_, _ = l.Wait(ctx)
	if got := c.now().Sub(mark); got != 275*time.Millisecond {
		t.Errorf("after idling, two waits took %v, want 275ms", got)
	}
	// A wait that overran (a busy scheduler wakes the caller late) pushes the next request
	// back: the spacing holds between requests actually let go, not between their schedules.
	late := &virtualClock{t: time.Unix(0, 0)}
	overrun := func(ctx context.Context, d time.Duration) error { return late.sleep(ctx, d+200*time.Millisecond) }
	lim := newLimiter(4, late.now, overrun)
	_, _ = lim.Wait(ctx)     // at once
	sent, _ := lim.Wait(ctx) // due at 275 ms, let go at 475 ms
	next, _ := lim.Wait(ctx)
	if got := next.Sub(sent); got < 275*time.Millisecond {
		t.Errorf("after a late request, the next went %v later, want at least a full interval (275ms)", got)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := l.Wait(cancelled); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait on a cancelled context = %v", err)
	}
}

func TestPollCancelled(t *testing.T) {
	f, _, _, _, _ := standardFake(t)
	p := newTestPoller(t, f, &recordingSink{}, nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.PollOnce(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if total, _ := f.Requests(); total != 0 {
		t.Errorf("%d requests after cancellation", total)
	}
}

func TestStartPollsAndShutdownStops(t *testing.T) {
	f, _, _, _, _ := standardFake(t)
	results := make(chan Result, 4)
	p := newTestPoller(t, f, &recordingSink{}, nil, func(c *Config) {
		c.Interval = time.Hour
		c.OnPoll = func(r Result, _ error) { results <- r }
	})
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := <-results; r.Ingested != 3 {
		t.Errorf("first poll ingested %d, want 3", r.Ingested)
	}
	if err := p.Start(context.Background()); err == nil {
		t.Error("second Start succeeded")
	}
	if err := p.Shutdown(context.Background()); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if err := p.Shutdown(context.Background()); err != nil {
		t.Errorf("second Shutdown: %v", err)
	}
}

func TestNewValidates(t *testing.T) {
	sink := &recordingSink{}
	tests := []struct {
		name string
		cfg  Config
		sink Sink
		want string
	}{
		{"no user agent", Config{}, sink, "UserAgent"},
		{"rate above SEC limit", Config{UserAgent: liveAgent, RatePerSec: 11}, sink, "RatePerSec"},
		{"relative base URL", Config{UserAgent: liveAgent, BaseURL: "www.sec.gov"}, sink, "BaseURL"},
		{"bad submissions URL", Config{UserAgent: liveAgent, SubmissionsBaseURL: "ftp://x"}, sink, "SubmissionsBaseURL"},
		{"bad CIK", Config{UserAgent: liveAgent, CIKs: []spac.CIK{"12ab"}}, sink, "CIK"},
		{"negative interval", Config{UserAgent: liveAgent, Interval: -time.Second}, sink, "negative"},
		{"no sink", Config{UserAgent: liveAgent}, nil, "Sink"},
		{"placeholder agent for sec.gov", Config{UserAgent: "spacd/1.0 admin@example.com"}, sink, "real contact"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.cfg, tc.sink, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New = %v, want an error about %s", err, tc.want)
			}
		})
	}
	p, err := New(Config{UserAgent: liveAgent}, sink, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.cfg.BaseURL != DefaultBaseURL || p.cfg.RatePerSec != DefaultRatePerSec || len(p.cfg.Forms) != len(DefaultForms) {
		t.Errorf("defaults not applied: %+v", p.cfg)
	}
}

// A backfill since 2004 meets blank checks whose quarterly and annual reports are 10-QSB and
// 10-KSB (and amended quarterlies): the default forms fetch them, as their base forms are read.
func TestDefaultFormsReachSmallBusinessReports(t *testing.T) {
	for _, form := range []string{"10-QSB", "10-QSB/A", "10-KSB", "10-KSB/A", "10-Q/A"} {
		if !slices.Contains(DefaultForms, form) {
			t.Errorf("DefaultForms lacks %s", form)
		}
	}
}
