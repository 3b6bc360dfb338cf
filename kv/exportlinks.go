package kv

import (
	"context"
	"encoding/json"
	"errors"
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
// (a Badger TTL), so expired links cost nothing and disappear by themselves. A writer journals
// it: replicas serve the link too.
func (db *DB) PutExportLink(ctx context.Context, l spac.ExportLink) error {
	if l.ID == "" || l.Hash == "" || l.KeyID == "" {
		return spac.InvalidParam("link", "an export link needs an id, a key and a hash")
	}
	return db.updateJournaled(ctx, func(txn *badger.Txn) error {
		if err := writeLink(txn, l); err != nil {
			return err
		}
		return db.journalRecord(txn, spac.ChangeExportLink, func(seq uint64) any {
			return spac.ExportLinkChange{Link: l, Hash: l.Hash, Seq: seq}
		})
	})
}

// writeLink stores l's three entries, expiring with it (the writer's PutExportLink, a
// replica's ChangeExportLink).
func writeLink(txn *badger.Txn, l spac.ExportLink) error {
	b, err := json.Marshal(storedLink{Link: l, Hash: l.Hash})
	if err != nil {
		return fmt.Errorf("kv: encode export link: %w", err)
	}
	expires := linkExpiry(l)
	for k, v := range map[string][]byte{linkKey(l.ID): b, linkHashKey(l.Hash): []byte(l.ID), linkOwnerKey(l.KeyID, l.ID): nil} {
		e := badger.NewEntry([]byte(k), v)
		e.ExpiresAt = expires
		if err := txn.SetEntry(e); err != nil {
			return err
		}
	}
	return nil
}

// linkExpiry is the Badger expiry (unix seconds) of a link's entries.
func linkExpiry(l spac.ExportLink) uint64 { return uint64(max(l.ExpiresAt.Unix(), 1)) }

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
	return db.updateJournaled(ctx, func(txn *badger.Txn) error {
		var s storedLink
		if err := getJSON(txn, linkKey(id), "export link", &s); err != nil {
			return err
		}
		if s.Link.KeyID != keyID {
			return spac.Errorf(spac.ENOTFOUND, "export link not found")
		}
		if err := deleteLink(txn, s); err != nil {
			return err
		}
		return db.journalRecord(txn, spac.ChangeExportLink, func(seq uint64) any {
			return spac.ExportLinkChange{Link: s.Link, Hash: s.Hash, Deleted: true, Seq: seq}
		})
	})
}

func deleteLink(txn *badger.Txn, s storedLink) error {
	for _, k := range []string{linkKey(s.Link.ID), linkHashKey(s.Hash), linkOwnerKey(s.Link.KeyID, s.Link.ID)} {
		if err := txn.Delete([]byte(k)); err != nil {
			return err
		}
	}
	return nil
}

// applyLink stores or deletes a link as the writer did.
func applyLink(txn *badger.Txn, data []byte) error {
	var lc spac.ExportLinkChange
	if err := json.Unmarshal(data, &lc); err != nil {
		return err
	}
	if lc.Link.ID == "" || lc.Hash == "" {
		return errors.New("export link change without an id or hash")
	}
	lc.Link.Hash = lc.Hash
	if lc.Deleted {
		return deleteLink(txn, storedLink{Link: lc.Link, Hash: lc.Hash})
	}
	return writeLink(txn, lc.Link)
}
