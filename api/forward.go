package api

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// maxForwardBody bounds the body a replica forwards (every write route takes far less; the
// NATS message carrying it must stay under the servers' max_payload, 1 MiB by default).
const maxForwardBody = 512 << 10

// forwardedRoute is the route name a forwarded request is logged and measured under.
const forwardedRoute = "forwarded"

// forwards reports whether a replica sends r to the writer: anything that may change state
// (every method but GET, HEAD and OPTIONS: keys, webhook registrations, secret rotations,
// export links). Everything else a replica serves from its own read model - the webhook
// deliveries list too: every node holds the writer's queue, and the attempts of whichever node
// delivered are in the cluster's delivery ledger (webhook.Service.Latest), so the list answers
// on a replica while the writer is down.
func forwards(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// forward is a replica's middleware (Deps.Forward set): a request the writer must serve is
// sent to it whole - no key is checked and nothing counted here, the writer's Guard does both
// once - and its answer copied back once the replica holds what it changed.
func (s *Server) forward(c *gin.Context) {
	if s.d.Forward == nil || !forwards(c.Request) {
		c.Next()
		return
	}
	c.Set(routeKey, forwardedRoute)
	c.Abort()
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxForwardBody+1))
	if err != nil {
		_ = c.Error(spac.Errorf(CodeMalformedRequest, "reading the request body: %v", err))
		return
	}
	if len(body) > maxForwardBody {
		_ = c.Error(spac.Errorf(CodeBodyTooLarge, "request body over %d bytes", maxForwardBody))
		return
	}
	header := c.Request.Header.Clone()
	header.Set(requestIDHeader, requestIDOf(c)) // the writer logs it under the same id
	resp, err := s.d.Forward.Forward(c.Request.Context(), spac.ForwardedRequest{
		Method: c.Request.Method, URI: c.Request.URL.RequestURI(), Header: header, Body: body, RemoteAddr: c.Request.RemoteAddr,
		Host: c.Request.Host, TLS: c.Request.TLS != nil,
	})
	if err != nil {
		s.log.WarnContext(c.Request.Context(), "forwarding to the writer", "err", err)
		c.Header("Retry-After", "1")
		_ = c.Error(spac.Errorf(spac.EUNAVAILABLE, "this replica cannot reach the writer, which serves writes; retry"))
		return
	}
	h := c.Writer.Header()
	for k, v := range resp.Header {
		if k != "Content-Length" { // the replica's writer (gzip perhaps) sets its own
			h[k] = v
		}
	}
	c.Status(resp.Status)
	_, _ = c.Writer.Write(resp.Body)
}

// ServeForwarded serves a request a replica forwarded (on the writer) through the same
// routes and middleware as any other, and returns the response as recorded.
func (s *Server) ServeForwarded(ctx context.Context, f spac.ForwardedRequest) (spac.ForwardedResponse, error) {
	r, err := http.NewRequestWithContext(ctx, f.Method, f.URI, bytes.NewReader(f.Body))
	if err != nil {
		return spac.ForwardedResponse{}, err
	}
	r.Header = http.Header(f.Header)
	r.RemoteAddr, r.Host, r.RequestURI = f.RemoteAddr, f.Host, f.URI
	if f.TLS {
		r.TLS = &tls.ConnectionState{} // only "was it TLS" is read (the links' scheme)
	}
	w := &recorder{header: http.Header{}, status: http.StatusOK}
	s.engine.ServeHTTP(w, r)
	return spac.ForwardedResponse{Status: w.status, Header: w.header, Body: w.body.Bytes()}, nil
}

// recorder is the http.ResponseWriter a forwarded request is served into.
type recorder struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(status int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = status, true
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

func (w *recorder) Flush() {}
