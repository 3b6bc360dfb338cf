package api

import (
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// unchargeGuard is fullCaller that counts the refunds the API asks for (spac.Uncharge).
type unchargeGuard struct{ refunds *int }

func (g unchargeGuard) Handler(mode spac.AuthMode, need spac.Entitlement) gin.HandlerFunc {
	inner := fullCaller.Handler(mode, need)
	return func(c *gin.Context) {
		c.Set(spac.UnchargeKey, func(any) { *g.refunds++ })
		inner(c)
	}
}

// TestPollingWithETags: the alerts, filing and export answers carry an ETag, sending it back is
// a 304, and every 304 gives back what the request was charged.
func TestPollingWithETags(t *testing.T) {
	f := liveFixture(t)
	refunds := 0
	f.deps.Guard = unchargeGuard{&refunds}
	h := New(f.deps).Handler()
	acc := accessionOf(1)
	targets := []string{"/v1/alerts", "/v1/alerts?format=csv", "/v1/alerts?format=ndjson", "/v1/filings/" + acc,
		"/v1/filings/" + acc + "/lines?from=1&to=20", "/v1/universe?format=csv", "/v1/calendar?format=ndjson", "/v1/news?format=csv", "/v1/universe"}
	for _, target := range targets {
		first := do(t, h, target)
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || tag == "" {
			t.Errorf("%s: %d with ETag %q, want 200 with one", target, first.Code, tag)
			continue
		}
		before := refunds
		again := do(t, h, target, "If-None-Match", tag)
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 || again.Header().Get("ETag") != tag {
			t.Errorf("%s with If-None-Match: %d, ETag %q, %d bytes; want an empty 304 with the ETag", target, again.Code, again.Header().Get("ETag"), again.Body.Len())
		}
		if refunds != before+1 {
			t.Errorf("%s: a 304 asked for %d refunds, want 1", target, refunds-before)
		}
		if other := do(t, h, target, "If-None-Match", `W/"other"`); other.Code != http.StatusOK || refunds != before+1 {
			t.Errorf("%s with a stale ETag: %d (refunds %d); a 200 is charged", target, other.Code, refunds-before)
		}
	}
}

// TestAlertsETagFollowsTheAlerts: a new alert changes the ETag although the data version did not.
func TestAlertsETagFollowsTheAlerts(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	tag := do(t, New(f.deps).Handler(), "/v1/alerts").Header().Get("ETag")
	f.deps.Live.Alerts = append(memAlerts(testSPACs(8)), spac.Alert{ID: "new", Kind: spac.AlertNewIPO, Seq: 99, CIK: "0000001000", Citations: []spac.Citation{}})
	if rec := do(t, New(f.deps).Handler(), "/v1/alerts", "If-None-Match", tag); rec.Code != http.StatusOK {
		t.Errorf("a new alert: %d to the old ETag, want 200", rec.Code)
	}
}
