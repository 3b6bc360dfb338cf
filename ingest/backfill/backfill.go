// Package backfill fills the store with the history of the SPAC universe from EDGAR: it
// discovers SPACs in EDGAR's own sources (the quarterly full-index and daily indexes,
// company_tickers.json), classifies each candidate by its submissions JSON (SIC 6770, a former
// SPAC, or a CIK the caller tracks), and fetches every filing of interest of each SPAC's life
// as a full submission through the shared poll.Client (rate limit, declared User-Agent,
// backoff). Filings are stored in historical mode (their folds record history and push
// nothing live) and each SPAC is folded once its filings are in.
//
// A run is resumable and idempotent: progress is kept in component state (see state.go) and a
// download is written to a spool directory before it is stored, so a run killed at any point
// and started again fetches nothing twice and misses nothing; a run over a complete backfill
// asks EDGAR only for index files that did not exist before.
package backfill

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll"
)

// Config configures a Backfill. Client, Pipeline, State and SpoolDir are required.
type Config struct {
	Client             *poll.Client
	BaseURL            string // www.sec.gov: indexes, company_tickers.json, archives (default poll.DefaultBaseURL)
	SubmissionsBaseURL string // data.sec.gov (default poll.DefaultSubmissionsBaseURL)
	Pipeline           *pipeline.Pipeline
	State              poll.StateStore
	// SpoolDir holds downloads not yet stored (created when missing).
	SpoolDir string
	// Discover reads EDGAR's indexes from Since to today and company_tickers.json for SPACs;
	// without it only CIKs are backfilled.
	Discover bool
	Since    time.Time
	// CIKs are backfilled whatever their SIC code.
	CIKs []spac.CIK
	// Forms are the forms of interest (default poll.DefaultForms).
	Forms []string
	// IndexKind is the index layout read: "form" (default) or "company".
	IndexKind string
	// MaxSubmissionBytes refuses larger downloads (default poll.DefaultMaxSubmissionBytes).
	MaxSubmissionBytes int64
	// MaxPages bounds the older submissions pages read per company (default 50).
	MaxPages int
	// Now is the clock that decides which index files exist and times progress (default
	// time.Now); tests give the Client's virtual clock.
	Now func() time.Time
	// OnProgress, when set, is told after every step.
	OnProgress func(Progress)
	Logger     *slog.Logger
}

// Summary counts what a run did.
type Summary struct {
	IndexFiles    int           `json:"index_files"`    // index files read this run
	Candidates    int           `json:"candidates"`     // CIKs worth a submissions lookup
	SPACs         int           `json:"spacs"`          // candidates that are (or were) SPACs
	Filings       int           `json:"filings"`        // filings of interest of those SPACs
	Fetched       int           `json:"fetched"`        // downloaded this run
	AlreadyStored int           `json:"already_stored"` // found in the store, the spool or the skip list
	Skipped       int           `json:"skipped"`        // gone (404), too large or rejected, this run
	Failed        []string      `json:"failed"`         // could not be fetched now; the next run retries them
	Folded        int           `json:"folded"`         // SPACs folded
	Requests      int           `json:"requests"`       // HTTP requests sent (retries included)
	Duration      spac.Duration `json:"duration"`       // "1m23.5s"
}

// Backfill runs backfills. Its methods must not be called concurrently.
type Backfill struct {
	cfg   Config
	forms map[string]bool
	state state
	log   *slog.Logger
	prog  *progress

	failStreak int // EDGAR requests failed in a row
}

// DefaultMaxPages bounds the older submissions pages read per company.
const DefaultMaxPages = 50

// New validates cfg and applies the defaults.
func New(cfg Config) (*Backfill, error) {
	if cfg.Client == nil || cfg.Pipeline == nil || cfg.State == nil || cfg.SpoolDir == "" {
		return nil, errors.New("backfill: Client, Pipeline, State and SpoolDir are required")
	}
	if cfg.Discover && cfg.Since.IsZero() {
		return nil, errors.New("backfill: discovery needs a Since date")
	}
	if !cfg.Discover && len(cfg.CIKs) == 0 {
		return nil, errors.New("backfill: nothing to do: enable discovery or name CIKs")
	}
	switch cfg.IndexKind {
	case "":
		cfg.IndexKind = "form"
	case "form", "company":
	default:
		return nil, fmt.Errorf("backfill: IndexKind %q is neither form nor company", cfg.IndexKind)
	}
	cfg.BaseURL = strings.TrimRight(orDefault(cfg.BaseURL, poll.DefaultBaseURL), "/")
	cfg.SubmissionsBaseURL = strings.TrimRight(orDefault(cfg.SubmissionsBaseURL, poll.DefaultSubmissionsBaseURL), "/")
	if len(cfg.Forms) == 0 {
		cfg.Forms = poll.DefaultForms
	}
	if cfg.MaxSubmissionBytes <= 0 {
		cfg.MaxSubmissionBytes = poll.DefaultMaxSubmissionBytes
	}
	if cfg.MaxPages <= 0 {
		cfg.MaxPages = DefaultMaxPages
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	for i, c := range cfg.CIKs {
		norm, ok := spac.ParseCIK(string(c))
		if !ok {
			return nil, fmt.Errorf("backfill: bad CIK %q", c)
		}
		cfg.CIKs[i] = norm
	}
	b := &Backfill{cfg: cfg, forms: map[string]bool{}, state: state{cfg.State}, log: cfg.Logger}
	for _, f := range cfg.Forms {
		b.forms[normForm(f)] = true
	}
	return b, nil
}

func orDefault(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return v
}

func normForm(f string) string { return strings.ToUpper(strings.TrimSpace(f)) }

// Run backfills: it stores what a killed run left in the spool, discovers, classifies, then
// fetches, stores and folds SPAC by SPAC, and finally folds whatever is still pending. A
// filing that cannot be fetched now is listed in Summary.Failed and the run goes on; Run
// returns an error when ctx ends, the store fails, or EDGAR fails too many times in a row.
func (b *Backfill) Run(ctx context.Context) (Summary, error) {
	start := b.cfg.Now()
	requests := b.cfg.Client.Requests()
	b.prog = newProgress(b.cfg.Now, b.cfg.Client.RatePerSec(), b.cfg.OnProgress)
	var sum Summary
	err := b.run(ctx, &sum)
	sum.Requests = b.cfg.Client.Requests() - requests
	sum.Duration = spac.Duration(b.cfg.Now().Sub(start))
	b.prog.finish()
	return sum, err
}

func (b *Backfill) run(ctx context.Context, sum *Summary) error {
	if err := os.MkdirAll(b.cfg.SpoolDir, 0o755); err != nil {
		return fmt.Errorf("backfill: spool: %w", err)
	}
	st := newStorer(b, sum)
	if err := st.drainSpool(ctx); err != nil {
		return err
	}
	candidates, err := b.discover(ctx, sum)
	if err != nil {
		return err
	}
	spacs, err := b.classifyAll(ctx, candidates, sum)
	if err != nil {
		return err
	}
	return b.fetchAll(ctx, st, spacs, sum)
}
