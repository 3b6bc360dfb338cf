package spac

import (
	"context"
	"errors"
	"time"
)

// StreamEvent is one event of a live stream (the alert and news streams, DECISIONS.md
// "Streams"). ID is assigned by the StreamLog on Append and is monotonic per topic.
type StreamEvent struct {
	ID      uint64   `json:"id"`
	Type    string   `json:"type"`    // SSE event name: "alert" | "article"
	Data    []byte   `json:"data"`    // one JSON object, the same shape as the REST row
	Symbols []string `json:"symbols"` // tickers the event concerns (filter "symbol", sample scope)
	Kind    string   `json:"kind"`    // alert kind (filter "kind"); empty for articles
	// Time orders events by when they happened rather than when they were logged (an
	// article's publication time): see sse.StreamOptions.RecentByTime.
	Time time.Time `json:"time,omitzero"`
}

// StreamLog is the ordered, persistent replay log of a topic. Implementations must be safe for
// concurrent use. Append assigns the next id of the topic (ids start at 1) and returns the stored
// event, or ErrInvalidStreamEvent for an event without a type or data; Since returns up to limit
// events with id > afterID in id order; Last returns the n most recent events in id order
// (oldest first).
type StreamLog interface {
	Append(ctx context.Context, topic string, ev StreamEvent) (StreamEvent, error)
	Since(ctx context.Context, topic string, afterID uint64, limit int) ([]StreamEvent, error)
	Last(ctx context.Context, topic string, n int) ([]StreamEvent, error)
}

// ErrInvalidStreamEvent is returned by StreamLog.Append for an event without a type or data.
var ErrInvalidStreamEvent = errors.New("sse: event needs a type and data")
