package index

import (
	"context"
	"testing"
)

// TestDiskBytesGrowsWithTheIndex: an on-disk index reports its files, more after rows are
// put (reopened, so the writes are persisted); an in-memory one reports 0.
func TestDiskBytesGrowsWithTheIndex(t *testing.T) {
	dir := t.TempDir() + "/index"
	x, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	empty, err := x.DiskBytes()
	if err != nil || empty <= 0 {
		t.Fatalf("empty index: DiskBytes = %d, %v; want its metadata counted", empty, err)
	}
	for _, r := range universe[:5] {
		if err := x.Put(context.Background(), r.spac()); err != nil {
			t.Fatal(err)
		}
	}
	x.Close()
	if x, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if full, err := x.DiskBytes(); err != nil || full <= empty {
		t.Errorf("DiskBytes after 5 rows = %d, %v; want more than the empty index's %d", full, err, empty)
	}
	mem, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	if n, err := mem.DiskBytes(); n != 0 || err != nil {
		t.Errorf("in-memory DiskBytes = %d, %v", n, err)
	}
}
