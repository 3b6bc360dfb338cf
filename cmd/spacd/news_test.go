package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// TestNewsStreamStartsWithTheNewest: the news stream's first 50 articles are the 50 newest by
// publication time (the REST list's first page), whatever order they were stored in: the
// fixture feed is polled after the corpus's filing articles were written.
func TestNewsStreamStartsWithTheNewest(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus")
	}
	t.Parallel()
	ts := startServerAt(t, nil, newTestClock(worldNow).now)
	key := ts.createKey(t, "institutional")
	waitFixtureFeed(t, ts, key)
	var page struct {
		Rows []spac.Article `json:"rows"`
	}
	ts.getJSON(t, "/v1/news?limit=50", key, http.StatusOK, &page)
	if len(page.Rows) != 50 {
		t.Fatalf("GET /v1/news: %d rows, want 50 (the fixture world has over 100 articles)", len(page.Rows))
	}
	// Articles published at the same instant may tie at the 50th place, and the list and the
	// stream break ties differently; the newest 50 are the same publication times either way.
	var want []string
	for _, a := range page.Rows {
		want = append(want, a.PublishedAt.UTC().Format(time.RFC3339Nano))
	}
	stream := ts.openStream(t, "/v1/news/stream", key, "")
	deadline := time.After(liveTimeout)
	var got []string
	waitFor(t, stream.Events, deadline, "the first 50 articles", func(e sseEvent) bool {
		var a spac.Article
		if err := json.Unmarshal(e.Data, &a); err != nil {
			t.Fatal(err)
		}
		got = append(got, a.PublishedAt.UTC().Format(time.RFC3339Nano))
		return len(got) == 50
	})
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("the stream started with articles published at %v,\nthe 50 newest were published at %v", got, want)
	}
}

// waitFixtureFeed waits until the news aggregator has stored every article of the fixture
// feed (it polls in the background once the server is up).
func waitFixtureFeed(t *testing.T, ts *testServer, key string) {
	t.Helper()
	items := strings.Count(string(fixtures.News), "<item>")
	for deadline := time.Now().Add(liveTimeout); ; time.Sleep(50 * time.Millisecond) {
		var page struct {
			Total int `json:"total"`
		}
		ts.getJSON(t, "/v1/news?source="+fixtureFeedName+"&limit=1", key, http.StatusOK, &page)
		if page.Total == items {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fixture feed's %d articles: %d stored after %s", items, page.Total, liveTimeout)
		}
	}
}

// TestNewsPublishedWebhook: every new article is delivered as news.published, one from a feed
// (polled from a URL) and one written for a new filing (a new SPAC on the fake EDGAR feed).
func TestNewsPublishedWebhook(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus and polls a fake EDGAR and a news feed")
	}
	t.Parallel()
	edgar := polltest.New(t)
	feed := newRSSFeed(t)
	env := liveEnv(edgar.URL())
	env["SPACD_NEWS_FEEDS"], env["SPACD_NEWS_POLL_INTERVAL"] = feed.srv.URL+"/rss", "200ms"
	ts := startServerAt(t, env, newTestClock(worldNow).now)
	key := ts.createKey(t, "institutional")
	rcv := newReceiver(t, "")
	_, secret := ts.registerWebhook(t, key, rcv.URL(), "news.published")

	feed.add("Kestrel Harbor Acquisition Corp. (NASDAQ: KHAC) files its quarterly report", "wire-khac-10q", worldNow)
	s := generateNewSPACs(t, 25)[0]
	s.publish(edgar)
	deadline := time.After(liveTimeout)
	var fromFeed, fromFiling bool
	for !fromFeed || !fromFiling {
		r := waitFor(t, rcv.requests, deadline, "news.published from the feed and from a filing", func(hookRequest) bool { return true })
		r.verify(t, secret)
		_, typ, data := r.message(t)
		var a spac.Article
		if err := json.Unmarshal(data, &a); err != nil || typ != "news.published" {
			t.Fatalf("webhook %s: %v in %s", typ, err, data)
		}
		switch {
		case a.ID != "" && a.Source == feed.srv.URL+"/rss" && slices.Contains(a.Symbols, "KHAC"):
			fromFeed = true
		case a.Source == "filing" && slices.Contains(a.CIKs, spac.CIK(s.entry.CIK)) && len(a.Citations) > 0:
			fromFiling = true
		}
	}
}

// rssFeed serves an RSS 2.0 feed a test adds items to.
type rssFeed struct {
	srv   *httptest.Server
	mu    sync.Mutex
	items []string
}

func newRSSFeed(t *testing.T) *rssFeed {
	f := &rssFeed{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Test wire</title>%s</channel></rss>`, strings.Join(f.items, ""))
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *rssFeed) add(title, guid string, at time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.items = append(f.items, fmt.Sprintf(`<item><title>%s</title><link>https://wire.example.invalid/%s</link><guid>%s</guid><pubDate>%s</pubDate></item>`,
		title, guid, guid, at.Format(time.RFC1123Z)))
}

// Fictional news and prices are served only with the fixtures: a deployment on real data
// (fixtures: false) reads the feeds and the quotes file it configures, or none.
func TestNoFixtureNewsOrQuotesWithoutFixtures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		fixtures   bool
		feeds      []string
		wantFeeds  []string
		wantQuotes bool
	}{
		{"fixtures", true, nil, []string{fixtureFeedName}, true},
		{"fixtures with configured feeds", true, []string{"https://wire.example.invalid/rss"}, []string{"https://wire.example.invalid/rss"}, true},
		{"real data", false, nil, nil, false},
		{"real data with feeds", false, []string{"https://wire.example.invalid/rss"}, []string{"https://wire.example.invalid/rss"}, false},
	} {
		env := &environment{now: time.Now}
		env.cfg.Fixtures, env.cfg.News.Feeds = tc.fixtures, tc.feeds
		var names []string
		for _, f := range newsFeeds(env, tc.fixtures) {
			names = append(names, f.Name)
		}
		quotes, err := loadQuotes(env, tc.fixtures)
		book, _ := quotes.Book()
		if !slices.Equal(names, tc.wantFeeds) || err != nil || (book.Len() > 0) != tc.wantQuotes {
			t.Errorf("%s: feeds %v, quotes %d (%v); want feeds %v, quotes %v", tc.name, names, book.Len(), err, tc.wantFeeds, tc.wantQuotes)
		}
	}
}
