package kv

import (
	"context"
	"testing"

	"github.com/dgraph-io/badger/v4"
	spac "github.com/spacdata/spac"
)

// A replacement killed after its first transactions (the record deleted, not yet written
// again) leaves a filing its SPAC's list names but EachFiling cannot see; EachUnrecorded finds
// it, and only it, so a re-extraction can restore it from its source.
func TestEachUnrecordedFindsAFilingAKilledReplacementLeft(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithChunkLines(4))
	const cik = spac.CIK("0001847577")
	for _, acc := range []string{"0000000001-21-000001", "0000000001-21-000002"} {
		if _, err := db.PutFiling(ctx, rendered(acc, cik, "2021-05-10", 10), nil); err != nil {
			t.Fatal(err)
		}
	}
	var none []string
	if err := db.EachUnrecorded(ctx, func(_ spac.CIK, acc string) error { none = append(none, acc); return nil }); err != nil || len(none) != 0 {
		t.Fatalf("a whole store: %v unrecorded (%v), want none", none, err)
	}
	// what writeFiling's first flush commits when it replaces the second filing
	if err := db.update(ctx, func(txn *badger.Txn) error { return txn.Delete([]byte(filingKey("0000000001-21-000002"))) }); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := db.EachUnrecorded(ctx, func(c spac.CIK, acc string) error {
		if c != cik {
			t.Errorf("cik %s, want %s", c, cik)
		}
		got = append(got, acc)
		return nil
	})
	if err != nil || len(got) != 1 || got[0] != "0000000001-21-000002" {
		t.Errorf("unrecorded %v (%v), want the one whose record was deleted", got, err)
	}
}
