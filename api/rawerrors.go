package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
)

// net/http answers some requests itself, before any handler runs, by writing a canned
// text/plain response straight to the connection: 431 when the headers exceed
// MaxHeaderBytes, 400 when the request cannot be parsed (with a reason such as "missing
// required Host header"), 501 for an unknown transfer encoding. No http.Server setting
// changes that text, so Listener wraps each connection and rewrites exactly that response,
// recognisable by its fixed header block, into problem+json. (A response from a handler can
// never match: net/http writes the handler's own headers, X-Request-Id among them, and a
// Date header between the status line and the blank line.) Should net/http ever change the
// canned text, the wrapper passes it through unchanged and TestNetHTTPErrorsAreProblems
// fails.
var rawErrorHeaders = []byte("\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n")

// Listener wraps ln so that the errors net/http answers by itself are problem+json too.
func (s *Server) Listener(ln net.Listener) net.Listener { return problemListener{ln, s.log} }

type problemListener struct {
	net.Listener
	log *slog.Logger
}

func (l problemListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &problemConn{Conn: c, log: l.log}, nil
}

// problemConn rewrites net/http's canned error responses (see rawErrorHeaders).
type problemConn struct {
	net.Conn
	log *slog.Logger
}

func (c *problemConn) Write(p []byte) (int, error) {
	status, reason, ok := parseRawError(p)
	if !ok {
		return c.Conn.Write(p)
	}
	id := newRequestID()
	c.log.Warn("request refused before routing", "status", status, "reason", reason,
		"request_id", id, "client_ip", c.RemoteAddr().String())
	if _, err := c.Conn.Write(rawProblem(status, reason, id)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// CloseWrite passes net/http's half-close through (after a 431 it lets the client read the
// answer before the connection goes).
func (c *problemConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// parseRawError recognises "HTTP/1.1 <status> <text>[: <reason>]" + rawErrorHeaders + body.
func parseRawError(p []byte) (status int, reason string, ok bool) {
	const prefix = "HTTP/1.1 "
	end := bytes.Index(p, []byte("\r\n"))
	if !bytes.HasPrefix(p, []byte(prefix)) || end < len(prefix)+3 || !bytes.HasPrefix(p[end:], rawErrorHeaders) {
		return 0, "", false
	}
	status, err := strconv.Atoi(string(p[len(prefix) : len(prefix)+3]))
	if err != nil || status < 400 {
		return 0, "", false
	}
	if _, r, found := bytes.Cut(p[len(prefix):end], []byte(": ")); found {
		reason = string(r)
	}
	return status, reason, true
}

// rawProblem is the whole HTTP response replacing a canned error.
func rawProblem(status int, reason, requestID string) []byte {
	code, detail := CodeMalformedRequest, "the request is not valid HTTP/1.1"
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		code, detail = CodeHeadersTooLarge, "the request headers exceed the limit of "+byteSize(MaxHeaderBytes)
	case http.StatusNotImplemented:
		code, detail = CodeNotImplemented, "the request's transfer encoding is not supported"
	}
	if reason != "" {
		detail += ": " + reason
	}
	body, _ := json.Marshal(Problem{
		Type: problemTypeBase + code, Title: http.StatusText(status), Status: status,
		Detail: detail, Code: code, RequestID: requestID,
	})
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: application/problem+json\r\nContent-Length: %d\r\n"+
		"X-Request-Id: %s\r\nConnection: close\r\n\r\n", status, http.StatusText(status), len(body), requestID)
	return append([]byte(head), body...)
}
