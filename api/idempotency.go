package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Idempotency-Key on POST routes: the same key (per caller and route) with the same request
// gets the first answer again instead of doing the work twice; with another request it is 422.
// Records live in Deps.Idempotency (Badger in spacd: they survive a restart) for
// idempotencyTTL; an answer that is a server error is not kept, so the request may be retried.
// "The same request" is compared by its parsed parameters (requestDigest), not its bytes.
const (
	MaxIdempotencyKeyLen = 255
	idempotencyTTL       = 24 * time.Hour
	// pendingTTL is how long a key stays reserved by a request not yet answered: a process
	// that dies mid-request must not hold the key for a day.
	pendingTTL     = 5 * time.Minute
	maxReplayBody  = 64 << 10
	maxDigestValue = 1 << 20 // bodies are bounded by the route's MaxBody far below this
	// CodeIdempotencyKeyReused: an Idempotency-Key sent again with another request (422).
	CodeIdempotencyKeyReused = "idempotency_key_reused"
	// CodeIdempotencyInProgress: the first request with the key is still being handled (409).
	CodeIdempotencyInProgress = "idempotency_in_progress"
)

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
		digest := requestDigest(c, body)
		if s.replayed(c, key, digest) {
			c.Abort()
			return
		}
		rec := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()
		if !clientGone(c) {
			s.renderError(c) // now, not after this middleware: the problem is the answer to keep
		}
		s.recordAnswer(c, key, digest, rec)
	}
}

// replayed reserves key for this request, or answers from the record already there: the
// stored answer, 422 for another request, 409 while the first is being handled.
func (s *Server) replayed(c *gin.Context, key, digest string) bool {
	now := s.now()
	kept, reserved, err := s.idem.ReserveIdempotent(c.Request.Context(), key, spac.IdempotentRecord{Params: digest, At: now}, now.Add(pendingTTL))
	switch {
	case err != nil:
		s.abort(c, unavailable(s, c, err))
	case reserved:
		return false
	case kept.Params != digest:
		s.abort(c, spac.Errorf(CodeIdempotencyKeyReused, "this Idempotency-Key was used with another request; use a new key for a new request"))
	case !kept.Answered():
		s.abort(c, spac.Errorf(CodeIdempotencyInProgress, "a request with this Idempotency-Key is still being handled; retry later"))
	default:
		c.Header("Idempotent-Replayed", "true")
		writeBody(c, kept.Status, kept.ContentType, kept.Body)
	}
	return true
}

// recordAnswer keeps the answer under key for a day from the first request, or forgets key
// (a server error, a body too large to keep) so that the request can be made again.
func (s *Server) recordAnswer(c *gin.Context, key, digest string, rec *recordingWriter) {
	ctx := context.WithoutCancel(c.Request.Context()) // a departed client's answer is still kept
	status, body := rec.Status(), rec.buf.Bytes()
	var err error
	if status >= http.StatusInternalServerError || clientGone(c) || len(body) > maxReplayBody {
		err = s.idem.DeleteIdempotent(ctx, key)
	} else {
		now := s.now()
		r := spac.IdempotentRecord{Params: digest, Status: status,
			ContentType: rec.Header().Get("Content-Type"), Body: body, At: now}
		err = s.idem.PutIdempotent(ctx, key, r, now.Add(idempotencyTTL))
	}
	if err != nil {
		s.log.ErrorContext(ctx, "api: idempotency record", "err", err)
	}
}

// requestDigest names a request by its parameters: the route's path parameters, the query
// (url.Values.Encode sorts it) and the body re-serialised from its parsed JSON (encoding/json
// sorts object keys and drops whitespace; numbers keep their text), so the same JSON written
// with other whitespace or key order is the same request. A body that is not one JSON value
// is compared as bytes.
func requestDigest(c *gin.Context, body []byte) string {
	h := sha256.New()
	for _, p := range c.Params {
		_, _ = io.WriteString(h, p.Key+"="+p.Value+"\x00")
	}
	_, _ = io.WriteString(h, c.Request.URL.Query().Encode()+"\x00")
	_, _ = h.Write(canonicalJSON(body))
	return hex.EncodeToString(h.Sum(nil))
}

// canonicalJSON re-serialises one JSON value, or returns body as it is when it is not one.
func canonicalJSON(body []byte) []byte {
	if len(body) > maxDigestValue {
		return body
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || !errors.Is(dec.Decode(new(any)), io.EOF) {
		return body
	}
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
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
