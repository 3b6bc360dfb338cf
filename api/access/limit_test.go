package access

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// smallTiers keeps the defaults but gives free keys 3/minute and 5/day.
func smallTiers() map[spac.Tier]TierLimits {
	tiers := DefaultTiers()
	free := tiers[spac.TierFree]
	free.PerMinute, free.PerDay = 3, 5
	tiers[spac.TierFree] = free
	return tiers
}

// count sends n requests and returns how many got each status.
func (h *harness) count(n int, secret string) map[int]int {
	got := map[int]int{}
	for range n {
		got[h.do("GET", "/v1/universe", secret, "").Code]++
	}
	return got
}

func TestMinuteLimit(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, _ := h.newKey(spac.TierFree)
	if got := h.count(3, secret); got[200] != 3 {
		t.Fatalf("first 3 requests: %v", got)
	}
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, http.StatusTooManyRequests, "4th request in the minute")
	expectHeader(t, rec, "Retry-After", "40") // t0 is hh:mm:20
	expectHeader(t, rec, "X-RateLimit-Reset", "40")
	expectHeader(t, rec, "X-RateLimit-Limit-Minute", "3")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "0")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "2") // the refused request used no quota
	expectHeader(t, rec, "RateLimit", `"minute";r=0;t=40, "day";r=2;t=43180`)
	if !strings.Contains(rec.Body.String(), "minute limit") {
		t.Errorf("429 detail should name the minute limit: %s", rec.Body.String())
	}
	if rec.Header().Get("X-Data-Scope") != "" {
		t.Error("a refused request must not be given a data scope")
	}

	h.clock.Advance(40 * time.Second) // next clock minute
	rec = h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 200, "first request of the next minute")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "2")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "1")
}

func TestDayLimit(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, _ := h.newKey(spac.TierFree)
	statuses := map[int]int{}
	for range 6 { // one per minute, so only the day limit can bite
		statuses[h.do("GET", "/v1/universe", secret, "").Code]++
		h.clock.Advance(time.Minute)
	}
	if statuses[200] != 5 || statuses[429] != 1 {
		t.Fatalf("6 requests under a 5/day limit: %v, want 5x200 1x429", statuses)
	}
	rec := h.do("GET", "/v1/universe", secret, "") // 12:06:20, 42820 s before midnight
	expectStatus(t, rec, 429, "over the day limit")
	expectHeader(t, rec, "Retry-After", "42820")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "0")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "3")
	if !strings.Contains(rec.Body.String(), "day limit") {
		t.Errorf("429 detail should name the day limit: %s", rec.Body.String())
	}
	h.clock.Advance(42820 * time.Second) // 00:00:00 UTC
	rec = h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 200, "after the UTC day reset")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "4")
}

// TestDefaultFreeMinuteLimit: limit+1 requests under the default free tier give exactly one 429.
func TestDefaultFreeMinuteLimit(t *testing.T) {
	h := newHarness(t, nil)
	secret, _ := h.newKey(spac.TierFree)
	if got := h.count(61, secret); got[200] != 60 || got[429] != 1 {
		t.Fatalf("61 requests: %v, want 60x200 1x429", got)
	}
}

func TestAnonymousCountedPerClientIP(t *testing.T) {
	tiers := DefaultTiers()
	tiers[spac.TierAnonymous] = TierLimits{PerMinute: 1, PerDay: 10, Sample: true}
	h := newHarness(t, tiers)
	expectStatus(t, h.do("GET", "/v1/universe", "", ""), 200, "first anonymous request")
	expectStatus(t, h.do("GET", "/v1/universe", "", ""), 429, "second from the same IP")
	other := newRequest("GET", "/v1/universe", "")
	other.RemoteAddr = "198.51.100.9:1234"
	expectStatus(t, serve(h.engine, other), 200, "another IP has its own quota")
}

func TestCountersSurviveRestart(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, _ := h.newKey(spac.TierFree)
	h.count(2, secret)
	h.restart(smallTiers())
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 200, "third request after restart")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "0")
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), 429, "fourth request after restart")
}

// TestConcurrentTakeAdmitsExactlyLimit: racing requests never admit more than the limit.
func TestConcurrentTakeAdmitsExactlyLimit(t *testing.T) {
	counters := newMemCounters()
	l := NewStoreLimiter(counters)
	lim := TierLimits{PerMinute: 25, PerDay: 1000}
	var mu sync.Mutex
	allowed := 0
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			d, err := l.Take(t.Context(), "key:k", lim, t0)
			if err != nil {
				t.Error(err)
			}
			if d.Allowed {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if allowed != 25 {
		t.Errorf("allowed %d of 100, want 25", allowed)
	}
	d, _ := l.Peek(t.Context(), "key:k", lim, t0)
	if d.Minute.Used != 25 || d.Day.Used != 25 {
		t.Errorf("after the race: minute %d day %d used, want 25 each", d.Minute.Used, d.Day.Used)
	}
}

func TestUnlimitedTierTouchesNoRateCounters(t *testing.T) {
	counters := newMemCounters()
	d, err := NewStoreLimiter(counters).Take(t.Context(), "key:e", DefaultTiers()[spac.TierEnterprise], t0)
	if err != nil || !d.Allowed {
		t.Fatalf("enterprise take: %+v %v", d, err)
	}
	if len(counters.m) != 0 {
		t.Errorf("unlimited windows wrote counters: %v", counters.m)
	}
	h := http.Header{}
	setLimitHeaders(h, d)
	for _, name := range []string{"X-RateLimit-Limit-Minute", "X-RateLimit-Remaining-Minute", "X-RateLimit-Limit-Day",
		"X-RateLimit-Remaining-Day", "RateLimit", "RateLimit-Policy"} {
		if _, present := h[name]; present {
			t.Errorf("unlimited windows sent %s: %v", name, h)
		}
	}
	if h.Get("X-RateLimit-Reset") != "40" {
		t.Errorf("X-RateLimit-Reset %q, want 40 (the minute window's)", h.Get("X-RateLimit-Reset"))
	}
}

func TestCounterKeys(t *testing.T) {
	counters := newMemCounters()
	if _, err := NewStoreLimiter(counters).Take(t.Context(), "ip:203.0.113.7", TierLimits{PerMinute: 5, PerDay: 9}, t0); err != nil {
		t.Fatal(err)
	}
	minute := "rl/m/ip:203.0.113.7/" + itoa(t0.Unix()/60)
	for _, k := range []string{minute, "rl/d/ip:203.0.113.7/20260520"} {
		if counters.m[k] != 1 {
			t.Errorf("counter %s = %d, want 1 (have %v)", k, counters.m[k], counters.m)
		}
	}
}
