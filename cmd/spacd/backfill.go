package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/backfill"
	"github.com/spacdata/spac/ingest/fanout"
	"github.com/spacdata/spac/ingest/market"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll"
)

// cmdBackfill fills the store with the history of the SPACs EDGAR lists since --since (and of
// the --cik companies), as historical filings: see ingest/backfill. Killed, it resumes where it
// stopped when run again. It prints its summary (aligned text, or JSON with --json); progress
// goes to stderr.
func cmdBackfill(ctx context.Context, env *environment, args []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	client, err := edgarClient(env)
	if err != nil {
		return err
	}
	if a.pipeline.OnHistoricalFold, err = historyRecorder(ctx, env, a); err != nil {
		return err
	}
	a.pipeline.Workers = 2
	cfg, err := backfillConfig(env, a, client)
	if err != nil {
		return err
	}
	cfg.OnProgress = newProgressPrinter(env.stderr, "backfill", flagString(env.flags, "progress")).tellBackfill
	b, err := backfill.New(cfg)
	if err != nil {
		return err
	}
	sum, err := b.Run(ctx)
	if err := errors.Join(err, emit(env, sum, func(w io.Writer) { backfillText(w, sum) })); err != nil {
		return err
	}
	if len(sum.Failed) > 0 {
		return fmt.Errorf("backfill: %d requests failed; run it again to fetch them", len(sum.Failed))
	}
	return nil
}

// backfillText is the readable form of a backfill's summary.
func backfillText(w io.Writer, sum backfill.Summary) {
	writeFields(w, [][2]string{
		{"index files", fmt.Sprint(sum.IndexFiles)}, {"candidates", fmt.Sprint(sum.Candidates)},
		{"SPACs", fmt.Sprint(sum.SPACs)}, {"filings", fmt.Sprint(sum.Filings)},
		{"fetched", fmt.Sprint(sum.Fetched)}, {"already stored", fmt.Sprint(sum.AlreadyStored)},
		{"skipped", fmt.Sprint(sum.Skipped)}, {"failed", fmt.Sprint(len(sum.Failed))},
		{"folded", fmt.Sprint(sum.Folded)}, {"requests", fmt.Sprint(sum.Requests)},
		{"took", sum.Duration.String()},
	})
	for _, f := range sum.Failed {
		fmt.Fprintf(w, "failed: %s\n", f)
	}
}

// edgarClient is the one EDGAR client of a process (the poller and the backfill share its rate
// limit). A placeholder User-Agent is refused for the real EDGAR with a clear message.
func edgarClient(env *environment) (*poll.Client, error) {
	c := env.cfg.EDGAR
	for _, u := range []string{c.BaseURL, c.Submissions} {
		if err := poll.CheckUserAgent(u, c.UserAgent); err != nil {
			return nil, err
		}
	}
	return poll.NewClient(poll.ClientConfig{UserAgent: c.UserAgent, RatePerSec: c.RatePerSec,
		BaseURLs: []string{c.BaseURL, c.Submissions}, Logger: env.log})
}

// backfillConfig reads the flags over the edgar.* configuration: --since over
// edgar.backfill_since, --cik added to edgar.ciks.
func backfillConfig(env *environment, a *app, client *poll.Client) (backfill.Config, error) {
	c := env.cfg.EDGAR
	since := c.BackfillSince
	if s := flagString(env.flags, "since"); s != "" {
		since = s
	}
	day, err := time.Parse(time.DateOnly, since)
	if err != nil {
		return backfill.Config{}, fmt.Errorf("--since %q: want a date YYYY-MM-DD", since)
	}
	ciks, err := parseCIKs(append(append([]string(nil), c.CIKs...), flagStrings(env.flags, "cik")...))
	if err != nil {
		return backfill.Config{}, err
	}
	return backfill.Config{
		Client: client, BaseURL: c.BaseURL, SubmissionsBaseURL: c.Submissions, Pipeline: a.pipeline, State: a.db,
		SpoolDir: filepath.Join(env.cfg.DataDir, "backfill-spool"), Discover: !flagBool(env.flags, "no-discover"),
		Since: day, CIKs: ciks, IndexKind: flagString(env.flags, "index"), Logger: env.log,
	}, nil
}

