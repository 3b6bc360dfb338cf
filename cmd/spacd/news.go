package main

import (
	"context"

	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/fanout"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/kv"
)

// newAggregator polls the configured feeds into the Badger article store; every new article
// is pushed on the news stream and to news.published webhooks. Without configured feeds it
// reads the embedded fixture feed when the service runs on fixtures, else nothing: fictional
// articles are never served beside real data.
func newAggregator(env *environment, a *app, f *fanout.FanOut, fictional bool) (*news.Aggregator, error) {
	return news.NewAggregator(news.Options{
		Feeds: newsFeeds(env, fictional), Interval: env.cfg.News.PollInterval, Store: a.db,
		Linker: news.NewLinker(nil), Logger: env.log, Now: env.now,
		OnNew: f.PushArticle, Event: f.ArticleEvent,
	})
}

// fixtureFeedName is the source of the embedded fixture feed's articles.
const fixtureFeedName = "fixture-wire"

// newsFeeds are the configured feeds; without any, the fixture feed on a store of the fixtures
// (fictional) only: a store of real filings never serves fixture articles.
func newsFeeds(env *environment, fictional bool) []news.Feed {
	var feeds []news.Feed
	for _, u := range env.cfg.News.Feeds {
		feeds = append(feeds, news.Feed{Name: u, URL: u})
	}
	if len(feeds) == 0 && fictional {
		feeds = append(feeds, news.Feed{Name: fixtureFeedName, Data: fixtures.News})
	}
	return feeds
}

// newsSource is the kv article store as the API's news source; its version is the store's
// (api.Versioned), so the API can cache the article list.
type newsSource struct{ *kv.DB }

func (s newsSource) Version(ctx context.Context) (string, error) { return s.ArticlesVersion(ctx) }
