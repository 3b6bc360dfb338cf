package main

import (
	"context"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
)

// recompute refolds every SPAC from its stored facts (derived values such as deadlines and
// trust size are recomputed) and scans for time-based alerts (approaching lockup expiries, YTM
// from the latest quotes). It runs nightly in `serve` and on demand with `spacd recompute`.
func (l *live) recompute(ctx context.Context, a *app, now time.Time) (int, error) {
	n, err := a.pipeline.RefoldAll(ctx)
	if err != nil {
		return n, err
	}
	return n, l.fanout.Recomputed(ctx, n, now)
}

// nightly runs recompute at 00:00 UTC every day until ctx ends (an owned goroutine: serve
// waits for it through the returned channel).
func (l *live) nightly(ctx context.Context, a *app) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			now := time.Now().UTC()
			next := now.Truncate(24 * time.Hour).Add(24 * time.Hour)
			select {
			case <-ctx.Done():
				return
			case <-time.After(next.Sub(now)):
			}
			if n, err := l.recompute(ctx, a, l.env.now().UTC()); err != nil {
				l.env.log.Error("nightly recompute", "err", err)
			} else {
				l.env.log.Info("nightly recompute", "spacs", n)
			}
		}
	}()
	return done
}

// cmdRecompute recomputes profiles and time-based alerts now, and fills in the alerts and
// filing articles the store lacks (see pipeline.WithReplay). The nightly run in serve does not
// replay: serve's folds always ran the hooks.
func cmdRecompute(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	l, err := newLive(ctx, env, a)
	if err != nil {
		return err
	}
	progress := pipelineProgressFor(env, a.pipeline, "recompute")
	start := time.Now()
	// A replay also records, as history, the alerts and filing articles a store ingested
	// without those stages lacks; the changes the refold finds are pushed as before.
	n, err := l.recompute(pipeline.WithReplay(ctx), a, l.env.now().UTC())
	if err != nil {
		return err
	}
	progress.finish()
	sum := refoldSummary{SPACs: n, Duration: spac.Duration(time.Since(start))}
	return emit(env, sum, sum.text("recomputed"))
}
