package kv

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// storedLink is the xl/<id> record; spac.ExportLink keeps Hash out of its JSON.
type storedLink struct {
	Link spac.ExportLink `json:"link"`
	Hash string          `json:"hash"`
}

func linkKey(id string) string             { return prefixExportLink + id }
func linkHashKey(hash string) string       { return prefixExportLinkHash + hash }
func linkOwnerKey(keyID, id string) string { return prefixExportLinkOfKey + keyID + "/" + id }

// PutExportLink implements spac.ExportLinkStore. Its three entries expire with the link
// (a Badger TTL), so expired links cost nothing and disappear by themselves.
func (db *DB) PutExportLink(ctx context.Context, l spac.ExportLink) error {
	if l.ID == "" || l.Hash == "" || l.KeyID == "" {
		return spac.InvalidParam("link", "an export link needs an id, a key and a hash")
	}
	b, err := json.Marshal(storedLink{Link: l, Hash: l.Hash})
	if err != nil {
		return fmt.Errorf("kv: encode export link: %w", err)
	}
	expires := uint64(max(l.ExpiresAt.Unix(), 1))
	return db.update(ctx, func(txn *badger.Txn) error {
		for k, v := range map[string][]byte{linkKey(l.ID): b, linkHashKey(l.Hash): []byte(l.ID), linkOwnerKey(l.KeyID, l.ID): nil} {
			e := badger.NewEntry([]byte(k), v)
			e.ExpiresAt = expires
			if err := txn.SetEntry(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// ExportLinkByHash implements spac.ExportLinkStore.
func (db *DB) ExportLinkByHash(ctx context.Context, hash string) (spac.ExportLink, error) {
	var s storedLink
	err := db.view(ctx, func(txn *badger.Txn) error {
		id, ok, err := getString(txn, linkHashKey(hash))
		if err != nil {
			return err
		}
		if !ok {
			return spac.Errorf(spac.ENOTFOUND, "export link not found")
		}
		return getJSON(txn, linkKey(id), "export link", &s)
	})
	s.Link.Hash = s.Hash
	return s.Link, err
}

// ExportLinks implements spac.ExportLinkStore.
func (db *DB) ExportLinks(ctx context.Context, keyID string) ([]spac.ExportLink, error) {
	var out []spac.ExportLink
	err := db.view(ctx, func(txn *badger.Txn) error {
		prefix := linkOwnerKey(keyID, "")
		return eachKey(ctx, txn, prefix, false, func(k string, _ *badger.Item) error {
			var s storedLink
			if err := getJSON(txn, linkKey(k[len(prefix):]), "export link", &s); err != nil {
				return err
			}
			s.Link.Hash = s.Hash
			out = append(out, s.Link)
			return nil
		})
	})
	slices.SortFunc(out, func(a, b spac.ExportLink) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return out, err
}

// DeleteExportLink implements spac.ExportLinkStore.
func (db *DB) DeleteExportLink(ctx context.Context, keyID, id string) error {
	return db.update(ctx, func(txn *badger.Txn) error {
		var s storedLink
		if err := getJSON(txn, linkKey(id), "export link", &s); err != nil {
			return err
		}
		if s.Link.KeyID != keyID {
			return spac.Errorf(spac.ENOTFOUND, "export link not found")
		}
		for _, k := range []string{linkKey(id), linkHashKey(s.Hash), linkOwnerKey(keyID, id)} {
			if err := txn.Delete([]byte(k)); err != nil {
				return err
			}
		}
		return nil
	})
}
