package kv

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.AlertStore = (*DB)(nil)

// timeline is a deduplicated collection read newest first: alerts and articles.
//
//	<rec><id>                JSON of the item (the first one stored under the id)
//	<idx><desc time>/<id>    empty: newest-first index; ties in time sort by id ascending
//	<seq>                    last Seq assigned, decimal
type timeline struct {
	what, rec, idx, seq string
	kind                spac.ChangeKind // what a writer journals a new item as
}

var (
	alertTimeline   = timeline{what: "alert", rec: prefixAlert, idx: prefixAlertByTime, seq: keyAlertSeq, kind: spac.ChangeAlert}
	articleTimeline = timeline{what: "article", rec: prefixArticle, idx: prefixArticleByTime, seq: keyArticleSeq, kind: spac.ChangeArticle}
)

// descTime is a fixed-width key that sorts later instants FIRST: the sortableTime rendering with
// every digit d replaced by 9-d (complementing digits of equal-width numbers reverses their
// order; the separators T . Z are the same in every key). Only years 0-9999 are representable,
// the same range encoding/json accepts for a time.Time.
func descTime(t time.Time) (string, error) {
	t = t.UTC()
	if y := t.Year(); y < 0 || y > 9999 {
		return "", fmt.Errorf("year %d outside 0-9999", y)
	}
	b := []byte(t.Format(sortableTime))
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = '9' - (c - '0')
		}
	}
	return string(b), nil
}

// put stores item under id unless id is already stored; the stored copy gets the next Seq
// (setSeq writes it into item). The record, its index key and the counter commit together,
// with the outbox event that event (when not nil) builds from the stored item.
func (tl timeline) put(ctx context.Context, db *DB, id string, at time.Time, item any, setSeq func(uint64), event func() (*spac.OutboxEvent, error)) (bool, error) {
	if id == "" {
		return false, spac.InvalidParam("id", "%s without an id", tl.what)
	}
	when, err := descTime(at)
	if err != nil {
		return false, spac.InvalidParam("time", "%s %s: %v", tl.what, id, err)
	}
	var added bool
	err = db.updateJournaled(ctx, func(txn *badger.Txn) error {
		added = false // a retried transaction starts over
		if _, err := txn.Get([]byte(tl.rec + id)); err == nil {
			return nil
		} else if !errors.Is(err, badger.ErrKeyNotFound) {
			return err
		}
		seq, err := nextSeq(txn, tl.seq)
		if err != nil {
			return err
		}
		setSeq(seq)
		if err := setJSON(txn, tl.rec+id, item); err != nil {
			return err
		}
		if err := txn.Set([]byte(tl.idx+when+"/"+id), nil); err != nil {
			return err
		}
		if err := appendBuiltEvent(txn, event); err != nil {
			return err
		}
		added = true
		return db.journalChange(txn, tl.kind, item)
	})
	return added, err
}

// appendBuiltEvent appends the event build makes to the webhook outbox; build or its event
// may be nil (nothing to send).
func appendBuiltEvent(txn *badger.Txn, build func() (*spac.OutboxEvent, error)) error {
	if build == nil {
		return nil
	}
	ev, err := build()
	if err != nil || ev == nil {
		return err
	}
	if err := checkEvent(*ev); err != nil {
		return err
	}
	return appendEvent(txn, *ev)
}

// nextSeq increments the counter under key and returns the new value (the first is 1).
func nextSeq(txn *badger.Txn, key string) (uint64, error) {
	v, ok, err := getString(txn, key)
	if err != nil {
		return 0, err
	}
	var last uint64
	if ok {
		if last, err = strconv.ParseUint(v, 10, 64); err != nil {
			return 0, fmt.Errorf("kv: counter %s %q: %w", key, v, err)
		}
	}
	return last + 1, txn.Set([]byte(key), []byte(strconv.FormatUint(last+1, 10)))
}

// newest calls fn with the record of every item at or after since (zero: all), newest first,
// until fn returns errStopIteration.
func (tl timeline) newest(ctx context.Context, db *DB, since time.Time, fn func(*badger.Item) error) error {
	stop := "" // index time strings greater than stop are older than since
	if !since.IsZero() {
		var err error
		if stop, err = descTime(since); err != nil {
			return spac.InvalidParam("since", "%v", err)
		}
	}
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, tl.idx, false, func(key string, _ *badger.Item) error {
			when, id, ok := strings.Cut(key[len(tl.idx):], "/")
			if !ok {
				return fmt.Errorf("kv: bad %s index key %q", tl.what, key)
			}
			if stop != "" && when > stop {
				return errStopIteration
			}
			item, err := txn.Get([]byte(tl.rec + id))
			if err != nil {
				return fmt.Errorf("kv: %s %s indexed but unreadable: %w", tl.what, id, err)
			}
			return fn(item)
		})
	})
	if errors.Is(err, errStopIteration) {
		return nil
	}
	return err
}

