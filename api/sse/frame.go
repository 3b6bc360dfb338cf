package sse

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/spacdata/spac"
)

// frameWriter writes SSE frames, each under its own write deadline, flushing after every frame.
type frameWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	buf     []byte
}

func newFrameWriter(w http.ResponseWriter, timeout time.Duration) *frameWriter {
	return &frameWriter{w: w, rc: http.NewResponseController(w), timeout: timeout}
}

// start sends the stream headers and the reconnection hint.
func (fw *frameWriter) start(retry time.Duration) error {
	h := fw.w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	fw.w.WriteHeader(http.StatusOK)
	fw.buf = strconv.AppendInt(append(fw.buf[:0], "retry: "...), retry.Milliseconds(), 10)
	fw.buf = append(fw.buf, "\n\n"...)
	return fw.flush()
}

// event writes one event frame. Data is one line of JSON (Publish compacts it).
func (fw *frameWriter) event(ev spac.StreamEvent) error {
	b := strconv.AppendUint(append(fw.buf[:0], "id: "...), ev.ID, 10)
	b = append(append(append(b, "\nevent: "...), ev.Type...), "\ndata: "...)
	b = append(append(b, ev.Data...), "\n\n"...)
	fw.buf = b
	return fw.flush()
}

// comment writes a comment line (": heartbeat"), ignored by clients.
func (fw *frameWriter) comment(text string) error {
	fw.buf = append(append(append(fw.buf[:0], ": "...), text...), "\n\n"...)
	return fw.flush()
}

func (fw *frameWriter) flush() error {
	if err := fw.rc.SetWriteDeadline(time.Now().Add(fw.timeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	if _, err := fw.w.Write(fw.buf); err != nil {
		return err
	}
	if err := fw.rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}
