package kv

import (
	"context"

	spac "github.com/spacdata/spac"
)

var _ spac.ArticleStore = (*DB)(nil)

// PutArticle implements spac.ArticleStore: it keeps the first article stored under a.ID, giving
// it the next article Seq (a.Seq is ignored), and reports added == false for a repeat.
func (db *DB) PutArticle(ctx context.Context, a spac.Article) (bool, error) {
	return db.PutArticleWith(ctx, a, nil)
}

// PutArticleWith is PutArticle that, when the article is new, appends the webhook event event
// builds from the article as stored to the outbox in the same transaction (see PutAlertWith).
func (db *DB) PutArticleWith(ctx context.Context, a spac.Article, event func(spac.Article) (*spac.OutboxEvent, error)) (bool, error) {
	return articleTimeline.put(ctx, db, a.ID, a.PublishedAt, &a, func(seq uint64) { a.Seq = seq }, bind(event, &a))
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
	return collect(ctx, db, articleTimeline, q.Since, q.Limit, q.Matcher())
}
