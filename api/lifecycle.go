package api

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

// cutGrace bounds the wait, after the connections still open at the shutdown deadline were
// closed, for their handlers to notice and return (a blocked write fails at once).
const cutGrace = 2 * time.Second

// Shutdown stops hs: it stops accepting, lets requests in flight finish until ctx ends, then
// closes every connection still open (a client that does not read its response, a stream
// that did not end when the server's shutdown hooks ran) and waits up to cutGrace for their
// handlers to return, so that the stores can be closed after it. Cutting such clients at the
// deadline is the intended outcome, not a failure: it is logged and Shutdown returns nil.
func (s *Server) Shutdown(ctx context.Context, hs *http.Server) error {
	s.streams.stop()
	err := hs.Shutdown(ctx)
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return err
	}
	s.log.Warn("shutdown deadline reached; closing the connections still open", "in_flight", s.active.count())
	_ = hs.Close() // its only error is closing the listener a second time
	wait, cancel := context.WithTimeout(context.Background(), cutGrace)
	defer cancel()
	if err := s.active.wait(wait); err != nil {
		s.log.Warn("handlers still running after their connections were closed", "in_flight", s.active.count())
	}
	return nil
}

// inflight counts the requests being handled.
type inflight struct {
	mu      sync.Mutex
	n       int
	waiters []chan struct{} // closed when n drops to 0
}

// track is the outermost middleware: it counts the request while its chain runs.
func (f *inflight) track(c *gin.Context) {
	f.add(1)
	defer f.add(-1)
	c.Next()
}

func (f *inflight) add(d int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n += d
	if f.n == 0 {
		for _, w := range f.waiters {
			close(w)
		}
		f.waiters = nil
	}
}

func (f *inflight) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// wait returns when no request is in flight, or ctx's error.
func (f *inflight) wait(ctx context.Context) error {
	f.mu.Lock()
	if f.n == 0 {
		f.mu.Unlock()
		return nil
	}
	w := make(chan struct{})
	f.waiters = append(f.waiters, w)
	f.mu.Unlock()
	select {
	case <-w:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
