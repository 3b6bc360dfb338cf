package access

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/logctx"
)

// TestGuardLogsCarryTheRequestContext: the guard's log of a store failure carries the
// attributes the HTTP layer put in the request's context (its request id and trace).
func TestGuardLogsCarryTheRequestContext(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierFree)
	var logs bytes.Buffer
	h.guard = newTestGuard(t, Config{}, h.keys, h.counters, WithClock(h.clock.Now), WithFlushInterval(0),
		WithLogger(slog.New(slog.NewJSONHandler(&logs, nil))))
	h.engine = newEngine(h.guard)
	h.counters.setFail(true)
	req := newRequest("GET", "/v1/universe", "Bearer "+secret)
	req = req.WithContext(logctx.With(req.Context(), slog.String("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736")))
	expectStatus(t, serve(h.engine, req), 503, "counter store down")
	if !strings.Contains(logs.String(), `"msg":"access: rate limiter"`) || !strings.Contains(logs.String(), `"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"`) {
		t.Errorf("guard log without the request's trace: %s", logs.String())
	}
}
