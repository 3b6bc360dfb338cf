package kv

import (
	"context"
	"errors"
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
)

func article(id, source string, publishedSec int, title, summary string, ciks ...spac.CIK) spac.Article {
	return spac.Article{
		ID: id, Title: title, Summary: summary, URL: "https://news.test/" + id, Source: source,
		PublishedAt: at(publishedSec), CIKs: ciks, Symbols: []string{"MRAC"},
	}
}

func articleIDs(as []spac.Article) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.ID)
	}
	return out
}

func TestPutArticleDedupesAndAssignsSeq(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	first := article("n1", "SPAC Wire", 0, "first", "", "0000000001")
	if added, err := db.PutArticle(ctx, first); err != nil || !added {
		t.Fatalf("PutArticle = %v, %v", added, err)
	}
	if added, err := db.PutArticle(ctx, article("n1", "SPAC Wire", 60, "edited", "")); err != nil || added {
		t.Fatalf("repeat PutArticle = %v, %v; want added == false", added, err)
	}
	got, err := db.ArticleByID(ctx, "n1")
	must(t, err)
	if got.Title != "first" || got.Seq != 1 || !slices.Equal(got.CIKs, first.CIKs) || got.URL != first.URL {
		t.Fatalf("stored article = %+v", got)
	}
	if _, err := db.ArticleByID(ctx, "nope"); !errors.Is(err, spac.ErrNotFound) {
		t.Fatalf("missing article err = %v", err)
	}
	if _, err := db.PutArticle(ctx, spac.Article{Title: "no id"}); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("article without id: err = %v", err)
	}
}

func TestArticlesQuery(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for _, a := range []spac.Article{
		article("1", "SPAC Wire", 10, "Maple Ridge prices IPO", "Units at $10.00", "0000000001"),
		article("2", "filing", 20, "Soulpower files 424B4", "Trust holds $250,000,000", "0000000002"),
		article("3", "SPAC Wire", 30, "Market roundup", "Quiet week"),
		article("4", "SPAC Wire", 30, "Maple Ridge and Soulpower extend", "", "0000000001", "0000000002"),
	} {
		if _, err := db.PutArticle(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		q    spac.ArticleQuery
		want []string
	}{
		{"all newest first, ties by id", spac.ArticleQuery{}, []string{"3", "4", "2", "1"}},
		{"source any case", spac.ArticleQuery{Source: "FILING"}, []string{"2"}},
		{"cik unpadded", spac.ArticleQuery{CIKs: []spac.CIK{"1"}}, []string{"4", "1"}},
		{"ciks or-ed", spac.ArticleQuery{CIKs: []spac.CIK{"0000000001", "0000000002"}}, []string{"4", "2", "1"}},
		{"empty cik scope = nothing", spac.ArticleQuery{CIKs: []spac.CIK{}}, []string{}},
		{"since inclusive", spac.ArticleQuery{Since: at(20)}, []string{"3", "4", "2"}},
		{"text in summary any case", spac.ArticleQuery{Text: "TRUST"}, []string{"2"}},
		{"text substring", spac.ArticleQuery{Text: "soulp"}, []string{"4", "2"}},
		{"text every word", spac.ArticleQuery{Text: "maple extend"}, []string{"4"}},
		{"text missing word", spac.ArticleQuery{Text: "maple merger"}, []string{}},
		{"limit", spac.ArticleQuery{Limit: 3}, []string{"3", "4", "2"}},
		{"combined", spac.ArticleQuery{Source: "SPAC Wire", CIKs: []spac.CIK{"2"}, Since: at(0), Limit: 5}, []string{"4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := db.Articles(ctx, tc.q)
			must(t, err)
			if !slices.Equal(articleIDs(got), tc.want) {
				t.Fatalf("ids = %v, want %v", articleIDs(got), tc.want)
			}
		})
	}
}

func TestArticlesPersistAcrossReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	_, err = db.PutArticle(ctx, article("a", "SPAC Wire", 0, "old", ""))
	must(t, err)
	must(t, db.Close())

	db, err = Open(dir)
	must(t, err)
	defer db.Close()
	if added, err := db.PutArticle(ctx, article("a", "SPAC Wire", 0, "old", "")); err != nil || added {
		t.Fatalf("repeat after reopen: added=%v err=%v", added, err)
	}
	if added, err := db.PutArticle(ctx, article("b", "SPAC Wire", 5, "new", "")); err != nil || !added {
		t.Fatalf("new article after reopen: added=%v err=%v", added, err)
	}
	got, err := db.Articles(ctx, spac.ArticleQuery{})
	must(t, err)
	if !slices.Equal(articleIDs(got), []string{"b", "a"}) || got[0].Seq != 2 {
		t.Fatalf("after reopen = %+v", got)
	}
	// Alerts and articles keep separate Seq counters.
	if _, err := db.PutAlert(ctx, alert("x", spac.AlertNewIPO, "info", "0000000001", 0)); err != nil {
		t.Fatal(err)
	}
	if a, _ := db.Alert(ctx, "x"); a.Seq != 1 {
		t.Fatalf("alert Seq = %d, want 1", a.Seq)
	}
}
