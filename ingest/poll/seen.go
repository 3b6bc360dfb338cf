package poll

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
)

// Sink takes a downloaded full-submission .txt. name says where it came from (its URL).
// An error wrapping ErrRejected means the document itself is bad: the poller does not retry it.
// Any other error is retried on later polls, up to Config.MaxAttempts.
type Sink interface {
	Ingest(ctx context.Context, name string, data []byte) error
}

// Seen reports whether an accession is already stored, so it is not downloaded again.
type Seen interface {
	Seen(ctx context.Context, accession string) (bool, error)
}

// ErrRejected marks a document the sink could not ingest because of its content.
var ErrRejected = errors.New("poll: document rejected")

// SinkFunc adapts a function to Sink.
type SinkFunc func(ctx context.Context, name string, data []byte) error

// Ingest calls f.
func (f SinkFunc) Ingest(ctx context.Context, name string, data []byte) error {
	return f(ctx, name, data)
}

// SeenFunc adapts a function to Seen.
type SeenFunc func(ctx context.Context, accession string) (bool, error)

// Seen calls f.
func (f SeenFunc) Seen(ctx context.Context, accession string) (bool, error) { return f(ctx, accession) }

// PipelineSink ingests each download with p.IngestInputs, which stores, refolds and indexes it.
// A document the pipeline skipped (its IngestError is recorded in the store) comes back as
// ErrRejected.
func PipelineSink(p *pipeline.Pipeline) Sink {
	return SinkFunc(func(ctx context.Context, name string, data []byte) error {
		sum, err := p.IngestInputs(ctx, []pipeline.Input{{Name: name, Data: data}})
		if err != nil {
			return err
		}
		if len(sum.Errors) > 0 {
			return fmt.Errorf("%w: %s: %s", ErrRejected, name, sum.Errors[0].Reason)
		}
		return nil
	})
}

// StoreSeen reports an accession as seen when the store holds its filing.
func StoreSeen(store spac.FilingStore) Seen {
	return SeenFunc(func(ctx context.Context, accession string) (bool, error) {
		_, err := store.Filing(ctx, accession)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, spac.ErrNotFound) || spac.ErrorCode(err) == spac.ENOTFOUND:
			return false, nil
		default:
			return false, err
		}
	})
}

// MemorySeen is an in-memory Seen holding at most Cap accessions; the oldest are forgotten
// first. The zero value is unusable; use NewMemorySeen.
type MemorySeen struct {
	mu    sync.Mutex
	set   map[string]bool
	order []string // insertion order, for eviction
	cap   int
}

// NewMemorySeen returns a MemorySeen remembering up to capacity accessions (<= 0: 100,000),
// seeded with accessions.
func NewMemorySeen(capacity int, accessions ...string) *MemorySeen {
	if capacity <= 0 {
		capacity = 100_000
	}
	m := &MemorySeen{set: map[string]bool{}, cap: capacity}
	for _, a := range accessions {
		m.Add(a)
	}
	return m
}

// Seen implements Seen.
func (m *MemorySeen) Seen(_ context.Context, accession string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.set[accession], nil
}

// Add remembers accession.
func (m *MemorySeen) Add(accession string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.set[accession] {
		return
	}
	if len(m.order) >= m.cap {
		delete(m.set, m.order[0])
		m.order = m.order[1:]
	}
	m.set[accession] = true
	m.order = append(m.order, accession)
}

// list returns the accessions remembered, oldest first.
func (m *MemorySeen) list() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.order...)
}

// Len is the number of accessions remembered.
func (m *MemorySeen) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.set)
}
