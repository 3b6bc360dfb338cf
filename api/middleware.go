package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

const (
	requestIDHeader = "X-Request-Id"
	requestIDKey    = "requestId"
)

// saneRequestID accepts what proxies and clients commonly send (UUIDs, hex, dotted ids) and
// nothing that could inject into logs or headers.
var saneRequestID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)

// requestID reuses a sane incoming X-Request-Id, else the trace id of a valid traceparent,
// else generates one, and echoes it.
func (s *Server) requestID(c *gin.Context) {
	tc, traced := readTrace(c)
	id := c.GetHeader(requestIDHeader)
	switch {
	case saneRequestID.MatchString(id):
	case traced:
		id = tc.TraceID
	default:
		id = newRequestID()
	}
	c.Set(requestIDKey, id)
	carryLogAttrs(c)
	c.Set(serverKey, s)
	c.Header(requestIDHeader, id)
	c.Next()
}

func newRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

func requestIDOf(c *gin.Context) string { return c.GetString(requestIDKey) }

// accessLog writes one structured line per request. It logs the caller's key id, never the
// key, and the path without the query (queries may carry search text).
func (s *Server) accessLog(c *gin.Context) {
	start := time.Now()          // durations use the real clock; Deps.Now may be a fixed test clock
	defer s.logRequest(c, start) // deferred: a response aborted for a departed client is logged too
	c.Next()
}

func (s *Server) logRequest(c *gin.Context, start time.Time) {
	status, elapsed, route := c.Writer.Status(), time.Since(start), c.GetString(routeKey)
	if s.d.Metrics != nil {
		s.d.Metrics.ObserveRequest(route, c.Request.Method, status, elapsed)
	}
	s.log.Log(c.Request.Context(), slogLevelFor(status), "request",
		"method", c.Request.Method, "path", c.Request.URL.Path, "route", route,
		"status", status, "duration_ms", float64(elapsed.Microseconds())/1000,
		"bytes", c.Writer.Size(), "key_id", spac.CallerOf(c).KeyID, "client_ip", c.ClientIP())
}

// recovery turns a panic into a 500 problem; the stack goes to the log only.
func (s *Server) recovery(c *gin.Context) {
	defer func() {
		rec := recover()
		if rec == nil {
			return
		}
		if err, ok := rec.(error); ok && errors.Is(err, http.ErrAbortHandler) {
			panic(rec) // the server's own signal to abort the response; not ours to swallow
		}
		s.log.ErrorContext(c.Request.Context(), "panic serving request", "path", c.Request.URL.Path,
			"panic", rec, "stack", string(debug.Stack()))
		c.Abort()
		if !c.Writer.Written() {
			writeProblem(c, s.log, errors.New("panic"))
		}
	}()
	c.Next()
}

// Headers browsers may read from responses.
const exposedHeaders = "X-Request-Id, X-Data-Scope, Link, ETag, Retry-After, RateLimit, RateLimit-Policy, " +
	"X-RateLimit-Limit-Day, X-RateLimit-Remaining-Day, X-RateLimit-Limit-Minute, " +
	"X-RateLimit-Remaining-Minute, X-RateLimit-Reset, WWW-Authenticate, Idempotent-Replayed"

// cors lets browsers call the API: GET from the allowed origins (any by default) and OPTIONS
// preflights, answered here with 204 before routing.
func (s *Server) cors(c *gin.Context) {
	origin := c.GetHeader("Origin")
	if origin == "" {
		c.Next()
		return
	}
	allowed := s.allowOrigin(origin)
	if allowed == "" {
		c.Next()
		return
	}
	h := c.Writer.Header()
	h.Set("Access-Control-Allow-Origin", allowed)
	if allowed != "*" {
		h.Add("Vary", "Origin")
	}
	h.Set("Access-Control-Expose-Headers", exposedHeaders)
	if c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, DELETE, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match, Idempotency-Key, Last-Event-ID, X-Request-Id")
		h.Set("Access-Control-Max-Age", "600")
		c.AbortWithStatus(http.StatusNoContent)
		return
	}
	c.Next()
}

func (s *Server) allowOrigin(origin string) string {
	if len(s.d.CORSOrigins) == 0 || slices.Contains(s.d.CORSOrigins, "*") {
		return "*"
	}
	for _, o := range s.d.CORSOrigins {
		if strings.EqualFold(o, origin) {
			return origin
		}
	}
	return ""
}
