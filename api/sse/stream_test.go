package sse

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

func TestResumeGetsExactlyTheMissedEvents(t *testing.T) {
	cases := []struct {
		name   string
		path   string
		header http.Header
	}{
		{"header", "/stream", http.Header{"Last-Event-Id": {"2"}}},
		{"query", "/stream?lastEventId=2", nil},
		{"header wins over query", "/stream?lastEventId=4", http.Header{"Last-Event-Id": {"2"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hub := NewHub(NewMemLog(0), HubConfig{})
			srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{})
			publishN(t, hub, spac.TopicAlerts, 5, nil, nil)
			c := connect(t, srv.URL+tc.path, tc.header)
			if got := ids(c.events(t, 3)); !slices.Equal(got, []uint64{3, 4, 5}) {
				t.Fatalf("replayed %v, want [3 4 5]", got)
			}
			publishN(t, hub, spac.TopicAlerts, 1, nil, nil)
			f := c.events(t, 1)[0]
			if f.ID != 6 || f.Event != spac.StreamTypeAlert || f.Data != `{"n":0}` {
				t.Fatalf("live frame = %+v, want id 6 alert {\"n\":0}", f)
			}
		})
	}
}

// Clients resuming while events are being published get every event after their resume point
// exactly once and in order: no gap between replay and live, no duplicate.
func TestResumeDuringPublishHasNoGapNorDuplicate(t *testing.T) {
	const total = 300
	hub := NewHub(NewMemLog(0), HubConfig{Buffer: total})
	srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{ReplayPage: 7})
	publishN(t, hub, spac.TopicAlerts, 50, nil, nil)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		publishN(t, hub, spac.TopicAlerts, total-50, nil, nil)
	}()
	for _, from := range []uint64{0, 10, 49, 120} {
		c := connect(t, fmt.Sprintf("%s/stream?lastEventId=%d", srv.URL, from), nil)
		if got := ids(c.events(t, int(total-from))); !slices.Equal(got, seq(from+1, total)) {
			t.Errorf("from %d: got %d events %v..., want %d..%d", from, len(got), got[:5], from+1, total)
		}
	}
	wg.Wait()
}

func TestBadLastEventIDIsInvalidParameter(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{Kinds: []string{"liquidation"}})
	for _, path := range []string{"/stream?lastEventId=abc", "/stream?lastEventId=-1", "/stream?kind=bogus"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || string(body) != "invalid_parameter" {
			t.Errorf("%s: %d %q, want 400 invalid_parameter", path, resp.StatusCode, body)
		}
	}
}

func TestFiltersApplyToReplayAndLive(t *testing.T) {
	kinds := []string{"liquidation", "new_ipo", "ytm_arbitrage"}
	symbols := []string{"AAA", "BBB"}
	cases := []struct {
		name   string
		query  string
		sample bool
		want   []uint64 // of the 12 events: kind = kinds[i%3], symbol = symbols[i%2], id = i+1
	}{
		{"kind", "kind=liquidation", false, []uint64{1, 4, 7, 10}},
		{"two kinds, comma", "kind=liquidation,new_ipo", false, []uint64{1, 2, 4, 5, 7, 8, 10, 11}},
		{"symbol any case", "symbol=bbb", false, []uint64{2, 4, 6, 8, 10, 12}},
		{"kind and symbol", "kind=liquidation&symbol=AAA", false, []uint64{1, 7}},
		{"sample caller sees sample symbols only", "", true, []uint64{1, 3, 5, 7, 9, 11}},
		{"sample caller cannot widen with a filter", "symbol=BBB", true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hub := NewHub(NewMemLog(0), HubConfig{})
			srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{Sample: SampleSymbols([]string{"aaa"})})
			publishN(t, hub, spac.TopicAlerts, 6, kinds, symbols) // replayed: ids 1..6
			h := http.Header{}
			if tc.sample {
				h.Set("X-Test-Sample", "1")
			}
			c := connect(t, srv.URL+"/stream?lastEventId=0&"+tc.query, h)
			publishN(t, hub, spac.TopicAlerts, 6, kinds, symbols) // live: ids 7..12
			// A final event every filter admits marks the end of the stream under test.
			mustPublish(t, hub, spac.StreamEvent{Type: spac.StreamTypeAlert, Data: []byte(`{}`), Kind: "liquidation", Symbols: []string{"AAA", "BBB"}})
			got := ids(c.events(t, len(tc.want)+1))
			if !slices.Equal(got, append(slices.Clone(tc.want), 13)) {
				t.Fatalf("got %v, want %v then 13", got, tc.want)
			}
		})
	}
}

func TestSampleCallerWithoutSampleScopeSeesNothing(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicNews, StreamOptions{Recent: 5})
	publishN(t, hub, spac.TopicNews, 3, nil, []string{"AAA"})
	c := connect(t, srv.URL+"/stream", http.Header{"X-Test-Sample": {"1"}})
	hub.Close()
	for f := range c.frames {
		if f.Event != "" {
			t.Fatalf("sample caller received %+v", f)
		}
	}
}

