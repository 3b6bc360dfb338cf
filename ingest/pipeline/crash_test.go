package pipeline_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// hookCall is one call of a fold hook.
type hookCall struct {
	cik        spac.CIK
	prevEmpty  bool
	filings    int // filings of the profile told
	historical bool
}

// hookRecorder records the calls of a ProfileHook.
type hookRecorder struct {
	mu    sync.Mutex
	calls []hookCall
}

func (r *hookRecorder) hook(ctx context.Context, prev, cur spac.Profile) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, hookCall{cik: cur.CIK, prevEmpty: prev.CIK == "", filings: len(cur.Filings), historical: pipeline.IsHistorical(ctx)})
}

func (r *hookRecorder) all() []hookCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]hookCall(nil), r.calls...)
}

// pendingState is what the ledger holds: marks and outbox entries.
func pendingState(t *testing.T, db *kv.DB) (marks []spac.FoldMark, outbox []spac.FoldEvent) {
	t.Helper()
	ctx := context.Background()
	marks, err := db.FoldMarks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	outbox, err = db.FoldEvents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return marks, outbox
}

// A run that stored filings and died before folding (StoreInputs stands for it: it stores and
// never folds) leaves fold marks; the next start (FoldPending) or the next ingest of the same,
// now unchanged, files folds them, and the store equals an uninterrupted ingest's. Without the
// marks the second ingest found every filing unchanged and the SPACs never got a profile.
func TestFoldMarksRepairAKilledIngest(t *testing.T) {
	const spacs = 4
	inputs := firstSPACInputs(t, spacs)
	clean := newEnv(t)
	if _, err := clean.p.IngestInputs(context.Background(), inputs); err != nil {
		t.Fatal(err)
	}
	want := profiles(t, clean.store)
	for _, repair := range []string{"start", "next ingest"} {
		t.Run(repair, func(t *testing.T) {
			ctx := context.Background()
			e := newEnv(t)
			sum, err := e.p.StoreInputs(ctx, inputs)
			if err != nil || sum.Changed != len(inputs) {
				t.Fatalf("store: %+v, %v", sum, err)
			}
			if got := profiles(t, e.store); len(got) != 0 {
				t.Fatalf("%d profiles before the fold", len(got))
			}
			if marks, _ := pendingState(t, e.store); len(marks) != len(inputs) {
				t.Fatalf("%d fold marks, want one per stored filing (%d)", len(marks), len(inputs))
			}
			after := &pipeline.Pipeline{Store: e.store, Index: e.index} // a new process
			switch repair {
			case "start":
				n, err := after.FoldPending(ctx)
				if err != nil || n != spacs {
					t.Fatalf("FoldPending = %d, %v; want %d", n, err, spacs)
				}
			case "next ingest":
				sum, err := after.IngestInputs(ctx, inputs)
				if err != nil || sum.Changed != 0 || sum.SPACs != spacs {
					t.Fatalf("second ingest: %+v, %v; want nothing changed and %d SPACs folded", sum, err, spacs)
				}
			}
			got := profiles(t, e.store)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("profiles after the repair differ from an uninterrupted ingest (%d vs %d)", len(got), len(want))
			}
			if n := indexCount(t, e.index); n != spacs {
				t.Errorf("index holds %d rows, want %d", n, spacs)
			}
			if marks, _ := pendingState(t, e.store); len(marks) != 0 {
				t.Errorf("marks left after the fold: %+v", marks)
			}
		})
	}
}

// crashBeforeHooks is the store of a process that dies after writing profiles and clearing the
// marks, before the hooks run: reading the outbox fails.
type crashBeforeHooks struct {
	*kv.DB
}

var errCrash = errors.New("process killed")

func (crashBeforeHooks) FoldEvents(context.Context) ([]spac.FoldEvent, error) { return nil, errCrash }

