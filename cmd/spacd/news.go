package main

import (
	"context"
	"strings"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/fanout"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/kv"
)

// newAggregator polls the configured feeds into the Badger article store; every new article
// is pushed on the news stream and to news.published webhooks. Without configured feeds it
// reads the embedded fixture feed when the service runs on fixtures, else nothing: fictional
// articles are never served beside real data.
func newAggregator(env *environment, a *app, f *fanout.FanOut) (*news.Aggregator, error) {
	return news.NewAggregator(news.Options{
		Feeds: newsFeeds(env), Interval: env.cfg.News.PollInterval, Store: articleStore{a.db},
		Linker: news.NewLinker(nil), Logger: env.log, Now: env.now,
		OnNew: f.PushArticle,
	})
}

// fixtureFeedName is the source of the embedded fixture feed's articles.
const fixtureFeedName = "fixture-wire"

func newsFeeds(env *environment) []news.Feed {
	var feeds []news.Feed
	for _, u := range env.cfg.News.Feeds {
		feeds = append(feeds, news.Feed{Name: u, URL: u})
	}
	if len(feeds) == 0 && env.cfg.Fixtures {
		feeds = append(feeds, news.Feed{Name: fixtureFeedName, Data: fixtures.News})
	}
	return feeds
}

// articleStore adapts the Badger article store to the aggregator's query type.
type articleStore struct{ db *kv.DB }

func (s articleStore) PutArticle(ctx context.Context, a spac.Article) (bool, error) {
	return s.db.PutArticle(ctx, a)
}

func (s articleStore) ArticleByID(ctx context.Context, id string) (spac.Article, error) {
	return s.db.ArticleByID(ctx, id)
}

func (s articleStore) Articles(ctx context.Context, q news.Query) ([]spac.Article, error) {
	aq := spac.ArticleQuery{CIKs: q.Restrict, Source: q.Source, Since: q.Since, Text: q.Text, Limit: q.Limit}
	if q.CIK != "" {
		aq.CIKs = []spac.CIK{q.CIK}
	}
	all, err := s.db.Articles(ctx, aq)
	if err != nil || q.Symbol == "" {
		return all, err
	}
	var out []spac.Article
	for _, a := range all {
		if news.Match(news.Query{Symbol: q.Symbol}, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// newsSource adapts the Badger article store to the API's news query; its version is the
// store's (api.Versioned), so the API can cache the article list.
type newsSource struct{ db *kv.DB }

func (s newsSource) Version(ctx context.Context) (string, error) { return s.db.ArticlesVersion(ctx) }

func (s newsSource) Articles(ctx context.Context, q api.NewsQuery) ([]spac.Article, error) {
	return s.db.Articles(ctx, spac.ArticleQuery{CIKs: q.CIKs, Source: strings.TrimSpace(q.Source), Since: q.Since, Text: q.Text})
}
