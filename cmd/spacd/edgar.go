package main

import (
	"context"
	"errors"
	"fmt"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll"
)

// startPoller runs the live EDGAR poller when edgar.enabled is set (off by default: the
// embedded fixtures are served). New filings flow through the same pipeline as `spacd ingest`,
// so profiles, index rows, alerts, streams and webhooks update without a restart. It sends its
// requests through client (shared with a backfill) and keeps its paging position, retries and
// handled set in the store's component state across restarts.
func startPoller(ctx context.Context, env *environment, a *app, client *poll.Client) (*poll.Poller, error) {
	c := env.cfg.EDGAR
	if !c.Enabled {
		return nil, nil
	}
	var ciks []spac.CIK
	for _, s := range c.CIKs {
		cik, ok := spac.ParseCIK(s)
		if !ok {
			return nil, fmt.Errorf("edgar.ciks: %q is not a CIK", s)
		}
		ciks = append(ciks, cik)
	}
	p, err := poll.New(poll.Config{
		BaseURL: c.BaseURL, SubmissionsBaseURL: c.Submissions, UserAgent: c.UserAgent,
		Interval: c.PollInterval, RatePerSec: c.RatePerSec, CIKs: ciks, Logger: env.log, Client: client, State: a.db,
		OnPoll: func(res poll.Result, err error) {
			if counted, ok := pollCounted(res, err); ok {
				a.metrics.Polled(counted)
			}
		},
	}, poll.PipelineSink(a.pipeline), poll.StoreSeen(a.db))
	if err != nil {
		return nil, err
	}
	if err := trackStored(ctx, a, p); err != nil {
		return nil, err
	}
	return p, p.Start(ctx)
}

// trackStored tells the poller that every SPAC already in the store is one, sparing a
// submissions lookup per CIK.
func trackStored(ctx context.Context, a *app, p *poll.Poller) error {
	var ciks []spac.CIK
	if err := a.db.EachCIK(ctx, func(c spac.CIK) error { ciks = append(ciks, c); return nil }); err != nil {
		return err
	}
	return p.Track(ciks...)
}

func stopPoller(env *environment, p *poll.Poller) {
	if p == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), env.cfg.HTTP.ShutdownTimeout)
	defer cancel()
	if err := p.Shutdown(ctx); err != nil && !errors.Is(err, context.Canceled) {
		env.log.Error("poller shutdown", "err", err)
	}
}
