package spac

import (
	"context"
	"slices"
	"strings"
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

// Matcher returns q's filter as a predicate, prepared once for matching many articles; every
// ArticleStore filters with it, so a query means the same in each. CIKs are compared
// normalised (unparseable ones match nothing); Limit and order are the store's to apply.
func (q ArticleQuery) Matcher() func(Article) bool {
	var ciks []CIK
	if q.CIKs != nil {
		ciks = make([]CIK, 0, len(q.CIKs))
		for _, c := range q.CIKs {
			if cik, ok := ParseCIK(string(c)); ok {
				ciks = append(ciks, cik)
			}
		}
	}
	source, words := strings.TrimSpace(q.Source), strings.Fields(strings.ToLower(q.Text))
	return func(a Article) bool {
		if source != "" && !strings.EqualFold(a.Source, source) || !q.Since.IsZero() && a.PublishedAt.Before(q.Since) {
			return false
		}
		if ciks != nil && !slices.ContainsFunc(a.CIKs, func(c CIK) bool {
			cik, ok := ParseCIK(string(c))
			return ok && slices.Contains(ciks, cik)
		}) {
			return false
		}
		text := strings.ToLower(a.Title + "\n" + a.Summary)
		for _, w := range words {
			if !strings.Contains(text, w) {
				return false
			}
		}
		return true
	}
}
