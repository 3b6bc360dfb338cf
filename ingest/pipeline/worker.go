package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
)

// fileResult is the outcome of one document.
type fileResult struct {
	cik     spac.CIK
	changed bool
	facts   int
	err     *spac.IngestError  // the document was skipped for this reason
	dropped []spac.IngestError // values of the stored document dropped as implausible
}

// runWorkers feeds names to p.Workers goroutines. Document errors are results, not failures;
// only a store failure or cancellation stops the run.
func (p *Pipeline) runWorkers(ctx context.Context, names []string, load func(string) ([]byte, error), record func(fileResult)) error {
	return p.runJobs(ctx, names, func(name string) error {
		res, err := p.ingestOne(ctx, name, load)
		if err != nil {
			return err
		}
		p.count(res)
		record(res)
		return nil
	})
}

// runJobs runs job for every name on p.Workers goroutines; the first error stops the run.
func (p *Pipeline) runJobs(ctx context.Context, names []string, job func(string) error) error {
	n := p.Workers
	if n <= 0 {
		n = 2
	}
	jobs := make(chan string)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name := range jobs {
				if err := job(name); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	err := feed(ctx, jobs, names, errs)
	close(jobs)
	wg.Wait()
	close(errs)
	if err != nil {
		return err
	}
	return <-errs // nil when the channel is empty
}

// feed sends names until done, cancelled, or a worker reported a fatal error.
func feed(ctx context.Context, jobs chan<- string, names []string, errs chan error) error {
	for _, name := range names {
		select {
		case jobs <- name:
		case <-ctx.Done():
			return ctx.Err()
		case err := <-errs:
			return err
		}
	}
	return nil
}

// ingestOne reads, extracts and stores one document. A document that cannot be read is
// returned as a skipped result; a panic in a reader or extractor is contained the same way,
// because one malformed filing must never take the service down.
func (p *Pipeline) ingestOne(ctx context.Context, name string, load func(string) ([]byte, error)) (res fileResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = p.skipped(name, "", fmt.Sprintf("%s: panic while reading: %v", ingest.ReasonInternal, r))
			err = nil
		}
	}()
	data, lerr := load(name)
	if lerr != nil {
		return p.skipped(name, "", reasonOf(lerr)), nil
	}
	r, rerr := p.read(name, data)
	if rerr != nil {
		return p.skipped(name, "", reasonOf(rerr)), nil
	}
	if r.Filing.CIK == "" || r.Filing.Accession == "" {
		return p.skipped(name, r.Filing.Accession, noHeader), nil
	}
	facts, dropped := p.plausible(name, r.Filing.Accession, p.extract(r))
	changed, serr := p.putFiling(ctx, r, facts)
	if spac.ErrorCode(serr) == spac.EINVALID {
		// The store refused this document (a key or a value it cannot hold), not its disk.
		return p.skipped(name, "", storeRefused+": "+serr.Error()), nil
	}
	if serr != nil {
		return fileResult{}, fmt.Errorf("store %s: %w", r.Filing.Accession, serr)
	}
	p.logger().Debug("ingested", "source", name, "accession", r.Filing.Accession, "facts", len(facts), "changed", changed)
	return fileResult{cik: r.Filing.CIK, changed: changed, facts: len(facts), dropped: dropped}, nil
}

// plausible drops the facts whose value is outside its field's plausible range (a misreading
// would be served as data, and sort before every real value), and records each as a skip
// with reason implausible_value: the rest of the filing is stored.
func (p *Pipeline) plausible(name, accession string, facts []spac.Fact) ([]spac.Fact, []spac.IngestError) {
	var dropped []spac.IngestError
	kept := facts[:0]
	for _, f := range facts {
		if err := spac.Plausible(f.Field, f.Value); err != nil {
			p.logger().Warn("value dropped", "source", name, "accession", accession, "field", f.Field, "err", err)
			dropped = append(dropped, spac.IngestError{Source: name, Accession: accession, Reason: ReasonImplausible + ": " + err.Error(), At: p.now()})
			continue
		}
		kept = append(kept, f)
	}
	return kept, dropped
}

