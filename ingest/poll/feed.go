package poll

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/spacdata/spac/ingest/edgar"
)

// readFeeds reads every feed query of a poll (the unfiltered feed, or one per form). It
// returns an error only when not a single query could be read.
func (p *Poller) readFeeds(ctx context.Context, res *Result) ([]edgar.FeedEntry, error) {
	queries := []string{""}
	if p.cfg.FeedPerForm {
		queries = p.cfg.Forms
	}
	var all []edgar.FeedEntry
	var failed []error
	for _, typ := range queries {
		entries, err := p.readFeed(ctx, typ)
		res.Entries += len(entries)
		all = append(all, entries...)
		if err != nil {
			failed = append(failed, err)
			res.Errors = append(res.Errors, err)
		}
		if ctx.Err() != nil {
			return all, ctx.Err()
		}
	}
	if len(failed) == len(queries) {
		return all, fmt.Errorf("poll: no feed could be read: %w", errors.Join(failed...))
	}
	return all, nil
}

// readFeed pages through one feed query, newest first, until it reaches entries older than
// the newest one the previous poll saw (the watermark), the feed ends, or MaxPages is read.
// EDGAR ends the feed with an HTML "File Unavailable" page: past page one that is the normal
// end, not an error. The watermark only advances when paging ended cleanly, so an interrupted
// poll reads the same range again next time.
func (p *Poller) readFeed(ctx context.Context, typ string) ([]edgar.FeedEntry, error) {
	mark := p.watermarks[typ]
	newest := mark
	var out []edgar.FeedEntry
	for page := 0; page < p.cfg.MaxPages; page++ {
		feed, err := p.feedPage(ctx, typ, page*feedPageSize)
		if err != nil && page > 0 && endOfFeed(err) {
			break
		}
		if err != nil {
			return out, err
		}
		reached := false
		for _, e := range feed.Entries {
			t, ok := entryTime(e)
			if ok && !mark.IsZero() && t.Before(mark) {
				reached = true // handled by an earlier poll
				continue
			}
			if ok && t.After(newest) {
				newest = t
			}
			out = append(out, e)
		}
		if reached || len(feed.Entries) < feedPageSize {
			break
		}
	}
	p.watermarks[typ] = newest
	return out, nil
}

func (p *Poller) feedPage(ctx context.Context, typ string, start int) (*edgar.Feed, error) {
	body, err := p.get(ctx, p.feedURL(typ, start), maxFeedBytes)
	if err != nil {
		return nil, err
	}
	feed, err := edgar.ParseFeed(body)
	if err != nil {
		return nil, fmt.Errorf("poll: feed type=%q start=%d: %w", typ, start, err)
	}
	return feed, nil
}

// endOfFeed reports the answers EDGAR gives past the last page.
func endOfFeed(err error) bool {
	var se *StatusError
	return errors.Is(err, edgar.ErrNotAtom) || (errors.As(err, &se) && se.StatusCode == http.StatusNotFound)
}

func entryTime(e edgar.FeedEntry) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(e.Updated))
	return t, err == nil
}

// feedURL is the current-filings Atom URL as EDGAR's own pages build it.
func (p *Poller) feedURL(typ string, start int) string {
	return fmt.Sprintf("%s/cgi-bin/browse-edgar?action=getcurrent&type=%s&company=&dateb=&owner=include&start=%d&count=%d&output=atom",
		p.cfg.BaseURL, url.QueryEscape(typ), start, feedPageSize)
}
