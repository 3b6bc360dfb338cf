package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// minGzipSize is the smallest body worth compressing: below it gzip's framing and the CPU
// cost outweigh the bytes saved.
const minGzipSize = 1024

// compress gzips responses for clients that accept it (Accept-Encoding), for every handler
// behind it: JSON and problem bodies, and the HTML and text of other packages' routes. It
// leaves alone what must not or need not be compressed: a response that already has a
// Content-Encoding (the cached bodies of the read routes come precompressed, see sendBody),
// event streams (their events must reach the client when flushed, not when a compressor's
// buffer fills), bodies under minGzipSize, and statuses without a body. A body written whole
// with its Content-Length (writeBody) is compressed whole and sent with its new length, so a
// HEAD still gets the headers of the GET.
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &compressWriter{ResponseWriter: w, accepts: acceptsGzip(r.Header.Get("Accept-Encoding"))}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// acceptsGzip reports whether an Accept-Encoding value admits gzip (RFC 9110 12.5.3): listed,
// or "*", with a non-zero weight.
func acceptsGzip(header string) bool {
	for _, item := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(item), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "x-gzip" && name != "*" {
			continue
		}
		q := strings.TrimSpace(params)
		if v, ok := strings.CutPrefix(q, "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil && f == 0 {
				continue
			}
		}
		return true
	}
	return false
}

// compressible reports whether a content type gains from gzip (never an event stream).
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || mt == "text/event-stream" {
		return false
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "json") || strings.HasSuffix(mt, "xml") ||
		mt == "application/javascript" || mt == "image/svg+xml"
}

// addVary adds a field to the Vary header unless it is there, in one comma-separated value
// (clients that read one header value, like Header.Get, see every field).
func addVary(h http.Header, field string) {
	var fields []string
	for _, v := range h.Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); strings.EqualFold(f, field) {
				return
			} else if f != "" {
				fields = append(fields, f)
			}
		}
	}
	h.Set("Vary", strings.Join(append(fields, field), ", "))
}

// compressWriter decides at WriteHeader how the body goes out.
type compressWriter struct {
	http.ResponseWriter
	accepts bool

	decided bool
	mode    compressMode
	status  int
	whole   bytes.Buffer // modeWhole: the body so far
	want    int          // modeWhole: its announced length
	gz      *gzip.Writer // modeStream
}

type compressMode int

const (
	modePass   compressMode = iota // as the handler writes it
	modeWhole                      // buffered until Content-Length bytes arrived, then compressed whole
	modeStream                     // compressed as written (no length known)
)

func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *compressWriter) WriteHeader(status int) {
	if status >= 100 && status < 200 {
		w.ResponseWriter.WriteHeader(status) // informational: the real status follows
		return
	}
	if w.decided {
		return
	}
	w.decided, w.status = true, status
	h := w.Header()
	if !compressible(h.Get("Content-Type")) || h.Get("Content-Encoding") != "" {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	addVary(h, "Accept-Encoding")
	n, err := strconv.Atoi(h.Get("Content-Length"))
	known := err == nil
	switch {
	case !w.accepts || status == http.StatusNoContent || status == http.StatusNotModified ||
		(known && n < minGzipSize):
		w.ResponseWriter.WriteHeader(status)
	case known:
		w.mode, w.want = modeWhole, n
	default:
		w.mode = modeStream
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *compressWriter) Write(p []byte) (int, error) {
	if !w.decided {
		w.WriteHeader(http.StatusOK)
	}
	switch w.mode {
	case modeWhole:
		w.whole.Write(p)
		if w.whole.Len() >= w.want {
			w.flushWhole()
		}
		return len(p), nil
	case modeStream:
		return w.gz.Write(p)
	}
	return w.ResponseWriter.Write(p)
}

// flushWhole compresses the buffered body and sends it with its compressed length.
func (w *compressWriter) flushWhole() {
	var out bytes.Buffer
	gz := gzipWriters.Get().(*gzip.Writer)
	gz.Reset(&out)
	_, _ = gz.Write(w.whole.Bytes()) // writes to a bytes.Buffer cannot fail
	_ = gz.Close()
	gzipWriters.Put(gz)
	h := w.Header()
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = w.ResponseWriter.Write(out.Bytes()) // a failed write is the client's departure
	w.mode, w.whole = modePass, bytes.Buffer{}
}

// Flush sends what was written: a streamed gzip body is flushed through the compressor.
func (w *compressWriter) Flush() {
	switch w.mode {
	case modeWhole:
		return // the body is incomplete; it goes out whole
	case modeStream:
		_ = w.gz.Flush()
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// finish ends the response: the gzip stream's trailer, or a whole body that fell short of
// its announced length (a handler that stopped early), sent as it is.
func (w *compressWriter) finish() {
	switch w.mode {
	case modeStream:
		_ = w.gz.Close()
		w.gz.Reset(io.Discard)
		gzipWriters.Put(w.gz)
	case modeWhole:
		w.ResponseWriter.WriteHeader(w.status)
		_, _ = w.ResponseWriter.Write(w.whole.Bytes())
	}
}

// gzipWriters compress per request, so they favour speed: the large bodies of the read
// routes come precompressed.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed) // the level is valid
	return w
}}