func parseCIKs(values []string) ([]spac.CIK, error) {
	var out []spac.CIK
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			cik, ok := spac.ParseCIK(s)
			if !ok {
				return nil, fmt.Errorf("%q is not a CIK", s)
			}
			out = append(out, cik)
		}
	}
	return out, nil
}

// historyRecorder is the fold hook of `spacd backfill`: serve's fan-out (package fanout) over
// the store, with nowhere to push. A backfill's folds are historical, so it records their alerts
// and filing articles exactly as a backfill inside serve does, and pushes nothing.
func historyRecorder(ctx context.Context, env *environment, a *app) (pipeline.ProfileHook, error) {
	fictional, err := a.fictionalStore(ctx, env, false)
	if err != nil {
		return nil, err
	}
	quotes, err := loadQuotes(env, fictional)
	if err != nil {
		return nil, err
	}
	f, err := fanout.New(fanout.Config{
		Store: a.db, Stream: noStream{}, Webhooks: noWebhooks{}, Alerts: alerts.Config(env.cfg.Alerts),
		Market: market.NewJoiner(quotes, env.now), Now: env.now, Logger: env.log,
	})
	if err != nil {
		return nil, fmt.Errorf("alerts config: %w", err)
	}
	return f.OnFold, nil
}

// noWebhooks and noStream are the push side of the offline fan-out. A historical fold never
// pushes, so reaching either is a bug that the fan-out logs as an error.
type (
	noWebhooks struct{}
	noStream   struct{}
)

var errNowhere = errors.New("spacd backfill pushes nothing: only serve streams and sends")

func (noWebhooks) NewEvent(string, string, any) (spac.OutboxEvent, error) {
	return spac.OutboxEvent{}, errNowhere
}
func (noWebhooks) PublishEvent(context.Context, spac.OutboxEvent) (int, error) { return 0, errNowhere }
func (noWebhooks) Wake()                                                       {}

func (noStream) Publish(context.Context, string, spac.StreamEvent) (spac.StreamEvent, error) {
	return spac.StreamEvent{}, errNowhere
}

// startBackfill runs a backfill inside serve when edgar.backfill is set (resuming an
// interrupted one), on the process's EDGAR client; the returned stop cancels it and waits.
func startBackfill(ctx context.Context, env *environment, a *app, client *poll.Client) (stop func(), err error) {
	if !env.cfg.EDGAR.Backfill {
		return func() {}, nil
	}
	cfg, err := backfillConfig(env, a, client)
	if err != nil {
		return nil, err
	}
	cfg.OnProgress = newProgressPrinter(logWriter{env}, "backfill", "lines").tellBackfill
	b, err := backfill.New(cfg)
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sum, err := b.Run(runCtx)
		attrs := []any{"spacs", sum.SPACs, "fetched", sum.Fetched, "already_stored", sum.AlreadyStored, "failed", len(sum.Failed), "took", sum.Duration.String()}
		if err != nil && runCtx.Err() == nil {
			env.log.Error("edgar backfill stopped", append(attrs, "err", err)...)
			return
		}
		env.log.Info("edgar backfill", attrs...)
	}()
	return func() { cancel(); <-done }, nil
}

// startEDGAR starts the poller (edgar.enabled) and the backfill (edgar.backfill) on one
// shared client, so that together they keep to the rate limit.
func startEDGAR(ctx context.Context, env *environment, a *app) (*poll.Poller, func(), error) {
	if !env.cfg.EDGAR.Enabled && !env.cfg.EDGAR.Backfill {
		return nil, func() {}, nil
	}
	client, err := edgarClient(env)
	if err != nil {
		return nil, nil, err
	}
	poller, err := startPoller(ctx, env, a, client)
	if err != nil {
		return nil, nil, err
	}
	stop, err := startBackfill(ctx, env, a, client)
	if err != nil {
		stopPoller(env, poller)
		return nil, nil, err
	}
	return poller, stop, nil
}

// logWriter turns progress lines into log records.
type logWriter struct{ env *environment }

func (w logWriter) Write(p []byte) (int, error) {
	w.env.log.Info(strings.TrimSpace(string(p)))
	return len(p), nil
}
