package pipeline_test

import (
	"context"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/pipeline"
)

// interruptingStore passes PutFiling through to the real store until `after` filings are
// stored, then calls interrupt for every further one (fail it, or cancel the run).
type interruptingStore struct {
	pipeline.Store
	mu        sync.Mutex
	after     int
	interrupt func() error
}

func (s *interruptingStore) PutFiling(ctx context.Context, r *spac.RenderedFiling, facts []spac.Fact) (bool, error) {
	s.mu.Lock()
	pass := s.after > 0
	s.after--
	s.mu.Unlock()
	if !pass {
		if err := s.interrupt(); err != nil {
			return false, err
		}
	}
	return s.Store.PutFiling(ctx, r, facts)
}

// firstSPACInputs returns every filing of the first n SPACs of the corpus.
func firstSPACInputs(t *testing.T, n int) []pipeline.Input {
	t.Helper()
	var inputs []pipeline.Input
	for _, s := range manifest(t).SPACs[:n] {
		for _, f := range s.Filings {
			data, err := fs.ReadFile(fixtures.Corpus, f.Path)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, pipeline.Input{Name: f.Path, Data: data})
		}
	}
	return inputs
}

// TestInterruptedRunFoldsWhatItStored: when a run stops early (a store failure or a
// cancellation), the filings it did store are folded and indexed anyway; otherwise the next
// run would find them unchanged and their SPACs would never get a profile. The next run then
// completes the same profiles as an uninterrupted ingest.
func TestInterruptedRunFoldsWhatItStored(t *testing.T) {
	const spacs, storedBeforeStop = 4, 20
	inputs := firstSPACInputs(t, spacs)
	want, _ := corpusEnv(t)
	wantProfiles := profiles(t, want.store)
	diskFull := errors.New("disk full")
	for _, tc := range []struct {
		name    string
		wantErr error
		stop    func(cancel context.CancelFunc) error
	}{
		{"store failure", diskFull, func(context.CancelFunc) error { return diskFull }},
		{"cancellation", context.Canceled, func(cancel context.CancelFunc) error { cancel(); return nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			e := newEnv(t)
			store := &interruptingStore{Store: e.store, after: storedBeforeStop, interrupt: func() error { return tc.stop(cancel) }}
			p := &pipeline.Pipeline{Store: store, Index: e.index, Workers: 1}
			if _, err := p.IngestInputs(ctx, inputs); !errors.Is(err, tc.wantErr) {
				t.Fatalf("interrupted run: err = %v, want %v", err, tc.wantErr)
			}
			checkEveryStoredSPACFolded(t, e)

			sum, err := e.p.IngestInputs(context.Background(), inputs)
			if err != nil || len(sum.Errors) > 0 {
				t.Fatalf("second run: %v, %v", err, sum.Errors)
			}
			got := profiles(t, e.store)
			if len(got) != spacs {
				t.Fatalf("%d profiles after the second run, want %d", len(got), spacs)
			}
			for cik, p := range got {
				if !reflect.DeepEqual(p, wantProfiles[cik]) {
					t.Errorf("%s: profile differs from an uninterrupted ingest", cik)
				}
			}
		})
	}
}

// checkEveryStoredSPACFolded expects a profile and an index row for every CIK with filings.
func checkEveryStoredSPACFolded(t *testing.T, e *env) {
	t.Helper()
	ciks := allCIKs(t, e.store)
	if len(ciks) == 0 {
		t.Fatal("the interrupted run stored nothing")
	}
	var missing []string
	for _, cik := range ciks {
		if _, err := e.store.Profile(context.Background(), cik); err != nil {
			missing = append(missing, string(cik))
		}
	}
	if len(missing) > 0 {
		t.Errorf("SPACs with stored filings but no profile: %s", strings.Join(missing, ", "))
	}
	if n := indexCount(t, e.index); n != uint64(len(ciks)) {
		t.Errorf("index Count = %d, want %d (one row per stored SPAC)", n, len(ciks))
	}
}
