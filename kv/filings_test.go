package kv

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

func openMem(t *testing.T, opts ...Option) *DB {
	t.Helper()
	db, err := Open("", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// rendered builds a filing of n lines "L1".."Ln" for cik.
func rendered(acc string, cik spac.CIK, filedAt string, n int) *spac.RenderedFiling {
	r := &spac.RenderedFiling{Filing: spac.Filing{
		Accession: acc, Form: "10-Q", FiledAt: filedAt, CIK: cik, CompanyName: "Maple Ridge Acquisition Corp",
		LineCount: n, RenderVersion: spac.RenderVersion,
		Documents: []spac.Document{{Type: "10-Q", Sequence: 1, Filename: "q.htm", FirstLine: 1, LastLine: n}},
	}}
	for i := 1; i <= n; i++ {
		r.Lines = append(r.Lines, fmt.Sprintf("L%d", i))
	}
	return r
}

func fact(cik spac.CIK, acc, field, value string) spac.Fact {
	return spac.Fact{CIK: cik, Field: field, Value: value, Citation: spac.Citation{Field: field, Accession: acc, Line: 3}}
}

func TestPutFilingRoundTripAndIdempotence(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithChunkLines(4))
	r := rendered("0000000001-21-000001", "0001847577", "2021-05-10", 10)
	facts := []spac.Fact{fact("0001847577", r.Filing.Accession, spac.FieldTrustBalance, "250000000.00")}

	changed, err := db.PutFiling(ctx, r, facts)
	if err != nil || !changed {
		t.Fatalf("first put: changed=%v err=%v", changed, err)
	}
	wm1, _ := db.Watermark(ctx)
	if wm1.IsZero() {
		t.Fatal("watermark not set by a changed filing")
	}
	got, err := db.Filing(ctx, r.Filing.Accession)
	if err != nil || !reflect.DeepEqual(got, r.Filing) {
		t.Fatalf("Filing = %+v, %v; want %+v", got, err, r.Filing)
	}
	if gotFacts, _ := db.FactsOf(ctx, "1847577"); !reflect.DeepEqual(gotFacts, facts) {
		t.Fatalf("FactsOf = %+v", gotFacts)
	}

	changed, err = db.PutFiling(ctx, rendered(r.Filing.Accession, "0001847577", "2021-05-10", 10), facts)
	if err != nil || changed {
		t.Fatalf("identical put: changed=%v err=%v", changed, err)
	}
	if wm2, _ := db.Watermark(ctx); !wm2.Equal(wm1) {
		t.Fatalf("identical put moved the watermark %v -> %v", wm1, wm2)
	}
}

func TestPutFilingReplacesChangedContent(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithChunkLines(4))
	acc := "0000000001-21-000002"
	if _, err := db.PutFiling(ctx, rendered(acc, "0000000042", "2021-01-01", 10), nil); err != nil {
		t.Fatal(err)
	}
	// Re-rendered shorter text under another CIK: old chunks, facts and index entries go.
	r2 := rendered(acc, "0000000043", "2021-01-01", 3)
	r2.Lines[0] = "new first line"
	changed, err := db.PutFiling(ctx, r2, []spac.Fact{fact("0000000043", acc, spac.FieldName, "X")})
	if err != nil || !changed {
		t.Fatalf("replace: changed=%v err=%v", changed, err)
	}
	lines, err := db.Lines(ctx, acc, 1, 100)
	if want := []string{"new first line", "L2", "L3"}; err != nil || !slices.Equal(lines, want) {
		t.Fatalf("Lines = %q, %v; want %q", lines, err, want)
	}
	if fs, _ := db.FilingsOf(ctx, "42"); len(fs) != 0 {
		t.Fatalf("old CIK still lists %d filings", len(fs))
	}
	if xs, _ := db.FactsOf(ctx, "42"); len(xs) != 0 {
		t.Fatalf("old CIK still has %d facts", len(xs))
	}
	if fs, _ := db.FilingsOf(ctx, "43"); len(fs) != 1 {
		t.Fatalf("new CIK lists %d filings, want 1", len(fs))
	}
	// No chunk of the longer text is left behind.
	n := 0
	db.bdb.View(func(txn *badger.Txn) error {
		return eachKey(ctx, txn, chunkPrefix(acc), false, func(string, *badger.Item) error { n++; return nil })
	})
	if n != 1 {
		t.Fatalf("%d chunks stored, want 1", n)
	}
}

