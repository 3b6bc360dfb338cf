package api

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Defaults of StreamCaps.
const (
	DefaultStreamsPerKey = 5
	DefaultStreams       = 500
)

// streamRetryAfter is the Retry-After of a stream refused at a cap: streams end when their
// clients leave, at no predictable time; a few seconds is about an SSE client's own retry.
const streamRetryAfter = 5 * time.Second

// StreamCaps bound the SSE streams open at once, each of which holds a connection, a goroutine
// and a subscriber buffer for as long as its client stays: PerKey per holder (an API key, or
// the client IP of an anonymous caller) and Total over all. Zero fields take the defaults.
type StreamCaps struct {
	PerKey int
	Total  int
}

// streams tracks the open streams: it enforces the caps and ends a key's streams when the key
// is revoked (CloseStreams).
type streams struct {
	caps StreamCaps

	mu       sync.Mutex
	byHolder map[string]map[*openStream]struct{}
	total    int
	timers   map[*time.Timer]struct{} // CloseStreams scheduled for a grace end
}

// openStream is one stream's way to end it.
type openStream struct{ cancel context.CancelFunc }

func newStreams(caps StreamCaps) *streams {
	if caps.PerKey <= 0 {
		caps.PerKey = DefaultStreamsPerKey
	}
	if caps.Total <= 0 {
		caps.Total = DefaultStreams
	}
	return &streams{caps: caps, byHolder: map[string]map[*openStream]struct{}{}, timers: map[*time.Timer]struct{}{}}
}

// open takes a slot for holder, or refuses with ERATELIMITED at a cap.
func (r *streams) open(holder string, cancel context.CancelFunc) (*openStream, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.total >= r.caps.Total:
		return nil, spac.Errorf(spac.ERATELIMITED, "the service has %d streams open, the most it serves at once; retry later", r.total)
	case len(r.byHolder[holder]) >= r.caps.PerKey:
		return nil, spac.Errorf(spac.ERATELIMITED, "this key already has %d streams open, the most one key may hold; close one first", r.caps.PerKey)
	}
	s := &openStream{cancel: cancel}
	if r.byHolder[holder] == nil {
		r.byHolder[holder] = map[*openStream]struct{}{}
	}
	r.byHolder[holder][s] = struct{}{}
	r.total++
	return s, nil
}

func (r *streams) release(holder string, s *openStream) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.byHolder[holder][s]; !ok {
		return
	}
	delete(r.byHolder[holder], s)
	if len(r.byHolder[holder]) == 0 {
		delete(r.byHolder, holder)
	}
	r.total--
}

// closeHolder ends every stream of holder and returns how many.
func (r *streams) closeHolder(holder string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for s := range r.byHolder[holder] {
		s.cancel()
	}
	return len(r.byHolder[holder])
}

// closeAt ends holder's streams at the given time (now when it has passed).
func (r *streams) closeAt(holder string, at, now time.Time) {
	if !at.After(now) {
		r.closeHolder(holder)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var t *time.Timer
	t = time.AfterFunc(at.Sub(now), func() {
		r.closeHolder(holder)
		r.mu.Lock()
		delete(r.timers, t)
		r.mu.Unlock()
	})
	r.timers[t] = struct{}{}
}

// stop cancels the scheduled closes (the server is shutting down, which ends every stream).
func (r *streams) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for t := range r.timers {
		t.Stop()
	}
	clear(r.timers)
}

// CloseStreams ends the SSE streams of an API key at the given time: at once for a revoked
// key (its streams end within the moment it takes their goroutines to notice), at the end of
// the grace period for a key rotated with one. It returns the streams open now.
func (s *Server) CloseStreams(keyID string, at time.Time) int {
	s.streams.mu.Lock()
	n := len(s.streams.byHolder[keyID])
	s.streams.mu.Unlock()
	s.streams.closeAt(keyID, at, s.now())
	return n
}

// streamSlot is the middleware of stream routes: it takes one of the caller's stream slots
// (429 with Retry-After at a cap), and makes the stream end when the slot is closed (a
// revocation) or when the caller's credential stops working (a rotation's grace end).
func (s *Server) streamSlot(c *gin.Context) {
	caller := CallerFrom(c)
	holder := caller.KeyID
	if holder == "" {
		holder = "ip:" + c.ClientIP()
	}
	ctx, cancel := withEnd(c.Request.Context(), caller.Until)
	defer cancel()
	slot, err := s.streams.open(holder, cancel)
	if err != nil {
		c.Header("Retry-After", strconv.Itoa(int(streamRetryAfter/time.Second)))
		_ = c.Error(err)
		c.Abort()
		return
	}
	defer s.streams.release(holder, slot)
	req := c.Request
	c.Request = req.WithContext(ctx)
	c.Next()
	c.Request = req // the renderer must not take the ended stream for a client that left
}

// withEnd is ctx cancellable, and ending at until when it is set.
func withEnd(ctx context.Context, until time.Time) (context.Context, context.CancelFunc) {
	if until.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, until)
}
