package pipeline

import (
	"context"
	"errors"
	"fmt"

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
	return p.refoldAll(ctx, []spac.CIK{cik})
}

// refoldAll refolds several SPACs and indexes their rows in one batch.
func (p *Pipeline) refoldAll(ctx context.Context, ciks []spac.CIK) error {
	rows := make([]spac.SPAC, 0, len(ciks))
	for _, cik := range ciks {
		row, err := p.fold(ctx, cik)
		if err != nil {
			return fmt.Errorf("refold %s: %w", cik, err)
		}
		rows = append(rows, row)
	}
	return p.indexRows(ctx, rows)
}

func (p *Pipeline) fold(ctx context.Context, cik spac.CIK) (spac.SPAC, error) {
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
	if err := p.Store.PutProfile(ctx, cur, events); err != nil {
		return spac.SPAC{}, err
	}
	if p.OnFold != nil {
		p.OnFold(ctx, prev, cur)
	}
	return cur.SPAC, nil
}

func (p *Pipeline) indexRows(ctx context.Context, rows []spac.SPAC) error {
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
func (p *Pipeline) RefoldAll(ctx context.Context) (int, error) {
	var ciks []spac.CIK
	err := p.Store.EachCIK(ctx, func(cik spac.CIK) error {
		ciks = append(ciks, cik)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(ciks), p.refoldAll(ctx, ciks)
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
