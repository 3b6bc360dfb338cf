package main

import (
	"bytes"
	"io"
	"net/http"
)

// exportWriter is the http.ResponseWriter of an in-process export: a 200 body streams to w
// as the handler writes (and flushes) it; any other status is kept (a problem, small) to be
// reported as an error.
type exportWriter struct {
	w       io.Writer
	header  http.Header
	status  int
	problem bytes.Buffer
	err     error // the first write error of w
}

func (e *exportWriter) Header() http.Header { return e.header }

func (e *exportWriter) WriteHeader(status int) {
	if e.status == 0 {
		e.status = status
	}
}

func (e *exportWriter) Write(p []byte) (int, error) {
	if e.status == 0 {
		e.WriteHeader(http.StatusOK)
	}
	if e.status != http.StatusOK {
		if e.problem.Len() < 64<<10 {
			e.problem.Write(p)
		}
		return len(p), nil
	}
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, err
}

// Flush is there for http.ResponseController: the rows already went to w.
func (e *exportWriter) Flush() {}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
