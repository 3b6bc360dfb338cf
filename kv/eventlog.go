package kv

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"sync"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.StreamLog = (*EventLog)(nil)

// EventLog is the persistent spac.StreamLog: the replay log of the alert and news streams.
//
// Keys (see doc.go): l/<topic>/<id> holds the JSON of one event, <id> 20 decimal digits so keys
// sort by id; lm/<topic> holds the last id the topic assigned, so ids keep increasing across
// restarts even when the newest events were trimmed. <topic> is path-escaped, so a topic holding
// "/" can never reach into another topic's range.
//
// Why a mutex per topic when Badger already detects conflicts: every Append of a topic
// read-modify-writes the same lm/ key, so concurrent optimistic transactions would mostly fail
// and retry. The mutex serialises them; db.update's conflict retry remains the safety net (for
// example two EventLogs over one DB), so ids stay unique either way.
type EventLog struct {
	db  *DB
	cap int

	mu     sync.Mutex
	topics map[string]*sync.Mutex
}

// EventLog returns the persistent stream log over db. It keeps at most capPerTopic events per
// topic (0 = all), deleting the oldest on Append; ids keep increasing regardless.
func (db *DB) EventLog(capPerTopic int) *EventLog {
	return &EventLog{db: db, cap: max(capPerTopic, 0), topics: map[string]*sync.Mutex{}}
}

func logPrefix(topic string) string  { return prefixStreamLog + url.PathEscape(topic) + "/" }
func logLastKey(topic string) string { return prefixStreamLast + url.PathEscape(topic) }
func logKey(topic string, id uint64) string {
	return fmt.Sprintf("%s%020d", logPrefix(topic), id)
}

// topicLock returns the mutex of topic, creating it on first use.
func (l *EventLog) topicLock(topic string) *sync.Mutex {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := l.topics[topic]
	if m == nil {
		m = &sync.Mutex{}
		l.topics[topic] = m
	}
	return m
}

// Append implements spac.StreamLog: it assigns the topic's next id and stores the event with the new
// last id in one transaction.
func (l *EventLog) Append(ctx context.Context, topic string, ev spac.StreamEvent) (spac.StreamEvent, error) {
	if ev.Type == "" || len(ev.Data) == 0 {
		return spac.StreamEvent{}, spac.ErrInvalidStreamEvent
	}
	ev.Data = append([]byte(nil), ev.Data...)
	ev.Symbols = append([]string(nil), ev.Symbols...)
	mu := l.topicLock(topic)
	mu.Lock()
	defer mu.Unlock()
	err := l.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		last, err := lastLogID(txn, topic)
		if err != nil {
			return err
		}
		if last == math.MaxUint64 {
			return fmt.Errorf("kv: log %q: ids exhausted", topic)
		}
		ev.ID = last + 1
		if err := setJSON(txn, logKey(topic, ev.ID), ev); err != nil {
			return err
		}
		if err := txn.Set([]byte(logLastKey(topic)), []byte(strconv.FormatUint(ev.ID, 10))); err != nil {
			return err
		}
		if err := l.db.journalChange(txn, spac.ChangeStream, spac.StreamChange{Topic: topic, Event: ev}); err != nil {
			return err
		}
		return l.trim(ctx, txn, topic, ev.ID)
	})
	if err != nil {
		return spac.StreamEvent{}, err
	}
	return ev, nil
}

// lastLogID is the last id topic assigned, 0 for a new topic.
func lastLogID(txn *badger.Txn, topic string) (uint64, error) {
	v, ok, err := getString(txn, logLastKey(topic))
	if err != nil || !ok {
		return 0, err
	}
	id, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("kv: log %q: last id %q: %w", topic, v, err)
	}
	return id, nil
}

// trim deletes the events that fall out of the retention window once newest is stored. Ids are
// dense, so this is normally exactly one key; a cap lowered since the last run deletes the whole
// surplus. Keys are collected first because Badger iterators must be closed before commit.
func (l *EventLog) trim(ctx context.Context, txn *badger.Txn, topic string, newest uint64) error {
	if l.cap == 0 || newest <= uint64(l.cap) {
		return nil
	}
	keep := newest - uint64(l.cap) + 1 // first id to keep
	var stale [][]byte
	err := eachKey(ctx, txn, logPrefix(topic), false, func(key string, _ *badger.Item) error {
		id, err := logIDOf(key, topic)
		if err != nil {
			return err
		}
		if id >= keep {
			return errStopIteration
		}
		stale = append(stale, []byte(key))
		return nil
	})
	if err != nil && err != errStopIteration {
		return err
	}
	for _, k := range stale {
		if err := txn.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// logIDOf parses the id out of an l/ key of topic.
func logIDOf(key, topic string) (uint64, error) {
	id, err := strconv.ParseUint(key[len(logPrefix(topic)):], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("kv: bad log key %q: %w", key, err)
	}
	return id, nil
}

// Since implements spac.StreamLog: up to limit events with id > afterID, ascending.
func (l *EventLog) Since(ctx context.Context, topic string, afterID uint64, limit int) ([]spac.StreamEvent, error) {
	if limit <= 0 || afterID == math.MaxUint64 {
		return nil, nil
	}
	var out []spac.StreamEvent
	err := l.db.view(ctx, func(txn *badger.Txn) error {
		return eachKeyFrom(ctx, txn, logPrefix(topic), logKey(topic, afterID+1), true, func(_ string, item *badger.Item) error {
			var ev spac.StreamEvent
			if err := decodeItem(item, &ev); err != nil {
				return err
			}
			out = append(out, ev)
			if len(out) >= limit {
				return errStopIteration
			}
			return nil
		})
	})
	if err != nil && err != errStopIteration {
		return nil, err
	}
	return out, nil
}

// Last implements spac.StreamLog: the n most recent events, oldest first. It walks the topic backwards
// so it reads only the n events it returns.
func (l *EventLog) Last(ctx context.Context, topic string, n int) ([]spac.StreamEvent, error) {
	if n <= 0 {
		return nil, nil
	}
	var out []spac.StreamEvent
	err := l.db.view(ctx, func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.Prefix = []byte(logPrefix(topic))
		opts.Reverse = true
		it := txn.NewIterator(opts)
		defer it.Close()
		// In reverse, Seek finds the last key <= its argument: 0xff sorts after every id digit.
		for it.Seek(append([]byte(logPrefix(topic)), 0xff)); it.ValidForPrefix(opts.Prefix) && len(out) < n; it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			var ev spac.StreamEvent
			if err := decodeItem(it.Item(), &ev); err != nil {
				return err
			}
			out = append(out, ev)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Reverse(out)
	return out, nil
}
