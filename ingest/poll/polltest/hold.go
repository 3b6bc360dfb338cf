package polltest

import (
	"net/http"
	"slices"
	"time"
)

// Hold is a request kept in flight: the next request of a path waits, after it is counted,
// until Release or until its client goes away (a killed process), so a test can stop a client
// at a chosen request.
type Hold struct {
	arrived  chan struct{}
	released chan struct{}
	gone     chan struct{}
}

// Hold makes the next request of path wait until the returned Hold is released.
func (s *Server) Hold(path string) *Hold {
	h := &Hold{arrived: make(chan struct{}), released: make(chan struct{}), gone: make(chan struct{})}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.holds[path] = h
	return h
}

// Arrived is closed when the held request arrives.
func (h *Hold) Arrived() <-chan struct{} { return h.arrived }

// Gone is closed when the held request's client went away before a Release (a killed
// process): the request is logged as not served. A test that kills the client waits for it
// rather than releasing, which could race the server's noticing the closed connection.
func (h *Hold) Gone() <-chan struct{} { return h.gone }

// Release lets the held request be answered (if its client is still there).
func (h *Hold) Release() {
	select {
	case <-h.released:
	default:
		close(h.released)
	}
}

// wait blocks the held request r and reports whether it should be answered.
func (h *Hold) wait(r *http.Request) bool {
	close(h.arrived)
	select {
	case <-h.released:
		return r.Context().Err() == nil
	case <-r.Context().Done():
		close(h.gone)
		return false
	}
}

// MaxInWindow is the largest number of requests of log whose times fall within one window
// (a sliding window starting at each request): with window = 1 s, the peak requests per second.
func MaxInWindow(log []Request, window time.Duration) int {
	times := make([]time.Time, len(log))
	for i, r := range log {
		times[i] = r.At
	}
	slices.SortFunc(times, time.Time.Compare)
	peak, j := 0, 0
	for i := range times {
		for j < len(times) && times[j].Sub(times[i]) < window {
			j++
		}
		peak = max(peak, j-i)
	}
	return peak
}
