package kv

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

// filingKeys are the key ranges a replica holds of each filing as its writer does.
var filingKeys = []string{prefixFiling, prefixText, prefixFacts, prefixFilingOfCIK, keyWatermark}

func dumpFilings(t *testing.T, db *DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range filingKeys {
		must(t, db.EachKV(context.Background(), p, func(k string, v []byte) error { out[k] = string(v); return nil }))
	}
	return out
}

// TestFilingCopiesReplayOntoAReplica: every filing write journals a change naming the filing
// and its version; the copies exported as each change is made, imported in order on a
// replica, leave it holding the writer's filing keys byte for byte - a filing replaced by a
// shorter text under another CIK (stale chunks, facts and CIK entry dropped) and a restamp
// included - and the lines it serves are the writer's.
func TestFilingCopiesReplayOntoAReplica(t *testing.T) {
	ctx := context.Background()
	writer, replica := openMem(t, WithJournal(true), WithChunkLines(3)), openMem(t)
	const acc, other = "0001140361-21-000001", "0001140361-21-000002"
	var copies [][]byte
	put := func(r *spac.RenderedFiling, facts []spac.Fact) {
		t.Helper()
		if _, err := writer.PutFiling(ctx, r, facts); err != nil {
			t.Fatal(err)
		}
		_, cp, err := writer.ExportFiling(ctx, r.Filing.Accession)
		must(t, err)
		copies = append(copies, cp)
	}
	put(rendered(acc, "0000000042", "2021-01-01", 10), []spac.Fact{fact("0000000042", acc, spac.FieldName, "A")})
	put(rendered(other, "0000000042", "2021-02-01", 5), nil)
	put(rendered(acc, "0000000043", "2021-01-01", 4), []spac.Fact{fact("0000000043", acc, spac.FieldName, "B")})
	restamped := rendered(other, "0000000042", "2021-02-01", 5)
	restamped.Filing.ExtractVersion = "v2"
	put(restamped, nil)

	changes, err := writer.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 4 {
		t.Fatalf("journaled %d changes for 3 writes and a restamp, want 4", len(changes))
	}
	ap := replica.Applier(2)
	for i, c := range changes {
		var fc spac.FilingChange
		must(t, json.Unmarshal(c.Data, &fc))
		if c.Kind != spac.ChangeFiling || fc.Version == "" {
			t.Fatalf("change %d: %s %s", i, c.Kind, c.Data)
		}
		must(t, ap.ImportFiling(ctx, c, copies[i], uint64(i+1)))
	}
	if got, want := dumpFilings(t, replica), dumpFilings(t, writer); !maps.Equal(got, want) {
		t.Fatalf("replica holds\n%v\nwriter holds\n%v", got, want)
	}
	// A redelivered change changes nothing, even with another version's copy.
	must(t, ap.ImportFiling(ctx, changes[0], copies[0], 1))
	if got, want := dumpFilings(t, replica), dumpFilings(t, writer); !maps.Equal(got, want) {
		t.Fatal("a redelivered filing change was imported again")
	}
	for _, a := range []string{acc, other} {
		w, err := writer.Lines(ctx, a, 1, 100)
		must(t, err)
		r, err := replica.Lines(ctx, a, 1, 100)
		must(t, err)
		if !slices.Equal(w, r) {
			t.Fatalf("%s: replica lines %v, writer %v", a, r, w)
		}
	}
}

// TestFilingCopyRefusesForeignKeys: a copy naming keys of another filing (or not ending with
// the filing's record) is refused, not written.
func TestFilingCopyRefusesForeignKeys(t *testing.T) {
	const acc = "0001140361-21-000001"
	bad := appendPair(appendPair(nil, "p/0000000042", []byte("{}")), filingKey(acc), []byte("{}"))
	if _, err := filingPairs(acc, bad); err == nil {
		t.Fatal("a copy holding a profile key was accepted")
	}
	if _, err := filingPairs(acc, appendPair(nil, chunkKey(acc, 0), []byte("[]"))); err == nil {
		t.Fatal("a copy without its record was accepted")
	}
	if _, err := filingPairs(acc, appendPair(nil, filingKey(acc), []byte("{}"))[:5]); err == nil {
		t.Fatal("a truncated copy was accepted")
	}
}

// TestJournaledFilingsCommitConcurrently: filings and profiles written at once by several
// goroutines on a writer's store all commit (the filing's journaled transaction used to start
// before it held the journal, read a stale seq and fail with a transaction conflict), each
// journaled once, in seqs without gaps.
func TestJournaledFilingsCommitConcurrently(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithJournal(true), WithChunkLines(2))
	errs := make(chan error, 16)
	for g := range 8 {
		go func() {
			acc := fmt.Sprintf("0001140361-21-%06d", g)
			_, err := db.PutFiling(ctx, rendered(acc, "0000000042", "2021-01-01", 9), nil)
			errs <- err
		}()
		go func() {
			errs <- db.PutProfile(ctx, profile(spac.CIK(fmt.Sprintf("%010d", 100+g)), fmt.Sprintf("T%d", g)), nil)
		}()
	}
	for range 16 {
		must(t, <-errs)
	}
	changes, err := db.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 16 || changes[15].Seq != 16 {
		t.Fatalf("journaled %d changes (last seq %d), want 16", len(changes), changes[len(changes)-1].Seq)
	}
}
