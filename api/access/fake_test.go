package access

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// memKeys is an in-memory spac.KeyStore; lookups counts KeyByHash calls.
type memKeys struct {
	mu      sync.Mutex
	byID    map[string]spac.APIKey
	lookups atomic.Int64
}

func newMemKeys() *memKeys { return &memKeys{byID: map[string]spac.APIKey{}} }

func (m *memKeys) PutKey(_ context.Context, k spac.APIKey) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.byID[k.ID] = k
	return nil
}

func (m *memKeys) KeyByHash(_ context.Context, hash string) (spac.APIKey, error) {
	m.lookups.Add(1)
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, k := range m.byID {
		if k.Hash == hash {
			return k, nil
		}
	}
	return spac.APIKey{}, spac.ErrNotFound
}

func (m *memKeys) Key(_ context.Context, id string) (spac.APIKey, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.byID[id]
	if !ok {
		return k, spac.ErrNotFound
	}
	return k, nil
}

func (m *memKeys) Keys(_ context.Context) ([]spac.APIKey, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []spac.APIKey
	for _, k := range m.byID {
		out = append(out, k)
	}
	return out, nil
}

// memCounters is an in-memory spac.CounterStore (TTL ignored); fail makes every call fail.
type memCounters struct {
	mu   sync.Mutex
	m    map[string]int64
	fail bool
}

// setFail switches failure on or off (under the lock: a flusher may be running).
func (m *memCounters) setFail(fail bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = fail
}

// value reads a counter directly (0 when absent).
func (m *memCounters) value(key string) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.m[key]
}

func newMemCounters() *memCounters { return &memCounters{m: map[string]int64{}} }

var errStoreDown = errors.New("store down")

func (m *memCounters) Add(_ context.Context, key string, delta int64, _ time.Duration) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return 0, errStoreDown
	}
	m.m[key] += delta
	return m.m[key], nil
}

func (m *memCounters) Get(_ context.Context, key string) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return 0, errStoreDown
	}
	n, ok := m.m[key]
	if !ok {
		return 0, spac.ErrNotFound
	}
	return n, nil
}

