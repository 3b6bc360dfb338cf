package pipeline_test

import (
	"context"
	"testing"

	"github.com/spacdata/spac/ingest/pipeline"
)

// A replay (`spacd rebuild`, `spacd recompute`) tells the historical hook every stored profile
// as new, so that a store folded without hooks gets its alerts and articles as history; the
// fold's own change still reaches the hook of its mode (here a live filing: the live hook,
// from the stored profile). Without the replay, an unchanged profile tells nobody.
func TestReplayTellsStoredProfilesAsHistory(t *testing.T) {
	ctx := context.Background()
	inputs := firstSPACInputs(t, 1)
	e := newEnv(t)
	if _, err := e.p.IngestInputs(ctx, inputs[:len(inputs)-1]); err != nil { // no hooks yet
		t.Fatal(err)
	}
	live, hist := &hookRecorder{}, &hookRecorder{}
	e.p.OnFold, e.p.OnHistoricalFold = live.hook, hist.hook
	if _, err := e.p.RefoldAll(ctx); err != nil || len(live.all())+len(hist.all()) != 0 {
		t.Fatalf("a refold without replay told the hooks (%+v, %+v, %v)", live.all(), hist.all(), err)
	}
	if _, err := e.p.StoreInputs(ctx, inputs[len(inputs)-1:]); err != nil {
		t.Fatal(err)
	}
	if _, err := e.p.RefoldAll(pipeline.WithReplay(ctx)); err != nil {
		t.Fatal(err)
	}
	h, l := hist.all(), live.all()
	if len(h) != 1 || !h[0].prevEmpty || !h[0].historical {
		t.Errorf("historical hook %+v; want the stored profile told as new, historical", h)
	}
	if len(l) != 1 || l[0].prevEmpty || l[0].historical || len(h) == 1 && l[0].filings != h[0].filings+1 {
		t.Errorf("live hook %+v; want the live filing's change from the stored profile (historical %+v)", l, h)
	}
}
