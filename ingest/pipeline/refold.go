package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/fold"
)

// batchIndex is implemented by indexes that write many rows in one batch (Bleve on disk
// flushes every single Put, about 40 ms each; a batch flushes once).
type batchIndex interface {
	PutAll(ctx context.Context, rows []spac.SPAC) error
}

// Refold recomputes the profile and calendar of one SPAC from its stored filings and facts,
// stores them and updates its index row.
func (p *Pipeline) Refold(ctx context.Context, cik spac.CIK) error {
	p.foldMu.Lock()
	defer p.foldMu.Unlock()
	marks, err := p.marks(ctx)
	if err != nil {
		return err
	}
	marks = slices.DeleteFunc(marks, func(m spac.FoldMark) bool { return m.CIK != cik })
	return p.refoldLocked(ctx, []spac.CIK{cik}, marks)
}

// FoldPending folds every SPAC that has a pending fold mark and tells the hooks about the
// changes still in the outbox: what a run killed between storing and folding, or between
// folding and its hooks, left undone. serve runs it at start; every ingest runs it at its end.
// It returns the number of SPACs folded.
func (p *Pipeline) FoldPending(ctx context.Context) (int, error) {
	return p.foldPending(ctx, nil)
}

// foldPending folds the given SPACs and every SPAC with a pending mark.
func (p *Pipeline) foldPending(ctx context.Context, ciks []spac.CIK) (int, error) {
	p.foldMu.Lock()
	defer p.foldMu.Unlock()
	marks, err := p.marks(ctx)
	if err != nil {
		return 0, err
	}
	set := map[spac.CIK]bool{}
	for _, c := range ciks {
		set[c] = true
	}
	for _, m := range marks {
		set[m.CIK] = true
	}
	all := sortedCIKs(set)
	if len(all) > 0 {
		p.logger().Info("folding", "spacs", len(all), "pending_marks", len(marks))
	}
	return len(all), p.refoldLocked(ctx, all, marks)
}

// marks reads the pending fold marks (none when the store keeps no ledger). They are read
// before the filings they stand for, so a filing stored after this read keeps its mark.
func (p *Pipeline) marks(ctx context.Context) ([]spac.FoldMark, error) {
	l, ok := p.Store.(spac.FoldLedger)
	if !ok {
		return nil, nil
	}
	return l.FoldMarks(ctx)
}

// DefaultIndexBatch is the most index rows a refold writes in one batch (see IndexBatch).
const DefaultIndexBatch = 256

// refoldLocked folds ciks (marks are the pending marks read before), writes their index rows in
// batches of IndexBatch, clears the marks and runs the hooks through the outbox. p.foldMu is
// held. A run that fails after some batches leaves the marks, so the next folds them all again.
func (p *Pipeline) refoldLocked(ctx context.Context, ciks []spac.CIK, marks []spac.FoldMark) error {
	ledger, _ := p.Store.(spac.FoldLedger)
	byCIK := map[spac.CIK][]spac.FoldMark{}
	for _, m := range marks {
		byCIK[m.CIK] = append(byCIK[m.CIK], m)
	}
	batch := p.IndexBatch
	if batch <= 0 {
		batch = DefaultIndexBatch
	}
	rows := make([]spac.SPAC, 0, min(len(ciks), batch))
	p.tell(PhaseFold, 0, len(ciks))
	for i, cik := range ciks {
		row, err := p.fold(ctx, ledger, cik, historicalFold(ctx, byCIK[cik]))
		if err != nil {
			return fmt.Errorf("refold %s: %w", cik, err)
		}
		if rows = append(rows, row); len(rows) == batch {
			if err := p.indexRows(ctx, rows); err != nil {
				return err
			}
			rows = rows[:0]
		}
		p.tell(PhaseFold, i+1, len(ciks))
	}
	if err := p.indexRows(ctx, rows); err != nil {
		return err
	}
	if ledger == nil {
		return nil
	}
	if err := ledger.ClearFoldMarks(ctx, marks); err != nil {
		return err
	}
	return p.relay(ctx, ledger)
}

// historicalFold is the mode of a SPAC's fold: historical when every pending filing of it was
// stored by a historical run; the mode of ctx when it has no pending filing (a rebuild).
func historicalFold(ctx context.Context, marks []spac.FoldMark) bool {
	if len(marks) == 0 {
		return IsHistorical(ctx)
	}
	for _, m := range marks {
		if !m.Historical {
			return false
		}
	}
	return true
}

func (p *Pipeline) hook(historical bool) ProfileHook {
	if historical {
		return p.OnHistoricalFold
	}
	return p.OnFold
}

