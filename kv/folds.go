package kv

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.FoldLedger = (*DB)(nil)

// Fold marks (tf/<cik>/<accession>) and the fold outbox (ob/<seq>): see spac.FoldLedger.

// clearBatch bounds the marks one transaction deletes (a large ingest leaves thousands).
const clearBatch = 1000

// foldMarkValue is the value of a tf/ key.
type foldMarkValue struct {
	Hash       string `json:"hash"`
	Historical bool   `json:"historical,omitempty"`
}

func foldMarkKey(cik spac.CIK, acc string) string { return prefixFoldMark + string(cik) + "/" + acc }
func foldEventKey(seq uint64) string              { return fmt.Sprintf("%s%020d", prefixFoldEvent, seq) }

// FoldMarks returns every pending fold mark, by CIK then accession.
func (db *DB) FoldMarks(ctx context.Context) ([]spac.FoldMark, error) {
	var out []spac.FoldMark
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixFoldMark, true, func(key string, item *badger.Item) error {
			cik, acc, ok := strings.Cut(strings.TrimPrefix(key, prefixFoldMark), "/")
			if !ok {
				return fmt.Errorf("kv: malformed fold mark %q", key)
			}
			var v foldMarkValue
			if err := decodeItem(item, &v); err != nil {
				return err
			}
			out = append(out, spac.FoldMark{CIK: spac.CIK(cik), Accession: acc, Hash: v.Hash, Historical: v.Historical})
			return nil
		})
	})
	return out, err
}

// ClearFoldMarks deletes the given marks, each only while it still holds the hash it was read
// with: a filing stored again meanwhile keeps its (new) mark for the next fold.
func (db *DB) ClearFoldMarks(ctx context.Context, marks []spac.FoldMark) error {
	for len(marks) > 0 {
		batch := marks[:min(len(marks), clearBatch)]
		marks = marks[len(batch):]
		err := db.update(ctx, func(txn *badger.Txn) error {
			for _, m := range batch {
				key := foldMarkKey(m.CIK, m.Accession)
				var v foldMarkValue
				err := getJSON(txn, key, "fold mark", &v)
				if spac.ErrorCode(err) == spac.ENOTFOUND {
					continue
				}
				if err != nil {
					return err
				}
				if v.Hash != m.Hash {
					continue
				}
				if err := txn.Delete([]byte(key)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// PutFold stores a profile like PutProfile and, in the same transaction, appends ev (when not
// nil) to the outbox under the next sequence number, which it sets in ev.Seq.
func (db *DB) PutFold(ctx context.Context, p spac.Profile, events []spac.Event, ev *spac.FoldEvent) error {
	p, events, err := normProfile(p, events)
	if err != nil {
		return err
	}
	return db.updateJournaled(ctx, func(txn *badger.Txn) error {
		wm := watermarkValue()
		if err := writeProfile(txn, p, events, wm); err != nil {
			return err
		}
		if err := db.journalProfile(txn, p, events, wm); err != nil {
			return err
		}
		if ev == nil {
			return nil
		}
		seq, err := nextSeq(txn, keyFoldSeq)
		if err != nil {
			return err
		}
		ev.Seq, ev.CIK = seq, p.CIK
		if ev.At.IsZero() {
			ev.At = time.Now().UTC()
		}
		return setJSON(txn, foldEventKey(seq), ev)
	})
}

// FoldEvents returns the outbox, oldest first.
func (db *DB) FoldEvents(ctx context.Context) ([]spac.FoldEvent, error) {
	var out []spac.FoldEvent
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixFoldEvent, true, func(_ string, item *badger.Item) error {
			var ev spac.FoldEvent
			if err := decodeItem(item, &ev); err != nil {
				return err
			}
			out = append(out, ev)
			return nil
		})
	})
	return out, err
}

// DeleteFoldEvent removes one outbox entry.
func (db *DB) DeleteFoldEvent(ctx context.Context, seq uint64) error {
	return db.update(ctx, func(txn *badger.Txn) error { return txn.Delete([]byte(foldEventKey(seq))) })
}

// LoadState returns the state values whose keys start with prefix (keys without the st/
// prefix), for the components that persist their progress (the EDGAR poller and backfill).
func (db *DB) LoadState(ctx context.Context, prefix string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixState+prefix, true, func(key string, item *badger.Item) error {
			v, err := item.ValueCopy(nil)
			out[strings.TrimPrefix(key, prefixState)] = v
			return err
		})
	})
	return out, err
}

// SaveState sets one state value (nil deletes it).
func (db *DB) SaveState(ctx context.Context, key string, value []byte) error {
	if key == "" || len(key) > 1024 {
		return spac.InvalidParam("key", "state key of %d bytes", len(key))
	}
	return db.update(ctx, func(txn *badger.Txn) error {
		if value == nil {
			return txn.Delete([]byte(prefixState + key))
		}
		return txn.Set([]byte(prefixState+key), value)
	})
}

// DeleteState deletes every state value whose key starts with prefix.
func (db *DB) DeleteState(ctx context.Context, prefix string) error {
	var keys []string
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixState+prefix, false, func(key string, _ *badger.Item) error {
			keys = append(keys, key)
			return nil
		})
	})
	if err != nil {
		return err
	}
	w := &splitWriter{db: db, ctx: ctx}
	for _, k := range keys {
		w.del(k)
	}
	return w.commit()
}

// EachKV calls fn with every key under prefix and its value, in key order (tests compare
// stores with it; fn must not keep value).
func (db *DB) EachKV(ctx context.Context, prefix string, fn func(key string, value []byte) error) error {
	return db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefix, true, func(key string, item *badger.Item) error {
			return item.Value(func(v []byte) error { return fn(key, v) })
		})
	})
}
