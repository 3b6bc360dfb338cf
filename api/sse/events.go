package sse

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

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
