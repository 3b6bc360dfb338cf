package index

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	spac "github.com/spacdata/spac"
)

// Universe returns one page of the rows matching q, the total and the requested facets over
// all matches. Limit <= 0 returns every match. Bleve only answers the text part of q; the
// filters, the sort and the facets run over the in-memory rows (rows.go).
func (x *Index) Universe(ctx context.Context, q spac.UniverseQuery) (spac.UniversePage, error) {
	es, total, facets, err := x.universe(ctx, q)
	if err != nil {
		return spac.UniversePage{}, err
	}
	page := spac.UniversePage{Total: total, Facets: facets, Rows: make([]spac.SPAC, len(es))}
	for i, e := range es {
		page.Rows[i] = e.row
	}
	return page, nil
}

// UniverseCIKs is Universe answering the page's CIKs instead of copies of its rows: a caller
// that keeps the rows' encoding reads a row (Row) only when it has none.
func (x *Index) UniverseCIKs(ctx context.Context, q spac.UniverseQuery) ([]spac.CIK, int, map[string][]spac.FacetCount, error) {
	es, total, facets, err := x.universe(ctx, q)
	ciks := make([]spac.CIK, len(es))
	for i, e := range es {
		ciks[i] = e.row.CIK
	}
	return ciks, total, facets, err
}

// Row returns the row of cik as Universe and Search serve it.
func (x *Index) Row(cik spac.CIK) (spac.SPAC, bool) {
	e, ok := x.rows.get(cik)
	if !ok {
		return spac.SPAC{}, false
	}
	return e.row, true
}

// universe returns the entries of q's page, the number of matches and the facets.
func (x *Index) universe(ctx context.Context, q spac.UniverseQuery) ([]*entry, int, map[string][]spac.FacetCount, error) {
	if q.Offset < 0 {
		return nil, 0, nil, spac.InvalidParam("offset", "negative offset %d", q.Offset)
	}
	f, err := newRowFilter(q)
	if err != nil {
		return nil, 0, nil, err
	}
	order, err := sortOrder(q.Sort, q.Text != "")
	if err != nil {
		return nil, 0, nil, err
	}
	if err := checkFacets(q.Facets); err != nil {
		return nil, 0, nil, err
	}
	x.rows.refresh()
	var scores map[spac.CIK]float64
	if q.Text != "" {
		if scores, err = x.textMatches(ctx, q.Text, order.byScore); err != nil {
			return nil, 0, nil, err
		}
	}
	candidates := x.rows.all()
	if !order.byScore {
		candidates = x.rows.sortedBy(cmp.Or(q.Sort, "symbol"), order)
		if len(q.Facets) == 0 {
			es, total := pageOf(candidates, scores, f, q)
			return es, total, nil, nil
		}
	}
	var matches []*entry
	for _, e := range candidates {
		if _, ok := scores[e.row.CIK]; (scores == nil || ok) && f.match(e) {
			matches = append(matches, e)
		}
	}
	if order.byScore {
		order.sort(matches, scores)
	}
	end := len(matches)
	if q.Limit > 0 {
		end = windowEnd(q.Offset, q.Limit, end)
	}
	return matches[min(q.Offset, end):end], len(matches), countFacets(matches, q.Facets), nil
}

// windowEnd is min(offset+limit, n) for non-negative arguments, without overflowing: a forged
// offset near the integer limit once made offset+limit negative (a 500).
func windowEnd(offset, limit, n int) int {
	if offset >= n || limit >= n-offset {
		return n
	}
	return offset + limit
}

// pageOf is the page of q over candidates already in order, without facets: the matches are
// counted, and only the page's entries are kept.
func pageOf(candidates []*entry, scores map[spac.CIK]float64, f rowFilter, q spac.UniverseQuery) ([]*entry, int) {
	limit := q.Limit
	if limit <= 0 {
		limit = len(candidates)
	}
	if scores == nil && f.none() { // every row matches: the page is a slice of the order
		return candidates[min(q.Offset, len(candidates)):windowEnd(q.Offset, limit, len(candidates))], len(candidates)
	}
	var page []*entry
	total := 0
	for _, e := range candidates {
		if _, ok := scores[e.row.CIK]; (scores == nil || ok) && f.match(e) {
			if total >= q.Offset && len(page) < limit {
				page = append(page, e)
			}
			total++
		}
	}
	return page, total
}

// textMatches runs the text query of q over Bleve and returns the score of every match (0
// when scores are not needed: Bleve then skips scoring).
func (x *Index) textMatches(ctx context.Context, text string, scored bool) (map[spac.CIK]float64, error) {
	tq, err := x.textQuery(text)
	if err != nil {
		return nil, err
	}
	n, err := x.Count(ctx)
	if err != nil {
		return nil, err
	}
	req := bleve.NewSearchRequestOptions(tq, max(int(n), 1), 0, false)
	if !scored {
		req.Score = "none"
	}
	res, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("index: universe: %w", err)
	}
	out := make(map[spac.CIK]float64, len(res.Hits))
	for _, h := range res.Hits {
		out[spac.CIK(h.ID)] = h.Score
	}
	return out, nil
}

// parseMoney parses an optional decimal bound; "" is no bound.
func parseMoney(param, v string) (*float64, error) {
	if v == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return nil, spac.InvalidParam(param, "%q is not a decimal amount", v)
	}
	return &f, nil
}

// anyTerm matches documents whose field holds one of terms.
func anyTerm(field string, terms []string) query.Query {
	qs := make([]query.Query, 0, len(terms))
	for _, t := range terms {
		tq := bleve.NewTermQuery(t)
		tq.SetField(field)
		qs = append(qs, tq)
	}
	return bleve.NewDisjunctionQuery(qs...)
}

// restrictQuery matches only the given CIKs; an empty non-nil list matches nothing.
func restrictQuery(ciks []spac.CIK) query.Query {
	var ids []string
	for _, c := range ciks {
		if n, ok := spac.ParseCIK(string(c)); ok {
			ids = append(ids, string(n))
		}
	}
	if len(ids) == 0 {
		return bleve.NewMatchNoneQuery()
	}
	return anyTerm(fCIK, ids)
}

// Facet buckets of trust_size (lower bound inclusive, upper exclusive).
var trustBuckets = []struct {
	name   string
	lo, hi float64 // 0 = open
}{
	{"<100M", 0, 100e6}, {"100M-250M", 100e6, 250e6}, {"250M-500M", 250e6, 500e6}, {">=500M", 500e6, 0},
}

// firstIPOYear is the first year of the ipo_year facet.
const firstIPOYear = 2000
