// Package sse is the live-data hub behind the alert and news streams (docs/decisions.md, "Streams"):
// an ordered, persistent replay log (spac.StreamLog) per topic and a Hub that fans events out to Server-Sent Events
// subscribers, in the style of dunglas/mercure.//
// Design notes:
//   - Publish appends to the log first (which assigns the monotonic id) and then offers the event
//     to every subscriber with a non-blocking send. A subscriber whose buffer is full is dropped:
//     its stream ends and the client reconnects with Last-Event-ID, replaying from the log. The
//     publisher therefore never waits on a client.
//   - Appends and fan-out are serialised by one mutex so that live events reach every subscriber
//     in id order; a stream can then skip live events already sent during replay by id alone.
//   - A stream subscribes before it replays, so an event published during the replay is either in
//     the replay or in the live buffer (or both: duplicates are skipped by id) - never lost.
package sse

import (
	"context"
	"sync"

	"github.com/spacdata/spac"
)

// MemLog is an in-memory spac.StreamLog. It keeps at most Cap events per topic (0 = unbounded), dropping
// the oldest; ids keep increasing regardless.
type MemLog struct {
	Cap int

	mu     sync.RWMutex
	topics map[string]*memTopic
}

type memTopic struct {
	next   uint64
	events []spac.StreamEvent
}

// NewMemLog returns an empty in-memory log keeping at most capPerTopic events per topic.
func NewMemLog(capPerTopic int) *MemLog {
	return &MemLog{Cap: capPerTopic, topics: map[string]*memTopic{}}
}

// Append implements spac.StreamLog.
func (l *MemLog) Append(_ context.Context, topic string, ev spac.StreamEvent) (spac.StreamEvent, error) {
	if ev.Type == "" || len(ev.Data) == 0 {
		return spac.StreamEvent{}, spac.ErrInvalidStreamEvent
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
		t.events = append([]spac.StreamEvent(nil), t.events[len(t.events)-l.Cap:]...)
	}
	return ev, nil
}

// Since implements spac.StreamLog.
func (l *MemLog) Since(_ context.Context, topic string, afterID uint64, limit int) ([]spac.StreamEvent, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	t := l.topics[topic]
	if t == nil || limit <= 0 {
		return nil, nil
	}
	// ids are dense within the retained window, so the first id > afterID is found by search.
	i := firstAfter(t.events, afterID)
	end := min(i+limit, len(t.events))
	return append([]spac.StreamEvent(nil), t.events[i:end]...), nil
}

// Last implements spac.StreamLog.
func (l *MemLog) Last(_ context.Context, topic string, n int) ([]spac.StreamEvent, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	t := l.topics[topic]
	if t == nil || n <= 0 {
		return nil, nil
	}
	start := max(len(t.events)-n, 0)
	return append([]spac.StreamEvent(nil), t.events[start:]...), nil
}

// firstAfter returns the index of the first event with ID > id (binary search; ids ascend).
func firstAfter(events []spac.StreamEvent, id uint64) int {
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