// fold refolds one SPAC. With a ledger, a changed profile is stored with its outbox entry
// (when a hook will want it); without one the hook is called at once, as before ledgers.
func (p *Pipeline) fold(ctx context.Context, ledger spac.FoldLedger, cik spac.CIK, historical bool) (spac.SPAC, error) {
	filings, err := p.Store.FilingsOf(ctx, cik)
	if err != nil {
		return spac.SPAC{}, err
	}
	facts, err := p.Store.FactsOf(ctx, cik)
	if err != nil {
		return spac.SPAC{}, err
	}
	prev, err := p.Store.Profile(ctx, cik)
	if err != nil && !isNotFound(err) {
		return spac.SPAC{}, err
	}
	cur, events := fold.Fold(cik, filings, facts)
	if IsReplay(ctx) && prev.CIK != "" {
		p.replay(ctx, prev)
	}
	hook := p.hook(historical)
	if ledger == nil {
		if err := p.Store.PutProfile(ctx, cur, events); err != nil {
			return spac.SPAC{}, err
		}
		if hook != nil {
			hook(WithMode(ctx, historical), prev, cur)
		}
		return cur.SPAC, nil
	}
	var ev *spac.FoldEvent
	if hook != nil && !sameProfile(prev, cur) {
		ev = &spac.FoldEvent{CIK: cik, Historical: historical, Prev: prev, At: p.now()}
	}
	if err := ledger.PutFold(ctx, cur, events, ev); err != nil {
		return spac.SPAC{}, err
	}
	p.logger().Debug("folded", "cik", cik, "historical", historical)
	return cur.SPAC, nil
}

// replay tells the historical hook the stored profile as new (from the zero profile), so that
// it records as history the alerts and filing articles a store built without the hooks lacks.
// It runs at once, not through the outbox: what it records is deduplicated (alerts per SPAC,
// kind and filing; articles by id), so a replay cut short is simply run again.
func (p *Pipeline) replay(ctx context.Context, stored spac.Profile) {
	if p.OnHistoricalFold != nil {
		p.OnHistoricalFold(WithMode(ctx, true), spac.Profile{}, stored)
	}
}

// sameProfile compares two profiles as served (JSON), so a profile read back from the store
// equals the one folded again from the same facts.
func sameProfile(a, b spac.Profile) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

// relay tells the hooks about every change in the outbox, oldest first, and deletes each entry
// after its hook returned. The entries of one SPAC are told as one change, from the oldest
// entry's profile to the stored one. An entry whose hook this process lacks (an ingest run
// without the live service) stays for a process that has it.
func (p *Pipeline) relay(ctx context.Context, ledger spac.FoldLedger) error {
	evs, err := ledger.FoldEvents(ctx)
	if err != nil || len(evs) == 0 {
		return err
	}
	var order []spac.CIK
	byCIK := map[spac.CIK][]spac.FoldEvent{}
	for _, ev := range evs {
		if byCIK[ev.CIK] == nil {
			order = append(order, ev.CIK)
		}
		byCIK[ev.CIK] = append(byCIK[ev.CIK], ev)
	}
	for _, cik := range order {
		entries := byCIK[cik]
		historical := true
		for _, ev := range entries {
			historical = historical && ev.Historical
		}
		hook := p.hook(historical)
		if hook == nil {
			continue
		}
		cur, err := p.Store.Profile(ctx, cik)
		if err != nil {
			return fmt.Errorf("relay %s: %w", cik, err)
		}
		hook(WithMode(ctx, historical), entries[0].Prev, cur)
		for _, ev := range entries {
			if err := ledger.DeleteFoldEvent(ctx, ev.Seq); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *Pipeline) indexRows(ctx context.Context, rows []spac.SPAC) error {
	if len(rows) == 0 {
		return nil
	}
	if b, ok := p.Index.(batchIndex); ok {
		return b.PutAll(ctx, rows)
	}
	for _, r := range rows {
		if err := p.Index.Put(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// RefoldAll recomputes every profile and index row from the stored facts, keeping the index.
// It clears every fold mark it read before (all their SPACs are refolded).
func (p *Pipeline) RefoldAll(ctx context.Context) (int, error) {
	p.foldMu.Lock()
	defer p.foldMu.Unlock()
	marks, err := p.marks(ctx)
	if err != nil {
		return 0, err
	}
	var ciks []spac.CIK
	err = p.Store.EachCIK(ctx, func(cik spac.CIK) error {
		ciks = append(ciks, cik)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(ciks), p.refoldLocked(ctx, ciks, marks)
}

// Rebuild drops the index and rebuilds every profile and index row from the stored facts.
func (p *Pipeline) Rebuild(ctx context.Context) (int, error) {
	if err := p.Index.Reset(ctx); err != nil {
		return 0, err
	}
	return p.RefoldAll(ctx)
}

func isNotFound(err error) bool {
	var e *spac.Error
	return errors.As(err, &e) && e.Code == spac.ENOTFOUND
}
