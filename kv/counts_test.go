package kv

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// TestCountsAndArticlesVersion: the counts follow what is stored and the articles version
// moves with every new article, not with a repeated one.
func TestCountsAndArticlesVersion(t *testing.T) {
	db := openMem(t)
	ctx := context.Background()
	for i, cik := range []spac.CIK{"0000000001", "0000000002"} {
		if err := db.PutProfile(ctx, spac.Profile{SPAC: spac.SPAC{CIK: cik, Symbol: string(rune('A' + i))}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := db.CountProfiles(ctx); n != 2 || err != nil {
		t.Errorf("CountProfiles = %d, %v; want 2", n, err)
	}
	if n, err := db.CountFilings(ctx); n != 0 || err != nil {
		t.Errorf("CountFilings = %d, %v; want 0", n, err)
	}
	v0, err := db.ArticlesVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a := spac.Article{ID: "a1", Title: "t", PublishedAt: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)}
	if _, err := db.PutArticle(ctx, a); err != nil {
		t.Fatal(err)
	}
	v1, _ := db.ArticlesVersion(ctx)
	if _, err := db.PutArticle(ctx, a); err != nil { // a repeat changes nothing
		t.Fatal(err)
	}
	v2, _ := db.ArticlesVersion(ctx)
	if v1 == v0 || v2 != v1 {
		t.Errorf("versions %q, %q, %q: want a change on the new article only", v0, v1, v2)
	}
}

// TestWatermarkFollowsEveryCommit: the watermark, kept between commits, is the stored one
// after each write, with writers and readers running at once.
func TestWatermarkFollowsEveryCommit(t *testing.T) {
	db := openMem(t)
	ctx := context.Background()
	stored := func() string {
		var v string
		_ = db.view(ctx, func(txn *badger.Txn) error { v, _, _ = getString(txn, keyWatermark); return nil })
		return v
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range 25 {
				p := spac.Profile{SPAC: spac.SPAC{CIK: spac.CIK(fmt.Sprintf("%010d", w*100+i+1)), Symbol: fmt.Sprintf("S%d%d", w, i)}}
				if err := db.PutProfile(ctx, p, nil); err != nil {
					t.Error(err)
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range 50 {
				if _, err := db.Watermark(ctx); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	got, err := db.Watermark(ctx)
	if err != nil || got.Format(time.RFC3339Nano) != stored() {
		t.Errorf("Watermark %v (%v), stored %s", got, err, stored())
	}
	before := got
	if err := db.PutProfile(ctx, spac.Profile{SPAC: spac.SPAC{CIK: "0000009999", Symbol: "LAST"}}, nil); err != nil {
		t.Fatal(err)
	}
	if after, _ := db.Watermark(ctx); !after.After(before) || after.Format(time.RFC3339Nano) != stored() {
		t.Errorf("after a commit: %v, was %v, stored %s", after, before, stored())
	}
}
