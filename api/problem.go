package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Codes of this package, besides the spac.E* codes.
const (
	// CodeNotInSample: the SPAC exists but an anonymous (sample) caller may not see it.
	CodeNotInSample = "not_in_sample"
	// CodeMethodNotAllowed: the path exists for another method.
	CodeMethodNotAllowed = "method_not_allowed"
)

// statusOf maps an error code to its HTTP status; unknown codes are internal errors.
func statusOf(code string) int {
	switch code {
	case spac.EINVALID:
		return http.StatusBadRequest
	case spac.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case spac.EFORBIDDEN:
		return http.StatusForbidden
	case spac.ENOTFOUND, CodeNotInSample:
		return http.StatusNotFound
	case CodeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case spac.ECONFLICT:
		return http.StatusConflict
	case spac.ERATELIMITED:
		return http.StatusTooManyRequests
	case spac.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// Problem is an RFC 9457 problem details body with the service's extensions.
type Problem struct {
	Type        string   `json:"type"`
	Title       string   `json:"title"`
	Status      int      `json:"status"`
	Detail      string   `json:"detail"`
	Instance    string   `json:"instance"`
	Code        string   `json:"code"`
	RequestID   string   `json:"requestId"`
	Param       string   `json:"param,omitempty"`
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
		log.Error("request failed", "request_id", p.RequestID, "path", c.Request.URL.Path, "err", err)
	}
	body, mErr := json.Marshal(p)
	if mErr != nil { // cannot happen with these field types; keep the status anyway
		body = []byte(`{"status":500,"code":"internal"}`)
	}
	c.Data(p.Status, "application/problem+json", body)
}

// renderErrors runs after the chain and renders the last recorded error when nothing was
// written: errors of handlers, of the Guard and of stream handlers all end up here.
func (s *Server) renderErrors(c *gin.Context) {
	c.Next()
	if len(c.Errors) == 0 || c.Writer.Written() {
		return
	}
	writeProblem(c, s.log, c.Errors.Last().Err)
}

// noRoute answers unknown paths with a 404 problem.
func noRoute(c *gin.Context) {
	_ = c.Error(spac.Errorf(spac.ENOTFOUND, "no endpoint at %s; GET /v1/discover lists them", c.Request.URL.Path))
}

// noMethod answers a known path called with another method.
func noMethod(c *gin.Context) {
	_ = c.Error(spac.Errorf(CodeMethodNotAllowed, "%s is not supported on %s", c.Request.Method, c.Request.URL.Path))
}
