// Package poll is the live EDGAR poller: it reads the current-filings Atom feed, keeps the
// filings of SPACs (SIC 6770, learned from the submissions JSON) and of tracked CIKs whose form
// is of interest, downloads each new full submission once and hands it to a Sink (the
// pipeline). Every request carries the declared User-Agent, goes through one token bucket
// (<= 10 requests/s, the SEC fair-access limit) and backs off on 403/429/5xx.
package poll

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// Result counts what one poll did.
type Result struct {
	At          time.Time // when the poll started (Config.Now)
	Entries     int       // feed entries read, over every page
	Downloaded  int       // full submissions fetched
	Ingested    int       // submissions the sink accepted
	Skipped     int       // accessions not downloaded: form not of interest, not a SPAC, or already seen
	AlreadySeen int       // of Skipped: already stored (Seen) or handled earlier by this poller
	Pending     int       // filings that failed and will be retried on the next poll
	Errors      []error   // per-request and per-filing failures; the poll went on past them
}

// Poller polls EDGAR. Its methods are safe for concurrent use; polls never overlap.
type Poller struct {
	cfg     Config
	sink    Sink
	seen    Seen
	log     *slog.Logger
	client  *Client
	forms   map[string]bool // upper-cased forms of interest
	spacs   *spacSet
	handled *MemorySeen // accessions this poller ingested or found stored

	pollMu      sync.Mutex // serialises polls; guards the fields below
	watermarks  map[string]time.Time
	pending     map[string]*candidate
	stateLoaded bool

	runMu   sync.Mutex
	started bool
	cancel  context.CancelFunc
	done    chan struct{}
}

// New validates cfg and returns a stopped Poller. seen may be nil (an in-memory set is used).
func New(cfg Config, sink Sink, seen Seen) (*Poller, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if sink == nil {
		return nil, errors.New("poll: a Sink is required")
	}
	if seen == nil {
		seen = NewMemorySeen(0)
	}
	client := cfg.Client
	if client == nil {
		client, err = NewClient(ClientConfig{
			UserAgent: cfg.UserAgent, RatePerSec: cfg.RatePerSec, MaxRetries: cfg.MaxRetries,
			BaseURLs:    []string{cfg.BaseURL, cfg.SubmissionsBaseURL},
			BackoffBase: cfg.BackoffBase, MaxBackoff: cfg.MaxBackoff, MaxRetryAfter: cfg.MaxRetryAfter,
			HTTPClient: cfg.HTTPClient, Logger: cfg.Logger,
		})
		if err != nil {
			return nil, err
		}
	}
	p := &Poller{
		cfg: cfg, sink: sink, seen: seen, log: cfg.Logger, client: client,
		forms: map[string]bool{}, spacs: newSPACSet(), handled: NewMemorySeen(0),
		watermarks: map[string]time.Time{}, pending: map[string]*candidate{},
	}
	for _, f := range cfg.Forms {
		p.forms[normForm(f)] = true
	}
	if err := p.Track(cfg.CIKs...); err != nil {
		return nil, err
	}
	return p, nil
}

// Track adds CIKs whose filings are kept whatever their SIC code (e.g. the SPACs already in
// the store, so the poller needs no submissions lookup for them).
func (p *Poller) Track(ciks ...spac.CIK) error {
	for _, c := range ciks {
		norm, ok := spac.ParseCIK(string(c))
		if !ok {
			return fmt.Errorf("poll: bad CIK %q", c)
		}
		p.spacs.track(norm)
	}
	return nil
}

// Start polls now and then every Interval on a goroutine the Poller owns, until ctx ends or
// Shutdown is called. It returns at once; a Poller starts only once.
func (p *Poller) Start(ctx context.Context) error {
	p.runMu.Lock()
	defer p.runMu.Unlock()
	if p.started {
		return errors.New("poll: already started")
	}
	p.started = true
	runCtx, cancel := context.WithCancel(ctx)
	p.cancel, p.done = cancel, make(chan struct{})
	go p.run(runCtx)
	return nil
}

func (p *Poller) run(ctx context.Context) {
	defer close(p.done)
	ticker := time.NewTicker(p.cfg.Interval)
	defer ticker.Stop()
	for {
		res, err := p.PollOnce(ctx)
		p.logResult(res, err)
		if p.cfg.OnPoll != nil {
			p.cfg.OnPoll(res, err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// Shutdown stops the goroutine Start began and waits for it (an in-flight poll is cancelled),
// or returns ctx's error when ctx ends first. It is a no-op on a Poller never started.
func (p *Poller) Shutdown(ctx context.Context) error {
	p.runMu.Lock()
	if !p.started {
		p.runMu.Unlock()
		return nil
	}
	p.cancel()
	done := p.done
	p.runMu.Unlock()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *Poller) logResult(res Result, err error) {
	attrs := []any{"entries", res.Entries, "downloaded", res.Downloaded, "ingested", res.Ingested,
		"skipped", res.Skipped, "pending", res.Pending, "errors", len(res.Errors)}
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		p.log.Error("edgar poll failed", append(attrs, "err", err)...)
	case len(res.Errors) > 0:
		p.log.Warn("edgar poll finished with errors", append(attrs, "first", res.Errors[0])...)
	default:
		p.log.Info("edgar poll", attrs...)
	}
}

// PollOnce runs one poll: read the feed, keep the new SPAC filings of interest, download and
// ingest each. Failures of single requests or filings land in Result.Errors and the poll goes
// on; the error is non-nil only when ctx ended or no feed could be read at all.
func (p *Poller) PollOnce(ctx context.Context) (res Result, err error) {
	p.pollMu.Lock()
	defer p.pollMu.Unlock()
	res = Result{At: p.cfg.Now()}
	if err := p.loadState(ctx); err != nil {
		return res, err
	}
	defer func() {
		if err := p.saveState(ctx); err != nil {
			res.Errors = append(res.Errors, err)
		}
	}()
	entries, feedErr := p.readFeeds(ctx, &res)
	for _, c := range p.candidates(entries, &res) {
		if ctx.Err() != nil {
			p.pending[c.accession] = c // not its fault: keep it for the next poll
			continue
		}
		p.handle(ctx, c, &res)
	}
	res.Pending = len(p.pending)
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, feedErr
}
