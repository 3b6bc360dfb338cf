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
	if q.Offset < 0 {
		return spac.UniversePage{}, spac.InvalidParam("offset", "negative offset %d", q.Offset)
	}
	f, err := newRowFilter(q)
	if err != nil {
		return spac.UniversePage{}, err
	}
	order, err := sortOrder(q.Sort, q.Text != "")
	if err != nil {
		return spac.UniversePage{}, err
	}
	if err := checkFacets(q.Facets); err != nil {
		return spac.UniversePage{}, err
	}
	x.rows.refresh()
	var scores map[spac.CIK]float64
	if q.Text != "" {
		if scores, err = x.textMatches(ctx, q.Text, order.byScore); err != nil {
			return spac.UniversePage{}, err
		}
	}
	candidates := x.rows.all()
	if !order.byScore {
		candidates = x.rows.sortedBy(cmp.Or(q.Sort, "symbol"), order)
		if len(q.Facets) == 0 {
			return pageOf(candidates, scores, f, q), nil
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
	page := spac.UniversePage{Total: len(matches), Facets: countFacets(matches, q.Facets)}
	end := len(matches)
	if q.Limit > 0 {
		end = min(end, q.Offset+q.Limit)
	}
	page.Rows = make([]spac.SPAC, 0, max(end-q.Offset, 0))
	for i := q.Offset; i < end; i++ {
		page.Rows = append(page.Rows, matches[i].row)
	}
	return page, nil
}

// pageOf is the page of q over candidates already in order, without facets: the matches are
// counted, and only the page's rows are copied.
func pageOf(candidates []*entry, scores map[spac.CIK]float64, f rowFilter, q spac.UniverseQuery) spac.UniversePage {
	limit := q.Limit
	if limit <= 0 {
		limit = len(candidates)
	}
	page := spac.UniversePage{Rows: make([]spac.SPAC, 0, min(limit, len(candidates)))}
	if scores == nil && f.none() { // every row matches: the page is a slice of the order
		for _, e := range candidates[min(q.Offset, len(candidates)):min(q.Offset+limit, len(candidates))] {
			page.Rows = append(page.Rows, e.row)
		}
		page.Total = len(candidates)
		return page
	}
	for _, e := range candidates {
		if _, ok := scores[e.row.CIK]; (scores == nil || ok) && f.match(e) {
			if page.Total >= q.Offset && len(page.Rows) < limit {
				page.Rows = append(page.Rows, e.row)
			}
			page.Total++
		}
	}
	return page
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
