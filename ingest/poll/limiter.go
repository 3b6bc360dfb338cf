package poll

import (
	"context"
	"sync"
	"time"
)

// limiter is a token bucket: rate tokens per second, holding at most burst. A caller reserves a
// token up front (the bucket may go negative) and sleeps until it would have been available, so
// concurrent callers queue fairly and the rate holds across every URL the poller requests.
// golang.org/x/time/rate would do, but it is not a dependency of this module.
type limiter struct {
	mu     sync.Mutex
	rate   float64 // tokens per second
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
	sleep  func(context.Context, time.Duration) error
	taken  int // tokens handed out, for tests
}

// newLimiter starts full with a burst of one: EDGAR counts requests per second, so spacing
// them evenly is the safest reading of its limit.
func newLimiter(rate float64, now func() time.Time, sleep func(context.Context, time.Duration) error) *limiter {
	return &limiter{rate: rate, burst: 1, tokens: 1, last: now(), now: now, sleep: sleep}
}

// Wait blocks until the caller may send one request, or ctx ends.
func (l *limiter) Wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return l.sleep(ctx, l.reserve())
}

// reserve takes a token and returns how long to wait until it is due.
func (l *limiter) reserve() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if elapsed := now.Sub(l.last); elapsed > 0 {
		l.tokens = min(l.burst, l.tokens+elapsed.Seconds()*l.rate)
		l.last = now
	}
	l.tokens--
	l.taken++
	if l.tokens >= 0 {
		return 0
	}
	return time.Duration(-l.tokens / l.rate * float64(time.Second))
}

func (l *limiter) tokensTaken() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.taken
}

// sleepContext waits d or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
