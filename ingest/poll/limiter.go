package poll

import (
	"context"
	"sync"
	"time"
)

// limitMargin is the share of the rate the limiter keeps in reserve: requests are spaced
// 1/rate x (1 + limitMargin) apart, so that EDGAR, which counts requests as they arrive, never
// sees more than rate of them within a second when the network or the scheduler delays one
// request more than the next (at 10/s, up to 50 ms of difference is absorbed).
const limitMargin = 0.05

// limiter spaces requests evenly: one at a time, each at least interval after the previous
// one was actually let go (not after it was scheduled: a caller whose sleep overran pushes the
// next one back), so the rate holds across every URL and every caller of a Client. Callers
// queue on the mutex, which is held while the caller at the head waits for its turn.
// golang.org/x/time/rate would do, but it is not a dependency of this module and it spaces
// reservations, not sends.
type limiter struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time // earliest time the next request may go
	now      func() time.Time
	sleep    func(context.Context, time.Duration) error
	taken    int // requests let go, for tests
}

// newLimiter lets the first request go at once and the following ones at the rate.
func newLimiter(rate float64, now func() time.Time, sleep func(context.Context, time.Duration) error) *limiter {
	interval := time.Duration(float64(time.Second) / rate * (1 + limitMargin))
	return &limiter{interval: interval, now: now, sleep: sleep}
}

// Wait blocks until the caller may send one request, or ctx ends.
func (l *limiter) Wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if d := l.next.Sub(l.now()); d > 0 {
		if err := l.sleep(ctx, d); err != nil {
			return err
		}
	}
	l.next = l.now().Add(l.interval)
	l.taken++
	return nil
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
