package news

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

func at(day int) time.Time { return time.Date(2024, 5, day, 12, 0, 0, 0, time.UTC) }

func storeWith(t *testing.T, arts ...spac.Article) *MemStore {
	t.Helper()
	s := NewMemStore()
	for _, a := range arts {
		if added, err := s.PutArticle(context.Background(), a); err != nil || !added {
			t.Fatalf("put %s: %v %v", a.ID, added, err)
		}
	}
	return s
}

func ids(arts []spac.Article) []string {
	out := []string{}
	for _, a := range arts {
		out = append(out, a.ID)
	}
	return out
}

func TestMemStoreOrderAndSeq(t *testing.T) {
	s := storeWith(t,
		spac.Article{ID: "b", PublishedAt: at(2)},
		spac.Article{ID: "c", PublishedAt: at(3)},
		spac.Article{ID: "a", PublishedAt: at(2)},
		spac.Article{ID: "z", PublishedAt: at(1)},
	)
	got, err := s.Articles(context.Background(), spac.ArticleQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"c", "a", "b", "z"}; !slices.Equal(ids(got), want) {
		t.Fatalf("order %v, want %v (newest first, then id)", ids(got), want)
	}
	seqs := map[string]uint64{}
	for _, a := range got {
		seqs[a.ID] = a.Seq
	}
	if seqs["b"] != 1 || seqs["c"] != 2 || seqs["a"] != 3 || seqs["z"] != 4 {
		t.Fatalf("seq follows insertion: %v", seqs)
	}
}

func TestMemStoreDedupe(t *testing.T) {
	s := storeWith(t, spac.Article{ID: "a", Title: "first", PublishedAt: at(1)})
	added, err := s.PutArticle(context.Background(), spac.Article{ID: "a", Title: "second", PublishedAt: at(2)})
	if err != nil || added {
		t.Fatalf("re-put must be a no-op: %v %v", added, err)
	}
	got, _ := s.Articles(context.Background(), spac.ArticleQuery{})
	if len(got) != 1 || got[0].Title != "first" || got[0].Seq != 1 {
		t.Fatalf("stored %+v", got)
	}
	if _, err := s.PutArticle(context.Background(), spac.Article{}); err == nil {
		t.Fatal("article without id must be refused")
	}
	if _, err := s.ArticleByID(context.Background(), "missing"); !errors.Is(err, spac.ErrNotFound) {
		t.Fatalf("missing id: %v", err)
	}
}

func TestMemStoreQuery(t *testing.T) {
	s := storeWith(t,
		spac.Article{ID: "1", Title: "Maple Ridge signs deal", Source: "SPAC Wire", PublishedAt: at(1),
			CIKs: []spac.CIK{cikMaple}, Symbols: []string{"MRAC"}},
		spac.Article{ID: "2", Title: "Soulpower closes IPO", Summary: "Trust funded", Source: "filing", PublishedAt: at(2),
			CIKs: []spac.CIK{cikSoul}, Symbols: []string{"SOUL"}},
		spac.Article{ID: "3", Title: "Market wrap", Source: "SPAC Wire", PublishedAt: at(3), CIKs: []spac.CIK{}},
		spac.Article{ID: "4", Title: "Both", Source: "SPAC Wire", PublishedAt: at(4),
			CIKs: []spac.CIK{cikMaple, cikSoul}, Symbols: []string{"MRAC", "SOUL"}},
	)
	tests := []struct {
		name string
		q    spac.ArticleQuery
		want []string
	}{
		{"all", spac.ArticleQuery{}, []string{"4", "3", "2", "1"}},
		{"cik unpadded", spac.ArticleQuery{CIKs: []spac.CIK{"9900001"}}, []string{"4", "1"}},
		{"bad cik", spac.ArticleQuery{CIKs: []spac.CIK{"nope"}}, []string{}},
		{"source any case", spac.ArticleQuery{Source: "Filing"}, []string{"2"}},
		{"since inclusive", spac.ArticleQuery{Since: at(3)}, []string{"4", "3"}},
		{"text in summary", spac.ArticleQuery{Text: "TRUST"}, []string{"2"}},
		{"text all words", spac.ArticleQuery{Text: "soulpower ipo"}, []string{"2"}},
		{"text missing word", spac.ArticleQuery{Text: "soulpower deal"}, []string{}},
		{"any of the ciks", spac.ArticleQuery{CIKs: []spac.CIK{cikSoul}}, []string{"4", "2"}},
		{"empty ciks = nothing", spac.ArticleQuery{CIKs: []spac.CIK{}}, []string{}},
		{"limit", spac.ArticleQuery{Limit: 2}, []string{"4", "3"}},
		{"combined", spac.ArticleQuery{Source: "SPAC Wire", CIKs: []spac.CIK{cikSoul}}, []string{"4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Articles(context.Background(), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), tc.want) {
				t.Errorf("got %v, want %v", ids(got), tc.want)
			}
			for _, a := range got {
				if !tc.q.Matcher()(a) {
					t.Errorf("the query's Matcher disagrees on %s", a.ID)
				}
			}
		})
	}
}

func TestMemStoreCopies(t *testing.T) {
	s := storeWith(t, spac.Article{ID: "1", PublishedAt: at(1), Symbols: []string{"MRAC"}})
	got, _ := s.Articles(context.Background(), spac.ArticleQuery{})
	got[0].Symbols[0] = "HACKED"
	again, _ := s.Articles(context.Background(), spac.ArticleQuery{})
	if again[0].Symbols[0] != "MRAC" {
		t.Fatal("a caller changed the stored article")
	}
}

func TestMemStoreConcurrent(t *testing.T) {
	s := NewMemStore()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				a := spac.Article{ID: string(rune('a'+w)) + string(rune('A'+i%26)) + string(rune('0'+i/26)), PublishedAt: at(1 + i%20)}
				if _, err := s.PutArticle(context.Background(), a); err != nil {
					t.Error(err)
				}
				if _, err := s.Articles(context.Background(), spac.ArticleQuery{Limit: 5}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	got, _ := s.Articles(context.Background(), spac.ArticleQuery{})
	if len(got) != 400 || s.Len() != 400 {
		t.Fatalf("stored %d", len(got))
	}
	seen := map[uint64]bool{}
	for _, a := range got {
		if seen[a.Seq] || a.Seq == 0 || a.Seq > 400 {
			t.Fatalf("seq %d repeated or out of range", a.Seq)
		}
		seen[a.Seq] = true
	}
	if !slices.IsSortedFunc(got, newer) {
		t.Fatal("not ordered")
	}
}
