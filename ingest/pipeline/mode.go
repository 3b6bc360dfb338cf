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

type replayKey struct{}

// WithReplay marks the folds under ctx as a replay (`spacd rebuild` and `spacd recompute`):
// before a SPAC's fold, OnHistoricalFold is told its stored profile as new (from the zero
// profile), so that it records what the store lacks - the alerts and filing articles of a
// store ingested before ingest ran those stages. The fold's own change, if any, then goes to
// the hooks as usual (a live one is still pushed). What the hooks record is deduplicated
// (alerts per SPAC, kind and filing; articles by id), so a replay never records twice.
func WithReplay(ctx context.Context) context.Context {
	return context.WithValue(ctx, replayKey{}, true)
}

// IsReplay reports whether ctx is a replay: a hook that keeps state about the SPACs it saw
// (the news linker) is told stored SPACs, not new ones.
func IsReplay(ctx context.Context) bool {
	v, _ := ctx.Value(replayKey{}).(bool)
	return v
}
