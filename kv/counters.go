package kv

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// counterStripes is the number of mutexes counter keys are spread over.
//
// Why a mutex and not only Badger's conflict detection: every request of one API key adds to the
// same few counters, so under load optimistic transactions on that hot key would mostly fail and
// retry. A striped mutex serialises Adds of the same key (no conflicts, no retry storm) while
// different keys proceed in parallel. The transaction still runs through db.update, whose conflict
// retry stays as a safety net. One process owns the Badger directory (Badger locks it), so an
// in-process mutex is enough.
const counterStripes = 64

func counterKey(key string) string { return prefixCounter + key }

// Add increments key by delta and returns the new value. A new counter expires ttl after its
// first Add (ttl <= 0: never); later Adds keep that expiry, so a rate-limit window stays fixed.
func (db *DB) Add(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if key == "" {
		return 0, spac.InvalidParam("key", "empty counter key")
	}
	mu := &db.counters[stripe(key)]
	mu.Lock()
	defer mu.Unlock()
	var value int64
	err := db.update(ctx, func(txn *badger.Txn) error {
		cur, expires, err := readCounter(txn, key)
		if err != nil {
			return err
		}
		if expires == 0 && ttl > 0 {
			expires = uint64(time.Now().Add(ttl).Unix())
		}
		value = cur + delta
		e := badger.NewEntry([]byte(counterKey(key)), encodeCounter(value))
		e.ExpiresAt = expires
		return txn.SetEntry(e)
	})
	return value, err
}

// Get returns the value of a counter; a missing or expired counter is 0.
func (db *DB) Get(ctx context.Context, key string) (int64, error) {
	var v int64
	err := db.view(ctx, func(txn *badger.Txn) error {
		var err error
		v, _, err = readCounter(txn, key)
		return err
	})
	return v, err
}

// Scan calls fn with every live counter whose key starts with prefix, in key order.
func (db *DB) Scan(ctx context.Context, prefix string, fn func(key string, value int64) error) error {
	return db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, counterKey(prefix), true, func(k string, item *badger.Item) error {
			var v int64
			err := item.Value(func(b []byte) (err error) { v, err = decodeCounter(b); return })
			if err != nil {
				return err
			}
			return fn(strings.TrimPrefix(k, prefixCounter), v)
		})
	})
}

// readCounter returns a counter's value and expiry (Unix seconds, 0 = none); missing is 0, 0.
func readCounter(txn *badger.Txn, key string) (int64, uint64, error) {
	item, err := txn.Get([]byte(counterKey(key)))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	var v int64
	err = item.Value(func(b []byte) (err error) { v, err = decodeCounter(b); return })
	return v, item.ExpiresAt(), err
}

func encodeCounter(v int64) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(v))
}

func decodeCounter(b []byte) (int64, error) {
	if len(b) != 8 {
		return 0, fmt.Errorf("kv: counter value of %d bytes", len(b))
	}
	return int64(binary.BigEndian.Uint64(b)), nil
}

func stripe(key string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32() % counterStripes
}
