package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/wire"
)

// jsonWriteTimeout bounds writing one JSON response: the server has no global WriteTimeout
// (it would cut SSE streams), so a slow reader is cut per response instead.
const jsonWriteTimeout = 60 * time.Second

// adapt turns a HandlerFunc into a gin handler: errors go to the renderer (renderErrors),
// bodies are written as JSON with asOf.
func (s *Server) adapt(h HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := h(c)
		if err != nil {
			_ = c.Error(err)
			c.Abort()
			return
		}
		if c.Writer.Written() {
			return
		}
		if b, ok := body.(*wire.Body); ok {
			s.sendBody(c, b)
			return
		}
		s.writeJSON(c, body)
	}
}

// sendBody writes a body assembled from cached chunks (its JSON carries asOf): gzip spliced
// from the chunks' precompressed bytes when the client accepts it and the body is worth it,
// else as is; with its Content-Length either way, and the ETag of a versioned route.
func (s *Server) sendBody(c *gin.Context, b *wire.Body) {
	h := c.Writer.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if tag := c.GetString(etagKey); tag != "" {
		setValidators(c, tag)
	}
	addVary(h, "Accept-Encoding")
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Now().Add(jsonWriteTimeout)) // the real clock, never Deps.Now
	status := c.Writer.Status()
	if b.Len() >= minGzipSize && acceptsGzip(c.GetHeader("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(b.GzipLen()))
		c.Writer.WriteHeader(status)
		_ = b.WriteGzip(c.Writer) // a failed write is the client's departure
		return
	}
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	c.Writer.WriteHeader(status)
	_, _ = b.WriteTo(c.Writer)
}

// writeJSON renders body with the status the handler chose (200 by default). Every JSON
// object gets "asOf" (the data watermark) first unless it carries its own; a body that is
// not an object is wrapped as {asOf, data}.
func (s *Server) writeJSON(c *gin.Context, body any) {
	status := c.Writer.Status()
	if body == nil && status == http.StatusNoContent {
		c.Writer.WriteHeaderNow()
		return
	}
	raw, err := marshal(body)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	if tag := c.GetString(etagKey); tag != "" && status < 300 {
		setValidators(c, tag)
	}
	if !hasTopLevelKey(raw, "asOf") {
		asOf, err := s.asOf(c)
		if err != nil {
			writeProblem(c, s.log, err)
			return
		}
		raw = withAsOf(raw, asOf)
	}
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Now().Add(jsonWriteTimeout)) // the real clock, never Deps.Now
	writeBody(c, status, "application/json; charset=utf-8", raw)
}

// asOf is the watermark of the served data, RFC 3339 UTC. A store that cannot say is
// reported as unavailable rather than inventing a time.
func (s *Server) asOf(c *gin.Context) (string, error) {
	if v, ok := c.Get(versionKey); ok {
		return v.(dataVersion).asOf(), nil // the version this response was read at
	}
	wm, err := s.d.Profiles.Watermark(c.Request.Context())
	if err != nil && clientGone(c) {
		return "", err
	}
	if err != nil {
		s.log.ErrorContext(c.Request.Context(), "api: watermark", "err", err)
		return "", spac.Errorf(spac.EUNAVAILABLE, "the data store is unavailable")
	}
	return formatTime(wm), nil
}

// writeBody writes a whole body with its Content-Length, so that a HEAD request, whose body
// net/http discards, gets exactly the headers of the GET.
func writeBody(c *gin.Context, status int, contentType string, body []byte) {
	c.Header("Content-Length", strconv.Itoa(len(body)))
	c.Data(status, contentType, body)
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// marshal encodes without HTML escaping: citations quote filing text full of "<" and "&".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// withAsOf puts "asOf" first in a JSON object, or wraps any other value as {asOf, data}.
func withAsOf(raw []byte, asOf string) []byte {
	head := []byte(`{"asOf":"` + asOf + `"`)
	if len(raw) > 0 && raw[0] == '{' {
		rest := bytes.TrimSpace(raw[1:])
		if len(rest) > 0 && rest[0] == '}' {
			return append(head, '}')
		}
		return append(append(head, ','), rest...)
	}
	return append(append(append(head, `,"data":`...), raw...), '}')
}

// hasTopLevelKey reports whether the JSON object raw has key at its top level. The cheap
// substring test avoids decoding in the common case.
func hasTopLevelKey(raw []byte, key string) bool {
	if len(raw) == 0 || raw[0] != '{' || !bytes.Contains(raw, []byte(`"`+key+`"`)) {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}

func slogLevelFor(status int) slog.Level {
	switch {
	case status == StatusClientClosedRequest: // the client's choice, not a failure
		return slog.LevelInfo
	case status >= 500:
		return slog.LevelError
	case status >= 400:
		return slog.LevelWarn
	}
	return slog.LevelInfo
}
