package kv

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestOpensWithAnEmptyMemtableFile: a process killed right after Badger created a memtable's
// file leaves it empty, and Badger then refused to open the directory ("while opening
// memtables ... Create a new file", seen once in the kill-and-compare test). The store opens
// and keeps what was written before.
func TestOpensWithAnEmptyMemtableFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	_, err = db.Add(ctx, "c", 7, time.Hour)
	must(t, err)
	must(t, db.Close())
	must(t, os.WriteFile(filepath.Join(dir, "00009.mem"), nil, 0o644))

	db, err = Open(dir)
	if err != nil {
		t.Fatalf("open with an empty memtable file: %v", err)
	}
	defer db.Close()
	if n, err := db.Add(ctx, "c", 0, time.Hour); err != nil || n != 7 {
		t.Fatalf("the counter written before: %d, %v", n, err)
	}
}
