package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	spac "github.com/spacdata/spac"
)

// PhaseReextract is the phase of Reextract: stored filings whose facts are derived again
// (Total: the stale filings of the run).
const PhaseReextract = "reextract"

// ReextractSummary counts what a Reextract run did.
type ReextractSummary struct {
	Version   string `json:"version"`   // the extractor version the facts were derived with
	Stale     int    `json:"stale"`     // filings whose facts were older (or all, with All)
	Done      int    `json:"done"`      // filings derived again and restamped
	Changed   int    `json:"changed"`   // of those, filings whose facts changed
	Unsourced int    `json:"unsourced"` // stale filings stored without a source (before schema 2)
	SPACs     int    `json:"spacs"`     // SPACs refolded
	// Errors are the stored sources that could not be read again (the filing keeps its facts).
	Errors   []spac.IngestError `json:"errors"`
	Duration spac.Duration      `json:"duration"`
}

// Staleness counts the stored filings whose facts another extractor version derived, and
// those of them without a kept source (which cannot be derived again until re-ingested).
func (p *Pipeline) Staleness(ctx context.Context) (stale, unsourced int, err error) {
	targets, err := p.staleFilings(ctx, false)
	if err != nil {
		return 0, 0, err
	}
	for _, t := range targets {
		if !t.sourced {
			unsourced++
		}
	}
	return len(targets), unsourced, nil
}

// ReextractOptions tune a Reextract run.
type ReextractOptions struct {
	// All derives every filing again, whatever its stamp: the stamps are cleared first, so a
	// run killed part way is completed by the next plain run (or by serve).
	All bool
	// Progress, when set, is told the position after every filing instead of OnProgress
	// (serve reports a background run on /health while its poller reports ingests).
	Progress func(Progress)
}

// reextractBatch is how many filings are derived again between two folds: SPACs move to
// their new facts batch by batch while the old profiles keep being served.
const reextractBatch = 256

// Reextract derives again the facts of every stored filing whose stamp is not the running
// extractor's version, from the source kept with it, stores them with the new stamp, and
// refolds the SPACs whose facts changed - as history: alerts and filing news are evaluated,
// nothing is pushed to streams or webhooks. Filings go by SPAC, a batch at a time, each batch
// folded before the next, so each SPAC moves to its new facts at once. Each filing is
// restamped in the write that stores its facts, so a run killed at any point leaves every
// filing done or stale, and the next run (or serve) completes it.
func (p *Pipeline) Reextract(ctx context.Context, opts ReextractOptions) (ReextractSummary, error) {
	start := time.Now()
	sum := ReextractSummary{Version: p.Extractor.Version(), Errors: []spac.IngestError{}}
	if opts.All {
		if err := p.unstampAll(ctx); err != nil {
			return sum, err
		}
	}
	targets, err := p.staleFilings(ctx, false)
	if err != nil {
		return sum, err
	}
	sum.Stale = len(targets)
	ctx = WithHistorical(ctx)
	tell := func(done int) {
		switch {
		case opts.Progress != nil && len(targets) > 0:
			opts.Progress(Progress{Phase: PhaseReextract, Done: done, Total: len(targets)})
		case opts.Progress == nil:
			p.tell(PhaseReextract, done, len(targets))
		}
	}
	tell(0)
	for from := 0; from < len(targets); from += reextractBatch {
		batch := targets[from:min(from+reextractBatch, len(targets))]
		if err := p.reextractBatch(ctx, batch, &sum, tell); err != nil {
			return p.finishReextract(ctx, sum, start, err)
		}
		n, err := p.foldPending(ctx, nil)
		sum.SPACs += n
		if err != nil {
			return p.finishReextract(ctx, sum, start, err)
		}
	}
	if len(targets) == 0 {
		// Nothing stale: a run killed after its last restamp may still have left SPACs to fold.
		n, err := p.foldPending(ctx, nil)
		sum.SPACs += n
		return p.finishReextract(ctx, sum, start, err)
	}
	return p.finishReextract(ctx, sum, start, nil)
}

// finishReextract folds what a failed run derived (the marks would also have the next run
// fold it) and closes the summary.
func (p *Pipeline) finishReextract(ctx context.Context, sum ReextractSummary, start time.Time, runErr error) (ReextractSummary, error) {
	if runErr != nil {
		n, err := p.foldPending(context.WithoutCancel(ctx), nil)
		sum.SPACs += n
		runErr = errors.Join(runErr, err)
	}
	sum.Duration = spac.Duration(time.Since(start))
	return sum, runErr
}

