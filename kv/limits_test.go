package kv

import (
	"context"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// TestPutFilingRefusesValuesTooLarge: a filing with a value Badger cannot hold is refused as
// EINVALID (a document error the pipeline skips) before anything is written; Badger's own
// error used to end the ingest run. On disk the limit is the 64 MiB value log file (a 12 MB
// line of '<' is 72 MB of JSON), in memory the 1 MiB value threshold.
func TestPutFilingRefusesValuesTooLarge(t *testing.T) {
	ctx := context.Background()
	onDisk, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { onDisk.Close() })
	manyDocs := rendered("0000000001-21-000003", "0000000042", "2021-01-01", 3)
	manyDocs.Filing.Documents = make([]spac.Document, 20000)
	for name, tc := range map[string]struct {
		db *DB
		r  *spac.RenderedFiling
	}{
		"line on disk":        {onDisk, withLine(rendered("0000000001-21-000001", "0000000042", "2021-01-01", 300), strings.Repeat("<", 12<<20))},
		"line in memory":      {openMem(t), withLine(rendered("0000000001-21-000002", "0000000042", "2021-01-01", 3), strings.Repeat("x", 2<<20))},
		"documents in memory": {openMem(t), manyDocs},
	} {
		_, err := tc.db.PutFiling(ctx, tc.r, nil)
		if spac.ErrorCode(err) != spac.EINVALID || len(err.Error()) > 200 {
			t.Errorf("%s: err = %.200v, want a short invalid_parameter", name, err)
		}
		if n := countKeys(t, tc.db, "t/"+tc.r.Filing.Accession+"/"); n != 0 {
			t.Errorf("%s: %d text chunks written for a refused filing", name, n)
		}
	}
	ok := withLine(rendered("0000000001-21-000004", "0000000042", "2021-01-01", 3), strings.Repeat("x", 900<<10))
	if _, err := openMem(t).PutFiling(ctx, ok, nil); err != nil {
		t.Errorf("a 900 KB line in memory: %v", err)
	}
}

// withLine puts line as the filing's second line.
func withLine(r *spac.RenderedFiling, line string) *spac.RenderedFiling {
	r.Lines[1] = line
	return r
}

func countKeys(t *testing.T, db *DB, prefix string) int {
	t.Helper()
	n := 0
	err := db.bdb.View(func(txn *badger.Txn) error {
		return eachKey(context.Background(), txn, prefix, false, func(string, *badger.Item) error { n++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
