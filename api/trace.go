package api

import (
	"log/slog"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac/internal/logctx"
)

// W3C Trace Context (https://www.w3.org/TR/trace-context/): a caller that traces its requests
// sends "traceparent: 00-<trace-id>-<parent-id>-<flags>". The service records no spans of its
// own; it carries the caller's trace into its logs, so a request's log lines can be found from
// the caller's trace, and uses the trace id as the request id when the caller sent no
// X-Request-Id.
const traceparentHeader = "traceparent"

const traceKey = "traceContext"

// traceContext is the part of a valid traceparent the logs carry.
type traceContext struct {
	TraceID string // 32 lower-case hex digits, not all zero
	SpanID  string // the caller's span (parent-id): 16 lower-case hex digits, not all zero
}

// parseTraceparent validates a traceparent value as the specification's parsing rules do;
// ok is false for anything malformed, which the caller then ignores (the header is advisory).
// Version 00 is exactly 55 characters; a later version may append fields after a "-", which
// are not read; version ff is invalid.
func parseTraceparent(v string) (traceContext, bool) {
	if len(v) < 55 || (len(v) > 55 && v[55] != '-') {
		return traceContext{}, false
	}
	version, traceID, spanID, flags := v[0:2], v[3:35], v[36:52], v[53:55]
	if v[2] != '-' || v[35] != '-' || v[52] != '-' {
		return traceContext{}, false
	}
	if !lowerHex(version) || version == "ff" || (version == "00" && len(v) != 55) {
		return traceContext{}, false
	}
	if !lowerHex(traceID) || !lowerHex(spanID) || !lowerHex(flags) || allZero(traceID) || allZero(spanID) {
		return traceContext{}, false
	}
	return traceContext{TraceID: traceID, SpanID: spanID}, true
}

func lowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return s != ""
}

func allZero(s string) bool { return strings.Trim(s, "0") == "" }

// readTrace keeps the request's valid traceparent (a request may carry only one: a repeated
// header is ignored, as the specification asks).
func readTrace(c *gin.Context) (traceContext, bool) {
	values := c.Request.Header.Values(traceparentHeader)
	if len(values) != 1 {
		return traceContext{}, false
	}
	tc, ok := parseTraceparent(values[0])
	if ok {
		c.Set(traceKey, tc)
	}
	return tc, ok
}

func traceOf(c *gin.Context) (traceContext, bool) {
	v, ok := c.Get(traceKey)
	if !ok {
		return traceContext{}, false
	}
	tc, ok := v.(traceContext)
	return tc, ok
}

// carryLogAttrs puts the attributes every log line about the request carries in its context
// (package logctx): its request id, and the caller's trace and span when it sent a valid
// traceparent. Whatever logs with the request's context (the access line, problems, the
// guard, the explorer) gets them.
func carryLogAttrs(c *gin.Context) {
	attrs := []slog.Attr{slog.String("request_id", requestIDOf(c))}
	if tc, ok := traceOf(c); ok {
		attrs = append(attrs, slog.String("trace_id", tc.TraceID), slog.String("span_id", tc.SpanID))
	}
	c.Request = c.Request.WithContext(logctx.With(c.Request.Context(), attrs...))
}
