package sse

import (
	"context"

	"github.com/spacdata/spac"
)

// recentWindow keeps, per topic, the last recentByTimeScan events of the log in memory, so that
// opening a stream that replays the newest events (the news stream) reads no log: each open
// used to read and decode the last 2,000 events (about 1.4 MB allocated per open, and 8 ms,
// with the Badger log), which made a crowd of subscribers cost far more than their streams.
//
// The window is loaded from the log on first use and then follows every Publish, both under
// the hub's publishMu, so it always equals the log's tail. A snapshot is a slice header over a
// backing array that Publish only ever appends to (or replaces): readers see an immutable
// prefix and never lock while they filter and sort it.
type recentWindow struct {
	loaded bool
	events []*spac.StreamEvent
}

// recent returns the last recentByTimeScan events of topic, oldest first, loading them from
// the log the first time.
func (h *Hub) recent(ctx context.Context, topic string) ([]*spac.StreamEvent, error) {
	h.publishMu.Lock()
	defer h.publishMu.Unlock()
	w := h.windows[topic]
	if w == nil {
		w = &recentWindow{}
		h.windows[topic] = w
	}
	if !w.loaded {
		got, err := h.log.Last(ctx, topic, recentByTimeScan)
		if err != nil {
			return nil, err
		}
		w.events = make([]*spac.StreamEvent, len(got), recentByTimeScan)
		for i := range got {
			w.events[i] = &got[i]
		}
		w.loaded = true
	}
	return w.events, nil
}

// follow appends a published event to its topic's window (publishMu held); a window not
// loaded yet is loaded whole from the log when first read.
func (h *Hub) follow(topic string, ev *spac.StreamEvent) {
	w := h.windows[topic]
	if w == nil || !w.loaded {
		return
	}
	if len(w.events) == recentByTimeScan {
		// Drop the oldest into a new backing array: snapshots taken before keep the old one.
		next := make([]*spac.StreamEvent, recentByTimeScan-1, recentByTimeScan)
		copy(next, w.events[1:])
		w.events = next
	}
	w.events = append(w.events, ev)
}
