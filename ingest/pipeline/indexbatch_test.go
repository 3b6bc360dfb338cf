package pipeline_test

import (
	"context"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/index"
)

// batchRecorder is the Bleve index, recording the size of every batch written to it.
type batchRecorder struct {
	*index.Index
	sizes []int
}

func (r *batchRecorder) PutAll(ctx context.Context, rows []spac.SPAC) error {
	r.sizes = append(r.sizes, len(rows))
	return r.Index.PutAll(ctx, rows)
}

// TestRefoldWritesBoundedIndexBatches: a refold of every SPAC writes their index rows in
// batches of at most IndexBatch rows (a refold held every row until one batch of all), and
// every SPAC is indexed.
func TestRefoldWritesBoundedIndexBatches(t *testing.T) {
	e := newEnv(t)
	rec := &batchRecorder{Index: e.index}
	e.p.Index, e.p.IndexBatch = rec, 3
	sum := e.ingestCorpus(t)
	if sum.SPACs <= 3 {
		t.Fatalf("the corpus has %d SPACs: too few to need two batches", sum.SPACs)
	}
	total := 0
	for _, n := range rec.sizes {
		if n > 3 {
			t.Errorf("a batch of %d rows, over IndexBatch 3 (batches %v)", n, rec.sizes)
		}
		total += n
	}
	if n, err := e.index.Count(context.Background()); err != nil || total != sum.SPACs || int(n) != sum.SPACs {
		t.Errorf("%d rows in batches %v, %d indexed (%v), want %d", total, rec.sizes, n, err, sum.SPACs)
	}
}
