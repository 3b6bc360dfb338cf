package api

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/sse"
)

// TestStreamSymbolFilterIsValidated: a stream's symbol filter naming no SPAC is a 404 problem
// with suggestions, as on REST, instead of a stream that never sends anything.
func TestStreamSymbolFilterIsValidated(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	for _, target := range []string{"/v1/alerts/stream?symbol=AAA1,NOSUCH", "/api/v1/news/stream?symbol=AAA"} {
		rec := do(t, s.Handler(), target)
		body := wantProblem(t, rec, http.StatusNotFound, spac.ENOTFOUND, "")
		if target == "/api/v1/news/stream?symbol=AAA" && len(body["suggestions"].([]any)) == 0 {
			t.Errorf("%s: no suggestions: %v", target, body)
		}
	}
}

// TestStreamSymbolFilterAcceptsCIKAndOldTicker: the filter names a SPAC as REST does (any
// ticker, current or previous, or the CIK) and the stream then sends that SPAC's events.
func TestStreamSymbolFilterAcceptsCIKAndOldTicker(t *testing.T) {
	f := liveFixture(t)
	hub := sse.NewHub(sse.NewMemLog(0), sse.HubConfig{})
	t.Cleanup(hub.Close)
	f.deps.Live.AlertStream = hub.Stream(spac.TopicAlerts, sse.StreamOptions{})
	f.deps.Guard = fullCaller
	base := serveReal(t, New(f.deps))
	for _, symbol := range []string{"0000001001", "old1"} { // AAA1's CIK and previous ticker
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v1/alerts/stream?symbol="+symbol, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("symbol=%s: %v %v", symbol, err, resp)
		}
		for _, a := range []spac.Alert{{ID: "x0", Kind: spac.AlertNewIPO, Symbol: "AAA0"}, {ID: "x1-" + symbol, Kind: spac.AlertNewIPO, Symbol: "AAA1"}} {
			ev, err := spac.AlertStreamEvent(a)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := hub.Publish(ctx, spac.TopicAlerts, ev); err != nil {
				t.Fatal(err)
			}
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() && !strings.HasPrefix(sc.Text(), "data: ") {
		}
		if !strings.Contains(sc.Text(), `"symbol":"AAA1"`) {
			t.Errorf("symbol=%s: first event %q, want AAA1's", symbol, sc.Text())
		}
		cancel()
		resp.Body.Close()
	}
}
