package sse

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// StreamOptions configures one stream route.
type StreamOptions struct {
	// Recent sends the Recent most recent (matching) events first when the client is not
	// resuming (news stream: 50). 0 = live only.
	Recent int
	// RecentByTime picks the Recent events with the latest Time (news: the newest by
	// publication time, whatever order they were logged in) among the last recentByTimeScan
	// logged; they are still sent in log order, so the last id sent is the highest and a
	// client resuming from it misses nothing.
	RecentByTime bool
	// Sample reports whether an event is visible to sample (anonymous) callers. Nil means sample
	// callers see nothing.
	Sample func(spac.StreamEvent) bool
	// Kinds lists the accepted values of the "kind" filter; empty accepts any value.
	Kinds []string
	// ReplayPage is the page size used when replaying from the log (default 500).
	ReplayPage int
}

// maxRecentScan bounds how far back the "most recent first" replay looks for matching events.
const maxRecentScan = 10000

// recentByTimeScan is how many logged events RecentByTime chooses from.
const recentByTimeScan = 2000

// Stream returns the gin handler serving topic as text/event-stream. Parameter errors are
// recorded with c.Error (a *spac.Error) and the request aborted, for the api renderer.
func (h *Hub) Stream(topic string, opts StreamOptions) gin.HandlerFunc {
	if opts.ReplayPage <= 0 {
		opts.ReplayPage = 500
	}
	return func(c *gin.Context) {
		f, err := parseFilter(c, opts)
		if err == nil {
			err = h.serve(c, topic, opts, f)
		}
		if err != nil {
			_ = c.Error(err)
			c.Abort()
		}
	}
}

// serve runs one stream. It returns an error only before the response has started.
func (h *Hub) serve(c *gin.Context, topic string, opts StreamOptions, f filter) error {
	lastID, resume, err := lastEventID(c)
	if err != nil {
		return err
	}
	sub, err := h.Subscribe(topic) // before replay: nothing published meanwhile is lost
	if err != nil {
		return spac.Errorf(spac.EUNAVAILABLE, "the stream is shutting down")
	}
	defer h.Unsubscribe(sub)
	w := newFrameWriter(c.Writer, h.cfg.WriteTimeout)
	ctx := c.Request.Context()
	if err := w.start(h.cfg.Retry); err != nil {
		return nil
	}
	sent, err := h.replay(ctx, topic, w, f, opts, lastID, resume)
	if err != nil {
		if !isClientGone(err) {
			slog.Warn("sse: replay failed", "topic", topic, "err", err)
		}
		return nil
	}
	h.live(ctx, sub, w, f, sent)
	return nil
}

// lastEventID reads the resume point: the Last-Event-ID header, else the lastEventId query.
func lastEventID(c *gin.Context) (uint64, bool, error) {
	param, raw := "Last-Event-ID", strings.TrimSpace(c.GetHeader("Last-Event-ID"))
	if raw == "" {
		param, raw = "lastEventId", strings.TrimSpace(c.Query("lastEventId"))
	}
	if raw == "" {
		return 0, false, nil
	}
	id, err := strconv.ParseUint(raw, 10, 64)
	if err != nil {
		return 0, false, spac.InvalidParam(param, "%s must be a non-negative integer event id", param)
	}
	return id, true, nil
}

// replay sends what the client missed (resume) or the most recent events (opts.Recent) and
// returns the highest id it considered, so live events up to it are skipped.
func (h *Hub) replay(ctx context.Context, topic string, w *frameWriter, f filter, opts StreamOptions, lastID uint64, resume bool) (uint64, error) {
	if !resume {
		if opts.Recent <= 0 {
			return 0, nil
		}
		if opts.RecentByTime {
			return h.replayNewest(ctx, topic, w, f, opts.Recent)
		}
		return h.replayRecent(ctx, topic, w, f, opts.Recent)
	}
	for {
		page, err := h.log.Since(ctx, topic, lastID, opts.ReplayPage)
		if err != nil {
			return lastID, err
		}
		for _, ev := range page {
			lastID = ev.ID
			if f.match(ev) {
				if err := w.event(ev); err != nil {
					return lastID, err
				}
			}
		}
		if len(page) < opts.ReplayPage {
			return lastID, nil
		}
	}
}

// replayRecent sends the n most recent matching events, oldest first. With filters it widens
// the window (n, 4n, 16n, ... up to maxRecentScan) until n events match.
func (h *Hub) replayRecent(ctx context.Context, topic string, w *frameWriter, f filter, n int) (uint64, error) {
	var matched []spac.StreamEvent
	var highest uint64
	for window := n; ; window *= 4 {
		window = min(window, maxRecentScan)
		got, err := h.log.Last(ctx, topic, window)
		if err != nil {
			return 0, err
		}
		matched = matched[:0]
		for _, ev := range got {
			highest = max(highest, ev.ID)
			if f.match(ev) {
				matched = append(matched, ev)
			}
		}
		if len(matched) >= n || len(got) < window || window == maxRecentScan {
			break
		}
	}
	for _, ev := range matched[max(len(matched)-n, 0):] {
		if err := w.event(ev); err != nil {
			return highest, err
		}
	}
	return highest, nil
}

// replayNewest sends the n matching events with the latest Time among the last
// recentByTimeScan logged, in log order. It reads the hub's in-memory window of them.
func (h *Hub) replayNewest(ctx context.Context, topic string, w *frameWriter, f filter, n int) (uint64, error) {
	got, err := h.recent(ctx, topic)
	if err != nil {
		return 0, err
	}
	var highest uint64
	var matched []*spac.StreamEvent
	for _, ev := range got {
		highest = max(highest, ev.ID)
		if f.match(*ev) {
			matched = append(matched, ev)
		}
	}
	if len(matched) > n {
		byTime := slices.Clone(matched)
		slices.SortFunc(byTime, func(a, b *spac.StreamEvent) int { return cmp.Or(b.Time.Compare(a.Time), cmp.Compare(b.ID, a.ID)) })
		keep := make(map[uint64]bool, n)
		for _, ev := range byTime[:n] {
			keep[ev.ID] = true
		}
		matched = slices.DeleteFunc(matched, func(ev *spac.StreamEvent) bool { return !keep[ev.ID] })
	}
	for _, ev := range matched {
		if err := w.event(*ev); err != nil {
			return highest, err
		}
	}
	return highest, nil
}

// live forwards subscription events until the client leaves, the subscription ends (dropped as
// too slow, or hub closed) or a write fails. Heartbeats keep proxies from idling it out.
func (h *Hub) live(ctx context.Context, sub *Subscription, w *frameWriter, f filter, sent uint64) {
	tick := time.NewTicker(h.cfg.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-sub.C:
			if !ok {
				return
			}
			if ev.ID <= sent || !f.match(*ev) {
				continue
			}
			sent = ev.ID
			if err := w.event(*ev); err != nil {
				h.writeFailed(sub.topic, err)
				return
			}
		case <-tick.C:
			if err := w.comment("heartbeat"); err != nil {
				h.writeFailed(sub.topic, err)
				return
			}
		}
	}
}

// writeFailed tells OnDrop of a client dropped because a frame could not be written within
// the write timeout; any other write failure is a client that left.
func (h *Hub) writeFailed(topic string, err error) {
	if h.cfg.OnDrop != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		h.cfg.OnDrop(topic, DropWriteTimeout)
	}
}

func isClientGone(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, http.ErrHandlerTimeout)
}
