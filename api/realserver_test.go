package api

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/sse"
	"github.com/spacdata/spac/api/webhooks"
	"github.com/spacdata/spac/webhook"
)

// serveReal serves s the way spacd does (HTTPServer on Listener, 127.0.0.1:0) and returns
// its base URL; the server is closed when the test ends.
func serveReal(t *testing.T, s *Server) string {
	t.Helper()
	hs := s.HTTPServer("127.0.0.1:0")
	ln, err := net.Listen("tcp", hs.Addr)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = hs.Serve(s.Listener(ln)) }()
	t.Cleanup(func() { _ = hs.Close() })
	return "http://" + ln.Addr().String()
}

// rawExchange writes raw bytes on a new connection to base and reads one response.
func rawExchange(t *testing.T, base, raw string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := conn.Write([]byte(raw)); err != nil {
		t.Fatalf("write: %v", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no response: %v", err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	_, _ = bufio.NewReader(resp.Body).WriteTo(&b)
	return resp, b.String()
}

// liveFixture is newFixture(8) with every live part real or faked, the account and admin
// routes mounted, and the SSE streams scoped to the sample (AAA0, AAA1).
func liveFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(8)
	hub := sse.NewHub(sse.NewMemLog(0), sse.HubConfig{})
	t.Cleanup(hub.Close)
	sample := sse.SampleSymbols([]string{"AAA0", "AAA1"})
	f.deps.Live = Live{
		Alerts:      memAlerts(testSPACs(8)),
		AlertStream: hub.Stream(spac.TopicAlerts, sse.StreamOptions{Sample: sample}),
		NewsStream:  hub.Stream(spac.TopicNews, sse.StreamOptions{Recent: 50, Sample: sample}),
		Webhooks:    webhooks.NewHandlers(webhook.New(webhook.NewMemStore(), webhook.Config{})),
	}
	f.deps.Keys, f.deps.ExportLinks = fakeKeyAdmin{}, &memLinks{}
	return f
}

// fullCaller is a Guard letting every request in as an enterprise key.
var fullCaller = StaticGuard{Caller: spac.Caller{KeyID: "key_1", Tier: spac.TierEnterprise}}

// alertList is an in-memory spac.AlertStore.
type alertList []spac.Alert

func memAlerts(rows []spac.SPAC) alertList {
	var out alertList
	for i, r := range rows {
		out = append(out, spac.Alert{ID: "al" + r.Symbol, Kind: spac.AlertNewIPO, Severity: "info", Symbol: r.Symbol,
			CIK: r.CIK, FiredAt: testWatermark.Add(-time.Duration(i) * time.Hour), Title: "IPO", Citations: []spac.Citation{}})
	}
	return out
}

func (a alertList) PutAlert(context.Context, spac.Alert) (bool, error) { return false, nil }

func (a alertList) Alerts(_ context.Context, q spac.AlertQuery) ([]spac.Alert, error) {
	var out []spac.Alert
	for _, al := range a {
		if len(q.CIKs) == 0 || slices.Contains(q.CIKs, al.CIK) {
			out = append(out, al)
		}
	}
	return out, nil
}

// fakeKeyAdmin answers every account and admin route with an empty object.
type fakeKeyAdmin struct{}

func (fakeKeyAdmin) Account(*gin.Context) (any, error)      { return gin.H{}, nil }
func (fakeKeyAdmin) AccountUsage(*gin.Context) (any, error) { return gin.H{}, nil }
func (fakeKeyAdmin) AdminCreate(*gin.Context) (any, error)  { return gin.H{}, nil }
func (fakeKeyAdmin) AdminList(*gin.Context) (any, error)    { return gin.H{}, nil }
func (fakeKeyAdmin) AdminRevoke(*gin.Context) (any, error)  { return gin.H{}, nil }
func (fakeKeyAdmin) AdminRotate(*gin.Context) (any, error)  { return gin.H{}, nil }
func (fakeKeyAdmin) AdminUsage(*gin.Context) (any, error)   { return gin.H{}, nil }

// targetOf fills a route's path parameters: symbol and accession name the sample SPAC AAA1
// (or, with outside, AAA5, outside the sample); ids name nothing.
func targetOf(path string, outside bool) string {
	i := 1
	if outside {
		i = 5
	}
	r := strings.NewReplacer(":symbol", "AAA"+string(rune('0'+i)), ":accession", accessionOf(i),
		":deliveryId", "dlv_none", ":id", "none", ":ref", fmt.Sprintf("%d-000000000000", 1000+i))
	return r.Replace(path)
}

// logBuffer is a slog destination safe for the server's goroutines and the test.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