// get decodes the record of id into v; spac.ErrNotFound when it is missing.
func (tl timeline) get(ctx context.Context, db *DB, id string, v any) error {
	return db.view(ctx, func(txn *badger.Txn) error {
		item, err := txn.Get([]byte(tl.rec + id))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return spac.ErrNotFound
		}
		if err != nil {
			return err
		}
		return decodeItem(item, v)
	})
}

// PutAlert implements spac.AlertStore: it keeps the first alert stored under a.ID, giving it the
// next alert Seq (a.Seq is ignored), and reports added == false for a repeat.
func (db *DB) PutAlert(ctx context.Context, a spac.Alert) (bool, error) {
	return db.PutAlertWith(ctx, a, nil)
}

// PutAlertWith is PutAlert that, when the alert is new, appends the webhook event event builds
// from the alert as stored (with its Seq) to the outbox in the same transaction: the alert is
// never stored without its event, nor its event sent without the alert. event may be nil, or
// return nil (nothing to send).
func (db *DB) PutAlertWith(ctx context.Context, a spac.Alert, event func(spac.Alert) (*spac.OutboxEvent, error)) (bool, error) {
	return alertTimeline.put(ctx, db, a.ID, a.FiredAt, &a, func(seq uint64) { a.Seq = seq }, bind(event, &a))
}

// bind defers build(*item) until the item has its Seq; nil stays nil.
func bind[T any](build func(T) (*spac.OutboxEvent, error), item *T) func() (*spac.OutboxEvent, error) {
	if build == nil {
		return nil
	}
	return func() (*spac.OutboxEvent, error) { return build(*item) }
}

// Alert returns the stored alert with the given id, or spac.ErrNotFound.
func (db *DB) Alert(ctx context.Context, id string) (spac.Alert, error) {
	var a spac.Alert
	err := alertTimeline.get(ctx, db, id, &a)
	return a, err
}

// Alerts implements spac.AlertStore: the alerts matching q, newest first (FiredAt descending,
// then ID ascending).
func (db *DB) Alerts(ctx context.Context, q spac.AlertQuery) ([]spac.Alert, error) {
	return collect(ctx, db, alertTimeline, q.Since, q.Limit, newAlertMatcher(q).match)
}

// collect reads a timeline newest first, decoding each item into a T and keeping those match
// accepts, up to limit (<= 0: no limit).
func collect[T any](ctx context.Context, db *DB, tl timeline, since time.Time, limit int, match func(T) bool) ([]T, error) {
	out := []T{}
	err := tl.newest(ctx, db, since, func(item *badger.Item) error {
		var v T
		if err := decodeItem(item, &v); err != nil {
			return err
		}
		if match(v) {
			out = append(out, v)
		}
		if limit > 0 && len(out) >= limit {
			return errStopIteration
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// alertMatcher is an AlertQuery prepared for matching many alerts.
type alertMatcher struct {
	q    spac.AlertQuery
	ciks []spac.CIK // normalised; nil = any
}

func newAlertMatcher(q spac.AlertQuery) alertMatcher {
	return alertMatcher{q: q, ciks: normCIKs(q.CIKs)}
}

func (m alertMatcher) match(a spac.Alert) bool {
	switch {
	case len(m.q.Kinds) > 0 && !slices.Contains(m.q.Kinds, a.Kind):
		return false
	case len(m.q.Severities) > 0 && !slices.ContainsFunc(m.q.Severities, func(s string) bool { return strings.EqualFold(s, a.Severity) }):
		return false
	}
	return cikIn(m.ciks, a.CIK)
}

// normCIKs normalises a CIK filter. nil stays nil (no filter); invalid CIKs are dropped, so a
// filter of only invalid CIKs matches nothing, as an unknown SPAC should.
func normCIKs(in []spac.CIK) []spac.CIK {
	if in == nil {
		return nil
	}
	out := make([]spac.CIK, 0, len(in))
	for _, c := range in {
		if cik, ok := spac.ParseCIK(string(c)); ok {
			out = append(out, cik)
		}
	}
	return out
}

// cikIn reports whether c passes the normalised filter ciks (nil passes everything).
func cikIn(ciks []spac.CIK, c spac.CIK) bool {
	if ciks == nil {
		return true
	}
	cik, ok := spac.ParseCIK(string(c))
	return ok && slices.Contains(ciks, cik)
}
