package access

import (
	"context"
	"time"
)

// flushTimeout bounds one background flush, so a hung store cannot stall the flusher forever.
const flushTimeout = 30 * time.Second

// runFlusher writes the counters to the store every interval until Shutdown.
func (g *Guard) runFlusher(interval time.Duration) {
	defer close(g.flusherDone)
	if interval <= 0 {
		<-g.stop
		return
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-g.stop:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), flushTimeout)
			if err := g.Flush(ctx); err != nil {
				g.log.Warn("access: counters kept in memory, retrying at the next flush", "err", err)
			}
			cancel()
		}
	}
}

// Flush writes the counts made since the last flush to the counter store now. Counts whose
// write fails stay pending and are retried by the next flush.
func (g *Guard) Flush(ctx context.Context) error {
	return g.counters.flush(ctx, g.now())
}

// Shutdown stops the background flusher and writes the remaining counts, so a graceful restart
// loses none. Call it once the HTTP server has stopped serving and before the store is closed;
// requests admitted after it are counted in memory only. Calling it again flushes again.
func (g *Guard) Shutdown(ctx context.Context) error {
	g.stopOnce.Do(func() { close(g.stop) })
	select {
	case <-g.flusherDone:
	case <-ctx.Done():
		return ctx.Err()
	}
	return g.Flush(ctx)
}

// Close is Shutdown without a deadline.
func (g *Guard) Close() error { return g.Shutdown(context.Background()) }
