package kv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// dropEmptyMemtables removes the empty write-ahead files (".mem", 0 bytes) a process killed
// between creating a memtable's file and writing its header leaves behind. Badger refuses to
// open a directory holding one (dgraph-io/badger#2207: the empty file is taken for a new
// one and the open fails with "Create a new file"), so a store killed at that moment would
// not open again. Such a file holds no write: removing it loses nothing.
func dropEmptyMemtables(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("kv: read %q: %w", dir, err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".mem") {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() != 0 {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("kv: remove the empty memtable file %s: %w", e.Name(), err)
		}
	}
	return nil
}
