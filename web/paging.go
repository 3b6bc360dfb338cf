package web

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

// Pages are numbered (page=2) rather than cursor-linked: a reader wants "page 2 of 5" and a
// link back. limit has the API's bounds; page is bounded so that no page reaches past
// maxOffset rows (the index ranks only what a page needs, but not without bound).
const maxOffset = api.MaxSearchHits * 10

var pageParam = api.Param{Name: "page", In: api.InQuery, Type: api.TypeInteger, Description: "page number, 1-based"}

// pager is the window a list page shows.
type pager struct {
	Page, Limit int
	query       url.Values // the request's query, to build the links
	path        string
}

func readPager(c *gin.Context) (pager, error) {
	p := pager{Page: 1, Limit: api.DefaultLimit, query: c.Request.URL.Query(), path: c.Request.URL.Path}
	var err error
	if p.Limit, err = boundedInt(c, "limit", api.DefaultLimit, 1, api.MaxLimit); err != nil {
		return p, err
	}
	if p.Page, err = boundedInt(c, "page", 1, 1, maxOffset/p.Limit+1); err != nil {
		return p, err
	}
	return p, nil
}

func boundedInt(c *gin.Context, name string, def, lo, hi int) (int, error) {
	raw := strings.TrimSpace(c.Query(name))
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, spac.InvalidParam(name, "%s must be an integer between %d and %d, got %q", name, lo, hi, raw)
	}
	return n, nil
}

func (p pager) offset() int { return (p.Page - 1) * p.Limit }

// pageLinks is the pager shown under a list.
type pageLinks struct {
	Page, Pages, Total, First, Last int
	Prev, Next                      string
}

// links says which rows of total this page shows and links its neighbours.
func (p pager) links(shown, total int) pageLinks {
	l := pageLinks{Page: p.Page, Total: total, Pages: max((total+p.Limit-1)/p.Limit, 1)}
	if shown > 0 {
		l.First, l.Last = p.offset()+1, p.offset()+shown
	}
	if p.Page > 1 {
		l.Prev = p.with("page", strconv.Itoa(p.Page-1))
	}
	if p.offset()+shown < total && p.offset()+p.Limit < maxOffset {
		l.Next = p.with("page", strconv.Itoa(p.Page+1))
	}
	return l
}

// with is this page's URL with one parameter set ("" removes it); a change of filter or
// sort goes back to page 1.
func (p pager) with(name, value string) string {
	q := cloneValues(p.query)
	if name != "page" {
		q.Del("page")
	}
	if value == "" {
		q.Del(name)
	} else {
		q.Set(name, value)
	}
	if len(q) == 0 {
		return p.path
	}
	return p.path + "?" + q.Encode()
}

// window pages an in-memory list.
func window[T any](all []T, p pager) []T {
	if p.offset() >= len(all) {
		return nil
	}
	return all[p.offset():min(p.offset()+p.Limit, len(all))]
}

// fail records err for htmlErrors; a store failure is logged and shown as unavailable.
func (e *Explorer) fail(c *gin.Context, err error) {
	if spac.ErrorCode(err) == spac.EINTERNAL {
		if c.Request.Context().Err() == nil {
			e.log.ErrorContext(c.Request.Context(), "web: store", "path", c.Request.URL.Path, "err", err)
		}
		err = spac.Errorf(spac.EUNAVAILABLE, "the data store is unavailable; retry shortly")
	}
	_ = c.Error(err)
	c.Abort()
}

// listRequest reads a list page's query as its API route does (unknown parameters refused,
// then the route's own parsing) and its paging; on a bad parameter it answers the error page
// and returns ok false.
func listRequest[Q any](e *Explorer, c *gin.Context, route string, parse func(*gin.Context) (Q, error)) (q Q, pg pager, ok bool) {
	err := e.d.API.CheckQuery(c, route, pageParam)
	if err == nil {
		q, err = parse(c)
	}
	pg, perr := readPager(c)
	if err = firstErr(err, perr); err != nil {
		e.fail(c, err)
		return q, pg, false
	}
	return q, pg, true
}
