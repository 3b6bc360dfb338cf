package news

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spacdata/spac"
)

// Defaults of Options.
const (
	DefaultInterval  = 5 * time.Minute
	DefaultTimeout   = 15 * time.Second
	DefaultUserAgent = "spacd/1.0 (news aggregator)"
	maxFeedBytes     = 10 << 20
)

// Feed is one configured news feed: fetched from URL, or (URL empty) parsed from Data, which is
// how the committed fixture feed is served without a network.
type Feed struct {
	Name string // Source of its articles; empty = the feed's own title
	URL  string
	Data []byte
}

// Options configure an Aggregator. Store is required.
type Options struct {
	Feeds     []Feed
	Interval  time.Duration // between polls; default DefaultInterval
	Store     spac.ArticleStore
	Linker    *Linker      // the SPAC universe; replace it with SetLinker when it changes
	Client    *http.Client // default: DefaultTimeout
	UserAgent string
	OnNew     func(spac.Article) // every newly stored article, as stored (with Seq)
	// Event, when set, builds the webhook event of a new article from it as stored; the
	// Store (then an OutboxStore) writes it in the transaction that stores the article, so
	// a crash can never leave an article stored and its event unsent.
	Event  func(spac.Article) (*spac.OutboxEvent, error)
	OnPoll func(PollResult) // after every poll of all feeds
	Logger *slog.Logger
	Now    func() time.Time // stamps articles without a date; default time.Now
}

// PollResult is the outcome of one poll of every feed.
type PollResult struct {
	Fetched int   // articles read from the feeds
	Added   int   // articles new to the store
	Err     error // joined per-feed errors; the other feeds were still polled
}

// OutboxStore is a Store that writes an article and its webhook event in one transaction
// (kv.DB): the store Options.Event needs.
type OutboxStore interface {
	PutArticleWith(ctx context.Context, a spac.Article, event func(spac.Article) (*spac.OutboxEvent, error)) (bool, error)
}

// Aggregator polls the configured feeds, links each article to the SPACs it mentions, stores
// the new ones and calls OnNew for each. Start runs the polling goroutine; Shutdown stops it.
type Aggregator struct {
	o      Options
	linker atomic.Pointer[Linker]
	mu     sync.Mutex // serialises polls and publishes so OnNew sees one article at a time
	run    sync.Mutex // guards cancel/done
	cancel context.CancelFunc
	done   chan struct{}
}

// NewAggregator checks the options and fills in defaults.
func NewAggregator(o Options) (*Aggregator, error) {
	if o.Store == nil {
		return nil, errors.New("news: aggregator needs a store")
	}
	if _, ok := o.Store.(OutboxStore); o.Event != nil && !ok {
		return nil, errors.New("news: an aggregator with an Event needs a store that writes events with articles")
	}
	for i, f := range o.Feeds {
		if f.URL == "" && len(f.Data) == 0 {
			return nil, fmt.Errorf("news: feed %d (%q) has neither a URL nor data", i, f.Name)
		}
	}
	if o.Interval <= 0 {
		o.Interval = DefaultInterval
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: DefaultTimeout}
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	a := &Aggregator{o: o}
	a.linker.Store(o.Linker)
	return a, nil
}

// SetLinker replaces the SPAC universe used for articles polled from now on.
func (a *Aggregator) SetLinker(l *Linker) { a.linker.Store(l) }

// Publish stores an article written elsewhere (FromFiling) and, when it is new, calls OnNew.
func (a *Aggregator) Publish(ctx context.Context, art spac.Article) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.put(ctx, art)
}

func (a *Aggregator) put(ctx context.Context, art spac.Article) (bool, error) {
	var added bool
	var err error
	if a.o.Event != nil {
		added, err = a.o.Store.(OutboxStore).PutArticleWith(ctx, art, a.o.Event)
	} else {
		added, err = a.o.Store.PutArticle(ctx, art)
	}
	if err != nil || !added {
		return false, err
	}
	if a.o.OnNew != nil {
		a.o.OnNew(a.stored(ctx, art))
	}
	return true, nil
}

