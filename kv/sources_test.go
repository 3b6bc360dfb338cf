package kv

import (
	"bytes"
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestSourceKeptWithFiling stores a filing with its source and reads the source back whole,
// compressed in the store; a bare document keeps its header data.
func TestSourceKeptWithFiling(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	r := rendered("0000000001-21-000001", "0001847577", "2021-05-10", 3)
	text := []byte(strings.Repeat("<SEC-DOCUMENT>the submission text, repeated for size\n", 2000))
	r.Source = &spac.Source{Name: "a.txt", Data: text}
	if _, err := db.PutFiling(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	src, err := db.Source(ctx, r.Filing.Accession)
	if err != nil || src.Name != "a.txt" || !bytes.Equal(src.Data, text) || src.Bare != nil {
		t.Fatalf("source = %q (%d bytes), bare %v, %v", src.Name, len(src.Data), src.Bare, err)
	}
	b := rendered("0000000001-21-000002", "0001847577", "2021-05-11", 3)
	b.Source = &spac.Source{Name: "b.htm", Data: []byte("<p>x</p>"), Bare: &spac.BareHeader{Accession: "0000000001-21-000002", Form: "8-K", CIK: "1847577", Items: []string{"8.01"}}}
	if _, err := db.PutFiling(ctx, b, nil); err != nil {
		t.Fatal(err)
	}
	got, err := db.Source(ctx, b.Filing.Accession)
	if err != nil || !reflect.DeepEqual(got, *b.Source) {
		t.Fatalf("bare source = %+v, %v; want %+v", got, err, *b.Source)
	}
}

// TestRestampUnchangedFiling stores the same facts again under a new extractor version: the
// filing is not changed (no refold), but its stamp moves and a missing source is added.
func TestRestampUnchangedFiling(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	r := rendered("0000000001-21-000003", "0001847577", "2021-05-12", 3)
	r.Filing.ExtractVersion = "v1"
	facts := []spac.Fact{fact("0001847577", r.Filing.Accession, spac.FieldTrustBalance, "1.00")}
	if changed, err := db.PutFiling(ctx, r, facts); err != nil || !changed {
		t.Fatalf("first put: %v %v", changed, err)
	}
	marks, _ := db.FoldMarks(ctx)
	if err := db.ClearFoldMarks(ctx, marks); err != nil {
		t.Fatal(err)
	}
	r.Filing.ExtractVersion = "v2"
	r.Source = &spac.Source{Name: "c.txt", Data: []byte("text")}
	changed, err := db.PutFiling(ctx, r, facts)
	if err != nil || changed {
		t.Fatalf("same facts, new version: changed=%v err=%v", changed, err)
	}
	if f, _ := db.Filing(ctx, r.Filing.Accession); f.ExtractVersion != "v2" {
		t.Errorf("stamp = %q, want v2", f.ExtractVersion)
	}
	if ok, _ := db.HasSource(ctx, r.Filing.Accession); !ok {
		t.Error("the missing source was not added")
	}
	if marks, _ := db.FoldMarks(ctx); len(marks) != 0 {
		t.Errorf("a restamp left fold marks %+v", marks)
	}
}

// TestEachFiling walks every filing record in accession order, across batches.
func TestEachFiling(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	var want []string
	for i := range 1030 {
		acc := "0000000001-21-" + leftPad(i, 6)
		want = append(want, acc)
		if _, err := db.PutFiling(ctx, rendered(acc, "0001847577", "2021-01-01", 1), nil); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	if err := db.EachFiling(ctx, func(f spac.Filing) error { got = append(got, f.Accession); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("EachFiling gave %d filings (first %v), want %d", len(got), got[:min(3, len(got))], len(want))
	}
}

func leftPad(n, width int) string {
	s := strings.Repeat("0", width) + strconv.Itoa(n)
	return s[len(s)-width:]
}
