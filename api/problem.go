package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Codes of this package, besides the spac.E* codes.
const (
	// CodeNotInSample: the SPAC exists but an anonymous (sample) caller may not see it.
	CodeNotInSample = "not_in_sample"
	// CodeMethodNotAllowed: the path exists for another method.
	CodeMethodNotAllowed = "method_not_allowed"
	// CodeBodyTooLarge: the request body exceeds the route's MaxBody.
	CodeBodyTooLarge = "body_too_large"
	// CodeRequestTimeout: the request body did not arrive within the read timeout.
	CodeRequestTimeout = "request_timeout"
	// CodeLimitExceeded: the caller already holds as many of a resource as it may (e.g.
	// webhook endpoints per key; api/webhooks uses the same string).
	CodeLimitExceeded = "limit_exceeded"
	// CodeHeadersTooLarge: the request headers exceed the server's limit (rawerrors.go).
	CodeHeadersTooLarge = "headers_too_large"
	// CodeMalformedRequest: net/http could not parse the request (rawerrors.go).
	CodeMalformedRequest = "malformed_request"
	// CodeNotImplemented: the request uses a transfer encoding net/http does not implement.
	CodeNotImplemented = "not_implemented"
)

// StatusClientClosedRequest is the status the access log gives a request whose client went
// away before it was answered (nginx's 499): nothing is sent, and it is no server error.
const StatusClientClosedRequest = 499

// statuses maps error codes to HTTP statuses.
var statuses = map[string]int{
	spac.EINVALID:             http.StatusBadRequest,
	spac.EUNAUTHORIZED:        http.StatusUnauthorized,
	spac.EFORBIDDEN:           http.StatusForbidden,
	spac.ENOTFOUND:            http.StatusNotFound,
	CodeNotInSample:           http.StatusNotFound,
	CodeMethodNotAllowed:      http.StatusMethodNotAllowed,
	CodeRequestTimeout:        http.StatusRequestTimeout,
	spac.ECONFLICT:            http.StatusConflict,
	CodeBodyTooLarge:          http.StatusRequestEntityTooLarge,
	CodeLimitExceeded:         http.StatusUnprocessableEntity,
	CodeIdempotencyKeyReused:  http.StatusUnprocessableEntity,
	CodeIdempotencyInProgress: http.StatusConflict,
	spac.ERATELIMITED:         http.StatusTooManyRequests,
	CodeHeadersTooLarge:       http.StatusRequestHeaderFieldsTooLarge,
	CodeMalformedRequest:      http.StatusBadRequest,
	CodeNotImplemented:        http.StatusNotImplemented,
	spac.EUNAVAILABLE:         http.StatusServiceUnavailable,
}

