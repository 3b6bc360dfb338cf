package kv

import (
	"context"
	"strings"

	spac "github.com/spacdata/spac"
)

var _ spac.ArticleStore = (*DB)(nil)

// PutArticle implements spac.ArticleStore: it keeps the first article stored under a.ID, giving
// it the next article Seq (a.Seq is ignored), and reports added == false for a repeat.
func (db *DB) PutArticle(ctx context.Context, a spac.Article) (bool, error) {
	return articleTimeline.put(ctx, db, a.ID, a.PublishedAt, &a, func(seq uint64) { a.Seq = seq })
}

// ArticleByID returns the stored article with the given id (with the Seq the store assigned), or
// spac.ErrNotFound. It satisfies news.ByIDStore.
func (db *DB) ArticleByID(ctx context.Context, id string) (spac.Article, error) {
	var a spac.Article
	err := articleTimeline.get(ctx, db, id, &a)
	return a, err
}

// Articles implements spac.ArticleStore: the articles matching q, newest first (PublishedAt
// descending, then ID ascending).
func (db *DB) Articles(ctx context.Context, q spac.ArticleQuery) ([]spac.Article, error) {
	return collect(ctx, db, articleTimeline, q.Since, q.Limit, newArticleMatcher(q).match)
}

// articleMatcher is an ArticleQuery prepared for matching many articles.
type articleMatcher struct {
	q     spac.ArticleQuery
	ciks  []spac.CIK // normalised; nil = any
	words []string   // lower case
}

func newArticleMatcher(q spac.ArticleQuery) articleMatcher {
	return articleMatcher{q: q, ciks: normCIKs(q.CIKs), words: strings.Fields(strings.ToLower(q.Text))}
}

func (m articleMatcher) match(a spac.Article) bool {
	if m.q.Source != "" && !strings.EqualFold(a.Source, strings.TrimSpace(m.q.Source)) {
		return false
	}
	if m.ciks != nil && !anyCIKIn(m.ciks, a.CIKs) {
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

// anyCIKIn reports whether one of linked passes the normalised, non-nil filter ciks.
func anyCIKIn(ciks, linked []spac.CIK) bool {
	for _, c := range linked {
		if cikIn(ciks, c) {
			return true
		}
	}
	return false
}