func (m *memCounters) Scan(_ context.Context, prefix string, fn func(string, int64) error) error {
	m.mu.Lock()
	snapshot := map[string]int64{}
	for k, v := range m.m {
		if strings.HasPrefix(k, prefix) {
			snapshot[k] = v
		}
	}
	m.mu.Unlock()
	for k, v := range snapshot {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return nil
}

// clock is an injectable, advanceable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(t time.Time) *clock { return &clock{t: t} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// statusOf is the status the api renderer gives each code (mirrored here for the tests).
var statusOf = map[string]int{
	spac.EINVALID: 400, spac.EUNAUTHORIZED: 401, spac.EFORBIDDEN: 403, spac.ENOTFOUND: 404,
	spac.ECONFLICT: 409, spac.ERATELIMITED: 429, spac.EUNAVAILABLE: 503, spac.EINTERNAL: 500,
}

// renderErrors stands in for the api package's problem+json renderer.
func renderErrors(c *gin.Context) {
	c.Next()
	if len(c.Errors) > 0 && !c.Writer.Written() {
		err := c.Errors.Last().Err
		code := spac.ErrorCode(err)
		c.JSON(statusOf[code], gin.H{"code": code, "detail": err.Error()})
	}
}

// wrap adapts a (any, error) handler the way package api does.
func wrap(h func(*gin.Context) (any, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		v, err := h(c)
		if err != nil {
			_ = c.Error(err)
			return
		}
		c.JSON(c.Writer.Status(), v)
	}
}

// echoCaller is a data handler that returns the Caller the Guard established.
func echoCaller(c *gin.Context) {
	v, _ := c.Get(spac.CallerKey)
	c.JSON(http.StatusOK, v)
}

const testAdminToken = "admin-secret-token"

// harness is a gin engine with the spec's access-relevant routes behind a Guard.
type harness struct {
	t        *testing.T
	guard    *Guard
	keys     *memKeys
	counters *memCounters
	clock    *clock
	engine   *gin.Engine
}

// t0 is 2026-05-20 12:00:20 UTC: 40 s left in the minute.
var t0 = time.Date(2026, 5, 20, 12, 0, 20, 0, time.UTC)

func newHarness(t *testing.T, tiers map[spac.Tier]TierLimits) *harness {
	h := &harness{t: t, keys: newMemKeys(), counters: newMemCounters(), clock: newClock(t0)}
	h.restart(tiers)
	return h
}

// restart builds a fresh Guard and engine over the same stores (a graceful process restart:
// the old Guard is shut down first, which writes its counters to the store).
func (h *harness) restart(tiers map[spac.Tier]TierLimits) {
	h.t.Helper()
	if h.guard != nil {
		if err := h.guard.Close(); err != nil {
			h.t.Fatalf("close guard: %v", err)
		}
	}
	gin.SetMode(gin.TestMode)
	h.guard = newTestGuard(h.t, Config{AdminToken: testAdminToken, Tiers: tiers}, h.keys, h.counters,
		WithClock(h.clock.Now), WithFlushInterval(0))
	h.engine = newEngine(h.guard)
}

// newTestGuard is New with the Guard shut down when the test ends. Tests pass
// WithFlushInterval(0) so that only explicit flushes write to the store.
func newTestGuard(t testing.TB, cfg Config, keys spac.KeyStore, counters spac.CounterStore, opts ...Option) *Guard {
	g := New(cfg, keys, counters, opts...)
	t.Cleanup(func() { _ = g.Close() })
	return g
}

func newEngine(g *Guard) *gin.Engine {
	e := gin.New()
	e.Use(renderErrors)
	e.GET("/v1/universe", g.Handler(spac.AuthOptional, spac.EntitleNone), echoCaller)
	e.GET("/v1/alerts", g.Handler(spac.AuthRequired, spac.EntitleAlerts), echoCaller)
	e.GET("/v1/alerts/stream", g.Handler(spac.AuthRequired, spac.EntitleStreams), echoCaller)
	e.GET("/v1/news/stream", g.Handler(spac.AuthOptional, spac.EntitleStreams), echoCaller)
	e.GET("/api/webhooks", g.Handler(spac.AuthRequired, spac.EntitleWebhooks), echoCaller)
	acct := g.Handler(spac.AuthRequired, spac.EntitleNone)
	e.GET("/v1/account", acct, wrap(g.Keys().Account))
	e.GET("/v1/account/usage", acct, wrap(g.Keys().AccountUsage))
	admin := g.Handler(spac.AuthAdmin, spac.EntitleNone)
	e.POST("/admin/keys", admin, wrap(g.Keys().AdminCreate))
	e.GET("/admin/keys", admin, wrap(g.Keys().AdminList))
	e.DELETE("/admin/keys/:id", admin, wrap(g.Keys().AdminRevoke))
	e.POST("/admin/keys/:id/rotate", admin, wrap(g.Keys().AdminRotate))
	e.GET("/admin/keys/:id/usage", admin, wrap(g.Keys().AdminUsage))
	return e
}

// do sends a request with an optional bearer secret and body.
func (h *harness) do(method, path, secret, body string) *httptest.ResponseRecorder {
	h.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = "203.0.113.7:5555"
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	h.engine.ServeHTTP(rec, req)
	return rec
}

// newKey creates a key of the tier and returns its secret.
func (h *harness) newKey(tier spac.Tier) (string, spac.APIKey) {
	h.t.Helper()
	secret, key, err := h.guard.Keys().Create(context.Background(), "test "+string(tier), tier)
	if err != nil {
		h.t.Fatalf("create %s key: %v", tier, err)
	}
	return secret, key
}

func expectStatus(t *testing.T, rec *httptest.ResponseRecorder, want int, what string) {
	t.Helper()
	if rec.Code != want {
		t.Fatalf("%s: status %d, want %d (body %s)", what, rec.Code, want, rec.Body.String())
	}
}

func expectHeader(t *testing.T, rec *httptest.ResponseRecorder, name, want string) {
	t.Helper()
	if got := rec.Header().Get(name); got != want {
		t.Errorf("header %s = %q, want %q", name, got, want)
	}
}

func newRequest(method, path, authorization string) *http.Request {
	req := httptest.NewRequest(method, path, nil)
	req.RemoteAddr = "203.0.113.7:5555"
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	return req
}

func serve(e *gin.Engine, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func asError(err error, target **spac.Error) bool { return errors.As(err, target) }
