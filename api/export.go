package api

import (
	"fmt"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/export"
)

// formatParam asks a list route for every matching row in one streamed response (CSV or
// NDJSON) instead of a JSON page; Accept: text/csv or application/x-ndjson asks the same.
var formatParam = Param{Name: "format", In: InQuery, Type: TypeString, Enum: export.Formats,
	Description: "json (default): one page of JSON; csv or ndjson: every matching row (no paging, limit and cursor ignored) in one streamed response, counted as one request; also chosen by Accept: text/csv or application/x-ndjson"}

// exportKey is the gin context key caching the negotiated format of a request.
const exportKey = "api.exportFormat"

// exportFormat is the format a request asks for (negotiate), kept for the request.
func exportFormat(c *gin.Context) export.Format {
	if f, ok := c.Get(exportKey); ok {
		return f.(export.Format)
	}
	f := negotiate(c.Query("format"), c.GetHeader("Accept"))
	c.Set(exportKey, f)
	return f
}

// formatOf is exportFormat for the handler of a route declaring formatParam: its answer
// depends on Accept, which caches must know.
func formatOf(c *gin.Context) export.Format {
	addVary(c.Writer.Header(), "Accept")
	return exportFormat(c)
}

// negotiate picks the format: the parameter when given, else the Accept entry with the
// highest weight among CSV, NDJSON and JSON (the first listed on a tie; "*/*" is JSON).
func negotiate(param, accept string) export.Format {
	if param != "" {
		return export.Format(strings.TrimSpace(param))
	}
	best, bestQ := export.JSON, 0.0
	for _, item := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(item))
		if err != nil {
			continue
		}
		f, known := acceptFormats[mt]
		if q := weight(params["q"]); known && q > bestQ {
			best, bestQ = f, q
		}
	}
	return best
}

// acceptFormats are the media types of Accept that choose a format.
var acceptFormats = map[string]export.Format{
	export.MediaCSV: export.CSV, export.MediaNDJSON: export.NDJSON,
	"application/json": export.JSON, "application/problem+json": export.JSON, "*/*": export.JSON, "application/*": export.JSON,
}

// weight is an Accept weight: 1 when absent, 0 when unreadable.
func weight(q string) float64 {
	if q == "" {
		return 1
	}
	w, err := strconv.ParseFloat(q, 64)
	if err != nil || w < 0 || w > 1 {
		return 0
	}
	return w
}

// exportWriteTimeout bounds the wait for one batch of rows to be written: a client that
// stops reading an export is cut off after it, so it cannot hold a handler for ever, while
// a large export that keeps moving is never cut.
const exportWriteTimeout = 60 * time.Second

// exportStream starts an export response: status and headers (Content-Type, the attachment
// name, Vary: Accept) are sent at once, so that the adapter never writes a JSON body after
// it. The returned writer flushes every batch of rows to the client and pushes the write
// deadline forward.
func (s *Server) exportStream(c *gin.Context, f export.Format, kind string) *export.Writer {
	if CallerFrom(c).Sample {
		kind += "-sample" // the file says it is the sample wherever it is saved (docs/api.md, "Spreadsheets")
	}
	h := c.Writer.Header()
	h.Set("Content-Type", f.ContentType())
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", f.Filename(kind, s.now())))
	if tag := c.GetString(etagKey); tag != "" {
		setValidators(c, tag)
	}
	rc := http.NewResponseController(c.Writer)
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(exportWriteTimeout)) } // the real clock
	deadline()
	c.Writer.WriteHeaderNow()
	return export.NewWriter(c.Writer, f, func() {
		deadline()
		_ = rc.Flush()
	})
}

// finishExport ends an export after its rows: a failure once rows were sent cannot become a
// problem response any more, so the connection is aborted (the client sees a truncated
// transfer, never a short file that looks complete).
func (s *Server) finishExport(c *gin.Context, x *export.Writer, err error) error {
	if err == nil {
		err = x.Flush()
	}
	if err == nil || clientGone(c) {
		return nil
	}
	s.log.Error("api: export failed after its headers", "request_id", requestIDOf(c),
		"route", c.GetString(routeKey), "rows", x.Rows(), "err", err)
	panic(http.ErrAbortHandler)
}

