package index

import (
	"strconv"
	"strings"
	"sync"

	spac "github.com/spacdata/spac"
)

// maxCachedHits bounds the hits the search cache holds (past it, it starts over): a few
// thousand pages of 50.
const maxCachedHits = 200_000

// searchCache keeps the ranked pages of recent searches for one write generation of the
// index: a search repeated before the next write is answered without asking Bleve. Any
// write moves the generation and empties it; it holds CIKs and scores, the rows come from
// the row set as on a miss.
type searchCache struct {
	mu    sync.Mutex
	gen   uint64
	pages map[string]cachedPage
	hits  int
}

type cachedPage struct {
	total int
	hits  []cachedHit
}

type cachedHit struct {
	cik     spac.CIK
	score   float64
	matched []string
}

// searchKey names a query: its text, window and restriction.
func searchKey(q spac.SearchQuery, limit int) string {
	var b strings.Builder
	b.WriteString(strings.TrimSpace(q.Text))
	b.WriteString("\x00" + strconv.Itoa(q.Offset) + "\x00" + strconv.Itoa(limit) + "\x00")
	if q.Restrict != nil {
		b.WriteString("r")
		for _, c := range q.Restrict {
			b.WriteString(string(c) + ",")
		}
	}
	return b.String()
}

// get returns the cached page of key for generation gen, with its rows from rows; false
// when it is not cached (or a row is gone, which a generation check makes impossible).
func (sc *searchCache) get(gen uint64, key string, rows *rowSet) (spac.SearchPage, bool) {
	sc.mu.Lock()
	p, ok := sc.pages[key]
	ok = ok && sc.gen == gen
	sc.mu.Unlock()
	if !ok {
		return spac.SearchPage{}, false
	}
	page := spac.SearchPage{Total: p.total, Hits: make([]spac.SearchHit, 0, len(p.hits))}
	for _, h := range p.hits {
		e, ok := rows.get(h.cik)
		if !ok {
			return spac.SearchPage{}, false
		}
		page.Hits = append(page.Hits, spac.SearchHit{SPAC: e.row, Score: h.score, Matched: h.matched})
	}
	return page, true
}

// put keeps page as the answer of key under generation gen.
func (sc *searchCache) put(gen uint64, key string, page spac.SearchPage) {
	p := cachedPage{total: page.Total, hits: make([]cachedHit, len(page.Hits))}
	for i, h := range page.Hits {
		p.hits[i] = cachedHit{cik: h.SPAC.CIK, score: h.Score, matched: h.Matched}
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.gen != gen || sc.pages == nil || sc.hits+len(p.hits) > maxCachedHits {
		sc.gen, sc.pages, sc.hits = gen, map[string]cachedPage{}, 0
	}
	sc.pages[key] = p
	sc.hits += len(p.hits)
}
