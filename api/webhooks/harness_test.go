package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

func init() { gin.SetMode(gin.TestMode) }

var statusOf = map[string]int{
	spac.EINVALID: 400, spac.EUNAUTHORIZED: 401, spac.EFORBIDDEN: 403, spac.ENOTFOUND: 404, spac.EINTERNAL: 500,
	CodeLimitExceeded: 422,
}

// wrap adapts a (any, error) handler the way package api does.
func wrap(h func(*gin.Context) (any, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		v, err := h(c)
		if err != nil {
			code := spac.ErrorCode(err)
			var e *spac.Error
			param := ""
			if errors.As(err, &e) {
				param = e.Param
			}
			c.JSON(statusOf[code], gin.H{"code": code, "detail": err.Error(), "param": param})
			return
		}
		c.JSON(c.Writer.Status(), v)
	}
}

// fastConfig retries after 1 ms (no jitter) and allows loopback receivers.
func fastConfig() Config {
	return Config{
		AllowPrivateTargets: true,
		Schedule:            []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond},
		Jitter:              func(d time.Duration) time.Duration { return d },
		PollInterval:        5 * time.Millisecond,
	}
}

type harness struct {
	t     *testing.T
	svc   *Service
	store *MemStore
	api   http.Handler
}

// newHarness serves the webhook routes; header X-Key sets the caller's key id.
func newHarness(t *testing.T, cfg Config) *harness {
	store := NewMemStore()
	svc := New(store, cfg)
	svc.Start()
	t.Cleanup(func() { _ = svc.Shutdown(context.Background()) })
	r := gin.New()
	r.Use(func(c *gin.Context) {
		if k := c.GetHeader("X-Key"); k != "" {
			c.Set(spac.CallerKey, spac.Caller{KeyID: k, Tier: spac.TierEnterprise})
		}
	})
	g := r.Group("/webhooks")
	g.POST("", wrap(svc.Create))
	g.GET("", wrap(svc.List))
	g.GET("/:id", wrap(svc.Get))
	g.DELETE("/:id", wrap(svc.Delete))
	g.POST("/:id/test", wrap(svc.Test))
	g.GET("/:id/deliveries", wrap(svc.Deliveries))
	g.POST("/:id/deliveries/:deliveryId/redeliver", wrap(svc.Redeliver))
	return &harness{t: t, svc: svc, store: store, api: r}
}

// do performs a request as key (none when empty) and decodes the JSON body into out (if set).
func (h *harness) do(method, path, key string, body any, out any) int {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if key != "" {
		req.Header.Set("X-Key", key)
	}
	rec := httptest.NewRecorder()
	h.api.ServeHTTP(rec, req)
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			h.t.Fatalf("%s %s: %d %s: %v", method, path, rec.Code, rec.Body, err)
		}
	}
	return rec.Code
}

func (h *harness) register(key, url string, events ...string) Created {
	h.t.Helper()
	var c Created
	if code := h.do("POST", "/webhooks", key, CreateRequest{URL: url, Events: events}, &c); code != 201 {
		h.t.Fatalf("register: %d", code)
	}
	return c
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
}

// receiver is an httptest server answering with the next status of statuses (the last one
// repeats) and reporting each request on got.
type receiver struct {
	*httptest.Server
	got chan received
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	rc := &receiver{got: make(chan received, 100)}
	var mu sync.Mutex
	n := 0
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		status := statuses[min(n, len(statuses)-1)]
		n++
		mu.Unlock()
		rc.got <- received{header: r.Header.Clone(), body: body}
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// eventually polls cond until it holds. The deadline is a hang guard, not a timing assertion.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("never: %s", what)
}

// deliveriesOf returns the endpoint's deliveries from the store.
func (h *harness) deliveriesOf(id string) []spac.WebhookDelivery {
	ds, _ := h.store.Deliveries(context.Background(), id)
	return ds
}
