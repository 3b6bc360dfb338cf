// Package pipeline runs the filing pipeline end to end: read a document (ingest), extract its
// facts (ingest/extract), store filing + text + facts (spac.FilingStore), fold the SPAC's facts
// into its profile and calendar (ingest/fold), store the profile and index its universe row.
// Bad documents are recorded as ingest errors and skipped; they never stop a run: a file that
// cannot be read, is too large or not a regular file, a directory that cannot be listed, a
// header the store cannot key on, a panic while reading or extracting. Only a store failure or
// a cancellation stops a run.
package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract"
)

// Store is what the pipeline needs from the storage adapter.
type Store interface {
	spac.FilingStore
	spac.ProfileStore
}

// ProfileHook is told about every profile the pipeline (re)writes, with the profile it
// replaced (zero when new). The alert engine and webhooks hang off it.
type ProfileHook func(ctx context.Context, prev, cur spac.Profile)

// Pipeline wires the stages. OnFold, when set, sees every profile the pipeline writes.
//
// Crash safety: when the store is a spac.FoldLedger (kv.DB), every stored filing leaves a
// durable fold mark, written with the filing and cleared only after its SPAC's profile and
// index row are written, so a run killed between storing and folding is completed by the next
// ingest or by FoldPending at start. The hooks are told through an outbox entry written in the
// profile's transaction and deleted after they ran, so a crash between the two loses nothing.
type Pipeline struct {
	Store   Store
	Index   spac.Index
	Log     *slog.Logger
	Workers int // parallel readers; <= 0 means 2
	// MaxBytes is the size limit of one document (<= 0: ingest.DefaultMaxBytes). A file over
	// it is recorded as too_large without being opened.
	MaxBytes int64
	// OnFold is told about every changed profile of a live fold.
	OnFold ProfileHook
	// OnHistoricalFold is told about the changed profiles of historical folds (see
	// WithHistorical): the SPACs whose pending filings all came from a backfill. nil means
	// historical folds tell nobody, so nothing old is pushed to streams or webhooks; it may
	// be the same function as OnFold, which can tell the mode with IsHistorical(ctx).
	OnHistoricalFold ProfileHook
	Now              func() time.Time
	// Metrics counts every document read (stored or skipped); nil: none.
	Metrics Metrics
	// OnProgress, when set, is told the position of a run after every document read and
	// every SPAC folded (see Progress); it is called from one goroutine at a time.
	OnProgress func(Progress)
	// Extractor derives the facts (zero: the project's rule book); every stored filing is
	// stamped with its version, so that a newer one knows which facts to derive again.
	Extractor extract.Extractor
	// Bare, when set, reads every document as a bare primary document (HTML or plain text,
	// no SGML envelope) whose header data are Bare's; a document without an accession takes
	// the one its file name holds ("..._0001193125-21-252860.txt").
	Bare *ingest.Sidecar
	// IndexBatch is the most index rows written in one batch by a refold (<= 0:
	// DefaultIndexBatch), so that a refold of every SPAC holds a batch's rows, not all.
	IndexBatch int

	foldMu sync.Mutex // one refold at a time: marks, profiles, index rows and outbox in step
}

// Metrics is told about every document a run reads (package metrics implements it).
type Metrics interface {
	FilingStored(facts int, changed bool)
	// FilingSkipped gets the skip's reason class (ReasonClass), a small fixed set.
	FilingSkipped(reasonClass string)
}

// Summary counts what a run did.
type Summary struct {
	Files   int                `json:"files"`
	Filings int                `json:"filings"`
	Changed int                `json:"changed"`
	Facts   int                `json:"facts"`
	SPACs   int                `json:"spacs"`
	Errors  []spac.IngestError `json:"errors"`
	// Dropped are values of stored filings dropped as implausible (recorded like Errors).
	Dropped  []spac.IngestError `json:"dropped,omitempty"`
	Duration spac.Duration      `json:"duration"` // "1.235s"
}

// Input is one document to ingest: a name (for errors and the Filing.Source) and its bytes.
type Input struct {
	Name string
	Data []byte
}

// IngestFS ingests every filing below root in fsys (full-submission .txt files), then refolds
// every SPAC that changed. Each file's size is checked before it is opened.
func (p *Pipeline) IngestFS(ctx context.Context, fsys fs.FS, root string) (Summary, error) {
	names, unreadable := walkFilings(fsys, root)
	return p.ingest(ctx, names, func(name string) ([]byte, error) {
		if err, ok := unreadable[name]; ok {
			return nil, err
		}
		return p.reader().LoadFile(fsys, name)
	})
}

// IngestFiles ingests the named files of fsys, whatever their extension (the caller named
// them); a name that cannot be read is recorded like any bad document.
func (p *Pipeline) IngestFiles(ctx context.Context, fsys fs.FS, names []string) (Summary, error) {
	return p.ingest(ctx, names, func(name string) ([]byte, error) { return p.reader().LoadFile(fsys, name) })
}

