package pipeline_test

import (
	"context"
	"testing"

	"github.com/spacdata/spac/ingest/pipeline"
)

// An ingest tells its position after every document read and every SPAC folded, counting up
// to the run's totals; a refold of the store tells only the fold phase.
func TestProgressCountsEveryDocumentAndSPAC(t *testing.T) {
	e := newEnv(t)
	var told []pipeline.Progress
	e.p.OnProgress = func(pr pipeline.Progress) { told = append(told, pr) }
	sum := e.ingestCorpus(t)
	last := map[string]pipeline.Progress{}
	for _, pr := range told {
		if prev, ok := last[pr.Phase]; ok && pr.Done < prev.Done {
			t.Errorf("%s went back from %d to %d", pr.Phase, prev.Done, pr.Done)
		}
		last[pr.Phase] = pr
	}
	if r := last[pipeline.PhaseRead]; r.Done != sum.Files || r.Total != sum.Files {
		t.Errorf("read phase ended at %d/%d, want %d/%d", r.Done, r.Total, sum.Files, sum.Files)
	}
	if f := last[pipeline.PhaseFold]; f.Done != sum.SPACs || f.Total != sum.SPACs || sum.SPACs == 0 {
		t.Errorf("fold phase ended at %d/%d, want %d/%d", f.Done, f.Total, sum.SPACs, sum.SPACs)
	}
	told = nil
	n, err := e.p.Rebuild(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != n+1 || told[len(told)-1] != (pipeline.Progress{Phase: pipeline.PhaseFold, Done: n, Total: n}) {
		t.Errorf("rebuild of %d SPACs told %d positions, last %+v", n, len(told), told[len(told)-1])
	}
}
