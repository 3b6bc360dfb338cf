package kv

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.ChangeJournal = (*DB)(nil)

// journal is the writer's change journal (rj/): each change of served data the writer commits
// is written, as a spac.Change, in the transaction that commits it; a publisher
// (natsjs.Publisher) sends the entries to the replicas' stream in Seq order and trims them.
//
// Why a mutex when the sequence counter already makes concurrent journaled transactions
// conflict: Seq must follow commit order (a replica applies in Seq order, and two changes of
// one profile applied in the wrong order would leave it stale), and under contention the
// optimistic retries would run out. Journaled writes are serialised only when the journal is on.
type journal struct {
	on     bool
	mu     sync.Mutex
	signal chan struct{} // capacity 1: coalesced "something was journaled"
}

// WithJournal turns on the change journal: the store of a writer whose changes replicas
// follow (spacd serve --role writer). Off, nothing is journaled and nothing is serialised.
func WithJournal(on bool) Option { return func(c *config) { c.journal = on } }

func journalKey(seq uint64) string { return fmt.Sprintf("%s%020d", prefixJournal, seq) }

// updateJournaled is db.update for a transaction that may journal a change: with the journal
// on, such transactions commit one at a time, and the publisher is woken after each.
func (db *DB) updateJournaled(ctx context.Context, fn func(*badger.Txn) error) error {
	if !db.journal.on {
		return db.update(ctx, fn)
	}
	release := db.holdJournal()
	err := db.update(ctx, fn)
	release(err == nil)
	return err
}

// holdJournal takes the journal's order for a write that commits outside db.update (a split
// write's last transaction): held from the journal entry's seq until its commit. release
// wakes the publisher when the write committed. With the journal off it does nothing.
func (db *DB) holdJournal() (release func(committed bool)) {
	if !db.journal.on {
		return func(bool) {}
	}
	db.journal.mu.Lock()
	return func(committed bool) {
		db.journal.mu.Unlock()
		if committed {
			select {
			case db.journal.signal <- struct{}{}:
			default:
			}
		}
	}
}

// journalChange writes data as the next change of kind, when the journal is on.
func (db *DB) journalChange(txn *badger.Txn, kind spac.ChangeKind, data any) error {
	if !db.journal.on {
		return nil
	}
	c, err := spac.NewChange(kind, data)
	if err != nil {
		return err
	}
	if c.Seq, err = nextSeq(txn, keyJournalSeq); err != nil {
		return err
	}
	return setJSON(txn, journalKey(c.Seq), c)
}

// journalRecord journals a change whose data names its own journal seq (data(seq)): a record
// set back to an earlier state (a webhook disabled, then enabled again) is then a new change
// with a new id, not a duplicate of the earlier one that the stream would drop. A change
// published again after a crash keeps its seq, so its id.
func (db *DB) journalRecord(txn *badger.Txn, kind spac.ChangeKind, data func(seq uint64) any) error {
	if !db.journal.on {
		return nil
	}
	seq, err := nextSeq(txn, keyJournalSeq)
	if err != nil {
		return err
	}
	c, err := spac.NewChange(kind, data(seq))
	if err != nil {
		return err
	}
	c.Seq = seq
	return setJSON(txn, journalKey(c.Seq), c)
}

// journalProfile journals what writeProfile stored.
func (db *DB) journalProfile(txn *badger.Txn, p spac.Profile, events []spac.Event, wm []byte) error {
	if !db.journal.on {
		return nil
	}
	return db.journalChange(txn, spac.ChangeProfile, spac.ProfileChange{Profile: p, Sample: p.Sample, Events: events, Watermark: string(wm)})
}

// Changes implements spac.ChangeJournal.
func (db *DB) Changes(ctx context.Context, after uint64, limit int) ([]spac.Change, error) {
	var out []spac.Change
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKeyFrom(ctx, txn, prefixJournal, journalKey(after+1), true, func(_ string, item *badger.Item) error {
			if limit > 0 && len(out) >= limit {
				return errStopIteration
			}
			var c spac.Change
			if err := decodeItem(item, &c); err != nil {
				return err
			}
			out = append(out, c)
			return nil
		})
	})
	if err == errStopIteration {
		err = nil
	}
	return out, err
}

// TrimChanges implements spac.ChangeJournal.
func (db *DB) TrimChanges(ctx context.Context, upTo uint64) error {
	for {
		var keys [][]byte
		err := db.view(ctx, func(txn *badger.Txn) error {
			return eachKey(ctx, txn, prefixJournal, false, func(key string, item *badger.Item) error {
				if key > journalKey(upTo) || len(keys) >= clearBatch {
					return errStopIteration
				}
				keys = append(keys, item.KeyCopy(nil))
				return nil
			})
		})
		if err != nil && err != errStopIteration {
			return err
		}
		if len(keys) == 0 {
			return nil
		}
		err = db.update(ctx, func(txn *badger.Txn) error {
			for _, k := range keys {
				if err := txn.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
}

// Journaled implements spac.ChangeJournal.
func (db *DB) Journaled() <-chan struct{} { return db.journal.signal }

// LastJournaled implements spac.ChangeJournal.
func (db *DB) LastJournaled(ctx context.Context) (uint64, error) {
	var n uint64
	err := db.view(ctx, func(txn *badger.Txn) error {
		v, ok, err := getString(txn, keyJournalSeq)
		if err != nil || !ok {
			return err
		}
		n, err = strconv.ParseUint(v, 10, 64)
		return err
	})
	return n, err
}

// readApplied reads m/applied in txn (0 when absent).
func readApplied(txn *badger.Txn) (uint64, error) {
	v, ok, err := getString(txn, keyApplied)
	if err != nil || !ok {
		return 0, err
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("kv: %s %q: %w", keyApplied, v, err)
	}
	return n, nil
}