// statusOf maps an error code to its HTTP status; unknown codes are internal errors.
func statusOf(code string) int {
	if status, ok := statuses[code]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// Problem is an RFC 9457 problem details body with the service's extensions.
type Problem struct {
	// A URI naming the kind of problem (RFC 9457).
	Type string `json:"type"`
	// Short human summary of the kind of problem.
	Title string `json:"title"`
	// The HTTP status code.
	Status int `json:"status"`
	// What went wrong with this request, in words.
	Detail string `json:"detail"`
	// The path of the request that failed.
	Instance string `json:"instance"`
	// The machine-readable error code: invalid_parameter, not_found, unauthorized, forbidden,
	// rate_limited, conflict, unavailable or internal.
	Code string `json:"code"`
	// The request's id (also in the X-Request-Id header); quote it when asking for support.
	RequestID string `json:"requestId"`
	// The parameter (or body field) at fault, for invalid_param.
	Param string `json:"param,omitempty"`
	// Likely meant values, e.g. close matches of an unknown symbol.
	Suggestions []string `json:"suggestions,omitempty"`
}

// problemTypeBase prefixes the code to form the problem type URI (stable, not dereferenced).
const problemTypeBase = "urn:spacdata:problem:"

// internalDetail is all a client learns about an internal error; the log has the rest.
const internalDetail = "an internal error occurred; quote the request id when reporting it"

// problemOf builds the problem for err. Only *spac.Error messages reach the client.
func problemOf(c *gin.Context, err error) Problem {
	var e *spac.Error
	if !errors.As(err, &e) {
		e = &spac.Error{Code: spac.EINTERNAL}
	}
	status := statusOf(e.Code)
	code, detail := e.Code, e.Message
	if status == http.StatusInternalServerError {
		code, detail = spac.EINTERNAL, internalDetail
	}
	p := Problem{
		Type: problemTypeBase + code, Title: http.StatusText(status), Status: status,
		Detail: detail, Instance: c.Request.URL.RequestURI(), Code: code,
		RequestID: requestIDOf(c),
	}
	if code == spac.EINVALID {
		p.Param = e.Param
	}
	if code == spac.ENOTFOUND || code == CodeNotInSample {
		p.Suggestions = e.Suggestions
	}
	return p
}

// writeProblem renders err as application/problem+json.
func writeProblem(c *gin.Context, log *slog.Logger, err error) {
	p := problemOf(c, err)
	if p.Status >= http.StatusInternalServerError {
		log.ErrorContext(c.Request.Context(), "request failed", "path", c.Request.URL.Path, "err", err)
	}
	body, mErr := json.Marshal(p)
	if mErr != nil { // cannot happen with these field types; keep the status anyway
		body = []byte(`{"status":500,"code":"internal"}`)
	}
	writeBody(c, p.Status, "application/problem+json", body)
}

// renderErrors runs after the chain and renders the last recorded error when nothing was
// written: errors of handlers, of the Guard and of stream handlers all end up here. A body
// that could not be read explains the handler's error (413, 408); a client that went away is
// sent nothing and logged as such (499).
func (s *Server) renderErrors(c *gin.Context) {
	c.Next()
	s.renderError(c)
}

// renderError renders the last recorded error when nothing was written (renderErrors).
func (s *Server) renderError(c *gin.Context) {
	if len(c.Errors) == 0 || c.Writer.Written() {
		return
	}
	err := c.Errors.Last().Err
	if bodyErr := s.bodyFailure(c); bodyErr != nil {
		err = bodyErr
	} else if clientGone(c) {
		// Nobody reads an answer: record 499 for the access log and abort the response the
		// way net/http provides (the connection is closed, nothing is written or logged).
		c.Status(StatusClientClosedRequest)
		panic(http.ErrAbortHandler)
	}
	writeProblem(c, s.log, err)
}

// clientGone reports whether the request's client went away: net/http cancels the request
// context when the connection breaks, and nothing else cancels it but headOnly.
func clientGone(c *gin.Context) bool {
	ctx := c.Request.Context()
	return errors.Is(ctx.Err(), context.Canceled) && !errors.Is(context.Cause(ctx), errHeadOnly)
}

// noRoute answers unknown paths with a 404 problem. Gin's redirect of a path with a trailing
// slash is off (it answers in HTML), so such a path lands here and is told the right one.
func (s *Server) noRoute(c *gin.Context) {
	p := c.Request.URL.Path
	if trimmed := strings.TrimRight(p, "/"); trimmed != p && s.routed(trimmed) {
		_ = c.Error(spac.Errorf(spac.ENOTFOUND, "no endpoint at %s; did you mean %s?", p, trimmed))
		return
	}
	_ = c.Error(spac.Errorf(spac.ENOTFOUND, "no endpoint at %s; GET /v1/discover lists them", p))
}

// routed reports whether some route of the table is served at path.
func (s *Server) routed(path string) bool {
	for _, r := range s.table {
		for _, pattern := range r.Paths() {
			if matchPath(pattern, path) {
				return true
			}
		}
	}
	return false
}

// matchPath matches a path against a gin pattern whose ":name" segments match any segment.
func matchPath(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(ps) != len(xs) {
		return false
	}
	for i := range ps {
		if ps[i] != xs[i] && !(strings.HasPrefix(ps[i], ":") && xs[i] != "") {
			return false
		}
	}
	return true
}

// noMethod answers a known path called with another method.
func noMethod(c *gin.Context) {
	_ = c.Error(spac.Errorf(CodeMethodNotAllowed, "%s is not supported on %s", c.Request.Method, c.Request.URL.Path))
}
