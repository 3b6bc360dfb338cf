package access

import (
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
func benchGuard(b *testing.B, keys spac.KeyStore, counters spac.CounterStore) (*Guard, string) {
	tiers := DefaultTiers()
	tiers[spac.TierTeam] = TierLimits{PerMinute: 1 << 30, PerDay: 1 << 30}
	g := New(Config{Tiers: tiers}, keys, counters, WithClock(newClock(t0).Now))
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
