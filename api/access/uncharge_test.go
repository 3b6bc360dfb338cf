package access

import (
	"context"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// poll answers 304 to If-None-Match: "held" (as package api does: Uncharge, then the status).
func poll(c *gin.Context) {
	if c.GetHeader("If-None-Match") == `"held"` {
		spac.Uncharge(c)
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.JSON(http.StatusOK, gin.H{"ok": true})
}

// pollAll sends n requests to /v1/poll holding the ETag and returns the last response.
func (h *harness) pollAll(n int, secret string) *http.Response {
	var last *http.Response
	for range n {
		req := newRequest("GET", "/v1/poll", "Bearer "+secret)
		req.Header.Set("If-None-Match", `"held"`)
		last = serve(h.engine, req).Result()
	}
	return last
}

func TestNotModifiedIsNotCharged(t *testing.T) {
	for name, limiter := range map[string]func(*harness) Option{
		"memory": func(*harness) Option { return func(*options) {} },
		"store":  func(h *harness) Option { return WithLimiter(NewStoreLimiter(h.counters)) },
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, smallTiers()) // free: 3 a minute, 5 a day
			h.guard = newTestGuard(t, Config{Tiers: smallTiers()}, h.keys, h.counters, WithClock(h.clock.Now), WithFlushInterval(0), limiter(h))
			h.engine = newEngine(h.guard)
			h.engine.GET("/v1/poll", h.guard.Handler(spac.AuthRequired, spac.EntitleNone), poll)
			secret, key := h.newKey(spac.TierFree)
			expectStatus(t, h.do("GET", "/v1/poll", secret, ""), http.StatusOK, "the first poll")
			last := h.pollAll(10, secret) // twice the day's limit
			if last.StatusCode != http.StatusNotModified {
				t.Fatalf("10 polls holding the ETag: the last got %d, want 304 every time", last.StatusCode)
			}
			if got := last.Header.Get("X-RateLimit-Remaining-Minute"); got != "2" {
				t.Errorf("a 304 carries X-RateLimit-Remaining-Minute %q, want 2 (only the 200 counted)", got)
			}
			if got := last.Header.Get("X-RateLimit-Remaining-Day"); got != "4" {
				t.Errorf("a 304 carries X-RateLimit-Remaining-Day %q, want 4", got)
			}
			if err := h.guard.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			u, err := readUsage(context.Background(), h.counters, key.ID, 1, h.clock.Now())
			if err != nil || u.Total != 1 {
				t.Errorf("usage after one 200 and ten 304s: %d (%v), want 1", u.Total, err)
			}
		})
	}
}
