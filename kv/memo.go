package kv

import (
	"context"
	"sync"

	"github.com/dgraph-io/badger/v4"
)

// memo keeps the value of one key as read after a given number of commits, so that a value
// read on every request (the watermark) costs a Badger read only after a write. It cannot
// return a value older than the last commit the caller could have seen: the commit count
// moves only after a commit is visible, and the value is read after the count.
type memo struct {
	mu      sync.Mutex
	commits uint64
	ok      bool
	val     string
}

// get returns the value of key ("" when missing).
func (m *memo) get(ctx context.Context, db *DB, key string) (string, error) {
	n := db.commits.Load()
	m.mu.Lock()
	if m.ok && m.commits == n {
		v := m.val
		m.mu.Unlock()
		return v, nil
	}
	m.mu.Unlock()
	var v string
	err := db.view(ctx, func(txn *badger.Txn) error {
		s, _, err := getString(txn, key)
		v = s
		return err
	})
	if err != nil {
		return "", err
	}
	m.mu.Lock()
	if !m.ok || n >= m.commits { // never replace a fresher read by an older one
		m.commits, m.ok, m.val = n, true, v
	}
	m.mu.Unlock()
	return v, nil
}
