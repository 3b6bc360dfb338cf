package webhooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

func init() { gin.SetMode(gin.TestMode) }

var statusOf = map[string]int{
	spac.EINVALID: 400, spac.EUNAUTHORIZED: 401, spac.EFORBIDDEN: 403, spac.ENOTFOUND: 404, spac.EINTERNAL: 500,
	webhook.CodeLimitExceeded: 422,
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

type harness struct {
	t     *testing.T
	svc   *webhook.Service
	store *webhook.MemStore
	api   http.Handler
}

// newHarness serves the webhook routes over an engine that is not started (nothing is sent:
// delivery is package webhook's); header X-Key sets the caller's key id.
func newHarness(t *testing.T, cfg webhook.Config) *harness {
	store := webhook.NewMemStore()
	svc := webhook.New(store, cfg)
	h := NewHandlers(svc)
	r := gin.New()
	r.Use(func(c *gin.Context) {
		if k := c.GetHeader("X-Key"); k != "" {
			c.Set(spac.CallerKey, spac.Caller{KeyID: k, Tier: spac.TierEnterprise})
		}
	})
	g := r.Group("/webhooks")
	g.POST("", wrap(h.Create))
	g.GET("", wrap(h.List))
	g.GET("/:id", wrap(h.Get))
	g.DELETE("/:id", wrap(h.Delete))
	g.PATCH("/:id", wrap(h.Update))
	g.POST("/:id/rotate-secret", wrap(h.RotateSecret))
	g.POST("/:id/test", wrap(h.Test))
	g.GET("/:id/deliveries", wrap(h.Deliveries))
	g.POST("/:id/deliveries/:deliveryId/redeliver", wrap(h.Redeliver))
	return &harness{t: t, svc: svc, store: store, api: r}
}

// do performs a request as key (none when empty) with body as JSON (a []byte as it is) and decodes the JSON body into out (if set).
func (h *harness) do(method, path, key string, body any, out any) int {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte: // sent as is
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
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
