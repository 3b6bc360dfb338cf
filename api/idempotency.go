package api

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Idempotency-Key on POST routes: the same key (per caller and route) with the same body gets
// the first response again instead of doing the work twice; with another body it is 422. The
// responses are kept in memory, at most maxIdempotent of them for idempotencyTTL each (a
// restart forgets them), only when they are not server errors (those may be retried).
const (
	MaxIdempotencyKeyLen = 255
	maxIdempotent        = 10000
	idempotencyTTL       = 24 * time.Hour
	maxReplayBody        = 64 << 10
	// CodeIdempotencyKeyReused: an Idempotency-Key sent again with another body (422).
	CodeIdempotencyKeyReused = "idempotency_key_reused"
	// CodeIdempotencyInProgress: the first request with the key is still being handled (409).
	CodeIdempotencyInProgress = "idempotency_in_progress"
)

// stored is the first response to a key; done is closed once it is recorded.
type stored struct {
	bodyHash    [32]byte
	status      int
	contentType string
	body        []byte
	at          time.Time
	done        bool
}

// idempotency holds the responses by key, least recently stored first (the bound evicts them).
type idempotency struct {
	mu    sync.Mutex
	byKey map[string]*list.Element // of *idemEntry
	order *list.List
}

type idemEntry struct {
	key string
	s   *stored
}

func newIdempotency() *idempotency {
	return &idempotency{byKey: map[string]*list.Element{}, order: list.New()}
}

// begin returns the response stored under key, or reserves key for this request (nil).
func (m *idempotency) begin(key string, hash [32]byte, now time.Time) (*stored, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byKey[key]; ok {
		s := el.Value.(*idemEntry).s
		switch {
		case now.Sub(s.at) > idempotencyTTL:
			m.order.Remove(el)
			delete(m.byKey, key)
		case s.bodyHash != hash:
			return nil, spac.Errorf(CodeIdempotencyKeyReused, "this Idempotency-Key was used with another request body; use a new key for a new request")
		case !s.done:
			return nil, spac.Errorf(CodeIdempotencyInProgress, "a request with this Idempotency-Key is still being handled; retry later")
		default:
			return s, nil
		}
	}
	m.byKey[key] = m.order.PushBack(&idemEntry{key: key, s: &stored{bodyHash: hash, at: now}})
	for m.order.Len() > maxIdempotent {
		oldest := m.order.Front()
		m.order.Remove(oldest)
		delete(m.byKey, oldest.Value.(*idemEntry).key)
	}
	return nil, nil
}

// finish records the response to key, or forgets key (a server error, a body too large to
// keep) so that the request can be made again.
func (m *idempotency) finish(key string, status int, contentType string, body []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.byKey[key]
	if !ok {
		return
	}
	if status >= http.StatusInternalServerError || status == StatusClientClosedRequest || len(body) > maxReplayBody {
		m.order.Remove(el)
		delete(m.byKey, key)
		return
	}
	s := el.Value.(*idemEntry).s
	s.status, s.contentType, s.body, s.done = status, contentType, body, true
}

// idempotent is the middleware of POST routes (after the Guard: keys are per caller).
func (s *Server) idempotent(route string) gin.HandlerFunc {
	return func(c *gin.Context) {
		idemKey := c.GetHeader("Idempotency-Key")
		if idemKey == "" {
			return
		}
		if len(idemKey) > MaxIdempotencyKeyLen {
			s.abort(c, spac.InvalidParam("Idempotency-Key", "Idempotency-Key is longer than %d characters", MaxIdempotencyKeyLen))
			return
		}
		body, err := io.ReadAll(c.Request.Body) // bounded by the route's limitBody
		if err != nil {
			s.abort(c, spac.InvalidParam("body", "the request body could not be read"))
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		key := CallerFrom(c).KeyID + "\x00" + route + "\x00" + idemKey
		prev, err := s.idem.begin(key, sha256.Sum256(body), s.now())
		if err != nil {
			s.abort(c, err)
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			writeBody(c, prev.status, prev.contentType, prev.body)
			c.Abort()
			return
		}
		rec := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()
		s.idem.finish(key, rec.Status(), rec.Header().Get("Content-Type"), rec.buf.Bytes())
	}
}

func (s *Server) abort(c *gin.Context, err error) {
	_ = c.Error(err)
	c.Abort()
}

// recordingWriter keeps a copy of what is written.
type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	if w.buf.Len() <= maxReplayBody {
		w.buf.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *recordingWriter) WriteString(s string) (int, error) {
	if w.buf.Len() <= maxReplayBody {
		w.buf.WriteString(s)
	}
	return w.ResponseWriter.WriteString(s)
}
