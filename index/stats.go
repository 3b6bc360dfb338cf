package index

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// DiskBytes is the size of the index's files on disk (0 for an in-memory index). It walks the
// index directory: a Bleve scorch index holds a few dozen files at most.
func (x *Index) DiskBytes() (int64, error) {
	if x.dir == "" {
		return 0, nil
	}
	var total int64
	err := filepath.WalkDir(x.dir, func(_ string, d fs.DirEntry, err error) error {
		if errors.Is(err, os.ErrNotExist) {
			return nil // a segment merged away while walking
		}
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if errors.Is(err, os.ErrNotExist) {
			return nil
		} else if err != nil {
			return err
		}
		total += info.Size()
		return nil
	})
	return total, err
}