// read reads one document: a full submission, or with p.Bare a bare document.
func (p *Pipeline) read(name string, data []byte) (*spac.RenderedFiling, error) {
	if p.Bare == nil {
		return p.reader().ReadBytes(name, data)
	}
	meta := *p.Bare
	if meta.Accession == "" {
		meta.Accession = ingest.AccessionInName(name)
	}
	return p.reader().ReadHTML(name, data, meta)
}

// extract derives the facts of r and stamps r with the version of the extractor.
func (p *Pipeline) extract(r *spac.RenderedFiling) []spac.Fact {
	r.Filing.ExtractVersion = p.Extractor.Version()
	return p.Extractor.Facts(r)
}

// count tells Metrics about one document's result.
func (p *Pipeline) count(res fileResult) {
	switch {
	case p.Metrics == nil:
	case res.err != nil:
		p.Metrics.FilingSkipped(ReasonClass(res.err.Reason))
	default:
		p.Metrics.FilingStored(res.facts, res.changed)
	}
}

// Reason classes of skips that are not read errors (ingest.Reason* covers those).
const (
	ReasonNoHeader     = "no_header"         // no filer CIK or accession number in the header
	ReasonStoreRefused = "store_refused"     // the store cannot hold a key or value of it
	ReasonImplausible  = "implausible_value" // a value dropped (the filing is stored): spac.Plausible
	ReasonOther        = "other"
)

// ReasonClass is the stable class of a recorded skip reason: its ingest.Reason* code, or one
// of the pipeline's own classes above; never free text, so it can label a metric.
func ReasonClass(reason string) string {
	code, _, _ := strings.Cut(reason, ":")
	switch code {
	case ingest.ReasonTooLarge, ingest.ReasonBinary, ingest.ReasonTruncated, ingest.ReasonBadHeader,
		ingest.ReasonUnsupported, ingest.ReasonMissingSidecar, ingest.ReasonBadSidecar, ingest.ReasonIO,
		ingest.ReasonInternal:
		return code
	case ReasonNoHeader, ReasonStoreRefused, ReasonImplausible:
		return code
	case legacyStoreRefused: // recorded before the reasons led with their code
		return ReasonStoreRefused
	case legacyNoHeader:
		return ReasonNoHeader
	}
	return ReasonOther
}

// The recorded reasons of the pipeline's own skips, led by their code like ingest.Reason*'s
// ("no_header: ..."); the legacy ones are the texts recorded without one.
const (
	storeRefused       = ReasonStoreRefused + ": the store refused it"
	noHeader           = ReasonNoHeader + ": no filer CIK or accession number in the header"
	legacyStoreRefused = "store refused it"
	legacyNoHeader     = "no filer CIK or accession number in the header"
)

// reasonOf is the recorded reason of a read error: its stable reason first ("too_large: ..."),
// as ingest.Reason* promises; the source is recorded beside it, not repeated in it.
func reasonOf(err error) string {
	var re *ingest.ReadError
	if errors.As(err, &re) && re.Err != nil {
		return re.Reason + ": " + re.Err.Error()
	}
	return err.Error()
}

func (p *Pipeline) skipped(name, accession, reason string) fileResult {
	p.logger().Warn("document skipped", "source", name, "reason", reason)
	return fileResult{err: &spac.IngestError{Source: name, Accession: accession, Reason: reason, At: p.now()}}
}

// putFiling stores through the fold ledger when the store keeps one, so the filing's fold mark
// carries the run's mode.
func (p *Pipeline) putFiling(ctx context.Context, r *spac.RenderedFiling, facts []spac.Fact) (bool, error) {
	if l, ok := p.Store.(spac.FoldLedger); ok {
		return l.PutFilingMarked(ctx, r, facts, IsHistorical(ctx))
	}
	return p.Store.PutFiling(ctx, r, facts)
}
