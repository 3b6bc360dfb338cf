package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/longtest"
)

// chaosRequest is one webhook request as the chaos receiver saw it.
type chaosRequest struct {
	Endpoint, ID, Type, Subject, Source string
}

// chaosReceiver answers every webhook 204 and records each request with the event it reports:
// the accession of a filing.ingested, the id of an alert or an article.
type chaosReceiver struct {
	*httptest.Server
	mu  sync.Mutex
	all []chaosRequest
}

func newChaosReceiver(t *testing.T) *chaosReceiver {
	r := &chaosReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		if err != nil {
			return // the sender died mid-request: not delivered
		}
		var m struct {
			Type string `json:"type"`
			Data struct {
				Accession string `json:"accession"`
				ID        string `json:"id"`
				At        string `json:"at"`
				Source    string `json:"source"`
			} `json:"data"`
		}
		_ = json.Unmarshal(body, &m)
		subject := m.Data.Accession + m.Data.ID + m.Data.At
		r.mu.Lock()
		r.all = append(r.all, chaosRequest{Endpoint: req.URL.Path, ID: req.Header.Get("webhook-id"), Type: m.Type, Subject: subject, Source: m.Data.Source})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// waitMore returns once n more requests arrived, or after at most.
func (r *chaosReceiver) waitMore(n int, at time.Duration) {
	want := len(r.received()) + n
	for deadline := time.Now().Add(at); len(r.received()) < want && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}

func (r *chaosReceiver) received() []chaosRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]chaosRequest(nil), r.all...)
}

// growingFeed is an RSS feed that, once begun, gains an item every interval, up to n: news
// published while spacd is killed and restarted.
type growingFeed struct {
	*httptest.Server
	interval time.Duration
	n        int
	mu       sync.Mutex
	start    time.Time // zero until begin
}

func newGrowingFeed(t *testing.T, n int, interval time.Duration) *growingFeed {
	f := &growingFeed{interval: interval, n: n}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>chaos wire</title>`)
		start, n := f.published()
		for i := range n {
			at := start.Add(time.Duration(i) * time.Second).UTC().Format(time.RFC1123Z)
			fmt.Fprintf(&b, `<item><title>Chaos story %d</title><link>https://chaos.example/%d</link><guid>chaos-%d</guid><pubDate>%s</pubDate></item>`, i, i, i, at)
		}
		b.WriteString(`</channel></rss>`)
		_, _ = io.WriteString(w, b.String())
	}))
	t.Cleanup(f.Close)
	return f
}

// begin starts the feed's growth.
func (f *growingFeed) begin() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.start = time.Now()
}

// published is when the feed began and how many items it holds now.
func (f *growingFeed) published() (time.Time, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.start.IsZero() {
		return f.start, 0
	}
	return f.start, min(f.n, 1+int(time.Since(f.start)/f.interval))
}

// TestWebhookChaos: N endpoints, the fake EDGAR feed publishing new SPACs filing by filing,
// and spacd killed with SIGKILL five times at random moments while it ingests and delivers.
// In the end every (event, endpoint) pair was delivered - a filing.ingested for each published
// filing at each endpoint, and every delivery the server logged - and every repeat carried the
// id of the first delivery of its event: one webhook-id per event for its whole life.
func TestWebhookChaos(t *testing.T) {
	longtest.Skip(t, "kills a spacd process five times while it ingests and delivers, 20-30 s")
	const endpoints, kills = 20, 5
	bin := buildSpacd(t)
	feed := polltest.New(t)
	env := liveEnv(feed.URL())
	env["SPACD_WEBHOOKS_RETRY_SCHEDULE"] = strings.TrimSuffix(strings.Repeat("1s,", 120), ",")
	env["SPACD_WEBHOOKS_TIMEOUT"] = "2s" // a delivery claimed by a killed process is retried 3 s later
	env["SPACD_ALERTS_WINDOW_DAYS"] = "36500"
	env["SPACD_NEWS_POLL_INTERVAL"] = "100ms"
	// The only news feed (no fixture feed): it stays empty until every endpoint is registered,
	// so each event it makes is one every endpoint must receive.
	wire := newGrowingFeed(t, 80, 60*time.Millisecond)
	env["SPACD_NEWS_FEEDS"] = wire.URL
	dataDir := filepath.Join(t.TempDir(), "data")
	rcv := newChaosReceiver(t)

	p := startProcess(t, bin, dataDir, env)
	key := p.createKey(t, "institutional")
	hooks := make([]string, endpoints)
	for i := range hooks {
		hooks[i], _ = p.registerWebhook(t, key, fmt.Sprintf("%s/ep%d", rcv.URL, i), "*")
	}
	spacs := generateNewSPACs(t, 60)
	spacs = spacs[:min(len(spacs), 5)]
	var accessions []string
	for _, s := range spacs {
		for _, f := range s.files {
			accessions = append(accessions, f.Accession)
		}
	}
	wire.begin()
	published := make(chan struct{})
	go func() { // the feed publishes while spacd is killed and restarted
		defer close(published)
		for _, s := range spacs {
			feed.SetSIC(spac.CIK(s.entry.CIK), "6770")
			for _, f := range s.files {
				feed.Publish(f.Path, f.data)
				time.Sleep(80 * time.Millisecond)
			}
		}
	}()
	rng := rand.New(rand.NewPCG(25, 5))
	for i := range kills {
		// Killed while it delivers: after a few more requests arrived (or a while, should
		// nothing be due).
		rcv.waitMore(3+rng.IntN(20), 5*time.Second)
		p.kill(t)
		t.Logf("kill %d: %d requests received so far", i+1, len(rcv.received()))
		p = startProcess(t, bin, dataDir, env)
	}
	<-published
	settle(t, p, key, hooks, rcv, accessions)
	checkChaos(t, rcv.received(), endpoints, accessions)
	checkWire(t, rcv.received(), wire)
}

