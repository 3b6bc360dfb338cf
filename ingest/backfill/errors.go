package backfill

import (
	"context"
	"errors"
	"fmt"
)

// maxFailStreak is how many EDGAR requests in a row may fail (after the client's own retries)
// before the run stops: EDGAR is down or refuses this client, and going on would only hammer it.
const maxFailStreak = 10

// fetchError is a source that could not be fetched or read now: the run goes on without it,
// lists it in Summary.Failed, and the next run asks for it again.
type fetchError struct{ err error }

func (e *fetchError) Error() string { return e.err.Error() }
func (e *fetchError) Unwrap() error { return e.err }

func fetchFailed(err error) error { return &fetchError{err: err} }

// check returns the error that must stop the run, or nil to go on. A fetch failure is
// recorded in sum instead, unless it is the maxFailStreak-th in a row; a success ends the streak.
func (b *Backfill) check(err error, sum *Summary) error {
	var fe *fetchError
	switch {
	case err == nil:
		b.failStreak = 0
		return nil
	case !errors.As(err, &fe) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err
	}
	sum.Failed = append(sum.Failed, err.Error())
	b.log.Warn("backfill: fetch failed; the next run retries it", "err", err)
	if b.failStreak++; b.failStreak >= maxFailStreak {
		return fmt.Errorf("backfill: %d EDGAR requests failed in a row, stopping (the next run resumes): %w", maxFailStreak, err)
	}
	return nil
}
