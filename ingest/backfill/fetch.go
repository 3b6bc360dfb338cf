package backfill

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/ingest/poll"
)

// skipped is the saved reason a filing will not be fetched again.
type skipped struct {
	Reason string `json:"reason"`
}

// fetchAll fetches the filings of interest of every SPAC, oldest first, and has each SPAC
// folded after its filings; at the end it folds whatever is still pending (filings a killed
// run stored without folding them).
func (b *Backfill) fetchAll(ctx context.Context, st *storer, spacs []*company, sum *Summary) error {
	skips, err := load[skipped](ctx, b.state, keySkip)
	if err != nil {
		return err
	}
	total := 0
	for _, c := range spacs {
		total += len(c.Filings)
	}
	b.prog.phase("fetch", total)
	st.start(ctx)
	ferr := b.fetchSPACs(ctx, st, spacs, skips, sum)
	if err := st.close(); err != nil || ferr != nil {
		return errors.Join(ferr, err)
	}
	n, err := b.cfg.Pipeline.FoldPending(pipeline.WithHistorical(ctx))
	sum.Folded += n
	return err
}

func (b *Backfill) fetchSPACs(ctx context.Context, st *storer, spacs []*company, skips map[string]skipped, sum *Summary) error {
	for _, c := range spacs {
		fetched := false
		for _, f := range c.Filings {
			have, err := b.have(ctx, st, skips, f.Accession)
			if err != nil {
				return err
			}
			if have {
				sum.AlreadyStored++
				b.prog.skip(1)
				continue
			}
			got, err := b.fetch(ctx, st, c.CIK, f, sum)
			if err := b.check(err, sum); err != nil {
				return err
			}
			fetched = fetched || got
			b.prog.step(1)
		}
		if fetched {
			if err := st.fold(c.CIK); err != nil {
				return err
			}
		}
	}
	return nil
}

// have reports whether a filing needs no fetch: stored, waiting in the spool, or skipped.
func (b *Backfill) have(ctx context.Context, st *storer, skips map[string]skipped, acc string) (bool, error) {
	if _, ok := skips[acc]; ok || st.spooled(acc) {
		return true, nil
	}
	_, err := b.cfg.Pipeline.Store.Filing(ctx, acc)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, spac.ErrNotFound) || spac.ErrorCode(err) == spac.ENOTFOUND:
		return false, nil
	}
	return false, fmt.Errorf("backfill: store: %w", err)
}

// fetch downloads one full submission into the spool and hands it to the storer. A filing
// EDGAR does not have (404) or that is over the size limit is saved as skipped; it reports
// whether something was handed over.
func (b *Backfill) fetch(ctx context.Context, st *storer, cik spac.CIK, f filingRef, sum *Summary) (bool, error) {
	path := archivePath(cik, f.Accession)
	data, err := b.cfg.Client.Get(ctx, b.cfg.BaseURL+"/Archives/"+path, b.cfg.MaxSubmissionBytes)
	var reason string
	switch {
	case poll.IsNotFound(err):
		reason = "gone: EDGAR answered 404"
	case errors.Is(err, poll.ErrTooLarge):
		reason = "too_large: " + err.Error()
	case err != nil:
		return false, fetchFailed(fmt.Errorf("backfill: %s %s: %w", f.Form, f.Accession, err))
	}
	if reason != "" {
		b.log.Warn("backfill: filing skipped", "accession", f.Accession, "reason", reason)
		sum.Skipped++
		return false, b.state.save(ctx, keySkip+f.Accession, skipped{Reason: reason})
	}
	sum.Fetched++
	if err := st.spool(path, f.Accession, data); err != nil {
		return false, err
	}
	return true, nil
}

// archivePath is where EDGAR keeps a full submission, below /Archives/ (as the indexes name it).
func archivePath(cik spac.CIK, acc string) string {
	unpadded := strings.TrimLeft(string(cik), "0")
	if unpadded == "" {
		unpadded = "0"
	}
	return fmt.Sprintf("edgar/data/%s/%s.txt", unpadded, acc)
}
