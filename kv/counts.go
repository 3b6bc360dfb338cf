package kv

import (
	"context"

	"github.com/dgraph-io/badger/v4"
)

// CountProfiles counts the stored profiles (p/ keys) without reading their values.
func (db *DB) CountProfiles(ctx context.Context) (int, error) {
	return db.countKeys(ctx, prefixProfile)
}

// CountFilings counts the stored filings (f/ keys) without reading their values.
func (db *DB) CountFilings(ctx context.Context) (int, error) { return db.countKeys(ctx, prefixFiling) }

func (db *DB) countKeys(ctx context.Context, prefix string) (int, error) {
	n := 0
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefix, false, func(string, *badger.Item) error {
			n++
			return nil
		})
	})
	return n, err
}

// ArticlesVersion changes whenever the stored articles do: it is the last article Seq given.
// Articles are only ever added (PutArticle keeps the first article of an id), each with the
// next Seq; a change that edits or removes an article must move this version too.
func (db *DB) ArticlesVersion(ctx context.Context) (string, error) {
	return db.articles.get(ctx, db, articleTimeline.seq)
}
