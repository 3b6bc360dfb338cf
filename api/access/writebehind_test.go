package access

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// counterKeysOf are the store keys of a key's counters at t0 on /v1/universe.
func counterKeysOf(keyID string) (minute, day, usage string) {
	return "rl/m/key:" + keyID + "/" + itoa(t0.Unix()/60), "rl/d/key:" + keyID + "/20260520",
		"use/" + keyID + "/20260520//v1/universe"
}

// TestCountsReachTheStoreOnlyWhenFlushed: the hot path counts in memory; Close writes the counts.
func TestCountsReachTheStoreOnlyWhenFlushed(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, key := h.newKey(spac.TierFree)
	if got := h.count(3, secret); got[200] != 3 {
		t.Fatalf("3 requests: %v", got)
	}
	minute, day, usage := counterKeysOf(key.ID)
	for _, k := range []string{minute, day, usage} {
		if n := h.counters.value(k); n != 0 {
			t.Errorf("%s = %d in the store before any flush, want 0", k, n)
		}
	}
	if err := h.guard.Close(); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{minute, day, usage} {
		if n := h.counters.value(k); n != 3 {
			t.Errorf("%s = %d in the store after Close, want 3", k, n)
		}
	}
}

// TestFlushWritesOnlyNewCounts: each flush adds what was counted since the previous one.
func TestFlushWritesOnlyNewCounts(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	minute, _, usage := counterKeysOf(key.ID)
	h.count(2, secret)
	flush(t, h.guard)
	h.count(1, secret)
	flush(t, h.guard)
	flush(t, h.guard)
	if m, u := h.counters.value(minute), h.counters.value(usage); m != 3 || u != 3 {
		t.Errorf("after 3 requests and 3 flushes: minute %d usage %d, want 3 and 3", m, u)
	}
}

func flush(t *testing.T, g *Guard) {
	t.Helper()
	if err := g.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// TestFailedFlushKeepsCounts: counts whose write fails stay pending and are written later.
func TestFailedFlushKeepsCounts(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierPro)
	minute, day, usage := counterKeysOf(key.ID)
	h.count(4, secret)
	h.counters.setFail(true)
	if err := h.guard.Flush(t.Context()); err == nil {
		t.Fatal("flush into a failing store reported no error")
	}
	h.counters.setFail(false)
	flush(t, h.guard)
	for _, k := range []string{minute, day, usage} {
		if n := h.counters.value(k); n != 4 {
			t.Errorf("%s = %d after a failed and a good flush, want 4", k, n)
		}
	}
}

// TestCrashLosesOnlyUnflushedCounts documents the write-behind trade-off: a Guard abandoned
// without Shutdown (a crash) loses what it counted since its last flush, nothing before.
func TestCrashLosesOnlyUnflushedCounts(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, _ := h.newKey(spac.TierFree)
	h.count(1, secret)
	flush(t, h.guard)
	h.count(1, secret) // counted in memory only, then the process "dies"
	h.guard = nil      // so restart does not Close it (the test's cleanup does, afterwards)
	h.restart(smallTiers())
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 200, "first request after the crash")
	expectHeader(t, rec, "X-RateLimit-Remaining-Minute", "1") // 3 - (1 flushed + this one)
}

// TestEndedAndIdleCountersLeaveMemory: once written, an ended minute window leaves memory; an
// idle counter does too, and the next request re-reads it from the store exactly.
func TestEndedAndIdleCountersLeaveMemory(t *testing.T) {
	h := newHarness(t, smallTiers())
	secret, _ := h.newKey(spac.TierFree)
	h.count(2, secret) // minute, day and usage counters
	if n := h.guard.counters.size(); n != 3 {
		t.Fatalf("%d counters in memory, want 3", n)
	}
	h.clock.Advance(time.Minute) // the minute window has ended
	flush(t, h.guard)
	if n := h.guard.counters.size(); n != 2 {
		t.Errorf("%d counters in memory after the minute ended, want 2 (day, usage)", n)
	}
	h.clock.Advance(tallyIdle)
	flush(t, h.guard)
	if n := h.guard.counters.size(); n != 0 {
		t.Errorf("%d counters in memory after %v idle, want 0", n, tallyIdle)
	}
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, 200, "third request of the day")
	expectHeader(t, rec, "X-RateLimit-Remaining-Day", "2") // 5 - 3: re-seeded from the store
}

