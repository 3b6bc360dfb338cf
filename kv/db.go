package kv

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// Interface checks.
var (
	_ spac.FilingStore  = (*DB)(nil)
	_ spac.ProfileStore = (*DB)(nil)
	_ spac.KeyStore     = (*DB)(nil)
	_ spac.CounterStore = (*DB)(nil)
)

// DefaultChunkLines is how many canonical lines one t/ chunk holds.
const DefaultChunkLines = 256

// conflictRetries bounds how often a transaction is retried after badger.ErrConflict.
const conflictRetries = 32

// DB is the Badger store.
type DB struct {
	bdb        *badger.DB
	chunkLines int
	counters   [counterStripes]sync.Mutex // see counters.go
	// commits counts the write transactions committed by this process (the only one Badger
	// admits); it moves after each commit is visible. Small values read on every request
	// (the watermark, the article version) are kept until it moves (memo.go).
	commits   atomic.Uint64
	watermark memo
	articles  memo
	journal   journal // the change journal of a writer (journal.go); off by default
}

type config struct {
	log        *slog.Logger
	chunkLines int
	syncWrites bool
	journal    bool
}

// Option configures Open.
type Option func(*config)

// WithLogger routes Badger's log output to l (errors and warnings only; Badger's info
// messages are logged at debug level).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// WithChunkLines sets the number of canonical lines per stored text chunk (tests use small
// values to exercise chunk boundaries). Filings already stored keep the size they were written with.
func WithChunkLines(n int) Option { return func(c *config) { c.chunkLines = n } }

// WithSyncWrites makes every commit fsync (slower; survives an OS crash, not just a process crash).
func WithSyncWrites(on bool) Option { return func(c *config) { c.syncWrites = on } }

// Open opens (creating if needed) the store in dir; dir "" opens an in-memory store for tests.
func Open(dir string, opts ...Option) (*DB, error) {
	c := config{log: slog.New(slog.DiscardHandler), chunkLines: DefaultChunkLines}
	for _, o := range opts {
		o(&c)
	}
	if c.chunkLines < 1 {
		return nil, fmt.Errorf("kv: chunk lines must be positive, got %d", c.chunkLines)
	}
	if dir != "" {
		if err := dropEmptyMemtables(dir); err != nil {
			return nil, err
		}
	}
	bdb, err := badger.Open(badgerOptions(dir, c))
	if err != nil {
		return nil, fmt.Errorf("kv: open %q: %w", dir, err)
	}
	db := &DB{bdb: bdb, chunkLines: c.chunkLines}
	db.journal.on, db.journal.signal = c.journal, make(chan struct{}, 1)
	if err := db.migrate(context.Background(), dir); err != nil {
		bdb.Close()
		return nil, err
	}
	return db, nil
}

// badgerOptions sizes Badger for a small server: the defaults (64 MB memtables x 5, 1 GB value
// log files, 256 MB block cache, 4 compactors) are made for large machines and make tests on
// 2 shared cores heavy.
func badgerOptions(dir string, c config) badger.Options {
	o := badger.DefaultOptions(dir).
		WithLogger(slogAdapter{c.log}).
		WithSyncWrites(c.syncWrites).
		WithMemTableSize(16 << 20).
		WithNumMemtables(2).
		WithValueLogFileSize(64 << 20).
		WithBlockCacheSize(32 << 20).
		WithNumCompactors(2).
		WithNumGoroutines(2).
		WithMetricsEnabled(false)
	if dir == "" {
		o = o.WithInMemory(true)
	}
	return o
}

// Close closes the store.
func (db *DB) Close() error { return db.bdb.Close() }

// Ping reports whether the store can serve reads.
func (db *DB) Ping(ctx context.Context) error {
	if db.bdb.IsClosed() {
		return spac.Errorf(spac.EUNAVAILABLE, "store is closed")
	}
	return db.view(ctx, func(txn *badger.Txn) error {
		_, err := txn.Get([]byte(keyWatermark))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		return err
	})
}

