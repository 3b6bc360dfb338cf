package access

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// benchEngine serves /v1/universe with a trivial handler, behind the Guard when g is non-nil.
func benchEngine(g *Guard) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	trivial := func(c *gin.Context) { c.String(http.StatusOK, "ok") }
	if g != nil {
		e.GET("/v1/universe", g.Handler(spac.AuthOptional, spac.EntitleNone), trivial)
	} else {
		e.GET("/v1/universe", trivial)
	}
	return e
}

func runBench(b *testing.B, e *gin.Engine, authorization string) {
	req := newRequest("GET", "/v1/universe", authorization)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkNoMiddleware is the baseline: the trivial handler alone.
func BenchmarkNoMiddleware(b *testing.B) { runBench(b, benchEngine(nil), "") }

// benchGuard is a Guard whose team tier has limits the benchmark never reaches, so every
// request does the full work: key lookup, both rate windows, usage counter.
// It runs the real background flusher (every DefaultFlushInterval).
func benchGuard(b *testing.B, keys spac.KeyStore, counters spac.CounterStore, opts ...Option) (*Guard, string) {
	tiers := DefaultTiers()
	tiers[spac.TierTeam] = TierLimits{PerMinute: 1 << 30, PerDay: 1 << 30}
	g := newTestGuard(b, Config{Tiers: tiers}, keys, counters, append([]Option{WithClock(newClock(t0).Now)}, opts...)...)
	secret, _, err := g.Keys().Create(b.Context(), "bench", spac.TierTeam)
	if err != nil {
		b.Fatal(err)
	}
	return g, secret
}

// BenchmarkGuard is a keyed request through the Guard over the in-memory fakes.
func BenchmarkGuard(b *testing.B) {
	g, secret := benchGuard(b, newMemKeys(), newMemCounters())
	runBench(b, benchEngine(g), "Bearer "+secret)
}

// BenchmarkGuardAnonymous is an anonymous request (no key lookup, no usage counter).
func BenchmarkGuardAnonymous(b *testing.B) {
	g, _ := benchGuard(b, newMemKeys(), newMemCounters())
	g.tiers[spac.TierAnonymous] = TierLimits{PerMinute: 1 << 30, PerDay: 1 << 30, Sample: true}
	runBench(b, benchEngine(g), "")
}

// runHTTPBench sends requests over loopback TCP with keep-alive from parallel clients, like a
// wrk run: the figure includes the real net/http server and client, so the ratio between two of
// these benchmarks approximates the throughput cost under load (the Go client is costlier than
// wrk's, which makes the ratio look somewhat smaller than wrk would).
func runHTTPBench(b *testing.B, e *gin.Engine, authorization string) {
	srv := httptest.NewServer(e)
	defer srv.Close()
	client := srv.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = 64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest("GET", srv.URL+"/v1/universe", nil)
			if authorization != "" {
				req.Header.Set("Authorization", authorization)
			}
			resp, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
		}
	})
}

// BenchmarkHTTPNoMiddleware is the loopback baseline: the trivial handler alone.
func BenchmarkHTTPNoMiddleware(b *testing.B) { runHTTPBench(b, benchEngine(nil), "") }

// BenchmarkHeadersOnly is the floor of BenchmarkGuard: the trivial handler plus the seven
// rate-limit headers docs/decisions.md requires on every response, written as constants with no
// authentication or counting. What the Guard costs above it is its own work.
func BenchmarkHeadersOnly(b *testing.B) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.GET("/v1/universe", func(c *gin.Context) {
		h := c.Writer.Header()
		for _, kv := range [...][2]string{
			{"X-Ratelimit-Limit-Minute", "1073741824"}, {"X-Ratelimit-Remaining-Minute", "1073741823"},
			{"X-Ratelimit-Limit-Day", "1073741824"}, {"X-Ratelimit-Remaining-Day", "1073741823"},
			{"X-Ratelimit-Reset", "40"}, {"Ratelimit-Policy", `"minute";q=1073741824;w=60, "day";q=1073741824;w=86400`},
			{"Ratelimit", `"minute";r=1073741823;t=40, "day";r=1073741823;t=43180`},
		} {
			h[kv[0]] = []string{kv[1]}
		}
		c.String(http.StatusOK, "ok")
	})
	runBench(b, e, "")
}
