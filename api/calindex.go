package api

import (
	"cmp"
	"context"
	"slices"
	"sort"

	"github.com/spacdata/spac"
)

// calendarIndex is every calendar event of one data version, read from the store once and
// ordered by date then id (the order of the calendar), with each SPAC's events apart. A
// request finds its date window by binary search and reads only the events of its page;
// the total is counted, not collected. Events stating a period (an expected closing in a
// quarter: Date..EndDate) are also kept apart, the few a window may reach back for: a period
// that started before from but ends on or after it belongs to the window.
type calendarIndex struct {
	all     []spac.Event
	pos     map[string]int            // event id -> its index in all
	byCIK   map[spac.CIK][]spac.Event // each in the calendar's order
	periods []spac.Event              // the events with an EndDate after their Date, in order
}

// calendarIndex returns the index of v, built by the first request that needs it.
func (s *Server) calendarIndex(ctx context.Context, v dataVersion) (*calendarIndex, error) {
	x, err := s.cache.object(v, "calendar", func() (any, error) {
		// Other requests wait for this build: it must not end with this request's client.
		events, err := s.d.Profiles.Events(context.WithoutCancel(ctx), spac.EventQuery{})
		if err != nil {
			return nil, err
		}
		return newCalendarIndex(events), nil
	})
	if err != nil {
		return nil, err
	}
	return x.(*calendarIndex), nil
}

func newCalendarIndex(events []spac.Event) *calendarIndex {
	all := slices.Clone(events)
	slices.SortStableFunc(all, func(a, b spac.Event) int { return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.ID, b.ID)) })
	x := &calendarIndex{all: all, pos: make(map[string]int, len(all)), byCIK: map[spac.CIK][]spac.Event{}}
	for i, e := range all {
		x.pos[e.ID] = i
		x.byCIK[e.CIK] = append(x.byCIK[e.CIK], e)
		if e.EndDate > e.Date {
			x.periods = append(x.periods, e)
		}
	}
	return x
}

// query returns the events of q from offset (at most limit of them) and how many match.
func (x *calendarIndex) query(q spac.EventQuery, offset, limit int) ([]spac.Event, int) {
	var lists [][]spac.Event
	if q.CIKs == nil {
		lists = [][]spac.Event{withPeriods(x.periods, q.From, q.To, dateWindow(x.all, q.From, q.To))}
	} else {
		for _, c := range q.CIKs {
			lists = append(lists, withPeriods(x.byCIK[c], q.From, q.To, dateWindow(x.byCIK[c], q.From, q.To)))
		}
	}
	events := lists[0]
	if len(lists) > 1 { // a few SPACs (the sample): their windows merged in calendar order
		events = slices.Concat(lists...)
		slices.SortFunc(events, func(a, b spac.Event) int { return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.ID, b.ID)) })
	}
	if len(q.Types) == 0 {
		return clampPage(events, offset, limit), len(events)
	}
	var out []spac.Event
	total := 0
	for _, e := range events {
		if !slices.Contains(q.Types, e.Type) {
			continue
		}
		if total >= offset && len(out) < limit {
			out = append(out, e)
		}
		total++
	}
	return out, total
}

// dateWindow is the events dated from..to (inclusive; "" is open) of a list in calendar order.
func dateWindow(events []spac.Event, from, to string) []spac.Event {
	lo := 0
	if from != "" {
		lo = sort.Search(len(events), func(i int) bool { return events[i].Date >= from })
	}
	hi := len(events)
	if to != "" {
		hi = sort.Search(len(events), func(i int) bool { return events[i].Date > to })
	}
	if lo >= hi {
		return nil
	}
	return events[lo:hi]
}

// withPeriods puts before a window the events of from (a list in calendar order) whose period
// started before from but ends on or after it (and starts by to): they precede the window in
// the calendar's order.
func withPeriods(from []spac.Event, start, to string, window []spac.Event) []spac.Event {
	if start == "" {
		return window
	}
	var reaching []spac.Event
	for _, e := range from {
		if e.Date >= start {
			break
		}
		if e.EndDate >= start && (to == "" || e.Date <= to) {
			reaching = append(reaching, e)
		}
	}
	if len(reaching) == 0 {
		return window
	}
	return append(reaching, window...)
}

// clampPage is events[offset:offset+limit], clamped.
func clampPage(events []spac.Event, offset, limit int) []spac.Event {
	if offset >= len(events) {
		return nil
	}
	return events[offset:min(offset+limit, len(events))]
}

// eventBlock is how many consecutive events of the calendar's order are also encoded (and
// compressed) together: events are small, and compressed one by one they keep less than half
// their size; a page of a date window is mostly whole blocks.
const eventBlock = 16

// blockAt reports whether the events of a page from i on start a whole block of the
// calendar's order, and which.
func (x *calendarIndex) blockAt(events []spac.Event, i int) (int, bool) {
	if x == nil {
		return 0, false
	}
	first, ok := x.pos[events[i].ID]
	if !ok || first%eventBlock != 0 || i+eventBlock > len(events) {
		return 0, false
	}
	for k := 1; k < eventBlock; k++ {
		if x.pos[events[i+k].ID] != first+k {
			return 0, false
		}
	}
	return first / eventBlock, true
}
