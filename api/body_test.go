package api

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// serveRecorded serves one request in process.
func serveRecorded(s *Server, method, target, body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(method, target, strings.NewReader(body)))
	return rec
}

// TestBodyLimitsAreDeclaredAndSmall: every route has a body limit from the table, none over
// 64 KiB; the routes taking JSON declare their own.
func TestBodyLimitsAreDeclaredAndSmall(t *testing.T) {
	s := New(liveFixture(t).deps)
	declared := map[string]int64{}
	for _, r := range s.Routes() {
		if r.bodyLimit() <= 0 || r.bodyLimit() > 64<<10 {
			t.Errorf("%s: body limit %d", r.Name, r.bodyLimit())
		}
		declared[r.Name] = r.MaxBody
	}
	if declared["webhooks_create"] != 16<<10 || declared["admin_keys_create"] != 4<<10 {
		t.Errorf("JSON routes' declared limits: %v", declared)
	}
}

// TestOversizedBodyIs413BeforeDecoding: a body announced over the route's limit is refused
// before the handler runs; an unannounced (chunked) one is cut at the limit, whatever the
// handler made of the cut. The 413 names the limit.
func TestOversizedBodyIs413BeforeDecoding(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	var calls atomic.Int32
	f.deps.Extra = []Route{{Name: "probe", Method: http.MethodPost, Path: "/probe", Auth: spac.AuthRequired, MaxBody: 100,
		Handler: func(c *gin.Context) (any, error) {
			calls.Add(1)
			var v any
			if err := c.ShouldBindJSON(&v); err != nil {
				return nil, spac.InvalidParam("body", "bad JSON")
			}
			return gin.H{"ok": true}, nil
		}}}
	s := New(f.deps)

	announced := httptest.NewRequest(http.MethodPost, "/v1/webhooks", strings.NewReader(`{"url":"https://example.com"}`))
	announced.ContentLength = 200 << 20 // what the client claims; nothing that large is read
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, announced)
	p := wantProblem(t, rec, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "")
	if !strings.Contains(p["detail"].(string), "16384 bytes (16 KiB)") {
		t.Errorf("413 does not name the limit: %v", p["detail"])
	}

	announced = httptest.NewRequest(http.MethodPost, "/v1/probe", strings.NewReader("{}"))
	announced.ContentLength = 101
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, announced)
	wantProblem(t, rec, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "")
	if calls.Load() != 0 {
		t.Errorf("the handler ran for an announced oversized body")
	}

	chunked := httptest.NewRequest(http.MethodPost, "/v1/probe", io.MultiReader(strings.NewReader(`["`+strings.Repeat("a", 500)+`"]`)))
	chunked.ContentLength = -1
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, chunked)
	wantProblem(t, rec, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "")

	if rec := serveRecorded(s, http.MethodPost, "/v1/probe", `{"a":1}`); rec.Code != http.StatusOK {
		t.Errorf("a body within the limit: %d %s", rec.Code, rec.Body.String())
	}
}

// TestSlowBodyIs408: a body that does not arrive within the read timeout is answered 408
// (it used to hold its connection and handler forever), while a stream, which has no body,
// outlives the timeout.
func TestSlowBodyIs408(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	f.deps.ReadTimeout = 300 * time.Millisecond
	f.deps.Extra = []Route{{Name: "slow_stream", Method: http.MethodGet, Path: "/slow", Auth: spac.AuthOptional, Delivery: DeliverySSE,
		Stream: func(c *gin.Context) {
			c.Writer.WriteHeader(http.StatusOK)
			c.Writer.Flush()
			time.Sleep(time.Second)
			if c.Request.Context().Err() == nil {
				_, _ = c.Writer.WriteString("alive")
			}
		}}}
	base := serveReal(t, New(f.deps))
	start := time.Now()
	resp, body := rawExchange(t, base, "POST /v1/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Content-Length: 1000\r\n\r\n{\"url\":")
	p := wantRawProblem(t, resp, body, http.StatusRequestTimeout, CodeRequestTimeout)
	if took := time.Since(start); took > 3*time.Second || !strings.Contains(p["detail"].(string), "300ms") {
		t.Errorf("408 after %s: %v", took, p["detail"])
	}
	got, err := http.Get(base + "/v1/slow")
	if err != nil {
		t.Fatal(err)
	}
	defer got.Body.Close()
	if b, _ := io.ReadAll(got.Body); string(b) != "alive" {
		t.Errorf("a stream was cut by the read timeout: %q", b)
	}
}

// blockingIndex answers universe queries only when the request's context ends, like a search
// that is still running when the client leaves.
type blockingIndex struct {
	*memIndex
	entered chan struct{}
}

func (b blockingIndex) Universe(ctx context.Context, _ spac.UniverseQuery) (spac.UniversePage, error) {
	close(b.entered)
	<-ctx.Done()
	return spac.UniversePage{}, ctx.Err()
}

// TestClientAbortIsLoggedAs499: a client that leaves mid-request is logged at INFO with
// status 499, never as a 503 "data store unavailable" at ERROR.
func TestClientAbortIsLoggedAs499(t *testing.T) {
	f := newFixture(2)
	logs := &logBuffer{}
	f.deps.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	entered := make(chan struct{})
	f.deps.Index = blockingIndex{memIndex: f.index, entered: entered}
	base := serveReal(t, New(f.deps))
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v1/universe", nil)
	go func() { <-entered; cancel() }()
	if _, err := http.DefaultClient.Do(req); !errors.Is(err, context.Canceled) {
		t.Fatalf("request: %v", err)
	}
	line := waitLogLine(t, logs, `"msg":"request"`)
	var entry struct {
		Level  string `json:"level"`
		Status int    `json:"status"`
	}
	if err := json.Unmarshal([]byte(line), &entry); err != nil || entry.Level != "INFO" || entry.Status != StatusClientClosedRequest {
		t.Errorf("access log of an aborted request: %s", line)
	}
	if strings.Contains(logs.String(), `"level":"ERROR"`) {
		t.Errorf("a client abort was logged as an error:\n%s", logs.String())
	}
}

// waitLogLine returns the first log line containing substr, waiting up to 5 s for it.
func waitLogLine(t *testing.T, logs *logBuffer, substr string) string {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, l := range strings.Split(logs.String(), "\n") {
			if strings.Contains(l, substr) {
				return l
			}
		}
	}
	t.Fatalf("no log line with %s:\n%s", substr, logs.String())
	return ""
}

// TestAnnouncedOversizedBodyIsRefusedAtOnce: a body announced over the route's limit but under
// the 256 KiB net/http drains before answering used to get its 413 only once the read timeout
// cut the drain (30 s), since the client waits for the answer before sending. The refusal
// closes the connection instead, so the answer comes without a byte of the body.
func TestAnnouncedOversizedBodyIsRefusedAtOnce(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	f.deps.ReadTimeout = time.Minute
	s := New(f.deps)
	hs := s.HTTPServer("127.0.0.1:0")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = hs.Serve(s.Listener(ln)) }()
	t.Cleanup(func() { _ = hs.Close() })
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(20 * time.Second)) // a hang guard, well under the read timeout
	fmt.Fprintf(conn, "POST /v1/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", 100<<10)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer before the body was sent: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Fatalf("status %d, close %v: want 413 closing the connection", resp.StatusCode, resp.Close)
	}
}
