package access

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// Window names, as used in RateLimit-Policy and in the 429 detail.
const (
	WindowMinute = "minute"
	WindowDay    = "day"
)

// Limiter decides whether a subject (a key or a client IP) may make one more request.
// Take consumes one request when allowed; Peek reports the state without consuming; Refund
// gives back one request taken (a 304 answer is free), never below zero, and reports the state
// after it.
type Limiter interface {
	Take(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error)
	Peek(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error)
	Refund(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error)
}

// Decision is the outcome of Take or Peek.
type Decision struct {
	Allowed  bool
	Violated string // WindowMinute or WindowDay when refused
	Minute   Window
	Day      Window
}

// Window is the state of one fixed window.
type Window struct {
	Name  string
	Limit int           // 0 = unlimited
	Used  int64         // requests counted in the window, including this one when taken
	Reset time.Duration // until the window ends
}

// Unlimited reports whether the window has no limit.
func (w Window) Unlimited() bool { return w.Limit <= 0 }

// Remaining is how many requests are left in the window (never negative).
func (w Window) Remaining() int64 {
	return max(int64(w.Limit)-w.Used, 0)
}

// ResetSeconds is Reset rounded up to whole seconds, at least 1.
func (w Window) ResetSeconds() int64 {
	s := int64((w.Reset + time.Second - 1) / time.Second)
	return max(s, 1)
}

const (
	minuteTTL = 2 * time.Minute
	dayTTL    = 48 * time.Hour
)

// StoreLimiter is the exact cross-replica Limiter: fixed windows counted directly in a
// spac.CounterStore under "rl/m/<subject>/<unix minute>" and "rl/d/<subject>/<yyyymmdd>", three
// store operations per request. Use it (WithLimiter) when several processes share one counter
// store; the Guard's default is the in-memory write-behind limiter (tally.go), which uses the
// same keys.
//
// Take increments each limited window and, when a window overflows, decrements what it added,
// so a refused request consumes no quota. (While a request is being undone a concurrent one may
// see the overflow and be refused too; that only happens at the limit.) Once a window is full
// it stays full until it ends, so the limiter remembers full windows in-process and refuses
// further requests in them without touching the store.
type StoreLimiter struct {
	counters spac.CounterStore

	mu   sync.Mutex
	full map[string]time.Time // counter key -> window end
}

// NewStoreLimiter returns a Limiter over counters.
func NewStoreLimiter(counters spac.CounterStore) *StoreLimiter {
	return &StoreLimiter{counters: counters, full: map[string]time.Time{}}
}

type windowKey struct {
	w   *Window
	key string
	ttl time.Duration
}

// newDecision is an allowed decision with both windows' limits and resets filled in. It works
// on Unix seconds rather than time.Date: it runs on every request.
func newDecision(lim TierLimits, now time.Time) Decision {
	nanos := now.UnixNano()
	untilEnd := func(windowSeconds int64) time.Duration {
		end := (floorDiv(now.Unix(), windowSeconds) + 1) * windowSeconds
		return time.Duration(end*int64(time.Second) - nanos)
	}
	return Decision{
		Allowed: true,
		Minute:  Window{Name: WindowMinute, Limit: lim.PerMinute, Reset: untilEnd(60)},
		Day:     Window{Name: WindowDay, Limit: lim.PerDay, Reset: untilEnd(secondsPerDay)},
	}
}

// windows builds the decision skeleton and the counter keys of its limited windows (which point
// into the returned Decision).
func windows(subject string, lim TierLimits, now time.Time) (*Decision, []windowKey) {
	d := newDecision(lim, now)
	var keys []windowKey
	if !d.Minute.Unlimited() {
		keys = append(keys, windowKey{&d.Minute, minuteCounterKey(subject, minuteNumber(now)), minuteTTL})
	}
	if !d.Day.Unlimited() {
		keys = append(keys, windowKey{&d.Day, dayCounterKey(subject, dayNumber(now)), dayTTL})
	}
	return &d, keys
}

// Take implements Limiter.
func (l *StoreLimiter) Take(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	d, keys := windows(subject, lim, now)
	for _, k := range keys {
		if l.knownFull(k.key, now) {
			return l.refuse(ctx, d, keys, k.w)
		}
	}
	for i, k := range keys {
		n, err := l.counters.Add(ctx, k.key, 1, k.ttl)
		if err != nil {
			l.undo(ctx, keys[:i])
			return *d, fmt.Errorf("rate limit counter: %w", err)
		}
		k.w.Used = n
		if n > int64(k.w.Limit) {
			l.undo(ctx, keys[:i+1])
			k.w.Used = int64(k.w.Limit)
			l.markFull(k.key, now.Add(k.w.Reset), now)
			return l.refuse(ctx, d, keys, k.w)
		}
	}
	return *d, nil
}

// refuse completes a refusal: the violated window reads as full, the others are read as-is.
func (l *StoreLimiter) refuse(ctx context.Context, d *Decision, keys []windowKey, violated *Window) (Decision, error) {
	for _, k := range keys {
		if k.w == violated {
			continue
		}
		n, err := getCounter(ctx, l.counters, k.key)
		if err != nil {
			return *d, err
		}
		k.w.Used = n
	}
	violated.Used = int64(violated.Limit)
	d.Allowed, d.Violated = false, violated.Name
	return *d, nil
}

// undo takes back increments of a refused request; a failure only over-counts, so it is ignored.
func (l *StoreLimiter) undo(ctx context.Context, keys []windowKey) {
	for _, k := range keys {
		_, _ = l.counters.Add(context.WithoutCancel(ctx), k.key, -1, k.ttl)
	}
}

// Peek implements Limiter.
func (l *StoreLimiter) Peek(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	d, keys := windows(subject, lim, now)
	for _, k := range keys {
		n, err := getCounter(ctx, l.counters, k.key)
		if err != nil {
			return *d, err
		}
		k.w.Used = n
	}
	return *d, nil
}

// Refund implements Limiter. A window that was full is no longer known to be.
func (l *StoreLimiter) Refund(ctx context.Context, subject string, lim TierLimits, now time.Time) (Decision, error) {
	d, keys := windows(subject, lim, now)
	for _, k := range keys {
		n, err := l.counters.Add(ctx, k.key, -1, k.ttl)
		if err == nil && n < 0 {
			n, err = l.counters.Add(ctx, k.key, -n, k.ttl) // a refund of a window that rolled over
		}
		if err != nil {
			return *d, fmt.Errorf("rate limit counter: %w", err)
		}
		k.w.Used = n
		l.mu.Lock()
		delete(l.full, k.key)
		l.mu.Unlock()
	}
	return *d, nil
}

func (l *StoreLimiter) knownFull(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	end, ok := l.full[key]
	return ok && now.Before(end)
}

// markFull remembers a full window; expired entries are pruned so the map stays small.
func (l *StoreLimiter) markFull(key string, end, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.full) >= 4096 {
		for k, e := range l.full {
			if !now.Before(e) {
				delete(l.full, k)
			}
		}
	}
	l.full[key] = end
}
