package backfill_test

import (
	"context"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/citecheck"
)

// checkAllCited walks every citation of a profile and of its calendar events (citecheck): a
// stated one must sit on a line of its filing that holds its quote, and the quote must be the
// value it cites; a derived one must name its inputs, each checked the same way.
func checkAllCited(t *testing.T, e *env, p spac.Profile) {
	t.Helper()
	w := &citecheck.Walker{Store: e.db}
	w.Walk("profile", p)
	events, err := e.db.Events(context.Background(), spac.EventQuery{CIKs: []spac.CIK{p.CIK}})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		w.Walk("event "+ev.ID, ev)
	}
	for _, problem := range w.Problems {
		t.Error(problem)
	}
	if w.Total == 0 {
		t.Error("the profile carries no citation")
	}
	t.Logf("%d citations checked (%d stated, %d derived), %d values compared with their quotes: %d hold",
		w.Total, w.Stated, w.Derived, w.Valued, w.OK)
}