func TestHeartbeat(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{Heartbeat: 5 * time.Millisecond})
	srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{})
	c := connect(t, srv.URL+"/stream", nil)
	if f := c.next(t); f.Comment != "heartbeat" {
		t.Fatalf("frame = %+v, want the heartbeat comment", f)
	}
	if c.resp.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("content type %q", c.resp.Header.Get("Content-Type"))
	}
}

func TestRecentFirstThenLive(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicNews, StreamOptions{Recent: 50})
	publishN(t, hub, spac.TopicNews, 60, nil, []string{"AAA", "BBB", "CCC"})
	c := connect(t, srv.URL+"/stream", nil)
	if got := ids(c.events(t, 50)); !slices.Equal(got, seq(11, 60)) {
		t.Fatalf("recent = %v, want 11..60", got)
	}
	publishN(t, hub, spac.TopicNews, 1, nil, nil)
	if f := c.events(t, 1)[0]; f.ID != 61 {
		t.Fatalf("live id %d, want 61", f.ID)
	}
}

func TestRecentFirstWidensWindowForFilters(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicNews, StreamOptions{Recent: 5})
	publishN(t, hub, spac.TopicNews, 100, nil, []string{"AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG", "HHH", "III", "JJJ"})
	c := connect(t, srv.URL+"/stream?symbol=AAA", nil)
	if got := ids(c.events(t, 5)); !slices.Equal(got, []uint64{51, 61, 71, 81, 91}) {
		t.Fatalf("recent AAA = %v, want 51..91 step 10", got)
	}
	mustPublish(t, hub, spac.StreamEvent{Type: spac.StreamTypeArticle, Data: []byte(`{}`), Symbols: []string{"AAA"}})
	if f := c.events(t, 1)[0]; f.ID != 101 {
		t.Fatalf("live id %d, want 101", f.ID)
	}
}

func TestCloseEndsStreams(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{})
	clients := []*client{connect(t, srv.URL+"/stream", nil), connect(t, srv.URL+"/stream", nil)}
	hub.Close()
	for i, c := range clients {
		for range c.frames { // drains until EOF; a hang here is the failure
		}
		t.Logf("client %d ended", i)
	}
	if _, err := hub.Publish(context.Background(), spac.TopicAlerts, spac.StreamEvent{Type: spac.StreamTypeAlert, Data: []byte(`{}`)}); err != ErrClosed {
		t.Fatalf("Publish after Close: %v, want ErrClosed", err)
	}
	resp, err := http.Get(srv.URL + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		t.Fatal("a new stream after Close must be refused")
	}
}

func mustPublish(t *testing.T, hub *Hub, ev spac.StreamEvent) spac.StreamEvent {
	t.Helper()
	ev, err := hub.Publish(context.Background(), hubTopic(ev), ev)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func hubTopic(ev spac.StreamEvent) string {
	if ev.Type == spac.StreamTypeArticle {
		return spac.TopicNews
	}
	return spac.TopicAlerts
}

// The news stream starts with the newest articles by publication time, not the last logged: a
// feed polled late, or a filing article written after a newer feed article, is still among them.
func TestRecentByTimePicksTheNewestPublished(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicNews, StreamOptions{Recent: 3, RecentByTime: true})
	day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	// ids 1..6 published on days 10, 2, 9, 1, 8, 3
	for _, d := range []int{10, 2, 9, 1, 8, 3} {
		mustPublish(t, hub, spac.StreamEvent{Type: spac.StreamTypeArticle, Data: []byte(`{}`), Symbols: []string{"AAA"}, Time: day.AddDate(0, 0, d)})
	}
	c := connect(t, srv.URL+"/stream", nil)
	if got := ids(c.events(t, 3)); !slices.Equal(got, []uint64{1, 3, 5}) {
		t.Fatalf("recent = %v, want 1, 3, 5 (days 10, 9, 8), in log order", got)
	}
	mustPublish(t, hub, spac.StreamEvent{Type: spac.StreamTypeArticle, Data: []byte(`{}`), Time: day})
	if f := c.events(t, 1)[0]; f.ID != 7 {
		t.Fatalf("live id %d, want 7", f.ID)
	}
}

// The in-memory window of the last 2,000 logged events follows every publish after it is
// loaded, drops the oldest beyond 2,000, and a subscriber opened later replays from it what a
// read of the log would give: the newest by publication time among the last 2,000 logged.
func TestRecentWindowFollowsTheLog(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	srv := newServer(t, hub, spac.TopicNews, StreamOptions{Recent: 2, RecentByTime: true})
	day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	publish := func(d int) {
		mustPublish(t, hub, spac.StreamEvent{Type: spac.StreamTypeArticle, Data: []byte(`{}`), Time: day.AddDate(0, 0, d)})
	}
	publish(5000) // id 1: the newest of all, but logged first
	first := connect(t, srv.URL+"/stream", nil)
	if got := ids(first.events(t, 1)); !slices.Equal(got, []uint64{1}) {
		t.Fatalf("first replay %v", got)
	}
	for i := range recentByTimeScan {
		publish(i) // ids 2..2001: id 1 falls out of the window
	}
	publish(4000) // id 2002
	later := connect(t, srv.URL+"/stream", nil)
	if got := ids(later.events(t, 2)); !slices.Equal(got, []uint64{2001, 2002}) {
		t.Fatalf("later replay %v, want 2001 and 2002 (id 1 is past the last 2,000 logged)", got)
	}
}
