package spac

import (
	"context"
	"time"
)

// ArticleStore keeps news articles. PutArticle is idempotent per article ID: storing an article
// whose ID is already present changes nothing and reports added == false, so re-polling a feed
// dedupes. A store assigns Seq (increasing in insertion order) to every article it adds.
type ArticleStore interface {
	PutArticle(ctx context.Context, a Article) (added bool, err error)
	// Articles returns the articles matching q, newest first (PublishedAt descending, then ID
	// ascending).
	Articles(ctx context.Context, q ArticleQuery) ([]Article, error)
}

// ArticleQuery filters articles; empty fields do not filter, except CIKs, which filters when
// non-nil (a non-nil empty slice matches nothing, so an empty sample scope never widens to
// every article). Since is inclusive. Limit <= 0 means no limit.
type ArticleQuery struct {
	CIKs   []CIK     // linked to any of these SPACs
	Source string    // feed name, or "filing" (any case)
	Since  time.Time // published at or after
	Text   string    // every word appears in the title or summary (any case)
	Limit  int
}
