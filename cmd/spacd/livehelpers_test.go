package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api/webhooks"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/webhook"
)

// liveTimeout bounds each wait of the live tests: generous, it only guards against a hang.
const liveTimeout = 60 * time.Second

// liveEnv points the server's EDGAR poller at a fake EDGAR, polling fast, and lets webhooks
// reach loopback receivers.
func liveEnv(edgarURL string) map[string]string {
	return map[string]string{
		"SPACD_EDGAR_ENABLED": "true", "SPACD_EDGAR_BASE_URL": edgarURL, "SPACD_EDGAR_SUBMISSIONS_BASE_URL": edgarURL,
		"SPACD_EDGAR_POLL_INTERVAL": "200ms", "SPACD_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true",
	}
}

// newSPAC is a generated SPAC absent from the committed corpus, with its filings oldest first.
type newSPAC struct {
	entry gen.Entry
	files []newFiling
}

type newFiling struct {
	gen.Filed
	data []byte
}

// generateNewSPACs generates n SPACs (the corpus of generatedCorpus, written once) and returns
// those not in the committed corpus, read from disk for this caller.
func generateNewSPACs(t testing.TB, n int) []newSPAC {
	t.Helper()
	dir, m := generatedCorpus(t, n)
	committed := committedCIKs(t)
	var out []newSPAC
	for _, e := range m.SPACs {
		if committed[e.CIK] {
			continue
		}
		s := newSPAC{entry: e}
		for _, f := range e.Filings {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
			if err != nil {
				t.Fatal(err)
			}
			s.files = append(s.files, newFiling{Filed: f, data: data})
		}
		out = append(out, s)
	}
	return out
}

func committedCIKs(t testing.TB) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, e := range committedManifest(t).SPACs {
		out[e.CIK] = true
	}
	return out
}

// committedManifest is the committed corpus's MANIFEST.json.
func committedManifest(t testing.TB) gen.Manifest {
	t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, "MANIFEST.json")
	if err != nil {
		t.Fatal(err)
	}
	var m gen.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// publish puts every filing of s on the fake feed (oldest first) and serves its SIC as a blank
// check company, so the poller learns it is a SPAC.
func (s newSPAC) publish(feed *polltest.Server) {
	feed.SetSIC(spac.CIK(s.entry.CIK), "6770")
	for _, f := range s.files {
		feed.Publish(f.Path, f.data)
	}
}

