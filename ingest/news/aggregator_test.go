package news

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// feedServer serves a feed body that a test may replace between polls.
type feedServer struct {
	mu   sync.Mutex
	body []byte
	code int
	ua   string
}

func (f *feedServer) set(body []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.body = body
}

func (f *feedServer) userAgent() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ua
}

func (f *feedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ua = r.Header.Get("User-Agent")
	if f.code != 0 {
		w.WriteHeader(f.code)
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	w.Write(f.body)
}

type harness struct {
	agg   *Aggregator
	store *MemStore
	news  chan spac.Article
	polls chan PollResult
}

func newHarness(t *testing.T, interval time.Duration, feeds ...Feed) *harness {
	t.Helper()
	h := &harness{store: NewMemStore(), news: make(chan spac.Article, 100), polls: make(chan PollResult, 100)}
	agg, err := NewAggregator(Options{
		Feeds: feeds, Interval: interval, Store: h.store, Linker: testLinker(),
		OnNew:  func(a spac.Article) { h.news <- a },
		OnPoll: func(r PollResult) { h.polls <- r },
		Now:    func() time.Time { return time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	h.agg = agg
	return h
}

// nextPoll waits for the next poll to finish (the test's deadline bounds the wait).
func (h *harness) nextPoll(t *testing.T) PollResult {
	t.Helper()
	select {
	case r := <-h.polls:
		return r
	case <-t.Context().Done():
		t.Fatal("no poll")
	}
	return PollResult{}
}

func (h *harness) drainNews() []spac.Article {
	var out []spac.Article
	for {
		select {
		case a := <-h.news:
			out = append(out, a)
		default:
			return out
		}
	}
}

func TestAggregatorPollsLinksAndDedupes(t *testing.T) {
	srv := &feedServer{body: readTestdata(t, "sample.rss")}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	h := newHarness(t, time.Hour,
		Feed{URL: ts.URL + "/rss"},
		Feed{Name: "fixture", Data: readTestdata(t, "sample.atom")})
	ctx := context.Background()
	if err := h.agg.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer h.agg.Shutdown(ctx)

	r := h.nextPoll(t)
	if r.Err != nil || r.Fetched != 5 || r.Added != 5 {
		t.Fatalf("first poll %+v", r)
	}
	news := h.drainNews()
	if len(news) != 5 {
		t.Fatalf("OnNew got %d articles, want 5", len(news))
	}
	for i, a := range news {
		if a.Seq != uint64(i+1) {
			t.Errorf("OnNew article %d has seq %d: hooks see the stored article", i, a.Seq)
		}
	}
	if ua := srv.userAgent(); ua != DefaultUserAgent {
		t.Errorf("user agent %q", ua)
	}
	assertLinks(t, h.store)

	// Re-polling the same feeds adds nothing and announces nothing.
	if r := h.agg.Poll(ctx); r.Added != 0 || r.Fetched != 5 || r.Err != nil {
		t.Fatalf("re-poll %+v", r)
	}
	h.nextPoll(t)
	if got := h.drainNews(); len(got) != 0 {
		t.Fatalf("re-poll announced %d articles", len(got))
	}

	// A new item in the feed is added once.
	srv.set([]byte(strings.Replace(string(readTestdata(t, "sample.rss")), "<item>", `<item>
      <title>Breaking: $MRAD files S-1</title><guid>spacwire-2000</guid>
      <pubDate>Thu, 02 May 2024 10:00:00 +0000</pubDate></item><item>`, 1)))
	if r := h.agg.Poll(ctx); r.Added != 1 {
		t.Fatalf("poll after update %+v", r)
	}
	h.nextPoll(t)
	got := h.drainNews()
	if len(got) != 1 || !slices.Equal(got[0].CIKs, []spac.CIK{cikMapleII}) || got[0].Seq != 6 {
		t.Fatalf("new article %+v", got)
	}
}

func assertLinks(t *testing.T, s *MemStore) {
	t.Helper()
	all, _ := s.Articles(context.Background(), spac.ArticleQuery{})
	want := map[string][]spac.CIK{
		"Learn CW Investment Corp extends deadline": {cikLearnCW},
		"Soulpower closes its offering":             {cikSoul},
		"Maple Ridge Acquisition Corp. Announces Business Combination Agreement with Nimbus Robotics": {cikMaple},
		"Harbor Light prices $200 million IPO":                                                        {cikHarbor},
		"Market wrap: blank-check issuance slows":                                                     {},
	}
	for _, a := range all {
		w, ok := want[a.Title]
		if !ok {
			t.Errorf("unexpected article %q", a.Title)
			continue
		}
		if !slices.Equal(a.CIKs, w) {
			t.Errorf("%q linked to %v, want %v", a.Title, a.CIKs, w)
		}
	}
	if got, _ := s.Articles(context.Background(), spac.ArticleQuery{Source: "fixture"}); len(got) != 2 {
		t.Errorf("configured name is the source of the embedded feed: %d", len(got))
	}
	if got, _ := s.Articles(context.Background(), spac.ArticleQuery{Source: "SPAC Wire"}); len(got) != 3 {
		t.Errorf("feed title is the source of an unnamed feed: %d", len(got))
	}
}

func TestAggregatorBadFeedsDoNotStopOthers(t *testing.T) {
	failing := httptest.NewServer(&feedServer{code: http.StatusInternalServerError})
	defer failing.Close()
	h := newHarness(t, time.Hour,
		Feed{URL: failing.URL},
		Feed{Name: "broken", Data: readTestdata(t, "malformed.rss")},
		Feed{URL: "http://127.0.0.1:1/unreachable"},
		Feed{Name: "good", Data: readTestdata(t, "sample.atom")})
	r := h.agg.Poll(context.Background())
	if r.Err == nil || r.Added != 2 {
		t.Fatalf("poll %+v", r)
	}
	for _, want := range []string{"500", "broken", "unreachable"} {
		if !strings.Contains(r.Err.Error(), want) {
			t.Errorf("error %q does not mention %q", r.Err, want)
		}
	}
}

func TestAggregatorIntervalLoopAndShutdown(t *testing.T) {
	h := newHarness(t, time.Millisecond, Feed{Name: "fixture", Data: readTestdata(t, "sample.atom")})
	ctx := context.Background()
	if err := h.agg.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.agg.Start(ctx); err == nil {
		t.Fatal("second Start must fail")
	}
	first, second := h.nextPoll(t), h.nextPoll(t) // the ticker drives more than one poll
	if first.Added != 2 || second.Added != 0 {
		t.Fatalf("polls %+v %+v", first, second)
	}
	if err := h.agg.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.agg.Shutdown(ctx); err != nil {
		t.Fatal("second Shutdown must be a no-op:", err)
	}
	if err := h.agg.Start(ctx); err != nil { // restartable after Shutdown
		t.Fatal(err)
	}
	h.agg.Shutdown(ctx)
}

func TestAggregatorStopsWithContext(t *testing.T) {
	h := newHarness(t, time.Hour, Feed{Name: "f", Data: readTestdata(t, "sample.atom")})
	ctx, cancel := context.WithCancel(context.Background())
	if err := h.agg.Start(ctx); err != nil {
		t.Fatal(err)
	}
	h.nextPoll(t)
	cancel()
	if err := h.agg.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestAggregatorPublish(t *testing.T) {
	h := newHarness(t, time.Hour)
	art := spac.Article{ID: "filing-0001", Title: "x", Source: SourceFiling, PublishedAt: at(1)}
	for i, want := range []bool{true, false} {
		added, err := h.agg.Publish(context.Background(), art)
		if err != nil || added != want {
			t.Fatalf("publish %d: %v %v", i, added, err)
		}
	}
	if got := h.drainNews(); len(got) != 1 || got[0].ID != art.ID || got[0].Seq != 1 {
		t.Fatalf("OnNew %+v", got)
	}
}

func TestAggregatorUndatedItemsAndSetLinker(t *testing.T) {
	feed := `<rss version="2.0"><channel><title>T</title>
<item><title>Zephyr Acquisition Corp. (NYSE: ZPHR) files S-1</title><guid>z1</guid></item></channel></rss>`
	h := newHarness(t, time.Hour, Feed{Data: []byte(feed)})
	h.agg.SetLinker(NewLinker([]Entity{{CIK: "0009900077", Name: "Zephyr Acquisition Corp.", Symbol: "ZPHR", Tickers: []string{"ZPHR"}}}))
	if r := h.agg.Poll(context.Background()); r.Added != 1 {
		t.Fatalf("%+v", r)
	}
	a := h.drainNews()[0]
	if !a.PublishedAt.Equal(time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("undated item stamped %v, want the first-seen time", a.PublishedAt)
	}
	if !slices.Equal(a.Symbols, []string{"ZPHR"}) {
		t.Errorf("new linker not used: %v", a.Symbols)
	}
}

func TestNewAggregatorValidates(t *testing.T) {
	if _, err := NewAggregator(Options{}); err == nil {
		t.Error("store is required")
	}
	if _, err := NewAggregator(Options{Store: NewMemStore(), Feeds: []Feed{{Name: "empty"}}}); err == nil {
		t.Error("a feed needs a URL or data")
	}
}
