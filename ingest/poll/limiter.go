package poll

import (
	"context"
	"sync"
	"time"
)

// limitMargin is the share of the rate the limiter keeps in reserve: requests are spaced
// 1/rate x (1 + limitMargin) apart, so that EDGAR, which counts requests as they arrive, never
// sees more than rate of them within a second when the network or the scheduler delays one
// request more than the next (at 10/s, up to 100 ms of difference is absorbed: a 5 % margin
// still let a fake EDGAR count 11 in one second on a 2-core machine at load average 20).
const limitMargin = 0.10

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

// Wait blocks until the caller may send one request, or ctx ends; it returns the time it let
// the request go, from which the next one is spaced.
func (l *limiter) Wait(ctx context.Context) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if d := l.next.Sub(l.now()); d > 0 {
		if err := l.sleep(ctx, d); err != nil {
			return time.Time{}, err
		}
	}
	at := l.now()
	l.next = at.Add(l.interval)
	l.taken++
	return at, nil
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
