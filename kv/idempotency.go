package kv

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// idempotencyKey is the record's key: the hash of the caller's key, which holds a client's
// Idempotency-Key (any printable text up to 255 characters) and never needs reading back.
func idempotencyKey(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return []byte(prefixIdempotency + hex.EncodeToString(sum[:]))
}

// ReserveIdempotent implements spac.IdempotencyStore. Two concurrent reservations of one key
// conflict in Badger; the retry finds the winner's record.
func (db *DB) ReserveIdempotent(ctx context.Context, key string, r spac.IdempotentRecord, expires time.Time) (spac.IdempotentRecord, bool, error) {
	var kept spac.IdempotentRecord
	var reserved bool
	err := db.update(ctx, func(txn *badger.Txn) error {
		err := getJSON(txn, string(idempotencyKey(key)), "idempotency key", &kept)
		if spac.ErrorCode(err) != spac.ENOTFOUND {
			reserved = false
			return err // found (nil) or a store failure
		}
		kept, reserved = r, true
		return setIdempotent(txn, key, r, expires)
	})
	return kept, reserved, err
}

// PutIdempotent implements spac.IdempotencyStore.
func (db *DB) PutIdempotent(ctx context.Context, key string, r spac.IdempotentRecord, expires time.Time) error {
	return db.update(ctx, func(txn *badger.Txn) error { return setIdempotent(txn, key, r, expires) })
}

// DeleteIdempotent implements spac.IdempotencyStore.
func (db *DB) DeleteIdempotent(ctx context.Context, key string) error {
	return db.update(ctx, func(txn *badger.Txn) error { return txn.Delete(idempotencyKey(key)) })
}

// setIdempotent writes a record with a Badger TTL: once expired it reads as absent, and
// compaction discards it, so the records never outgrow a day of POSTs.
func setIdempotent(txn *badger.Txn, key string, r spac.IdempotentRecord, expires time.Time) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("kv: encode idempotency record: %w", err)
	}
	e := badger.NewEntry(idempotencyKey(key), b)
	e.ExpiresAt = uint64(max(expires.Unix(), 1))
	return txn.SetEntry(e)
}
