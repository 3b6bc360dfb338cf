package api

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Page sizes (docs/decisions.md, "Response shape").
const (
	DefaultLimit = 50
	MaxLimit     = 500
)

// Page is the body of tabular endpoints; the adapter adds asOf. Next is an opaque cursor or
// null. Facets is only set by the universe when facets were asked for.
type Page struct {
	Rows   any                          `json:"rows"`
	Count  int                          `json:"count"`
	Total  int                          `json:"total"`
	Next   *string                      `json:"next"`
	Facets map[string][]spac.FacetCount `json:"facets,omitempty"`
}

// paging is the window a tabular request asks for. key identifies the query (route name and
// every parameter except limit and cursor) so that a cursor only continues its own query.
type paging struct {
	Offset, Limit int
	key           string
}

// parsePaging reads limit and cursor.
func parsePaging(c *gin.Context, route string) (paging, error) {
	limit, err := intParam(c, "limit", DefaultLimit)
	if err != nil || limit < 1 || limit > MaxLimit {
		return paging{}, spac.InvalidParam("limit", "limit must be an integer between 1 and %d, got %q", MaxLimit, c.Query("limit"))
	}
	p := paging{Limit: limit, key: queryKey(route, c.Request.URL.Query())}
	if cur := strings.TrimSpace(c.Query("cursor")); cur != "" {
		if p.Offset, err = decodeCursor(cur, p.key); err != nil {
			return paging{}, err
		}
	}
	return p, nil
}

// queryKey hashes the route and the query without limit and cursor (sorted, so parameter
// order does not matter).
func queryKey(route string, q url.Values) string {
	names := make([]string, 0, len(q))
	for n := range q {
		if n != "limit" && n != "cursor" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", route)
	for _, n := range names {
		fmt.Fprintf(h, "%s=%q\n", n, q[n])
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// maxCursorOffset bounds the offset a cursor may carry: far beyond any row count this service
// holds, and far enough from the integer limit that offset + limit cannot overflow anywhere.
const maxCursorOffset = 1 << 30

// encodeCursor is base64url("<offset>.<query key>").
func encodeCursor(offset int, key string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(offset) + "." + key))
}

func decodeCursor(cur, key string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cur)
	if err != nil {
		return 0, spac.InvalidParam("cursor", "cursor is malformed; use the next value of a previous page")
	}
	off, k, ok := strings.Cut(string(raw), ".")
	n, err := strconv.Atoi(off)
	if !ok || err != nil || n < 0 || n > maxCursorOffset {
		return 0, spac.InvalidParam("cursor", "cursor is malformed; use the next value of a previous page")
	}
	if k != key {
		return 0, spac.InvalidParam("cursor", "cursor belongs to a different query; repeat the original parameters or drop the cursor")
	}
	return n, nil
}

// page builds the Page for rows [p.Offset, p.Offset+len(rows)) of total, and sets the Link
// header when there is a next page.
func (p paging) page(c *gin.Context, rows any, count, total int) Page {
	pg := Page{Rows: rows, Count: count, Total: total}
	if end := p.Offset + count; count > 0 && end < total {
		next := encodeCursor(end, p.key)
		pg.Next = &next
		setNextLink(c, url.Values{"cursor": {next}})
	}
	return pg
}

// setNextLink sets `Link: <URL>; rel="next"`: the absolute URL of the request with set
// replacing parameters of its query (RFC 8288 resolves a relative reference against the
// request URL, but common clients, such as Python requests' r.links, do not).
func setNextLink(c *gin.Context, set url.Values) {
	q := c.Request.URL.Query()
	for k, v := range set {
		q[k] = v
	}
	u := url.URL{Path: c.Request.URL.Path, RawQuery: q.Encode()}
	c.Header("Link", fmt.Sprintf("<%s%s>; rel=\"next\"", originOf(c), u.String()))
}

// window returns the slice of all that p selects, never nil (rows render as []).
func window[T any](all []T, p paging) []T {
	if p.Offset >= len(all) {
		return []T{}
	}
	end := min(p.Offset+p.Limit, len(all))
	return all[p.Offset:end]
}

// pageOf pages an in-memory result.
func pageOf[T any](c *gin.Context, all []T, p paging) Page {
	rows := window(all, p)
	return p.page(c, rows, len(rows), len(all))
}
