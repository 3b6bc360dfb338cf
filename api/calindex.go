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
// the total is counted, not collected.
type calendarIndex struct {
	all   []spac.Event
	byCIK map[spac.CIK][]spac.Event // each in the calendar's order
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
	x := &calendarIndex{all: all, byCIK: map[spac.CIK][]spac.Event{}}
	for _, e := range all {
		x.byCIK[e.CIK] = append(x.byCIK[e.CIK], e)
	}
	return x
}

// query returns the events of q from offset (at most limit of them) and how many match.
func (x *calendarIndex) query(q spac.EventQuery, offset, limit int) ([]spac.Event, int) {
	var lists [][]spac.Event
	if q.CIKs == nil {
		lists = [][]spac.Event{dateWindow(x.all, q.From, q.To)}
	} else {
		for _, c := range q.CIKs {
			lists = append(lists, dateWindow(x.byCIK[c], q.From, q.To))
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

// clampPage is events[offset:offset+limit], clamped.
func clampPage(events []spac.Event, offset, limit int) []spac.Event {
	if offset >= len(events) {
		return nil
	}
	return events[offset:min(offset+limit, len(events))]
}
