package backfill

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
)

const (
	// storeBatch is how many downloads one StoreInputs call takes (the pipeline reads them in
	// parallel); it also bounds the bytes held in memory.
	storeBatch = 4
	// queueDepth is how many downloads may wait in the spool for the storer before the
	// fetcher waits: fetching goes on at the rate limit while big filings are extracted.
	queueDepth = 16
)

// storer stores spooled downloads and folds SPACs on a goroutine of its own, in the order it is
// handed them, so the fetcher keeps to the rate limit while filings are read and extracted.
// A download is in the spool (written, synced and renamed) before it is handed over, and
// leaves it only once stored, so a killed run loses no download.
type storer struct {
	b   *Backfill
	dir string

	items chan spoolItem
	done  chan struct{}
	err   error // set before done is closed

	mu       sync.Mutex
	pending  map[string]bool // accessions spooled and not yet stored
	rejected int
	folded   int
	sum      *Summary // merged into by close
}

// spoolItem is a download to store (name, file) or a SPAC to fold (fold).
type spoolItem struct {
	acc, name, file string
	fold            spac.CIK
}

func newStorer(b *Backfill, sum *Summary) *storer {
	return &storer{b: b, dir: b.cfg.SpoolDir, pending: map[string]bool{}, sum: sum}
}

// spoolName encodes a download's archive path (edgar/data/<cik>/<acc>.txt) as a file name.
func spoolName(name string) string {
	return strings.ReplaceAll(strings.TrimPrefix(name, "edgar/data/"), "/", "_")
}

// archiveName decodes spoolName.
func archiveName(file string) string {
	return "edgar/data/" + strings.Replace(filepath.Base(file), "_", "/", 1)
}

// drainSpool stores what a killed run downloaded but did not store, before anything is fetched.
func (s *storer) drainSpool(ctx context.Context) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("backfill: spool: %w", err)
	}
	var items []spoolItem
	for _, e := range entries {
		file := filepath.Join(s.dir, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".tmp"):
			_ = os.Remove(file) // a write the kill interrupted: never handed over
		case strings.HasSuffix(e.Name(), ".txt"):
			name := archiveName(file)
			items = append(items, spoolItem{acc: strings.TrimSuffix(filepath.Base(name), ".txt"), name: name, file: file})
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].name < items[j].name })
	for len(items) > 0 {
		n := min(len(items), storeBatch)
		if err := s.store(ctx, items[:n]); err != nil {
			return err
		}
		items = items[n:]
	}
	if len(entries) > 0 {
		s.b.log.Info("backfill: stored the downloads a previous run left in the spool", "files", len(entries))
	}
	s.merge()
	return nil
}

// spool writes a download durably and hands it to the storer goroutine.
func (s *storer) spool(name, acc string, data []byte) error {
	file := filepath.Join(s.dir, spoolName(name))
	if err := writeDurably(file, data); err != nil {
		return fmt.Errorf("backfill: spool: %w", err)
	}
	s.mu.Lock()
	s.pending[acc] = true
	s.mu.Unlock()
	return s.send(spoolItem{acc: acc, name: name, file: file})
}

// fold has cik folded once the downloads handed over before are stored.
func (s *storer) fold(cik spac.CIK) error { return s.send(spoolItem{fold: cik}) }

func (s *storer) send(it spoolItem) error {
	select {
	case s.items <- it:
		return nil
	case <-s.done:
		return s.err
	}
}

func (s *storer) spooled(acc string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending[acc]
}

// writeDurably writes data to file through a temporary file, synced, renamed, and the
// directory synced, so after a crash the file is either whole or absent.
func writeDurably(file string, data []byte) error {
	tmp := file + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, file); err != nil {
		return err
	}
	dir, err := os.Open(filepath.Dir(file))
	if err != nil {
		return err
	}
	return errors.Join(dir.Sync(), dir.Close())
}

// start runs the storer goroutine until close.
func (s *storer) start(ctx context.Context) {
	s.items, s.done = make(chan spoolItem, queueDepth), make(chan struct{})
	go func() {
		defer close(s.done)
		s.err = s.loop(ctx)
	}()
}

// close waits until everything handed over is stored and folded, and merges the counts.
func (s *storer) close() error {
	close(s.items)
	<-s.done
	s.merge()
	return s.err
}

func (s *storer) merge() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sum.Skipped += s.rejected
	s.sum.Folded += s.folded
	s.rejected, s.folded = 0, 0
}

// loop stores downloads in batches of what is queued and folds SPACs when told, in order.
func (s *storer) loop(ctx context.Context) error {
	for it := range s.items {
		if it.fold != "" {
			if err := s.refold(ctx, it.fold); err != nil {
				return err
			}
			continue
		}
		batch, next := s.gather(it)
		if err := s.store(ctx, batch); err != nil {
			return err
		}
		if next != nil {
			if err := s.refold(ctx, next.fold); err != nil {
				return err
			}
		}
	}
	return nil
}

// gather adds to first the downloads already queued, up to storeBatch; a fold met on the way
// is returned to be done after the batch.
func (s *storer) gather(first spoolItem) ([]spoolItem, *spoolItem) {
	batch := []spoolItem{first}
	for len(batch) < storeBatch {
		select {
		case it, ok := <-s.items:
			if !ok {
				return batch, nil
			}
			if it.fold != "" {
				return batch, &it
			}
			batch = append(batch, it)
		default:
			return batch, nil
		}
	}
	return batch, nil
}

func (s *storer) refold(ctx context.Context, cik spac.CIK) error {
	if err := s.b.cfg.Pipeline.Refold(pipeline.WithHistorical(ctx), cik); err != nil {
		return fmt.Errorf("backfill: fold %s: %w", cik, err)
	}
	s.mu.Lock()
	s.folded++
	s.mu.Unlock()
	return nil
}

// store stores a batch of spooled downloads as history, saves the ones the pipeline rejected
// as skipped, and removes them from the spool.
func (s *storer) store(ctx context.Context, batch []spoolItem) error {
	inputs := make([]pipeline.Input, 0, len(batch))
	for _, it := range batch {
		data, err := os.ReadFile(it.file)
		if err != nil {
			return fmt.Errorf("backfill: spool: %w", err)
		}
		inputs = append(inputs, pipeline.Input{Name: it.name, Data: data})
	}
	res, err := s.b.cfg.Pipeline.StoreInputs(pipeline.WithHistorical(ctx), inputs)
	if err != nil {
		return fmt.Errorf("backfill: store: %w", err)
	}
	rejected := map[string]string{}
	for _, e := range res.Errors {
		rejected[e.Source] = e.Reason
	}
	for _, it := range batch {
		if reason, ok := rejected[it.name]; ok {
			if err := s.b.state.save(ctx, keySkip+it.acc, skipped{Reason: "rejected: " + reason}); err != nil {
				return err
			}
			s.mu.Lock()
			s.rejected++
			s.mu.Unlock()
		}
		if err := os.Remove(it.file); err != nil {
			return fmt.Errorf("backfill: spool: %w", err)
		}
		s.mu.Lock()
		delete(s.pending, it.acc)
		s.mu.Unlock()
	}
	return nil
}