// allRows is the limit that reads every matching row.
const allRows = math.MaxInt32

// exportUniverse streams every universe row of the request's filters and sort.
func (s *Server) exportUniverse(c *gin.Context, f export.Format) error {
	q, err := s.UniverseRequest(c)
	if err != nil {
		return err
	}
	v, err := s.versionOf(c)
	if err != nil {
		return err
	}
	q.Offset, q.Limit, q.Facets = 0, 0, nil // Limit 0: every match
	res, err := s.universeRows(c.Request.Context(), q)
	if err != nil {
		return unavailable(s, c, err)
	}
	sel, mode := selection(listParam(c, "fields")), citeModeOf(c)
	table := export.Universe(s.exportLinks(c), sel, mode != citeNone)
	x := s.exportStream(c, f, "universe")
	if c.Request.Method == http.MethodHead {
		return nil
	}
	err = x.Header(table.Columns())
	for i := 0; err == nil && i < len(res.rows); i++ {
		err = s.exportRow(x, f, table, v, res.rows[i], sel, mode)
	}
	return s.finishExport(c, x, err)
}

// exportRow writes one universe row: as the JSON route encodes it (NDJSON), or as a record.
func (s *Server) exportRow(x *export.Writer, f export.Format, t export.Table[spac.SPAC], v dataVersion, ref rowRef, sel []string, mode citeMode) error {
	if f == export.NDJSON {
		ch, err := s.rowChunk(v, ref, sel, mode)
		if err != nil {
			return err
		}
		return x.Line(ch.Bytes())
	}
	row, err := ref.load()
	if err != nil {
		return err
	}
	return x.Record(t.Record(row))
}

// exportLinks points source columns at this server's lines endpoint.
func (s *Server) exportLinks(c *gin.Context) export.Links {
	return export.Links{Base: s.requestOrigin(c)}
}

// exportRows streams rows already read: encoded by line (NDJSON, as the JSON route encodes
// them) or by table (CSV).
func exportRows[T any](s *Server, c *gin.Context, f export.Format, kind string, rows []T, t export.Table[T], line func(T) ([]byte, error)) error {
	x := s.exportStream(c, f, kind)
	if c.Request.Method == http.MethodHead {
		return nil
	}
	err := x.Header(t.Columns())
	for i := 0; err == nil && i < len(rows); i++ {
		if f == export.CSV {
			err = x.Record(t.Record(rows[i]))
			continue
		}
		var raw []byte
		if raw, err = line(rows[i]); err == nil {
			err = x.Line(raw)
		}
	}
	return s.finishExport(c, x, err)
}

// exportCalendar streams every event of the request's window and filters, by date.
func (s *Server) exportCalendar(c *gin.Context, f export.Format) error {
	q, err := s.CalendarRequest(c)
	if err != nil {
		return err
	}
	events, _, err := s.CalendarEvents(c, q, 0, allRows)
	if err != nil {
		return err
	}
	v, err := s.versionOf(c)
	if err != nil {
		return err
	}
	mode := citeModeOf(c)
	return exportRows(s, c, f, "calendar", events, export.Calendar(s.exportLinks(c), mode != citeNone),
		func(e spac.Event) ([]byte, error) {
			ch, err := s.eventChunk(v, e, mode)
			if err != nil {
				return nil, err
			}
			return ch.Bytes(), nil
		})
}

// exportAlerts streams every alert of the request's filters, newest first.
func (s *Server) exportAlerts(c *gin.Context, f export.Format, rows []spac.Alert) error {
	return exportRows(s, c, f, "alerts", rows, export.Alerts(s.exportLinks(c), true), func(a spac.Alert) ([]byte, error) { return marshal(a) })
}

// exportNews streams every article of the request's filters, newest first.
func (s *Server) exportNews(c *gin.Context, f export.Format, v dataVersion, rows []spac.Article) error {
	return exportRows(s, c, f, "news", rows, export.News(s.exportLinks(c), true), func(a spac.Article) ([]byte, error) {
		ch, err := s.cache.chunk(v, chunkKey{kind: "article", id: a.ID}, func() ([]byte, error) { return marshal(a) })
		if err != nil {
			return nil, err
		}
		return ch.Bytes(), nil
	})
}
