package api

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// DefaultMaxBody is the body limit of routes that declare none: they take no body, but a
// client sending "{}" with a POST should not be refused for it.
const DefaultMaxBody = 1 << 10

// DefaultReadTimeout is Deps.ReadTimeout when unset.
const DefaultReadTimeout = 30 * time.Second

// bodyLimit is the route's MaxBody, or DefaultMaxBody.
func (r Route) bodyLimit() int64 {
	if r.MaxBody > 0 {
		return r.MaxBody
	}
	return DefaultMaxBody
}

// bodyKey is the gin context key of the request's *trackedBody.
const bodyKey = "api.body"

// limitBody refuses a body announced larger than limit at once (nothing of it is read) and
// caps an unannounced (chunked) one with http.MaxBytesReader, so no decoder ever holds more
// than limit bytes. Running first in the chain, it answers before the Guard does any work.
func limitBody(limit int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		req := c.Request
		if req.ContentLength > limit {
			// Closing the connection keeps net/http from draining up to 256 KiB of the body
			// before it answers: a client that waits for the answer before sending would get
			// it only at the read timeout.
			c.Header("Connection", "close")
			_ = c.Error(bodyTooLarge(limit))
			c.Abort()
			return
		}
		if req.ContentLength == 0 || req.Body == nil || req.Body == http.NoBody {
			return
		}
		tb := &trackedBody{ReadCloser: http.MaxBytesReader(unwrapWriter(c.Writer), req.Body, limit), limit: limit,
			rc: http.NewResponseController(c.Writer)}
		req.Body = tb
		c.Set(bodyKey, tb)
	}
}

// takesNoBody reports whether a route reads no request body: a write declaring neither a
// request type nor a body limit of its own.
func (r Route) takesNoBody() bool {
	return r.Request == nil && r.MaxBody == 0 && r.Method != http.MethodGet && r.Method != http.MethodHead
}

// refuseBody answers 400 to a body sent to a route that reads none, so that a caller who put
// its parameters there ({"grace": "24h"} to a rotation) is told, instead of the operation
// running without them. An empty body, "{}" and "null" carry nothing and pass. It runs after
// limitBody, so what it reads is bounded by DefaultMaxBody.
func refuseBody(r Route) gin.HandlerFunc {
	var query []string
	for _, p := range r.Params {
		if p.In == InQuery {
			query = append(query, p.Name)
		}
	}
	hint := "it has no parameters besides its path"
	if len(query) > 0 {
		hint = "send its parameters in the query string (" + strings.Join(query, ", ") + ")"
	}
	return func(c *gin.Context) {
		if c.Request.Body == nil || c.Request.Body == http.NoBody {
			return
		}
		body, err := io.ReadAll(c.Request.Body)
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		if err != nil {
			return // the renderer answers 413 or 408 from the tracked body
		}
		switch string(bytes.TrimSpace(body)) {
		case "", "{}", "null":
			return
		}
		_ = c.Error(spac.InvalidParam("body", "%s %s reads no request body: %s", r.Method, r.Path, hint))
		c.Abort()
	}
}

// unwrapWriter returns the net/http ResponseWriter below gin's: MaxBytesReader tells that one
// to close the connection once the limit is hit, so the rest of the body is never read.
func unwrapWriter(w http.ResponseWriter) http.ResponseWriter {
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

// trackedBody remembers why reading the body failed, so the renderer can answer 413 or 408
// whatever the handler made of the error (a JSON decoder reports it as bad JSON).
type trackedBody struct {
	io.ReadCloser
	limit int64
	rc    *http.ResponseController
	err   error // first read error other than io.EOF
}

func (b *trackedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF:
		// The whole body is in: lift the read deadline so that a handler running longer than
		// it is not cancelled by net/http's background read timing out.
		_ = b.rc.SetReadDeadline(time.Time{})
	case err != nil && b.err == nil:
		b.err = err
	}
	return n, err
}

// bodyFailure is the problem of a body that could not be read, or nil.
func (s *Server) bodyFailure(c *gin.Context) error {
	v, ok := c.Get(bodyKey)
	if !ok {
		return nil
	}
	b := v.(*trackedBody)
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(b.err, &tooLarge):
		return bodyTooLarge(b.limit)
	case errors.As(b.err, &netErr) && netErr.Timeout():
		return spac.Errorf(CodeRequestTimeout, "the request body did not arrive within %s", s.readTimeout())
	}
	return nil
}

func bodyTooLarge(limit int64) error {
	return spac.Errorf(CodeBodyTooLarge, "the request body exceeds this endpoint's limit of %s", byteSize(limit))
}

// byteSize writes n bytes as "16384 bytes (16 KiB)".
func byteSize(n int64) string {
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d bytes (%d KiB)", n, n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// bodyDeadline bounds how long the body of a request may take to arrive. net/http's own
// ReadTimeout cannot be used: it also runs out under a long SSE stream (its background read
// then cancels the stream's context). So the deadline is set here, only on requests that
// carry a body, whatever route they reach (an unknown path's body is still drained by
// net/http after the 404).
func (s *Server) bodyDeadline(c *gin.Context) {
	if c.Request.ContentLength != 0 {
		_ = http.NewResponseController(c.Writer).SetReadDeadline(time.Now().Add(s.readTimeout()))
	}
	c.Next()
}

func (s *Server) readTimeout() time.Duration {
	if s.d.ReadTimeout > 0 {
		return s.d.ReadTimeout
	}
	return DefaultReadTimeout
}
