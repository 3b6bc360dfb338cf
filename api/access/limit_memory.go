package access

import (
	"context"
	"time"
)

// memoryLimiter is the Guard's default Limiter: the same fixed windows as StoreLimiter, counted
// in the tally (in memory, seeded from and written behind to the CounterStore). Checking and
// counting both windows happens under one shard lock, so within one process a window admits
// exactly its limit, and a refused request consumes nothing.
type memoryLimiter struct{ t *tally }

// rateWindows returns the counter IDs of the limited windows and, for each, the Window of d it
// fills in. n is how many are limited (0 for an unlimited tier).
func rateWindows(subject string, d *Decision, now time.Time) (ids [2]counterID, ws [2]*Window, n int) {
	if !d.Minute.Unlimited() {
		ids[n], ws[n] = counterID{kind: kindMinute, subject: subject, window: minuteNumber(now)}, &d.Minute
		n++
	}
	if !d.Day.Unlimited() {
		ids[n], ws[n] = counterID{kind: kindDay, subject: subject, window: dayNumber(now)}, &d.Day
		n++
	}
	return ids, ws, n
}

// Take implements Limiter.
func (l memoryLimiter) Take(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	return l.decide(ctx, subject, lim, now, true)
}

// Peek implements Limiter.
func (l memoryLimiter) Peek(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	return l.decide(ctx, subject, lim, now, false)
}

// Refund implements Limiter.
func (l memoryLimiter) Refund(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	return l.withWindows(ctx, subject, lim, now, func(d *Decision, ents []*tallyEntry, ws []*Window) {
		for i, e := range ents {
			if e.value > 0 {
				e.value--
				e.pending--
			}
			ws[i].Used = e.value
		}
	})
}

func (l memoryLimiter) decide(ctx context.Context, subject string, lim TierLimits, now time.Time, take bool) (Decision, error) {
	return l.withWindows(ctx, subject, lim, now, func(d *Decision, ents []*tallyEntry, ws []*Window) {
		for i, e := range ents {
			ws[i].Used = e.value
		}
		if !take {
			return
		}
		for i, e := range ents {
			if e.value >= int64(ws[i].Limit) {
				ws[i].Used = int64(ws[i].Limit) // a window seeded above its limit reads as full
				d.Allowed, d.Violated = false, ws[i].Name
				return
			}
		}
		for i, e := range ents {
			e.value++
			e.pending++
			ws[i].Used = e.value
		}
	})
}

// withWindows runs update on the subject's rate windows with their tally entries held locked
// (Refund and decide share it: they differ only in what they do to the counts).
func (l memoryLimiter) withWindows(ctx context.Context, subject string, lim TierLimits, now time.Time, update func(*Decision, []*tallyEntry, []*Window)) (Decision, error) {
	d := newDecision(lim, now)
	ids, ws, n := rateWindows(subject, &d, now)
	if n == 0 {
		return d, nil
	}
	var ents [2]*tallyEntry
	s, err := l.t.acquire(ctx, ids[:n], ents[:n], now)
	if err != nil {
		return d, err
	}
	defer s.mu.Unlock()
	update(&d, ents[:n], ws[:n])
	return d, nil
}
