package kv

import (
	"context"
	"testing"
	"time"

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
