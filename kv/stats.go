package kv

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/dgraph-io/badger/v4"
)

// DiskBytes is the disk space the store takes: the LSM tree's SST files and the value log
// files, read from the directory listing (Badger's own Size needs its expvar metrics, which are
// off, and counts a preallocated value log at its apparent size). An in-memory store is 0, 0.
func (db *DB) DiskBytes() (lsm, vlog int64, err error) {
	dir := db.bdb.Opts().Dir
	if db.bdb.Opts().InMemory || dir == "" {
		return 0, 0, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if ext != ".sst" && ext != ".vlog" {
			continue
		}
		info, err := e.Info()
		if errors.Is(err, os.ErrNotExist) {
			continue // compacted away since the listing
		} else if err != nil {
			return 0, 0, err
		}
		if ext == ".sst" {
			lsm += onDisk(info)
		} else {
			vlog += onDisk(info)
		}
	}
	return lsm, vlog, nil
}

// Queued counts the webhook deliveries waiting in the queue (due now or later), reading keys
// only and stopping at limit (> 0), so that a count over a huge backlog stays bounded: the
// result is then limit.
func (s *WebhookStore) Queued(ctx context.Context, limit int) (int, error) {
	n := 0
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixDue, false, func(string, *badger.Item) error {
			n++
			if limit > 0 && n >= limit {
				return errStopIteration
			}
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStopIteration) {
		return 0, err
	}
	return n, nil
}