// ByIDStore is a Store that can return one article by ID (MemStore does); the Aggregator uses
// it to hand OnNew the article as stored, with the Seq the store assigned.
type ByIDStore interface {
	ArticleByID(ctx context.Context, id string) (spac.Article, error)
}

func (a *Aggregator) stored(ctx context.Context, art spac.Article) spac.Article {
	if s, ok := a.o.Store.(ByIDStore); ok {
		if got, err := s.ArticleByID(ctx, art.ID); err == nil {
			return got
		}
	}
	return art
}

// Poll fetches every feed once and stores the new articles.
func (a *Aggregator) Poll(ctx context.Context) PollResult {
	a.mu.Lock()
	defer a.mu.Unlock()
	var res PollResult
	var errs []error
	for _, f := range a.o.Feeds {
		fetched, added, err := a.pollFeed(ctx, f)
		res.Fetched += fetched
		res.Added += added
		if err != nil {
			a.o.Logger.Warn("news feed poll failed", "feed", feedLabel(f), "err", err)
			errs = append(errs, err)
		}
	}
	res.Err = errors.Join(errs...)
	if a.o.OnPoll != nil {
		a.o.OnPoll(res)
	}
	return res
}

func feedLabel(f Feed) string {
	if f.URL != "" {
		return f.URL
	}
	return f.Name
}

func (a *Aggregator) pollFeed(ctx context.Context, f Feed) (fetched, added int, err error) {
	data := f.Data
	if f.URL != "" {
		if data, err = a.fetch(ctx, f.URL); err != nil {
			return 0, 0, err
		}
	}
	articles, err := ParseFeed(data, f.Name)
	if err != nil {
		return 0, 0, err
	}
	// Oldest first, so Seq (and the news stream) follows publication order.
	slices.SortStableFunc(articles, func(x, y spac.Article) int { return x.PublishedAt.Compare(y.PublishedAt) })
	linker := a.linker.Load()
	for _, art := range articles {
		a.prepare(&art, linker)
		ok, err := a.put(ctx, art)
		if err != nil {
			return len(articles), added, fmt.Errorf("news: store article from %s: %w", feedLabel(f), err)
		}
		if ok {
			added++
		}
	}
	return len(articles), added, nil
}

// prepare links an article and dates an undated one with the time it was first seen.
func (a *Aggregator) prepare(art *spac.Article, linker *Linker) {
	if art.PublishedAt.IsZero() {
		art.PublishedAt = a.o.Now().UTC()
	}
	ciks, symbols := linker.Link(art.Title + "\n" + art.Summary + "\n" + art.URL)
	art.CIKs = append([]spac.CIK{}, ciks...)
	art.Symbols = append([]string{}, symbols...)
}

func (a *Aggregator) fetch(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("news: feed %s: %w", url, err)
	}
	req.Header.Set("User-Agent", a.o.UserAgent)
	req.Header.Set("Accept", "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5")
	resp, err := a.o.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("news: feed %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("news: feed %s: HTTP %s", url, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxFeedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("news: feed %s: %w", url, err)
	}
	if len(data) > maxFeedBytes {
		return nil, fmt.Errorf("news: feed %s: larger than %d bytes", url, maxFeedBytes)
	}
	return data, nil
}

// Start polls once right away, then every Interval, until Shutdown or ctx ends. It fails when
// the aggregator is already running.
func (a *Aggregator) Start(ctx context.Context) error {
	a.run.Lock()
	defer a.run.Unlock()
	if a.done != nil {
		return errors.New("news: aggregator already started")
	}
	ctx, a.cancel = context.WithCancel(ctx)
	a.done = make(chan struct{})
	go a.loop(ctx, a.done)
	return nil
}

func (a *Aggregator) loop(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(a.o.Interval)
	defer t.Stop()
	for {
		a.Poll(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Shutdown stops the polling goroutine and waits for it (an in-flight fetch is cancelled), or
// until ctx ends. Calling it when not started is a no-op.
func (a *Aggregator) Shutdown(ctx context.Context) error {
	a.run.Lock()
	cancel, done := a.cancel, a.done
	a.cancel, a.done = nil, nil
	a.run.Unlock()
	if done == nil {
		return nil
	}
	cancel()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("news: aggregator shutdown: %w", ctx.Err())
	}
}