// reextractBatch derives one batch of filings again and counts the outcomes into sum.
func (p *Pipeline) reextractBatch(ctx context.Context, batch []staleFiling, sum *ReextractSummary, tell func(int)) error {
	var mu sync.Mutex
	return p.eachTarget(ctx, batch, func(t staleFiling, changed bool, err *spac.IngestError) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			sum.Errors = append(sum.Errors, *err)
		case !t.sourced:
			sum.Unsourced++
		default:
			sum.Done++
			if changed {
				sum.Changed++
			}
		}
		tell(sum.Done + sum.Unsourced + len(sum.Errors))
	})
}

// staleFiling is a stored filing to derive again.
type staleFiling struct {
	cik       spac.CIK
	accession string
	sourced   bool
}

// staleFilings lists the filings to derive again, by SPAC then accession.
func (p *Pipeline) staleFilings(ctx context.Context, all bool) ([]staleFiling, error) {
	ss, ok := p.Store.(interface {
		spac.SourceStore
		HasSource(ctx context.Context, accession string) (bool, error)
	})
	if !ok {
		return nil, errors.New("pipeline: the store keeps no sources; facts cannot be derived again")
	}
	v := p.Extractor.Version()
	var out []staleFiling
	err := ss.EachFiling(ctx, func(f spac.Filing) error {
		if !all && f.ExtractVersion == v {
			return nil
		}
		has, err := ss.HasSource(ctx, f.Accession)
		out = append(out, staleFiling{cik: f.CIK, accession: f.Accession, sourced: has})
		return err
	})
	if u, ok := p.Store.(interface {
		EachUnrecorded(ctx context.Context, fn func(cik spac.CIK, accession string) error) error
	}); ok && err == nil {
		// a filing whose replacement a killed run left half-done has no record to be stale
		// by, and only its source can restore it: always derived again
		err = u.EachUnrecorded(ctx, func(cik spac.CIK, acc string) error {
			has, err := ss.HasSource(ctx, acc)
			out = append(out, staleFiling{cik: cik, accession: acc, sourced: has})
			return err
		})
	}
	sort.Slice(out, func(i, j int) bool {
		return cmp.Or(cmp.Compare(out[i].cik, out[j].cik), cmp.Compare(out[i].accession, out[j].accession)) < 0
	})
	return out, err
}

// unstampAll clears the extractor stamp of every stored filing, so that all of them read as
// stale to this run and, if it is killed, to the next one.
func (p *Pipeline) unstampAll(ctx context.Context) error {
	u, ok := p.Store.(interface {
		Unstamp(ctx context.Context) (int, error)
	})
	if !ok {
		return errors.New("pipeline: the store cannot clear extractor stamps")
	}
	_, err := u.Unstamp(ctx)
	return err
}

// eachTarget derives the targets again with p.Workers goroutines and reports each outcome.
// Only a store failure or cancellation stops the run.
func (p *Pipeline) eachTarget(ctx context.Context, targets []staleFiling, report func(staleFiling, bool, *spac.IngestError)) error {
	names := make([]string, len(targets))
	byName := make(map[string]staleFiling, len(targets))
	for i, t := range targets {
		names[i], byName[t.accession] = t.accession, t
	}
	return p.runJobs(ctx, names, func(acc string) error {
		t := byName[acc]
		if !t.sourced {
			report(t, false, nil)
			return nil
		}
		changed, ierr, err := p.reextractOne(ctx, acc)
		if err != nil {
			return err
		}
		report(t, changed, ierr)
		return nil
	})
}

// reextractOne derives one filing's facts again from its stored source and stores them.
// A source that cannot be read again is reported (the filing keeps its facts and stamp).
func (p *Pipeline) reextractOne(ctx context.Context, acc string) (changed bool, ierr *spac.IngestError, err error) {
	defer func() {
		if r := recover(); r != nil {
			ierr, err = p.reextractError(acc, fmt.Sprintf("internal: panic while re-extracting: %v", r)), nil
		}
	}()
	src, err := p.Store.(spac.SourceStore).Source(ctx, acc)
	if err != nil {
		return false, nil, err
	}
	r, rerr := p.reader().ReadSource(src)
	if rerr != nil {
		return false, p.reextractError(acc, reasonOf(rerr)), nil
	}
	r.Source = nil // kept already: not compressed and written again
	facts, dropped := p.plausible("src/"+acc, acc, p.extract(r))
	for _, d := range dropped {
		if err := p.Store.PutIngestError(ctx, d); err != nil {
			return false, nil, err
		}
	}
	changed, err = p.putFiling(ctx, r, facts)
	return changed, nil, err
}

func (p *Pipeline) reextractError(acc, reason string) *spac.IngestError {
	p.logger().Warn("source not re-extracted", "accession", acc, "reason", reason)
	return &spac.IngestError{Source: "src/" + acc, Accession: acc, Reason: reason, At: p.now()}
}