// checkWire: every item of the news feed was sent as news.published (checkChaos saw that each
// one sent reached every endpoint).
func checkWire(t *testing.T, got []chaosRequest, wire *growingFeed) {
	t.Helper()
	articles := map[string]bool{}
	for _, r := range got {
		if r.Type == "news.published" && r.Source == wire.URL {
			articles[r.Subject] = true
		}
	}
	if len(articles) != wire.n {
		t.Errorf("%d of the feed's %d articles were sent as news.published", len(articles), wire.n)
	}
}

// settle waits until every endpoint received a filing.ingested for each accession and the
// server logs no delivery still pending.
func settle(t *testing.T, p *spacdProcess, key string, hooks []string, rcv *chaosReceiver, accessions []string) {
	t.Helper()
	deadline := time.Now().Add(3 * liveTimeout)
	for {
		pending := 0
		for _, h := range hooks {
			for _, d := range p.deliveries(t, key, h) {
				if d.Status != "succeeded" {
					pending++
				}
			}
		}
		missing := missingFilings(rcv.received(), len(hooks), accessions)
		if pending == 0 && missing == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not settled after %s: %d deliveries not succeeded, %d (filing, endpoint) pairs never received", 3*liveTimeout, pending, missing)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// missingFilings counts the (accession, endpoint) pairs no filing.ingested was received for.
func missingFilings(got []chaosRequest, endpoints int, accessions []string) int {
	seen := map[string]bool{}
	for _, r := range got {
		if r.Type == "filing.ingested" {
			seen[r.Endpoint+" "+r.Subject] = true
		}
	}
	missing := 0
	for i := range endpoints {
		for _, acc := range accessions {
			if !seen[fmt.Sprintf("/ep%d %s", i, acc)] {
				missing++
			}
		}
	}
	return missing
}

// checkChaos: every event (type and subject) was sent under one webhook-id, the same at every
// endpoint, and every endpoint received every event.
func checkChaos(t *testing.T, got []chaosRequest, endpoints int, accessions []string) {
	t.Helper()
	idsOf := map[string]map[string]bool{} // event -> webhook-ids
	pairs := map[string]int{}             // event at endpoint -> requests
	for _, r := range got {
		event := r.Type + " " + r.Subject
		if idsOf[event] == nil {
			idsOf[event] = map[string]bool{}
		}
		idsOf[event][r.ID] = true
		pairs[event+" @"+r.Endpoint]++
	}
	var events []string
	for e := range idsOf {
		events = append(events, e)
	}
	sort.Strings(events)
	newIDs, repeats := 0, 0
	for _, e := range events {
		if n := len(idsOf[e]); n != 1 {
			newIDs += n - 1
			t.Errorf("event %s was sent under %d webhook-ids", e, n)
		}
		for i := range endpoints {
			n := pairs[fmt.Sprintf("%s @/ep%d", e, i)]
			if n == 0 {
				t.Errorf("event %s never reached endpoint %d", e, i)
			}
			repeats += max(n-1, 0)
		}
	}
	if m := missingFilings(got, endpoints, accessions); m != 0 {
		t.Errorf("%d (filing, endpoint) pairs never delivered", m)
	}
	t.Logf("%d events x %d endpoints (%d filings): %d requests, %d repeats, %d new ids for repeats",
		len(events), endpoints, len(accessions), len(got), repeats, newIDs)
}
