package sse

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

// Topics and event names of the two streams.
const (
	TopicAlerts = "alerts"
	TopicNews   = "news"

	TypeAlert   = "alert"
	TypeArticle = "article"
)

// AlertEvent builds the stream event of an alert: data is the alert's REST JSON, symbols its
// ticker, kind its kind. The SSE id is the log's; callers that keep alert.Seq should set it from
// the stored event's ID.
func AlertEvent(a spac.Alert) (spac.StreamEvent, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return spac.StreamEvent{}, fmt.Errorf("sse: alert %s: %w", a.ID, err)
	}
	var symbols []string
	if a.Symbol != "" {
		symbols = []string{strings.ToUpper(a.Symbol)}
	}
	return spac.StreamEvent{Type: TypeAlert, Data: data, Symbols: symbols, Kind: string(a.Kind)}, nil
}

// ArticleEvent builds the stream event of a news article.
func ArticleEvent(a spac.Article) (spac.StreamEvent, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return spac.StreamEvent{}, fmt.Errorf("sse: article %s: %w", a.ID, err)
	}
	symbols := make([]string, 0, len(a.Symbols))
	for _, s := range a.Symbols {
		symbols = append(symbols, strings.ToUpper(s))
	}
	return spac.StreamEvent{Type: TypeArticle, Data: data, Symbols: symbols, Time: a.PublishedAt}, nil
}

// SampleSymbols returns a StreamOptions.Sample predicate admitting events about any of the given
// tickers (any case).
func SampleSymbols(symbols []string) func(spac.StreamEvent) bool {
	allowed := make([]string, 0, len(symbols))
	for _, s := range symbols {
		allowed = append(allowed, strings.ToUpper(strings.TrimSpace(s)))
	}
	return func(ev spac.StreamEvent) bool {
		return slices.ContainsFunc(ev.Symbols, func(s string) bool {
			return slices.Contains(allowed, strings.ToUpper(s))
		})
	}
}
