package index

import (
	"context"
	"testing"

	spac "github.com/spacdata/spac"
)

func TestPutReplacesDeleteAndReset(t *testing.T) {
	ctx := context.Background()
	x := openUniverse(t)
	s := universe[0].spac()
	s.Status, s.Symbol, s.Tickers.Shares = spac.StatusClosed, "MRNW", "MRNW"
	s.CIK = "1847577" // unpadded CIK replaces the padded one, not a second document
	if err := x.Put(ctx, s); err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Count(ctx); n != uint64(len(universe)) {
		t.Fatalf("Count after replace = %d", n)
	}
	page, _ := x.Universe(ctx, spac.UniverseQuery{Statuses: []spac.Status{spac.StatusClosed}})
	if got := symbols(page.Rows); len(got) != 4 || got[1] != "MRNW" {
		t.Fatalf("closed after replace: %v", got)
	}
	if hits, _ := x.Search(ctx, spac.SearchQuery{Text: "MRAC"}); len(hits) > 0 && hits[0].SPAC.Symbol == "MRAC" {
		t.Fatalf("old symbol still indexed as the symbol")
	}

	if err := x.Delete(ctx, "0001847577"); err != nil {
		t.Fatal(err)
	}
	if err := x.Delete(ctx, "999"); err != nil {
		t.Fatalf("deleting a missing document: %v", err)
	}
	if n, _ := x.Count(ctx); n != uint64(len(universe)-1) {
		t.Fatalf("Count after delete = %d", n)
	}
	if err := x.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Count(ctx); n != 0 {
		t.Fatalf("Count after reset = %d", n)
	}
	if page, err := x.Universe(ctx, spac.UniverseQuery{Facets: []string{"status"}}); err != nil || page.Total != 0 || len(page.Rows) != 0 {
		t.Fatalf("empty universe: %+v, %v", page, err)
	}
}

func TestPutRejectsBadRows(t *testing.T) {
	ctx := context.Background()
	x, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for param, s := range map[string]spac.SPAC{
		"cik":        {CIK: "abc"},
		"trust_size": {CIK: "1", TrustSize: "250,000,000"},
		"ipo_date":   {CIK: "1", IPODate: "03/15/2021"},
		"deadline":   {CIK: "1", Deadline: "soon"},
	} {
		if err := x.Put(ctx, s); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("%s: err = %v", param, err)
		}
	}
	if err := x.Delete(ctx, "x"); spac.ErrorCode(err) != spac.EINVALID {
		t.Errorf("Delete(x): %v", err)
	}
	if n, _ := x.Count(ctx); n != 0 {
		t.Fatalf("bad rows indexed: %d", n)
	}
}

func TestOnDiskPersistsAndDropsOtherMappingVersions(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir() + "/index"
	x, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range universe[:5] {
		if err := x.Put(ctx, r.spac()); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}

	x, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Count(ctx); n != 5 {
		t.Fatalf("Count after reopen = %d", n)
	}
	hits, err := x.Search(ctx, spac.SearchQuery{Text: "maple ridge"})
	if err != nil || len(hits) == 0 || hits[0].SPAC.Symbol != "MRAC" {
		t.Fatalf("search after reopen: %v, %v", hits, err)
	}
	// An index written by another mapping version is dropped: the caller rebuilds it.
	if err := x.bi.SetInternal(internalVersionKey, []byte("0")); err != nil {
		t.Fatal(err)
	}
	x.Close()
	x, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if n, _ := x.Count(ctx); n != 0 {
		t.Fatalf("outdated index kept %d documents", n)
	}
}

func TestPutAll(t *testing.T) {
	ctx := context.Background()
	x, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows := syntheticSPACs(300)
	if err := x.PutAll(ctx, rows); err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Count(ctx); n != 300 {
		t.Fatalf("Count = %d", n)
	}
	page, err := x.Universe(ctx, spac.UniverseQuery{Restrict: []spac.CIK{rows[42].CIK}})
	if err != nil || len(page.Rows) != 1 || page.Rows[0].Symbol != rows[42].Symbol {
		t.Fatalf("row 42: %+v, %v", page.Rows, err)
	}
	bad := append(syntheticSPACs(2), spac.SPAC{CIK: "bad"})
	bad[0].CIK, bad[1].CIK = "0009999998", "0009999999"
	if err := x.PutAll(ctx, bad); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("bad batch: %v", err)
	}
	if n, _ := x.Count(ctx); n != 300 {
		t.Fatalf("a rejected batch wrote: Count = %d", n)
	}
}
