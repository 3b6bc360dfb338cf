package pipeline

import (
	"context"
	"errors"
	"fmt"
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

// Reextract derives again the facts of every stored filing whose stamp is not the running
// extractor's version (every filing with all), from the source kept with it, stores them
// with the new stamp, and refolds the SPACs whose facts changed - as history: alerts and
// filing news are evaluated, nothing is pushed to streams or webhooks. Each filing is
// restamped in the transaction that stores its facts, so a run killed at any point leaves
// every filing either done or stale, and the next run (or serve) completes it.
func (p *Pipeline) Reextract(ctx context.Context, all bool) (ReextractSummary, error) {
	start := time.Now()
	sum := ReextractSummary{Version: p.Extractor.Version(), Errors: []spac.IngestError{}}
	targets, err := p.staleFilings(ctx, all)
	if err != nil {
		return sum, err
	}
	sum.Stale = len(targets)
	ctx = WithHistorical(ctx)
	var mu sync.Mutex
	p.tell(PhaseReextract, 0, len(targets))
	runErr := p.eachTarget(ctx, targets, func(t staleFiling, changed bool, err *spac.IngestError) {
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
		p.tell(PhaseReextract, sum.Done+sum.Unsourced+len(sum.Errors), len(targets))
	})
	if runErr != nil {
		ctx = context.WithoutCancel(ctx) // fold what was derived before the failure
	}
	n, err := p.foldPending(ctx, nil)
	sum.SPACs = n
	sum.Duration = spac.Duration(time.Since(start))
	return sum, errors.Join(runErr, err)
}

// staleFiling is a stored filing to derive again.
type staleFiling struct {
	accession string
	sourced   bool
}

// staleFilings lists the filings to derive again, in accession order.
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
		out = append(out, staleFiling{accession: f.Accession, sourced: has})
		return err
	})
	return out, err
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
	facts := p.extract(r)
	changed, err = p.putFiling(ctx, r, facts)
	return changed, nil, err
}

func (p *Pipeline) reextractError(acc, reason string) *spac.IngestError {
	p.logger().Warn("source not re-extracted", "accession", acc, "reason", reason)
	return &spac.IngestError{Source: "src/" + acc, Accession: acc, Reason: reason, At: p.now()}
}
