// Package pipeline runs the filing pipeline end to end: read a document (ingest), extract its
// facts (ingest/extract), store filing + text + facts (spac.FilingStore), fold the SPAC's facts
// into its profile and calendar (ingest/fold), store the profile and index its universe row.
// Bad documents are recorded as ingest errors and skipped; they never stop a run.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	spac "github.com/spacdata/spac"
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
type Pipeline struct {
	Store   Store
	Index   spac.Index
	Log     *slog.Logger
	Workers int // parallel readers; <= 0 means 2
	OnFold  ProfileHook
	Now     func() time.Time
}

// Summary counts what a run did.
type Summary struct {
	Files    int                `json:"files"`
	Filings  int                `json:"filings"`
	Changed  int                `json:"changed"`
	Facts    int                `json:"facts"`
	SPACs    int                `json:"spacs"`
	Errors   []spac.IngestError `json:"errors"`
	Duration time.Duration      `json:"duration"`
}

// Input is one document to ingest: a name (for errors and the Filing.Source) and its bytes.
type Input struct {
	Name string
	Data []byte
}

// IngestFS ingests every filing below root in fsys (full-submission .txt files), then refolds
// every SPAC that changed.
func (p *Pipeline) IngestFS(ctx context.Context, fsys fs.FS, root string) (Summary, error) {
	var names []string
	err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && isFilingName(name) {
			names = append(names, name)
		}
		return nil
	})
	if err != nil {
		return Summary{}, fmt.Errorf("walk %s: %w", root, err)
	}
	sort.Strings(names)
	return p.ingest(ctx, names, func(name string) ([]byte, error) { return fs.ReadFile(fsys, name) })
}

// IngestInputs ingests documents already in memory.
func (p *Pipeline) IngestInputs(ctx context.Context, inputs []Input) (Summary, error) {
	byName := make(map[string][]byte, len(inputs))
	names := make([]string, 0, len(inputs))
	for _, in := range inputs {
		byName[in.Name] = in.Data
		names = append(names, in.Name)
	}
	return p.ingest(ctx, names, func(name string) ([]byte, error) { return byName[name], nil })
}

func isFilingName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".txt" && !strings.EqualFold(path.Base(name), "README.txt")
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
// SPACs whose filings changed.
func (p *Pipeline) ingest(ctx context.Context, names []string, load func(string) ([]byte, error)) (Summary, error) {
	start := time.Now()
	sum := Summary{Files: len(names)}
	changed := map[spac.CIK]bool{}
	var mu sync.Mutex
	record := func(res fileResult) {
		mu.Lock()
		defer mu.Unlock()
		sum.Facts += res.facts
		if res.err != nil {
			sum.Errors = append(sum.Errors, *res.err)
			return
		}
		sum.Filings++
		if res.changed {
			sum.Changed++
			changed[res.cik] = true
		}
	}
	runErr := p.runWorkers(ctx, names, load, record)
	if runErr != nil {
		// Filings stored before the failure would read as unchanged on the next run and never
		// be refolded, so fold them now, even when the run was cancelled.
		ctx = context.WithoutCancel(ctx)
	}
	for _, e := range sum.Errors {
		if err := p.Store.PutIngestError(ctx, e); err != nil {
			return sum, errors.Join(runErr, err)
		}
	}
	ciks := sortedCIKs(changed)
	if err := p.refoldAll(ctx, ciks); err != nil {
		return sum, errors.Join(runErr, err)
	}
	sum.SPACs = len(ciks)
	sum.Duration = time.Since(start)
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
