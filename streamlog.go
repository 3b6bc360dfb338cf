package spac

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// StreamEvent is one event of a live stream (the alert and news streams, docs/decisions.md
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

// Topics and event names of the two live streams.
const (
	TopicAlerts = "alerts"
	TopicNews   = "news"

	StreamTypeAlert   = "alert"
	StreamTypeArticle = "article"
)

// AlertStreamEvent builds the stream event of an alert: data is the alert's REST JSON, symbols
// its ticker, kind its kind. The id is the log's, assigned on Append.
func AlertStreamEvent(a Alert) (StreamEvent, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return StreamEvent{}, fmt.Errorf("stream: alert %s: %w", a.ID, err)
	}
	var symbols []string
	if a.Symbol != "" {
		symbols = []string{strings.ToUpper(a.Symbol)}
	}
	return StreamEvent{Type: StreamTypeAlert, Data: data, Symbols: symbols, Kind: string(a.Kind)}, nil
}

// ArticleStreamEvent builds the stream event of a news article, timed by its publication.
func ArticleStreamEvent(a Article) (StreamEvent, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return StreamEvent{}, fmt.Errorf("stream: article %s: %w", a.ID, err)
	}
	symbols := make([]string, 0, len(a.Symbols))
	for _, s := range a.Symbols {
		symbols = append(symbols, strings.ToUpper(s))
	}
	return StreamEvent{Type: StreamTypeArticle, Data: data, Symbols: symbols, Time: a.PublishedAt}, nil
}
