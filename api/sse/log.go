// Package sse is the live-data hub behind the alert and news streams (DECISIONS.md, "Streams"):
// an ordered, persistent replay Log per topic and a Hub that fans events out to Server-Sent Events
// subscribers, in the style of dunglas/mercure.
//
// Design notes:
//   - Publish appends to the Log first (which assigns the monotonic id) and then offers the event
//     to every subscriber with a non-blocking send. A subscriber whose buffer is full is dropped:
//     its stream ends and the client reconnects with Last-Event-ID, replaying from the Log. The
//     publisher therefore never waits on a client.
//   - Appends and fan-out are serialised by one mutex so that live events reach every subscriber
//     in id order; a stream can then skip live events already sent during replay by id alone.
//   - A stream subscribes before it replays, so an event published during the replay is either in
//     the replay or in the live buffer (or both: duplicates are skipped by id) - never lost.
package sse

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Event is one stream event. ID is assigned by the Log on Append and is monotonic per topic.
type Event struct {
	ID      uint64   `json:"id"`
	Type    string   `json:"type"`    // SSE event name: "alert" | "article"
	Data    []byte   `json:"data"`    // one JSON object, the same shape as the REST row
	Symbols []string `json:"symbols"` // tickers the event concerns (filter "symbol", sample scope)
	Kind    string   `json:"kind"`    // alert kind (filter "kind"); empty for articles
	// Time orders events by when they happened rather than when they were logged (an
	// article's publication time): see StreamOptions.RecentByTime.
	Time time.Time `json:"time,omitzero"`
}

// Log is the ordered, persistent replay log of a topic. Implementations must be safe for
// concurrent use. Append assigns the next id of the topic (ids start at 1) and returns the stored
// event; Since returns up to limit events with id > afterID in id order; Last returns the n most
// recent events in id order (oldest first).
type Log interface {
	Append(ctx context.Context, topic string, ev Event) (Event, error)
	Since(ctx context.Context, topic string, afterID uint64, limit int) ([]Event, error)
	Last(ctx context.Context, topic string, n int) ([]Event, error)
}

// ErrInvalidEvent is returned by Append for an event without a type or data.
var ErrInvalidEvent = errors.New("sse: event needs a type and data")

// MemLog is an in-memory Log. It keeps at most Cap events per topic (0 = unbounded), dropping
// the oldest; ids keep increasing regardless.
type MemLog struct {
	Cap int

	mu     sync.RWMutex
	topics map[string]*memTopic
}

type memTopic struct {
	next   uint64
	events []Event
}

// NewMemLog returns an empty in-memory log keeping at most capPerTopic events per topic.
func NewMemLog(capPerTopic int) *MemLog {
	return &MemLog{Cap: capPerTopic, topics: map[string]*memTopic{}}
}

// Append implements Log.
func (l *MemLog) Append(_ context.Context, topic string, ev Event) (Event, error) {
	if ev.Type == "" || len(ev.Data) == 0 {
		return Event{}, ErrInvalidEvent
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.topics == nil {
		l.topics = map[string]*memTopic{}
	}
	t := l.topics[topic]
	if t == nil {
		t = &memTopic{}
		l.topics[topic] = t
	}
	t.next++
	ev.ID = t.next
	ev.Data = append([]byte(nil), ev.Data...)
	ev.Symbols = append([]string(nil), ev.Symbols...)
	t.events = append(t.events, ev)
	if l.Cap > 0 && len(t.events) > l.Cap {
		t.events = append([]Event(nil), t.events[len(t.events)-l.Cap:]...)
	}
	return ev, nil
}

// Since implements Log.
func (l *MemLog) Since(_ context.Context, topic string, afterID uint64, limit int) ([]Event, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	t := l.topics[topic]
	if t == nil || limit <= 0 {
		return nil, nil
	}
	// ids are dense within the retained window, so the first id > afterID is found by search.
	i := firstAfter(t.events, afterID)
	end := min(i+limit, len(t.events))
	return append([]Event(nil), t.events[i:end]...), nil
}

// Last implements Log.
func (l *MemLog) Last(_ context.Context, topic string, n int) ([]Event, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	t := l.topics[topic]
	if t == nil || n <= 0 {
		return nil, nil
	}
	start := max(len(t.events)-n, 0)
	return append([]Event(nil), t.events[start:]...), nil
}

// firstAfter returns the index of the first event with ID > id (binary search; ids ascend).
func firstAfter(events []Event, id uint64) int {
	lo, hi := 0, len(events)
	for lo < hi {
		m := (lo + hi) / 2
		if events[m].ID <= id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
