// Package export writes rows of the SPAC data as CSV or NDJSON, row by row: the one place
// where a row becomes a spreadsheet record, shared by the API's export responses
// (format=csv|ndjson on universe, calendar, alerts and news) and by `spacd export`. It speaks
// only the root domain types and the standard library.
package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"time"
)

// Format is an export format.
type Format string

const (
	JSON   Format = "json" // the paged JSON of the route itself (no export)
	CSV    Format = "csv"
	NDJSON Format = "ndjson"
)

// Formats are the values of the format parameter.
var Formats = []string{string(JSON), string(CSV), string(NDJSON)}

// Media types of the export formats.
const (
	MediaCSV    = "text/csv"
	MediaNDJSON = "application/x-ndjson"
)

// ContentType is the Content-Type header of f's responses.
func (f Format) ContentType() string {
	switch f {
	case CSV:
		return MediaCSV + "; charset=utf-8; header=present"
	case NDJSON:
		return MediaNDJSON
	}
	return "application/json; charset=utf-8"
}

// Filename is the attachment name of an export of kind made on day:
// "spac-universe-2026-11-24.csv".
func (f Format) Filename(kind string, day time.Time) string {
	return fmt.Sprintf("spac-%s-%s.%s", kind, day.UTC().Format(time.DateOnly), f)
}

// flushEvery is how many rows are written between flushes: often enough that a client sees
// the rows arrive (and the server holds at most this many rows' bytes), rarely enough that
// the flushes cost nothing measurable.
const flushEvery = 64

// Writer writes the rows of one export. Rows are buffered and flushed to the destination
// every flushEvery rows and at Close; flush (when set) pushes them to the client.
type Writer struct {
	format Format
	buf    *bufio.Writer
	csv    *csv.Writer
	flush  func()
	rows   int
}

// NewWriter starts an export in format f (CSV or NDJSON) to w. flush, if not nil, runs after
// every batch of rows has been written to w (an http.Flusher's Flush).
func NewWriter(w io.Writer, f Format, flush func()) *Writer {
	x := &Writer{format: f, buf: bufio.NewWriterSize(w, 32<<10), flush: flush}
	if f == CSV {
		x.csv = csv.NewWriter(x.buf)
	}
	return x
}

// Header writes the CSV header row (nothing for NDJSON).
func (x *Writer) Header(columns []string) error {
	if x.csv == nil {
		return nil
	}
	return x.csv.Write(columns)
}

// Record writes one CSV record.
func (x *Writer) Record(fields []string) error {
	if err := x.csv.Write(fields); err != nil {
		return err
	}
	return x.row()
}

// Line writes one NDJSON line: obj is one JSON object, without newlines (as encoding/json
// writes it).
func (x *Writer) Line(obj []byte) error {
	if _, err := x.buf.Write(obj); err != nil {
		return err
	}
	if err := x.buf.WriteByte('\n'); err != nil {
		return err
	}
	return x.row()
}

// Rows is how many rows were written.
func (x *Writer) Rows() int { return x.rows }

func (x *Writer) row() error {
	x.rows++
	if x.rows%flushEvery != 0 {
		return nil
	}
	return x.Flush()
}

// Flush writes what is buffered and pushes it to the client.
func (x *Writer) Flush() error {
	if x.csv != nil {
		x.csv.Flush()
		if err := x.csv.Error(); err != nil {
			return err
		}
	}
	if err := x.buf.Flush(); err != nil {
		return err
	}
	if x.flush != nil {
		x.flush()
	}
	return nil
}
