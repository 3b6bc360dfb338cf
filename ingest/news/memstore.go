package news

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/spacdata/spac"
)

// MemStore is an in-memory Store: articles ordered newest first (PublishedAt descending, then
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
func (s *MemStore) Articles(ctx context.Context, q Query) ([]spac.Article, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m := newMatcher(q)
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := []spac.Article{}
	for _, a := range s.articles {
		if q.Limit > 0 && len(out) >= q.Limit {
			break
		}
		if m.match(a) {
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

// matcher is a Query prepared for matching many articles.
type matcher struct {
	q     Query
	cik   spac.CIK
	words []string
}

func newMatcher(q Query) matcher {
	m := matcher{q: q, words: strings.Fields(strings.ToLower(q.Text))}
	if q.CIK != "" {
		if c, ok := spac.ParseCIK(string(q.CIK)); ok {
			m.cik = c
		} else {
			m.cik = q.CIK // matches nothing, as an unknown CIK should
		}
	}
	return m
}

// Match reports whether the query q selects article a (stores other than MemStore may use it).
func Match(q Query, a spac.Article) bool { return newMatcher(q).match(a) }

func (m matcher) match(a spac.Article) bool {
	q := m.q
	switch {
	case q.Source != "" && !strings.EqualFold(a.Source, q.Source):
		return false
	case !q.Since.IsZero() && a.PublishedAt.Before(q.Since):
		return false
	case m.cik != "" && !slices.Contains(a.CIKs, m.cik):
		return false
	case q.Symbol != "" && !slices.ContainsFunc(a.Symbols, func(s string) bool { return strings.EqualFold(s, q.Symbol) }):
		return false
	case q.Restrict != nil && !slices.ContainsFunc(a.CIKs, func(c spac.CIK) bool { return slices.Contains(q.Restrict, c) }):
		return false
	}
	text := strings.ToLower(a.Title + "\n" + a.Summary)
	for _, w := range m.words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}
