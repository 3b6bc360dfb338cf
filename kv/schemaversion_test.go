package kv

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// TestSchemaVersionNewStore stamps a new store with the current version.
func TestSchemaVersionNewStore(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	v, stamped, err := db.schemaVersion(context.Background())
	db.Close()
	if err != nil || !stamped || v != SchemaVersion {
		t.Fatalf("new store: version %d stamped %v (%v), want %d stamped", v, stamped, err, SchemaVersion)
	}
}

// TestSchemaVersionLegacyStore opens a store written before the schema had a version (keys,
// no m/schema, filings without sources): it is migrated to the current version, its filings
// stay readable and have no source.
func TestSchemaVersionLegacyStore(t *testing.T) {
	dir := t.TempDir()
	writeLegacyStore(t, dir)
	db, err := Open(dir)
	if err != nil {
		t.Fatalf("open a version 1 store: %v", err)
	}
	defer db.Close()
	ctx := context.Background()
	if v, stamped, _ := db.schemaVersion(ctx); v != SchemaVersion || !stamped {
		t.Errorf("after migration: version %d stamped %v", v, stamped)
	}
	f, err := db.Filing(ctx, "0000000001-21-000001")
	if err != nil || f.Form != "8-K" {
		t.Fatalf("legacy filing: %+v, %v", f, err)
	}
	if _, err := db.Source(ctx, "0000000001-21-000001"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("legacy filing source: %v, want ENOTFOUND", err)
	}
}

// TestSchemaVersionNewer refuses a store stamped by a newer binary, naming both versions.
func TestSchemaVersionNewer(t *testing.T) {
	dir := t.TempDir()
	bdb, err := badger.Open(badgerOptions(dir, config{log: slog.New(slog.DiscardHandler), chunkLines: DefaultChunkLines}))
	if err != nil {
		t.Fatal(err)
	}
	if err := bdb.Update(func(txn *badger.Txn) error { return txn.Set([]byte(keySchema), []byte("99")) }); err != nil {
		t.Fatal(err)
	}
	bdb.Close()
	_, err = Open(dir)
	if !errors.Is(err, ErrSchemaNewer) || !strings.Contains(err.Error(), "version 99") || !strings.Contains(err.Error(), "up to version 2") {
		t.Fatalf("open a store of version 99: %v", err)
	}
}

// writeLegacyStore writes, with Badger directly, a store as the binary before schema
// versions left it: a filing record, its text chunk, facts and CIK index, and no m/schema.
func writeLegacyStore(t *testing.T, dir string) {
	t.Helper()
	bdb, err := badger.Open(badgerOptions(dir, config{log: slog.New(slog.DiscardHandler), chunkLines: DefaultChunkLines}))
	if err != nil {
		t.Fatal(err)
	}
	defer bdb.Close()
	acc, cik := "0000000001-21-000001", spac.CIK("0000000001")
	rec := storedFiling{Filing: spac.Filing{Accession: acc, Form: "8-K", CIK: cik, FiledAt: "2021-01-04", LineCount: 1}, Hash: "legacy", Lines: 1, ChunkLines: DefaultChunkLines}
	err = bdb.Update(func(txn *badger.Txn) error {
		for key, v := range map[string]any{filingKey(acc): rec, chunkKey(acc, 0): []string{"Item 8.01 Other Events."}, factsKey(cik, acc): []spac.Fact{}} {
			if err := setJSON(txn, key, v); err != nil {
				return err
			}
		}
		return txn.Set([]byte(cikKey(cik, acc)), nil)
	})
	if err != nil {
		t.Fatal(err)
	}
}
