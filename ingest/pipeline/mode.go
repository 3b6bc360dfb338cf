package pipeline

import "context"

type historicalKey struct{}

// WithHistorical marks the runs under ctx as historical (a backfill of old filings): the
// filings they store carry historical fold marks, and the folds of SPACs whose pending
// filings are all historical call Pipeline.OnHistoricalFold instead of OnFold, so old events
// are recorded as history and never pushed to streams or webhooks as if they just happened.
func WithHistorical(ctx context.Context) context.Context {
	return WithMode(ctx, true)
}

// WithMode sets (historical) or clears the historical mode of ctx.
func WithMode(ctx context.Context, historical bool) context.Context {
	if IsHistorical(ctx) == historical {
		return ctx
	}
	return context.WithValue(ctx, historicalKey{}, historical)
}

// IsHistorical reports whether ctx is in historical mode. A fold hook sees the mode of the
// fold it is told about.
func IsHistorical(ctx context.Context) bool {
	v, _ := ctx.Value(historicalKey{}).(bool)
	return v
}