// The hooks are told through the outbox, written with the profile: a process that dies after
// the profile is stored but before its hooks ran (before alerts, webhooks and articles) leaves
// the entry, and the next start tells the hooks exactly what the first process would have.
func TestOutboxSurvivesACrashBeforeTheHooks(t *testing.T) {
	ctx := context.Background()
	inputs := firstSPACInputs(t, 2)
	e := newEnv(t)
	first := &hookRecorder{}
	dying := &pipeline.Pipeline{Store: crashBeforeHooks{e.store}, Index: e.index, OnFold: first.hook}
	if _, err := dying.IngestInputs(ctx, inputs); !errors.Is(err, errCrash) {
		t.Fatalf("err = %v, want the crash", err)
	}
	if len(first.all()) != 0 {
		t.Fatalf("hooks ran before the crash: %+v", first.all())
	}
	if len(profiles(t, e.store)) != 2 {
		t.Fatal("profiles not stored before the crash")
	}
	if _, outbox := pendingState(t, e.store); len(outbox) != 2 {
		t.Fatalf("outbox holds %d entries, want one per SPAC", len(outbox))
	}

	rec := &hookRecorder{}
	next := &pipeline.Pipeline{Store: e.store, Index: e.index, OnFold: rec.hook}
	if _, err := next.FoldPending(ctx); err != nil {
		t.Fatal(err)
	}
	calls := rec.all()
	if len(calls) != 2 {
		t.Fatalf("hooks told %d changes after the restart, want 2: %+v", len(calls), calls)
	}
	for _, c := range calls {
		if !c.prevEmpty || c.filings == 0 || c.historical {
			t.Errorf("hook told %+v, want the change from no profile to the folded one, live", c)
		}
	}
	if _, outbox := pendingState(t, e.store); len(outbox) != 0 {
		t.Errorf("outbox not emptied: %d entries", len(outbox))
	}
	// Told once: a further start has nothing to tell.
	if _, err := next.FoldPending(ctx); err != nil || len(rec.all()) != 2 {
		t.Errorf("second start told the hooks again (%d calls, %v)", len(rec.all()), err)
	}
}

// An ingest without hooks (spacd ingest) writes no outbox entries; one that has them empties
// the outbox as it goes.
func TestOutboxOnlyForHooks(t *testing.T) {
	ctx := context.Background()
	inputs := firstSPACInputs(t, 1)
	e := newEnv(t)
	if _, err := e.p.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
	if marks, outbox := pendingState(t, e.store); len(marks)+len(outbox) != 0 {
		t.Fatalf("left %d marks and %d outbox entries", len(marks), len(outbox))
	}
	rec := &hookRecorder{}
	e2 := newEnv(t)
	e2.p.OnFold = rec.hook
	if _, err := e2.p.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
	if _, outbox := pendingState(t, e2.store); len(outbox) != 0 || len(rec.all()) != 1 {
		t.Fatalf("outbox %d entries, %d hook calls; want 0 and 1", len(outbox), len(rec.all()))
	}
	// Refolding an unchanged profile tells nobody.
	if _, err := e2.p.RefoldAll(ctx); err != nil || len(rec.all()) != 1 {
		t.Fatalf("refold of unchanged profiles told the hook (%d calls, %v)", len(rec.all()), err)
	}
}

// A historical run (backfill) marks its filings historical: their folds call OnHistoricalFold
// with a historical context, never OnFold; without OnHistoricalFold they tell nobody and leave
// nothing in the outbox. A SPAC with one live pending filing folds live.
func TestHistoricalFolds(t *testing.T) {
	inputs := firstSPACInputs(t, 2)
	var first, second []pipeline.Input
	for _, in := range inputs {
		if len(first) == 0 || string(in.Name[:10]) == string(first[0].Name[:10]) {
			first = append(first, in)
		} else {
			second = append(second, in)
		}
	}
	t.Run("no historical hook", func(t *testing.T) {
		ctx := pipeline.WithHistorical(context.Background())
		live := &hookRecorder{}
		e := newEnv(t)
		e.p.OnFold = live.hook
		if _, err := e.p.IngestInputs(ctx, inputs); err != nil {
			t.Fatal(err)
		}
		if len(live.all()) != 0 {
			t.Errorf("a historical ingest told the live hook: %+v", live.all())
		}
		if marks, outbox := pendingState(t, e.store); len(marks)+len(outbox) != 0 {
			t.Errorf("left %d marks and %d outbox entries", len(marks), len(outbox))
		}
		if len(profiles(t, e.store)) != 2 {
			t.Error("historical ingest did not fold")
		}
	})
	t.Run("historical hook", func(t *testing.T) {
		live, hist := &hookRecorder{}, &hookRecorder{}
		e := newEnv(t)
		e.p.OnFold, e.p.OnHistoricalFold = live.hook, hist.hook
		ctx := context.Background()
		// SPAC one: all historical. SPAC two: its last filing arrives live.
		if _, err := e.p.StoreInputs(pipeline.WithHistorical(ctx), append(first, second[:len(second)-1]...)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.StoreInputs(ctx, second[len(second)-1:]); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.FoldPending(pipeline.WithHistorical(ctx)); err != nil {
			t.Fatal(err)
		}
		h, l := hist.all(), live.all()
		if len(h) != 1 || !h[0].historical || len(l) != 1 || l[0].historical || h[0].cik == l[0].cik {
			t.Fatalf("historical hook %+v, live hook %+v; want one historical SPAC and one live", h, l)
		}
	})
}
