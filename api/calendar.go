package api

import (
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/wire"
	"github.com/spacdata/spac/export"
)

func (s *Server) calendar(c *gin.Context) (any, error) {
	if f := formatOf(c); f != export.JSON {
		return nil, s.exportCalendar(c, f)
	}
	p, err := parsePaging(c, "calendar")
	if err != nil {
		return nil, err
	}
	q, err := s.CalendarRequest(c)
	if err != nil {
		return nil, err
	}
	events, total, err := s.CalendarEvents(c, q, p.Offset, p.Limit)
	if err != nil {
		return nil, err
	}
	v, err := s.versionOf(c) // read by CalendarEvents: the same version
	if err != nil {
		return nil, err
	}
	var x *calendarIndex // for the blocks: the index CalendarEvents read, kept per version
	if v.cacheable() {
		if x, err = s.calendarIndex(c.Request.Context(), v); err != nil {
			return nil, unavailable(s, c, err)
		}
	}
	b := pageHead(v)
	if err := s.addEvents(b, v, x, events, citeModeOf(c)); err != nil {
		return nil, err
	}
	return pageTail(b, p.page(c, nil, len(events), total))
}

// addEvents appends a page of events: whole blocks of the calendar's order (when x is the
// index the page was read from) as one chunk each, the others one by one.
func (s *Server) addEvents(b *wire.Body, v dataVersion, x *calendarIndex, events []spac.Event, mode citeMode) error {
	for i := 0; i < len(events); {
		if i > 0 {
			_ = b.WriteByte(',')
		}
		if k, ok := x.blockAt(events, i); ok {
			ch, err := s.eventBlockChunk(v, x, k, mode)
			if err != nil {
				return err
			}
			b.Chunk(ch)
			i += eventBlock
			continue
		}
		ch, err := s.eventChunk(v, events[i], mode)
		if err != nil {
			return err
		}
		b.Chunk(ch)
		i++
	}
	return nil
}

// eventBlockChunk is block k of the calendar's order: its events, comma-separated.
func (s *Server) eventBlockChunk(v dataVersion, x *calendarIndex, k int, mode citeMode) (*wire.Chunk, error) {
	return s.cache.chunk(v, chunkKey{kind: "event-block", id: strconv.Itoa(k), mode: mode}, func() ([]byte, error) {
		var out []byte
		for i, e := range x.all[k*eventBlock : (k+1)*eventBlock] {
			ch, err := s.eventChunk(v, e, mode)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, ch.Bytes()...)
		}
		return out, nil
	})
}

// CalendarEvents returns the events of q from offset (at most limit of them) and how many
// match, as the calendar serves them: by date, from the calendar index of the request's data
// version, a period (an expected closing in a quarter) that started before q.From but ends
// on or after it included. The explorer's calendar page reads its events with it.
func (s *Server) CalendarEvents(c *gin.Context, q spac.EventQuery, offset, limit int) ([]spac.Event, int, error) {
	v, err := s.versionOf(c)
	if err != nil {
		return nil, 0, err
	}
	x, err := s.calendarIndex(c.Request.Context(), v)
	if err != nil {
		return nil, 0, unavailable(s, c, err)
	}
	events, total := x.query(q, offset, limit)
	return events, total, nil
}

// CalendarRequest reads the calendar filters of a request (from, to, type, symbol) within the
// caller's scope; the explorer's calendar page reads its own with it. Without from, the
// window starts today (UTC).
func (s *Server) CalendarRequest(c *gin.Context) (spac.EventQuery, error) {
	q := spac.EventQuery{From: c.Query("from"), To: c.Query("to")}
	if q.From == "" {
		q.From = s.now().UTC().Format(time.DateOnly) // a desk's horizon starts today
		if q.To != "" && q.To < q.From {
			return q, spac.InvalidParam("to", "to %s is before today (%s), where the calendar starts without from; pass from for past events", q.To, q.From)
		}
	}
	if q.To != "" && q.To < q.From {
		return q, spac.InvalidParam("to", "to %s is before from %s", q.To, q.From)
	}
	for _, t := range listParam(c, "type") {
		q.Types = append(q.Types, spac.EventType(t))
	}
	var err error
	q.CIKs, err = s.cikFilter(c)
	return q, err
}

// cikFilter is the CIK filter of the symbol (and cik) parameters within the caller's scope:
// the resolved SPAC, else the sample for sample callers, else nil (everything).
func (s *Server) cikFilter(c *gin.Context) ([]spac.CIK, error) {
	sc, err := s.scopeOf(c)
	if err != nil {
		return nil, err
	}
	for _, param := range []string{"symbol", "cik"} {
		if v := c.Query(param); v != "" {
			cik, err := s.resolve(c, param, v, sc)
			if err != nil {
				return nil, err
			}
			return []spac.CIK{cik}, nil
		}
	}
	return sc.restrict(), nil
}

// calendarParams are the filters of GET /calendar.
var calendarParams = []Param{
	Param{Name: "from", In: InQuery, Type: TypeDate, Description: "events on or after, YYYY-MM-DD (default: today, UTC); a period (expected closing in a quarter) that ends on or after it counts"},
	Param{Name: "to", In: InQuery, Type: TypeDate, Description: "events on or before, YYYY-MM-DD"},
	Param{Name: "type", In: InQuery, Type: TypeList, Enum: eventTypeNames(), Description: "event types, comma-separated (OR)"},
	Param{Name: "symbol", In: InQuery, Type: TypeString, Description: "one SPAC: any ticker or the CIK"},
	citationsParam, formatParam,
}