// registerWebhook registers url for events and returns the endpoint id and signing secret.
func (ts *testServer) registerWebhook(t testing.TB, key, url string, events ...string) (id, secret string) {
	t.Helper()
	body, _ := json.Marshal(webhooks.CreateRequest{URL: url, Events: events, Description: "live test"})
	code, _, b := ts.do(t, http.MethodPost, "/v1/webhooks", key, string(body))
	if code != http.StatusCreated {
		t.Fatalf("register webhook: %d %s", code, b)
	}
	var created struct {
		ID     string `json:"id"`
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(b, &created); err != nil || created.ID == "" || !strings.HasPrefix(created.Secret, "whsec_") {
		t.Fatalf("register webhook: %v in %s", err, b)
	}
	return created.ID, created.Secret
}

// sseEvent is one parsed frame of a text/event-stream.
type sseEvent struct {
	ID   uint64
	Type string
	Data json.RawMessage
}

// alertOf decodes the alert an event carries.
func (e sseEvent) alert(t testing.TB) spac.Alert {
	t.Helper()
	var a spac.Alert
	if err := json.Unmarshal(e.Data, &a); err != nil {
		t.Fatalf("event %d: %v in %s", e.ID, err, e.Data)
	}
	return a
}

// sseClient reads one stream connection; Events is closed when the connection ends.
type sseClient struct {
	Events <-chan sseEvent
	cancel context.CancelFunc
	done   chan struct{}
}

// openStream connects to an SSE path and returns once the server answered 200 (the server
// subscribes before it answers, so nothing published afterwards is missed).
func (ts *testServer) openStream(t testing.TB, path, key, lastEventID string) *sseClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := http.DefaultClient.Do(req) // no client timeout: the stream is long-lived
	if err != nil {
		cancel()
		t.Fatalf("GET %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body.Close()
		cancel()
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan sseEvent, 1024)
	c := &sseClient{Events: events, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		defer close(events)
		defer resp.Body.Close()
		readFrames(bufio.NewScanner(resp.Body), events)
	}()
	t.Cleanup(c.Close)
	return c
}

// readFrames parses frames until the body ends; comments and retry hints are skipped.
func readFrames(sc *bufio.Scanner, out chan<- sseEvent) {
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var cur sseEvent
	for sc.Scan() {
		line := sc.Text()
		field, value, _ := strings.Cut(line, ": ")
		switch {
		case line == "":
			if cur.Type != "" {
				out <- cur
			}
			cur = sseEvent{}
		case field == "id":
			cur.ID, _ = strconv.ParseUint(value, 10, 64)
		case field == "event":
			cur.Type = value
		case field == "data":
			cur.Data = append(cur.Data, value...)
		}
	}
}

// Close ends the connection and waits for the reader; events already read stay in Events.
func (c *sseClient) Close() {
	c.cancel()
	<-c.done
}

// hookRequest is one request a webhook receiver got.
type hookRequest struct {
	ID, Timestamp, Signature string
	Body                     []byte
	At                       time.Time
	Acked                    bool // answered 2xx
}

// message decodes the Standard Webhooks body.
func (r hookRequest) message(t testing.TB) (id, typ string, data json.RawMessage) {
	t.Helper()
	var m struct {
		ID   string          `json:"id"`
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("webhook body: %v in %s", err, r.Body)
	}
	return m.ID, m.Type, m.Data
}

// verify checks the signature with the endpoint's secret and that the body names the same id.
func (r hookRequest) verify(t testing.TB, secret string) {
	t.Helper()
	ts, err := strconv.ParseInt(r.Timestamp, 10, 64)
	if err != nil || !webhook.Verify(secret, r.ID, ts, r.Body, r.Signature) {
		t.Errorf("webhook %s: bad signature %q (timestamp %q)", r.ID, r.Signature, r.Timestamp)
	}
	if id, _, _ := r.message(t); id != r.ID {
		t.Errorf("webhook-id %s but body id %s", r.ID, id)
	}
}

// receiver is a webhook endpoint recording every request. After holdNext, the next request
// blocks until releaseHeld (a delivery in flight when the sender dies).
type receiver struct {
	srv      *httptest.Server
	requests chan hookRequest

	mu      sync.Mutex
	all     []hookRequest
	holdOne bool
	held    chan hookRequest
	release chan struct{}
}

// newReceiver starts a receiver on addr ("" = any free loopback port).
func newReceiver(t testing.TB, addr string) *receiver {
	t.Helper()
	r := &receiver{requests: make(chan hookRequest, 4096), held: make(chan hookRequest, 1), release: make(chan struct{})}
	r.srv = httptest.NewUnstartedServer(http.HandlerFunc(r.serve))
	if addr != "" {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("receiver on %s: %v", addr, err)
		}
		r.srv.Listener.Close()
		r.srv.Listener = ln
	}
	r.srv.Start()
	t.Cleanup(func() {
		r.releaseHeld()
		r.srv.CloseClientConnections()
		r.srv.Close()
	})
	return r
}

// holdNext makes the next request hang until releaseHeld (and be sent on held).
func (r *receiver) holdNext() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.holdOne = true
}

func (r *receiver) URL() string { return r.srv.URL + "/hook" }

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, err := readAll(req)
	hr := hookRequest{ID: req.Header.Get("webhook-id"), Timestamp: req.Header.Get("webhook-timestamp"),
		Signature: req.Header.Get("webhook-signature"), Body: body, At: time.Now()}
	r.mu.Lock()
	hold := err == nil && r.holdOne
	r.holdOne = false
	hr.Acked = err == nil && !hold
	r.all = append(r.all, hr)
	r.mu.Unlock()
	if hold {
		r.held <- hr
		<-r.release
		return // the sender is gone by now; nothing to answer
	}
	r.requests <- hr
	w.WriteHeader(http.StatusNoContent)
}

func readAll(req *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(req.Body, 1<<20))
}

func (r *receiver) releaseHeld() {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case <-r.release:
	default:
		close(r.release)
	}
}

// received returns a copy of every request so far.
func (r *receiver) received() []hookRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.all)
}

// freeAddr returns a loopback address nothing listens on (a receiver that is down).
func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func waitFor[T any](t testing.TB, ch <-chan T, deadline <-chan time.Time, what string, match func(T) bool) T {
	t.Helper()
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				t.Fatalf("%s: channel closed", what)
			}
			if match(v) {
				return v
			}
		case <-deadline:
			t.Fatalf("%s: nothing after %s", what, liveTimeout)
		}
	}
}
