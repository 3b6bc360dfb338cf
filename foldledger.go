package spac

import (
	"context"
	"time"
)

// FoldMark says that a filing was stored and its SPAC has not been refolded since. The store
// writes it with the filing (in or before the transaction that makes the filing visible) and
// the pipeline clears it once the SPAC's profile and index row include the filing, so a crash
// between the two leaves a mark that the next ingest or start folds.
type FoldMark struct {
	CIK       CIK    `json:"cik"`
	Accession string `json:"accession"`
	// Hash is the stored content hash when the mark was written: a mark is cleared only while
	// it still holds the hash the fold saw, so a filing replaced during a fold stays marked.
	Hash string `json:"hash"`
	// Historical marks a filing stored by a historical run (a backfill): its fold records
	// events as history instead of pushing them live.
	Historical bool `json:"historical,omitempty"`
}

// FoldEvent is one entry of the fold outbox: a profile change whose hooks (alerts, webhooks,
// streams, articles) have not run yet. It is written in the transaction that stores the new
// profile and deleted after the hooks ran, so a crash between them loses nothing; the hooks
// may be told a change twice (at least once), which their own deduplication absorbs. It keeps
// the profile before the change; the hooks are told the change from it to the profile stored
// when they run (entries of one SPAC left by a crash are told as one change).
type FoldEvent struct {
	Seq        uint64    `json:"seq"` // assigned by the store, increasing
	CIK        CIK       `json:"cik"`
	Historical bool      `json:"historical,omitempty"`
	Prev       Profile   `json:"prev"` // zero for a SPAC new to the store
	At         time.Time `json:"at"`
}

// FoldLedger is implemented by stores that keep fold marks and the fold outbox (kv.DB).
type FoldLedger interface {
	// PutFilingMarked is PutFiling writing a Historical mark when historical is set.
	PutFilingMarked(ctx context.Context, r *RenderedFiling, facts []Fact, historical bool) (changed bool, err error)
	// FoldMarks returns every pending mark, by CIK then accession.
	FoldMarks(ctx context.Context) ([]FoldMark, error)
	// PutFold is PutProfile that, in the same transaction, appends ev (when not nil) to the
	// outbox; ev.Seq is assigned by the store.
	PutFold(ctx context.Context, p Profile, events []Event, ev *FoldEvent) error
	// ClearFoldMarks deletes the marks that still hold the hash they had when read.
	ClearFoldMarks(ctx context.Context, marks []FoldMark) error
	// FoldEvents returns the outbox, oldest first.
	FoldEvents(ctx context.Context) ([]FoldEvent, error)
	// DeleteFoldEvent removes one outbox entry once its hooks ran.
	DeleteFoldEvent(ctx context.Context, seq uint64) error
}
