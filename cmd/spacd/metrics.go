package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/ingest/poll"
	"github.com/spacdata/spac/metrics"
)

// maxQueueCount bounds the webhook queue count of one scrape (a larger backlog reads as this).
const maxQueueCount = 100_000

// newMetrics builds the service's metrics when metrics.addr is set; nil otherwise (nil counts
// nothing). The store, index and data-version series are read at scrape time from a; the
// stream subscribers through subscribers, since the hub is built later.
func newMetrics(env *environment, a *app, subscribers func(topic string) int, reextract func() api.ReextractState) *metrics.Metrics {
	if env.cfg.Metrics.Addr == "" {
		return nil
	}
	return metrics.New(metrics.Sources{
		StoreBytes: a.db.DiskBytes,
		Index: func(ctx context.Context) (uint64, int64, error) {
			docs, err := a.idx.Count(ctx)
			if err != nil {
				return 0, 0, err
			}
			size, err := a.idx.DiskBytes()
			return docs, size, err
		},
		WebhookQueue: func(ctx context.Context) (int, error) { return a.db.Webhooks().Queued(ctx, maxQueueCount) },
		Subscribers:  subscribers,
		Topics:       []string{spac.TopicAlerts, spac.TopicNews},
		DataVersion: func(ctx context.Context) (time.Time, uint64, error) {
			wm, err := a.db.Watermark(ctx)
			return wm, a.idx.Generation(), err
		},
		Reextract: func() (int, int, bool) {
			st := reextract()
			return st.Stale, st.Done, st.Running
		},
		SharedCounters: func() (uint64, uint64, bool) {
			if c, ok := a.limits.(interface{ Stats() (uint64, uint64) }); ok { // set once the role started
				adds, conflicts := c.Stats()
				return adds, conflicts, true
			}
			return 0, 0, false
		},
	}, version, buildCommit(), env.log)
}

// serveMetrics starts the metrics listener on metrics.addr (when m is not nil) and announces
// its address, before the API's, so that a test reading stdout learns both. stop closes it.
func serveMetrics(env *environment, m *metrics.Metrics) (stop func(), err error) {
	if m == nil {
		return func() {}, nil
	}
	hs := m.Server(env.cfg.Metrics.Addr)
	ln, err := net.Listen("tcp", hs.Addr)
	if err != nil {
		return nil, fmt.Errorf("metrics.addr: %w", err)
	}
	fmt.Fprintf(env.stdout, "metrics on http://%s%s\n", displayAddr(ln.Addr()), metrics.Path)
	env.log.Info("serving metrics", "addr", ln.Addr().String())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			env.log.Error("metrics listener", "err", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), env.cfg.HTTP.ShutdownTimeout)
		defer cancel()
		_ = hs.Shutdown(ctx) // scrapes are short; one still running at the deadline is cut
		<-done
	}, nil
}

// pollCounted is what the metrics count of one EDGAR poll; a poll cut short by shutdown is
// not counted (false).
func pollCounted(res poll.Result, err error) (metrics.Poll, bool) {
	if errors.Is(err, context.Canceled) {
		return metrics.Poll{}, false
	}
	return metrics.Poll{
		Started: res.At, Found: res.Downloaded, Ingested: res.Ingested, Errors: len(res.Errors), Failed: err != nil,
	}, true
}
