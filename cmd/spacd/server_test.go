package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testServer is a spacd serve process run in-process by run(), on 127.0.0.1:0.
type testServer struct {
	base   string
	client *http.Client
	admin  string
	stderr *syncBuffer
	// metrics is the metrics listener's URL (".../metrics") when metrics.addr was set.
	metrics string
	stop    func() error // cancels serve's context and returns what run returned (once)
}

// syncBuffer is an io.Writer safe for the server's goroutines and the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServer runs `spacd serve` on a fresh data directory with the embedded fixtures and
// waits until /health answers 200. The server is stopped when the test ends.
func startServer(t testing.TB, extraEnv map[string]string) *testServer {
	t.Helper()
	return startServerAt(t, extraEnv, time.Now)
}

// startServerAt is startServer with the service's clock now (alert dates, yields, the
// calendar's today).
func startServerAt(t testing.TB, extraEnv map[string]string, now func() time.Time) *testServer {
	t.Helper()
	dir := t.TempDir()
	// The contract smoke script sends ~50 anonymous requests at once, more than the anonymous
	// tier's 30 per minute; the limits themselves are tested in api/access.
	cfgFile := filepath.Join(dir, "spacd.yaml")
	raised := "access:\n  tiers:\n    anonymous: {per_minute: 100000, per_day: 1000000}\n"
	if err := os.WriteFile(cfgFile, []byte(raised), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"SPACD_DATA_DIR": filepath.Join(dir, "data"), "SPACD_HTTP_ADDR": "127.0.0.1:0", "SPACD_CONFIG": cfgFile,
		"SPACD_ACCESS_ADMIN_TOKEN": "e2e-admin-token", "SPACD_LOG_LEVEL": "warn",
	}
	for k, v := range extraEnv {
		env[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	errBuf := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- runAt(ctx, []string{"spacd", "serve"}, func(k string) string { return env[k] }, outW, errBuf, now)
		outW.Close()
	}()
	stop := sync.OnceValue(func() error { cancel(); return <-done })
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve returned %v", err)
		}
	})
	base, metrics := waitListening(t, outR, done, errBuf)
	ts := &testServer{base: base, metrics: metrics, client: &http.Client{Timeout: 30 * time.Second}, admin: env["SPACD_ACCESS_ADMIN_TOKEN"], stderr: errBuf, stop: stop}
	ts.waitHealthy(t)
	return ts
}

// testClock is a clock a test sets; safe for the server's goroutines.
type testClock struct{ ns atomic.Int64 }

func newTestClock(t time.Time) *testClock {
	c := &testClock{}
	c.set(t)
	return c
}

func (c *testClock) set(t time.Time) { c.ns.Store(t.UnixNano()) }
func (c *testClock) now() time.Time  { return time.Unix(0, c.ns.Load()).UTC() }
func (c *testClock) setDay(date string) {
	d, _ := time.Parse(time.DateOnly, date)
	c.set(d.Add(12 * time.Hour))
}

// waitListening reads the server's stdout until it announces its address; the metrics
// listener, when there is one, is announced before it.
func waitListening(t testing.TB, out io.Reader, done chan error, errBuf *syncBuffer) (base, metrics string) {
	t.Helper()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("server exited before listening; stderr:\n%s", errBuf.String())
			}
			if url, found := strings.CutPrefix(l, "metrics on "); found {
				metrics = url
			}
			if addr, found := strings.CutPrefix(l, "listening on "); found {
				go func() {
					for range lines { // keep draining so the server never blocks on stdout
					}
				}()
				return addr, metrics
			}
		case err := <-done:
			done <- err // for the test's stop, which waits for it (it hung the test's cleanup)
			t.Fatalf("server exited: %v; stderr:\n%s", err, errBuf.String())
		}
	}
}

func (ts *testServer) waitHealthy(t testing.TB) {
	t.Helper()
	for i := 0; i < 600; i++ {
		resp, err := ts.client.Get(ts.base + "/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("/health never answered 200; stderr:\n%s", ts.stderr.String())
}

// do sends a request with an optional bearer token and returns status, headers and body.
func (ts *testServer) do(t testing.TB, method, path, token, body string) (int, http.Header, []byte) {
	t.Helper()
	return ts.doWith(t, method, path, token, body, nil)
}

// doWith is do with extra request headers. An Accept-Encoding set here is sent as is, and
// the response comes back as sent (Go's client decompresses only the gzip it asked for).
func (ts *testServer) doWith(t testing.TB, method, path, token, body string, header http.Header) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// getJSON GETs path, requires status want, and decodes the body into v.
func (ts *testServer) getJSON(t testing.TB, path, token string, want int, v any) http.Header {
	t.Helper()
	code, h, b := ts.do(t, http.MethodGet, path, token, "")
	if code != want {
		t.Fatalf("GET %s: status %d, want %d; body %s", path, code, want, b)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("GET %s: %v in %s", path, err, b)
		}
	}
	return h
}

// createKey issues a key of the given tier through the admin API.
func (ts *testServer) createKey(t testing.TB, tier string) string {
	t.Helper()
	code, _, b := ts.do(t, http.MethodPost, "/v1/admin/keys", ts.admin, fmt.Sprintf(`{"name":"e2e-%s","tier":%q}`, tier, tier))
	if code != http.StatusCreated {
		t.Fatalf("create %s key: status %d: %s", tier, code, b)
	}
	var issued struct {
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(b, &issued); err != nil || issued.Secret == "" {
		t.Fatalf("create key: no secret in %s", b)
	}
	return issued.Secret
}
