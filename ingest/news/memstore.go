package news

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/spacdata/spac"
)

// MemStore is an in-memory spac.ArticleStore: articles ordered newest first (PublishedAt descending, then
// ID), deduplicated by ID, each given the next Seq when added. It is safe for concurrent use.
type MemStore struct {
	mu       sync.RWMutex
	articles []spac.Article // sorted by newer
	byID     map[string]spac.Article
	seq      uint64
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{byID: map[string]spac.Article{}} }

// PutArticle adds a, unless an article with its ID is already stored. The stored copy gets the
// next Seq (a's own Seq is ignored).
func (s *MemStore) PutArticle(ctx context.Context, a spac.Article) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if a.ID == "" {
		return false, errors.New("news: article without an ID")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.byID[a.ID]; dup {
		return false, nil
	}
	s.seq++
	a = cloneArticle(a)
	a.Seq = s.seq
	i, _ := slices.BinarySearchFunc(s.articles, a, newer)
	s.articles = slices.Insert(s.articles, i, a)
	s.byID[a.ID] = a
	return true, nil
}

// ArticleByID returns the stored article with the given ID, or spac.ErrNotFound.
func (s *MemStore) ArticleByID(ctx context.Context, id string) (spac.Article, error) {
	if err := ctx.Err(); err != nil {
		return spac.Article{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	a, ok := s.byID[id]
	if !ok {
		return spac.Article{}, spac.ErrNotFound
	}
	return cloneArticle(a), nil
}

// Articles returns the articles matching q, newest first.
func (s *MemStore) Articles(ctx context.Context, q spac.ArticleQuery) ([]spac.Article, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	match := q.Matcher()
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := []spac.Article{}
	for _, a := range s.articles {
		if q.Limit > 0 && len(out) >= q.Limit {
			break
		}
		if match(a) {
			out = append(out, cloneArticle(a))
		}
	}
	return out, nil
}

// Len is the number of stored articles.
func (s *MemStore) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.articles)
}

// newer orders articles newest first, then by ID.
func newer(a, b spac.Article) int {
	return cmp.Or(b.PublishedAt.Compare(a.PublishedAt), cmp.Compare(a.ID, b.ID))
}

// cloneArticle copies the slices so callers cannot change a stored article.
func cloneArticle(a spac.Article) spac.Article {
	a.CIKs = append([]spac.CIK{}, a.CIKs...)
	a.Symbols = append([]string{}, a.Symbols...)
	a.Citations = append([]spac.Citation{}, a.Citations...)
	return a
}
