package kv

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/dgraph-io/badger/v4"
)

// SchemaVersion is the layout of the store this binary writes (m/schema). Open migrates an
// older store step by step and refuses a newer one, naming both versions, so a store is never
// read as if it were in a layout it is not.
//
//	1  before the schema had a version: no m/schema key, no sources
//	2  src/<accession> keeps what each filing was read from; filings carry the version of the
//	   extractor that derived their facts (spac.Filing.ExtractVersion)
const SchemaVersion = 2

// migration moves a store from version from to from+1.
type migration struct {
	from int
	what string
	run  func(ctx context.Context, db *DB) error
}

// migrations are applied in order on Open.
var migrations = []migration{
	// A version 1 store reads as version 2: its filings have no source and no extractor
	// stamp, so `spacd reextract` counts them as stale and unsourced (their facts are kept
	// until `spacd ingest` or `spacd backfill` stores them again with their sources).
	{from: 1, what: "keep sources and extractor versions", run: func(context.Context, *DB) error { return nil }},
}

// ErrSchemaNewer is returned by Open for a store written by a newer binary.
var ErrSchemaNewer = errors.New("kv: store written by a newer spacd")

// migrate brings the store to SchemaVersion, or refuses it.
func (db *DB) migrate(ctx context.Context, dir string) error {
	v, stamped, err := db.schemaVersion(ctx)
	if err != nil {
		return err
	}
	if v > SchemaVersion {
		return fmt.Errorf("%w: the store in %q has schema version %d; this binary reads up to version %d - run the newer spacd that wrote it (or restore a backup made for this one)", ErrSchemaNewer, dir, v, SchemaVersion)
	}
	for _, m := range migrations {
		if m.from < v {
			continue
		}
		if err := m.run(ctx, db); err != nil {
			return fmt.Errorf("kv: migrate the store in %q from schema version %d (%s): %w", dir, m.from, m.what, err)
		}
		if err := db.setSchemaVersion(ctx, m.from+1); err != nil {
			return err
		}
		v, stamped = m.from+1, true
	}
	if !stamped {
		return db.setSchemaVersion(ctx, v)
	}
	return nil
}

// schemaVersion reads m/schema (stamped: the key exists): a store without it is version 1 when
// it holds any key, and new (the current version) when it is empty.
func (db *DB) schemaVersion(ctx context.Context) (v int, stamped bool, err error) {
	empty := true
	err = db.view(ctx, func(txn *badger.Txn) error {
		s, ok, err := getString(txn, keySchema)
		if err != nil || ok {
			if ok {
				v, err = strconv.Atoi(s)
				if err != nil || v < 1 {
					return fmt.Errorf("kv: corrupt schema version %q", s)
				}
			}
			return err
		}
		opts := badger.DefaultIteratorOptions
		opts.PrefetchValues = false
		it := txn.NewIterator(opts)
		defer it.Close()
		it.Rewind()
		empty = !it.Valid()
		return nil
	})
	switch {
	case err != nil || v > 0:
		return v, v > 0, err
	case empty:
		return SchemaVersion, false, nil
	}
	return 1, false, nil
}

func (db *DB) setSchemaVersion(ctx context.Context, v int) error {
	return db.update(ctx, func(txn *badger.Txn) error {
		return txn.Set([]byte(keySchema), []byte(strconv.Itoa(v)))
	})
}
