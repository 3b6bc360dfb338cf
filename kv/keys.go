package kv

import (
	"cmp"
	"context"
	"slices"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// storedKey is the k/<id> record; spac.APIKey keeps Hash out of its JSON.
type storedKey struct {
	Key  spac.APIKey `json:"key"`
	Hash string      `json:"hash"`
}

func keyKey(id string) string       { return prefixAPIKey + id }
func keyHashKey(hash string) string { return prefixAPIKeyHash + hash }

// PutKey inserts or replaces a key by ID. A changed hash (rotation) drops the old hash entry.
func (db *DB) PutKey(ctx context.Context, k spac.APIKey) error {
	if k.ID == "" || k.Hash == "" {
		return spac.InvalidParam("key", "a key needs an id and a hash")
	}
	return db.updateJournaled(ctx, func(txn *badger.Txn) error {
		if err := writeKey(txn, k); err != nil {
			return err
		}
		return db.journalRecord(txn, spac.ChangeKey, func(seq uint64) any {
			return spac.KeyChange{Key: k, Hash: k.Hash, Seq: seq}
		})
	})
}

// writeKey stores k (the writer's PutKey, a replica's ChangeKey).
func writeKey(txn *badger.Txn, k spac.APIKey) error {
	var old storedKey
	err := getJSON(txn, keyKey(k.ID), "key", &old)
	if err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		return err
	}
	if err == nil && old.Hash != k.Hash {
		if err := txn.Delete([]byte(keyHashKey(old.Hash))); err != nil {
			return err
		}
	}
	if err := txn.Set([]byte(keyHashKey(k.Hash)), []byte(k.ID)); err != nil {
		return err
	}
	return setJSON(txn, keyKey(k.ID), storedKey{Key: k, Hash: k.Hash})
}

// KeyByHash returns the key whose secret hashes to hash.
func (db *DB) KeyByHash(ctx context.Context, hash string) (spac.APIKey, error) {
	var k spac.APIKey
	err := db.view(ctx, func(txn *badger.Txn) error {
		id, ok, err := getString(txn, keyHashKey(hash))
		if err != nil {
			return err
		}
		if !ok {
			return spac.Errorf(spac.ENOTFOUND, "key not found")
		}
		k, err = getKey(txn, id)
		return err
	})
	return k, err
}

// Key returns a key by ID.
func (db *DB) Key(ctx context.Context, id string) (spac.APIKey, error) {
	var k spac.APIKey
	err := db.view(ctx, func(txn *badger.Txn) error {
		var err error
		k, err = getKey(txn, id)
		return err
	})
	return k, err
}

func getKey(txn *badger.Txn, id string) (spac.APIKey, error) {
	var sk storedKey
	err := getJSON(txn, keyKey(id), "key "+id, &sk)
	sk.Key.Hash = sk.Hash
	return sk.Key, err
}

// Keys returns every key, oldest first (ties by ID).
func (db *DB) Keys(ctx context.Context) ([]spac.APIKey, error) {
	out := []spac.APIKey{}
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixAPIKey, true, func(_ string, item *badger.Item) error {
			var sk storedKey
			if err := decodeItem(item, &sk); err != nil {
				return err
			}
			sk.Key.Hash = sk.Hash
			out = append(out, sk.Key)
			return nil
		})
	})
	slices.SortFunc(out, func(a, b spac.APIKey) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
	return out, err
}
