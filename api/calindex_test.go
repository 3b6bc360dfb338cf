package api

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// TestCalendarIndexAnswersAsTheStore: windows, types, SPACs and pages of the in-memory
// calendar are those of the store's event query.
func TestCalendarIndexAnswersAsTheStore(t *testing.T) {
	f := newFixture(30)
	for i, r := range testSPACs(30) { // more events, on shared dates, of several types
		f.store.events = append(f.store.events, spac.Event{ID: string(r.CIK) + "/merger_vote/2026-0" + strconv.Itoa(1+i%3) + "-15",
			Type: spac.EventMergerVote, Date: "2026-0" + strconv.Itoa(1+i%3) + "-15", CIK: r.CIK, Symbol: r.Symbol, Citations: []spac.Citation{}})
	}
	x := newCalendarIndex(f.store.events)
	queries := []spac.EventQuery{
		{}, {From: "2026-02-01"}, {To: "2027-01-10"}, {From: "2026-02-15", To: "2026-02-15"},
		{Types: []spac.EventType{spac.EventMergerVote}}, {CIKs: []spac.CIK{"0000001003"}},
		{CIKs: []spac.CIK{"0000001003", "0000001001"}, From: "2026-03-01"}, {From: "2028-01-01"},
		{Types: []spac.EventType{spac.EventDeadline}, From: "2027-01-05", To: "2027-01-20"},
	}
	for _, q := range queries {
		want, _ := f.store.Events(t.Context(), q)
		slices.SortStableFunc(want, func(a, b spac.Event) int { return strings.Compare(a.Date+a.ID, b.Date+b.ID) })
		for _, pg := range [][2]int{{0, 500}, {0, 7}, {7, 7}, {55, 10}} {
			got, total := x.query(q, pg[0], pg[1])
			if total != len(want) {
				t.Errorf("%+v: total %d, want %d", q, total, len(want))
			}
			exp := window(want, paging{Offset: pg[0], Limit: pg[1]})
			if len(got) != len(exp) {
				t.Errorf("%+v page %v: %d events, want %d", q, pg, len(got), len(exp))
				continue
			}
			for i := range got {
				if got[i].ID != exp[i].ID {
					t.Errorf("%+v page %v: event %d is %s, want %s", q, pg, i, got[i].ID, exp[i].ID)
				}
			}
		}
	}
}

// TestCalendarPeriodsReachBackIntoTheWindow: an event stating a period (an expected closing
// in a quarter) that began before from but ends on or after it is in the window, first; one
// that ended before from is not.
func TestCalendarPeriodsReachBackIntoTheWindow(t *testing.T) {
	events := []spac.Event{
		{ID: "a/expected_close/2026-01-01", Type: spac.EventExpectedClose, Date: "2026-01-01", EndDate: "2026-03-31", CIK: "0000000001"},
		{ID: "b/expected_close/2025-10-01", Type: spac.EventExpectedClose, Date: "2025-10-01", EndDate: "2025-12-31", CIK: "0000000002"},
		{ID: "c/deadline/2026-02-10", Type: spac.EventDeadline, Date: "2026-02-10", CIK: "0000000003"},
		{ID: "d/deadline/2026-01-20", Type: spac.EventDeadline, Date: "2026-01-20", CIK: "0000000001"},
	}
	x := newCalendarIndex(events)
	for _, q := range []spac.EventQuery{{From: "2026-02-01"}, {From: "2026-02-01", CIKs: []spac.CIK{"0000000001", "0000000003"}}} {
		got, total := x.query(q, 0, 10)
		if total != 2 || len(got) != 2 || got[0].ID != "a/expected_close/2026-01-01" || got[1].ID != "c/deadline/2026-02-10" {
			t.Errorf("%+v: %d events %v", q, total, got)
		}
	}
	if got, total := x.query(spac.EventQuery{From: "2026-02-01", To: "2026-02-05"}, 0, 10); total != 1 || got[0].Date != "2026-01-01" {
		t.Errorf("a period overlapping a short window: %d %v", total, got)
	}
}

// TestCalendarBlocks: pages made of whole blocks of the calendar's order, of parts of blocks
// and of events outside any block (a type filter) list the same events as the store, as plain
// and as gzip.
func TestCalendarBlocks(t *testing.T) {
	f := newFixture(45)
	for i, r := range testSPACs(45) {
		f.store.events = append(f.store.events, spac.Event{ID: string(r.CIK) + "/merger_vote/2026-06-" + strconv.Itoa(10+i%9),
			Type: spac.EventMergerVote, Date: "2026-06-" + strconv.Itoa(10+i%9), CIK: r.CIK, Symbol: r.Symbol, Title: "vote",
			Citations: []spac.Citation{{Field: "date", Filing: "DEFM14A", Accession: accessionOf(i), Line: 30}}})
	}
	s := New(f.deps)
	cases := []struct {
		target string
		q      spac.EventQuery
	}{
		{"/v1/calendar?from=2020-01-01&limit=50", spac.EventQuery{From: "2020-01-01"}},
		{"/v1/calendar?from=2020-01-01&limit=37", spac.EventQuery{From: "2020-01-01"}},
		{"/v1/calendar?from=2026-06-12&limit=500", spac.EventQuery{From: "2026-06-12"}},
		{"/v1/calendar?from=2020-01-01&limit=40&type=merger_vote", spac.EventQuery{From: "2020-01-01", Types: []spac.EventType{spac.EventMergerVote}}},
	}
	for _, tc := range cases {
		want, _ := f.store.Events(t.Context(), tc.q)
		slices.SortStableFunc(want, func(a, b spac.Event) int { return strings.Compare(a.Date+a.ID, b.Date+b.ID) })
		var got []string
		for next := tc.target; next != ""; {
			plain := do(t, s.Handler(), next)
			zipped := do(t, s.Handler(), next, "Accept-Encoding", "gzip")
			if zipped.Header().Get("Content-Encoding") == "gzip" && !bytes.Equal(gunzipBody(t, zipped.Body.Bytes()), plain.Body.Bytes()) {
				t.Fatalf("%s: gzip and plain differ", next)
			}
			body := decode(t, plain)
			for _, r := range rowsOf(t, body) {
				got = append(got, r.(map[string]any)["id"].(string))
			}
			next = nextTarget(t, tc.target, body, plain.Header().Get("Link"))
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d events, want %d", tc.target, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i].ID {
				t.Fatalf("%s: event %d is %s, want %s", tc.target, i, got[i], want[i].ID)
			}
		}
	}
	blocks := 0
	for k := range s.cache.chunks {
		if k.kind == "event-block" {
			blocks++
		}
	}
	if blocks == 0 {
		t.Error("no page was made of blocks (test premise)")
	}
}
