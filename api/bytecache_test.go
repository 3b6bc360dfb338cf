package api

import (
	"fmt"
	"testing"
)

// TestByteCacheIsBounded: past its bounds the cache starts over instead of growing, and a
// new data version empties it.
func TestByteCacheIsBounded(t *testing.T) {
	var bc byteCache
	v := dataVersion{key: "v1"}
	big := make([]byte, maxCachedBytes/4+1)
	for i := range 5 {
		if _, err := bc.chunk(v, chunkKey{kind: "row", id: fmt.Sprint(i)}, func() ([]byte, error) { return big, nil }); err != nil {
			t.Fatal(err)
		}
	}
	if bc.size > maxCachedBytes || len(bc.chunks) > 3 {
		t.Errorf("%d bytes in %d chunks kept, bound %d", bc.size, len(bc.chunks), maxCachedBytes)
	}
	if _, err := bc.object(v, "calendar", func() (any, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	for i := range maxCachedRecords + 10 {
		_, _ = bc.object(v, fmt.Sprintf("profile/%d", i), func() (any, error) { return i, nil })
	}
	if bc.records > maxCachedRecords || bc.objects["calendar"] == nil {
		t.Errorf("%d records kept (bound %d); calendar kept: %v", bc.records, maxCachedRecords, bc.objects["calendar"] != nil)
	}
	built := false
	_, _ = bc.object(dataVersion{key: "v2"}, "calendar", func() (any, error) { built = true; return 2, nil })
	if !built || len(bc.chunks) != 0 {
		t.Errorf("a new version kept the old entries (rebuilt: %v, chunks: %d)", built, len(bc.chunks))
	}
}