// TestGuardCountsExactlyUnderConcurrentFlushes: requests racing with flushes neither lose nor
// double a count (run with -race).
func TestGuardCountsExactlyUnderConcurrentFlushes(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierTeam) // 1,200 a minute: never reached here
	const workers, each = 8, 50
	stop := make(chan struct{})
	var flusher sync.WaitGroup
	flusher.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = h.guard.Flush(t.Context())
			}
		}
	})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				if rec := serve(h.engine, newRequest("GET", "/v1/universe", "Bearer "+secret)); rec.Code != 200 {
					t.Errorf("status %d", rec.Code)
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	flusher.Wait()
	if err := h.guard.Close(); err != nil {
		t.Fatal(err)
	}
	minute, day, usage := counterKeysOf(key.ID)
	for _, k := range []string{minute, day, usage} {
		if n := h.counters.value(k); n != workers*each {
			t.Errorf("%s = %d, want %d", k, n, workers*each)
		}
	}
}

// TestMemoryLimiterAdmitsExactlyLimit: racing Takes admit exactly the limit.
func TestMemoryLimiterAdmitsExactlyLimit(t *testing.T) {
	l := memoryLimiter{newTally(newMemCounters())}
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
	d, err := l.Peek(t.Context(), "key:k", lim, t0)
	if allowed != 25 || err != nil || d.Minute.Used != 25 || d.Day.Used != 25 {
		t.Errorf("allowed %d of 100; then minute %d day %d used (%v), want 25 each", allowed, d.Minute.Used, d.Day.Used, err)
	}
}

// TestMemoryLimiterSharesStoreLimiterKeys: both limiters persist under the same keys, so the
// in-memory limiter resumes from counts the StoreLimiter wrote and vice versa.
func TestMemoryLimiterSharesStoreLimiterKeys(t *testing.T) {
	counters := newMemCounters()
	lim := TierLimits{PerMinute: 5, PerDay: 9}
	const subject = "ip:203.0.113.7"
	if _, err := NewStoreLimiter(counters).Take(t.Context(), subject, lim, t0); err != nil {
		t.Fatal(err)
	}
	tl := newTally(counters)
	d, err := memoryLimiter{tl}.Take(t.Context(), subject, lim, t0)
	if err != nil || d.Minute.Used != 2 || d.Day.Used != 2 {
		t.Fatalf("memory limiter after a StoreLimiter take: %+v %v, want 2 used", d, err)
	}
	if err := tl.flush(t.Context(), t0); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rl/m/" + subject + "/" + itoa(t0.Unix()/60), "rl/d/" + subject + "/20260520"} {
		if counters.value(k) != 2 {
			t.Errorf("counter %s = %d, want 2 (have %v)", k, counters.value(k), counters.m)
		}
	}
}

func TestMemoryLimiterUnlimitedTierTouchesNothing(t *testing.T) {
	tl := newTally(newMemCounters())
	d, err := memoryLimiter{tl}.Take(t.Context(), "key:e", DefaultTiers()[spac.TierEnterprise], t0)
	if err != nil || !d.Allowed || tl.size() != 0 {
		t.Errorf("enterprise take: %+v %v, %d counters in memory", d, err, tl.size())
	}
}

// pausingCounters pauses one Get after it has read the store, until released.
type pausingCounters struct {
	*memCounters
	read, release chan struct{}
}

func (p *pausingCounters) Get(ctx context.Context, key string) (int64, error) {
	n, err := p.memCounters.Get(ctx, key)
	if p.read != nil {
		read := p.read
		p.read = nil
		close(read)
		<-p.release
	}
	return n, err
}

// TestSeedRacingEvictionRereadsStore: a seed read that began before a counter was counted,
// flushed and evicted must not seed the stale value it read.
func TestSeedRacingEvictionRereadsStore(t *testing.T) {
	store := &pausingCounters{memCounters: newMemCounters(), read: make(chan struct{}), release: make(chan struct{})}
	read := store.read
	tl := newTally(store)
	l := memoryLimiter{tl}
	lim := TierLimits{PerMinute: 10}
	done := make(chan Decision)
	go func() {
		d, err := l.Take(context.Background(), "key:k", lim, t0)
		if err != nil {
			t.Error(err)
		}
		done <- d
	}()
	<-read // the first Take has read 0 from the store and is paused
	if d, err := l.Take(t.Context(), "key:k", lim, t0); err != nil || d.Minute.Used != 1 {
		t.Fatalf("second take: %+v %v", d, err)
	}
	if err := tl.flush(t.Context(), t0.Add(time.Minute)); err != nil { // writes 1, evicts the ended window
		t.Fatal(err)
	}
	close(store.release)
	if d := <-done; d.Minute.Used != 2 {
		t.Errorf("first take counted %d in the minute, want 2 (seeded a stale 0)", d.Minute.Used)
	}
}