func TestLinesClampingAndChunkBoundaries(t *testing.T) {
	ctx := context.Background()
	db := openMem(t, WithChunkLines(4))
	acc := "0000000001-21-000003"
	if _, err := db.PutFiling(ctx, rendered(acc, "0000000042", "2021-01-01", 10), nil); err != nil {
		t.Fatal(err)
	}
	span := func(a, b int) []string {
		var out []string
		for i := a; i <= b; i++ {
			out = append(out, fmt.Sprintf("L%d", i))
		}
		return out
	}
	tests := []struct {
		from, to int
		want     []string
	}{
		{1, 1, span(1, 1)},
		{4, 5, span(4, 5)},   // across the first chunk boundary
		{3, 9, span(3, 9)},   // three chunks
		{8, 8, span(8, 8)},   // last line of a chunk
		{9, 10, span(9, 10)}, // the short last chunk
		{-5, 2, span(1, 2)},  // clamped below
		{7, 99, span(7, 10)}, // clamped above
		{0, 0, []string{}},
		{11, 20, []string{}},
		{6, 5, []string{}},
	}
	for _, tt := range tests {
		got, err := db.Lines(ctx, acc, tt.from, tt.to)
		if err != nil || !slices.Equal(got, tt.want) || got == nil {
			t.Errorf("Lines(%d,%d) = %q, %v; want %q", tt.from, tt.to, got, err, tt.want)
		}
	}
}

func TestFilingNotFound(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	_, err := db.Filing(ctx, "nope")
	if spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("Filing: %v", err)
	}
	if _, err := db.Lines(ctx, "nope", 1, 2); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("Lines: %v", err)
	}
}

func TestPutFilingRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for name, r := range map[string]*spac.RenderedFiling{
		"nil":          nil,
		"no accession": rendered("", "0000000042", "", 1),
		"slash":        rendered("a/b", "0000000042", "", 1),
		"70 KB":        rendered(strings.Repeat("7", 70000), "0000000042", "", 1),
		"bad cik":      rendered("0000000001-21-000009", "12x", "", 1),
		"cik too long": rendered("0000000001-21-000009", "123456789012", "", 1),
	} {
		if _, err := db.PutFiling(ctx, r, nil); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}

func TestFilingsOfOrderAndEachCIK(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	put := func(acc string, cik spac.CIK, filed string) {
		t.Helper()
		if _, err := db.PutFiling(ctx, rendered(acc, cik, filed, 2), nil); err != nil {
			t.Fatal(err)
		}
	}
	put("0000000009-22-000001", "0000000042", "2022-03-01")
	put("0000000001-21-000001", "0000000042", "2022-01-01")
	put("0000000005-21-000001", "0000000042", "2021-06-01")
	put("0000000001-21-000002", "0000000007", "2021-06-01")

	fs, err := db.FilingsOf(ctx, "0000000042")
	if err != nil {
		t.Fatal(err)
	}
	var accs []string
	for _, f := range fs {
		accs = append(accs, f.Accession)
	}
	if want := []string{"0000000005-21-000001", "0000000001-21-000001", "0000000009-22-000001"}; !slices.Equal(accs, want) {
		t.Fatalf("FilingsOf order %q, want %q", accs, want)
	}
	var ciks []spac.CIK
	if err := db.EachCIK(ctx, func(c spac.CIK) error { ciks = append(ciks, c); return nil }); err != nil {
		t.Fatal(err)
	}
	if want := []spac.CIK{"0000000007", "0000000042"}; !slices.Equal(ciks, want) {
		t.Fatalf("EachCIK = %q, want %q", ciks, want)
	}
	stop := errors.New("stop")
	if err := db.EachCIK(ctx, func(spac.CIK) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("EachCIK did not return the callback error: %v", err)
	}
}

func TestIngestErrorsOrdered(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	t0 := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	in := []spac.IngestError{
		{Source: "b.txt", Reason: "no SGML header", At: t0.Add(time.Minute)},
		{Source: "a.txt", Accession: "0000000001-21-000001", Reason: "truncated", At: t0},
	}
	for _, e := range in {
		if err := db.PutIngestError(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.PutIngestError(ctx, spac.IngestError{Source: "c.txt", Reason: "now"}); err != nil {
		t.Fatal(err)
	}
	got, err := db.IngestErrors(ctx)
	if err != nil || len(got) != 3 {
		t.Fatalf("IngestErrors = %+v, %v", got, err)
	}
	if !reflect.DeepEqual(got[:2], []spac.IngestError{in[1], in[0]}) || got[2].Source != "c.txt" || got[2].At.IsZero() {
		t.Fatalf("IngestErrors = %+v", got)
	}
}

func TestLargeFilingSplitsTransactions(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	// ~6 MB of text: more than one Badger transaction holds with 16 MB memtables.
	r := rendered("0000000001-21-000077", "0000000042", "2021-01-01", 60000)
	for i := range r.Lines {
		r.Lines[i] = fmt.Sprintf("%06d %0100d", i+1, i)
	}
	if changed, err := db.PutFiling(ctx, r, nil); err != nil || !changed {
		t.Fatalf("put: %v %v", changed, err)
	}
	got, err := db.Lines(ctx, r.Filing.Accession, 59999, 60001)
	if err != nil || len(got) != 2 || got[1] != r.Lines[59999] {
		t.Fatalf("Lines tail = %q, %v", got, err)
	}
}