// walkFilings lists the filing files below root, sorted. A directory that cannot be listed
// (permission denied, removed meanwhile) is listed too, with its error, so that it is
// recorded and skipped like a bad file instead of ending the walk of everything after it.
func walkFilings(fsys fs.FS, root string) ([]string, map[string]error) {
	var names []string
	unreadable := map[string]error{}
	_ = fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			names = append(names, name)
			unreadable[name] = &ingest.ReadError{Source: name, Reason: ingest.ReasonIO, Err: err}
		case !d.IsDir() && isFilingName(name):
			names = append(names, name)
		}
		return nil // never stops the walk: the error is recorded above
	})
	sort.Strings(names)
	return names, unreadable
}

// IngestInputs ingests documents already in memory.
func (p *Pipeline) IngestInputs(ctx context.Context, inputs []Input) (Summary, error) {
	names, load := memoryInputs(inputs)
	return p.ingest(ctx, names, load)
}

// StoreInputs stores documents already in memory without folding them: their fold marks stay
// pending until FoldPending (or the next ingest) folds them. A backfill stores each download
// at once, so that nothing it fetched is lost to a crash, and folds a SPAC once all its
// filings are in. Summary.SPACs is 0.
func (p *Pipeline) StoreInputs(ctx context.Context, inputs []Input) (Summary, error) {
	start := time.Now()
	names, load := memoryInputs(inputs)
	sum := Summary{Files: len(names)}
	var mu sync.Mutex
	err := p.runWorkers(ctx, names, load, func(res fileResult) {
		mu.Lock()
		defer mu.Unlock()
		sum.add(res)
	})
	for _, e := range append(slices.Clone(sum.Errors), sum.Dropped...) {
		if perr := p.Store.PutIngestError(context.WithoutCancel(ctx), e); perr != nil {
			return sum, errors.Join(err, perr)
		}
	}
	sum.Duration = spac.Duration(time.Since(start))
	return sum, err
}

func memoryInputs(inputs []Input) ([]string, func(string) ([]byte, error)) {
	byName := make(map[string][]byte, len(inputs))
	names := make([]string, 0, len(inputs))
	for _, in := range inputs {
		byName[in.Name] = in.Data
		names = append(names, in.Name)
	}
	return names, func(name string) ([]byte, error) { return byName[name], nil }
}

// add counts one document's result.
func (s *Summary) add(res fileResult) {
	s.Facts += res.facts
	s.Dropped = append(s.Dropped, res.dropped...)
	if res.err != nil {
		s.Errors = append(s.Errors, *res.err)
		return
	}
	s.Filings++
	if res.changed {
		s.Changed++
	}
}

func isFilingName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".txt" && !strings.EqualFold(path.Base(name), "README.txt")
}

func (p *Pipeline) reader() ingest.FilingReader {
	return ingest.FilingReader{MaxBytes: p.MaxBytes}
}

func (p *Pipeline) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now().UTC()
}

func (p *Pipeline) logger() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.New(slog.DiscardHandler)
}

// ingest reads and stores the named documents with a bounded set of workers, then refolds the
// SPACs whose filings changed, and every SPAC a fold mark says is pending (left by a run that
// was killed before it folded).
func (p *Pipeline) ingest(ctx context.Context, names []string, load func(string) ([]byte, error)) (Summary, error) {
	start := time.Now()
	sum := Summary{Files: len(names)}
	changed := map[spac.CIK]bool{}
	var mu sync.Mutex
	p.tell(PhaseRead, 0, len(names))
	record := func(res fileResult) {
		mu.Lock()
		defer mu.Unlock()
		sum.add(res)
		p.tell(PhaseRead, sum.Filings+len(sum.Errors), len(names))
		if res.err == nil && res.changed {
			changed[res.cik] = true
		}
	}
	runErr := p.runWorkers(ctx, names, load, record)
	p.Extractor.Forget() // the memo of the filings read is no use to the fold
	if runErr != nil {
		// Fold what was stored before the failure now, even when the run was cancelled (the
		// fold marks would also have the next run fold it).
		ctx = context.WithoutCancel(ctx)
	}
	for _, e := range append(slices.Clone(sum.Errors), sum.Dropped...) {
		if err := p.Store.PutIngestError(ctx, e); err != nil {
			return sum, errors.Join(runErr, err)
		}
	}
	n, err := p.foldPending(ctx, sortedCIKs(changed))
	if err != nil {
		return sum, errors.Join(runErr, err)
	}
	sum.SPACs = n
	sum.Duration = spac.Duration(time.Since(start))
	return sum, runErr
}

func sortedCIKs(m map[spac.CIK]bool) []spac.CIK {
	out := make([]spac.CIK, 0, len(m))
	for c := range m {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