// slogAdapter is Badger's Logger on top of slog. Badger is chatty at info level (every
// compaction, every memtable flush), so its info goes to debug.
type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Errorf(f string, args ...any) {
	a.l.Error("badger: " + trimNL(fmt.Sprintf(f, args...)))
}
func (a slogAdapter) Warningf(f string, args ...any) {
	a.l.Warn("badger: " + trimNL(fmt.Sprintf(f, args...)))
}
func (a slogAdapter) Infof(f string, args ...any)  { a.debug(f, args) }
func (a slogAdapter) Debugf(f string, args ...any) { a.debug(f, args) }

// debug formats only when debug records are kept: Badger logs at every write batch.
func (a slogAdapter) debug(f string, args []any) {
	if a.l.Enabled(context.Background(), slog.LevelDebug) {
		a.l.Debug("badger: " + trimNL(fmt.Sprintf(f, args...)))
	}
}

func trimNL(s string) string {
	for len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	return s
}

// view runs fn in a read-only transaction.
func (db *DB) view(ctx context.Context, fn func(*badger.Txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return db.bdb.View(fn)
}

// update runs fn in a read-write transaction, retrying when a concurrent transaction
// committed a write to a key fn read (optimistic concurrency).
func (db *DB) update(ctx context.Context, fn func(*badger.Txn) error) error {
	for range conflictRetries {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := db.bdb.Update(fn)
		if err == nil {
			db.commits.Add(1)
		}
		if !errors.Is(err, badger.ErrConflict) {
			return err
		}
	}
	return spac.Errorf(spac.ECONFLICT, "store: too many transaction conflicts")
}

// getJSON decodes the value of key into v; a missing key is spac ENOTFOUND naming what.
func getJSON(txn *badger.Txn, key, what string, v any) error {
	item, err := txn.Get([]byte(key))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return spac.Errorf(spac.ENOTFOUND, "%s not found", what)
	}
	if err != nil {
		return err
	}
	return item.Value(func(b []byte) error {
		if err := json.Unmarshal(b, v); err != nil {
			return fmt.Errorf("kv: decode %s: %w", key, err)
		}
		return nil
	})
}

// getString returns the value of key, ok == false when it is missing.
func getString(txn *badger.Txn, key string) (string, bool, error) {
	item, err := txn.Get([]byte(key))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	b, err := item.ValueCopy(nil)
	return string(b), err == nil, err
}

// setJSON encodes v under key.
func setJSON(txn *badger.Txn, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("kv: encode %s: %w", key, err)
	}
	return txn.Set([]byte(key), b)
}

// errStopIteration ends an eachKeyFrom walk early without an error.
var errStopIteration = errors.New("stop iteration")

// eachKey calls fn with every key (and its item) under prefix, in key order.
func eachKey(ctx context.Context, txn *badger.Txn, prefix string, values bool, fn func(key string, item *badger.Item) error) error {
	return eachKeyFrom(ctx, txn, prefix, prefix, values, fn)
}

// eachKeyFrom is eachKey starting at the first key >= start.
func eachKeyFrom(ctx context.Context, txn *badger.Txn, prefix, start string, values bool, fn func(key string, item *badger.Item) error) error {
	opts := badger.DefaultIteratorOptions
	opts.Prefix = []byte(prefix)
	opts.PrefetchValues = values
	it := txn.NewIterator(opts)
	defer it.Close()
	for it.Seek([]byte(start)); it.ValidForPrefix(opts.Prefix); it.Next() {
		if err := ctx.Err(); err != nil {
			return err
		}
		item := it.Item()
		if err := fn(string(item.Key()), item); err != nil {
			return err
		}
	}
	return nil
}

// decodeItem decodes the JSON value of item into v.
func decodeItem(item *badger.Item, v any) error {
	return item.Value(func(b []byte) error {
		if err := json.Unmarshal(b, v); err != nil {
			return fmt.Errorf("kv: decode %s: %w", item.Key(), err)
		}
		return nil
	})
}

// normCIK validates a CIK given by a caller.
func normCIK(c spac.CIK) (spac.CIK, error) {
	cik, ok := spac.ParseCIK(string(c))
	if !ok {
		return "", spac.InvalidParam("cik", "invalid CIK %q", c)
	}
	return cik, nil
}
