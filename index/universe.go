package index

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	spac "github.com/spacdata/spac"
)

// sortFields maps the sort names of spac.UniverseQuery to index fields.
var sortFields = map[string]string{
	"symbol": fSymbol, "name": fNameSort, "status": fStatusRank, "sponsor": fSponsorLC,
	"trust_size": fTrustSize, "ipo_date": fIPODate, "deadline": fDeadline, "sector": fSectorLC,
}

// Universe returns one page of the rows matching q, the total and the requested facets over
// all matches. Limit <= 0 returns every match.
func (x *Index) Universe(ctx context.Context, q spac.UniverseQuery) (spac.UniversePage, error) {
	if q.Offset < 0 {
		return spac.UniversePage{}, spac.InvalidParam("offset", "negative offset %d", q.Offset)
	}
	bq, err := universeQuery(q)
	if err != nil {
		return spac.UniversePage{}, err
	}
	order, err := sortOrder(q.Sort, q.Text != "")
	if err != nil {
		return spac.UniversePage{}, err
	}
	size := q.Limit
	if size <= 0 {
		n, err := x.Count(ctx)
		if err != nil {
			return spac.UniversePage{}, err
		}
		size = int(n)
	}
	req := bleve.NewSearchRequestOptions(bq, size, q.Offset, false)
	req.Fields = []string{fRow}
	req.SortBy(order)
	if err := addFacets(req, q.Facets); err != nil {
		return spac.UniversePage{}, err
	}
	res, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		return spac.UniversePage{}, fmt.Errorf("index: universe: %w", err)
	}
	page := spac.UniversePage{Rows: make([]spac.SPAC, 0, len(res.Hits)), Total: int(res.Total), Facets: facetCounts(res.Facets)}
	for _, h := range res.Hits {
		s, err := decodeRow(h.Fields)
		if err != nil {
			return spac.UniversePage{}, err
		}
		page.Rows = append(page.Rows, s)
	}
	return page, nil
}

// universeQuery AND-s the filters of q; the values of one filter are OR-ed.
func universeQuery(q spac.UniverseQuery) (query.Query, error) {
	var must []query.Query
	add := func(qq query.Query) { must = append(must, qq) }
	if len(q.Statuses) > 0 {
		add(anyTerm(fStatus, statusStrings(q.Statuses)))
	}
	if len(q.Sectors) > 0 {
		add(anyTerm(fSectorLC, lowerAll(q.Sectors)))
	}
	if len(q.Sponsors) > 0 {
		add(anyTerm(fSponsorLC, lowerAll(q.Sponsors)))
	}
	if q.Restrict != nil {
		add(restrictQuery(q.Restrict))
	}
	if q.Text != "" {
		tq, err := textQuery(q.Text)
		if err != nil {
			return nil, err
		}
		add(tq)
	}
	rq, err := rangeQueries(q)
	if err != nil {
		return nil, err
	}
	must = append(must, rq...)
	if len(must) == 0 {
		return bleve.NewMatchAllQuery(), nil
	}
	return bleve.NewConjunctionQuery(must...), nil
}

// rangeQueries are the trust size and date bounds of q, all inclusive.
func rangeQueries(q spac.UniverseQuery) ([]query.Query, error) {
	var out []query.Query
	incl := true
	if q.MinTrust != "" || q.MaxTrust != "" {
		lo, err := parseMoney("min_trust", q.MinTrust)
		if err != nil {
			return nil, err
		}
		hi, err := parseMoney("max_trust", q.MaxTrust)
		if err != nil {
			return nil, err
		}
		nq := bleve.NewNumericRangeInclusiveQuery(lo, hi, &incl, &incl)
		nq.SetField(fTrustSize)
		out = append(out, nq)
	}
	for _, r := range []struct{ field, param, from, to string }{
		{fIPODate, "ipo_from", q.IPOFrom, ""}, {fIPODate, "ipo_to", "", q.IPOTo}, {fDeadline, "deadline_before", "", q.DeadlineBefore},
	} {
		if r.from == "" && r.to == "" {
			continue
		}
		var from, to time.Time
		var err error
		if r.from != "" {
			from, err = parseDate(r.param, r.from)
		} else {
			to, err = parseDate(r.param, r.to)
		}
		if err != nil {
			return nil, err
		}
		dq := bleve.NewDateRangeInclusiveQuery(from, to, &incl, &incl)
		dq.SetField(r.field)
		out = append(out, dq)
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

func statusStrings(ss []spac.Status) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return out
}

func lowerAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToLower(strings.TrimSpace(s))
	}
	return out
}

// sortOrder turns "field" / "-field" into a Bleve sort, always tie-broken by CIK so that
// pages are stable. Without a sort, text queries rank by score and others by symbol.
func sortOrder(s string, text bool) ([]string, error) {
	if s == "" {
		if text {
			return []string{"-_score", fCIK}, nil
		}
		return []string{fSymbol, fCIK}, nil
	}
	desc := strings.HasPrefix(s, "-")
	f, ok := sortFields[strings.TrimPrefix(s, "-")]
	if !ok {
		names := slices.Sorted(maps.Keys(sortFields))
		return nil, spac.InvalidParam("sort", "cannot sort by %q; sortable: %s", s, strings.Join(names, ", "))
	}
	if desc {
		f = "-" + f
	}
	return []string{f, fCIK}, nil
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

// addFacets requests the named facets.
func addFacets(req *bleve.SearchRequest, names []string) error {
	for _, name := range names {
		switch name {
		case "status":
			req.AddFacet(name, bleve.NewFacetRequest(fStatus, len(spac.Statuses)))
		case "sector":
			req.AddFacet(name, bleve.NewFacetRequest(fSector, 100))
		case "sponsor":
			req.AddFacet(name, bleve.NewFacetRequest(fSponsorKW, 100))
		case "trust_size":
			fr := bleve.NewFacetRequest(fTrustSize, len(trustBuckets))
			for _, b := range trustBuckets {
				fr.AddNumericRange(b.name, bound(b.lo), bound(b.hi))
			}
			req.AddFacet(name, fr)
		case "ipo_year":
			last := time.Now().Year() + 1
			fr := bleve.NewFacetRequest(fIPODate, last-firstIPOYear+1)
			for y := firstIPOYear; y <= last; y++ {
				fr.AddDateTimeRange(strconv.Itoa(y), time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC))
			}
			req.AddFacet(name, fr)
		default:
			return spac.InvalidParam("facets", "unknown facet %q; known: status, sector, sponsor, trust_size, ipo_year", name)
		}
	}
	return nil
}

func bound(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

// facetCounts converts Bleve's facet results: terms by count (then value), trust_size in
// bucket order with empty buckets, ipo_year by year without empty years.
func facetCounts(fr search.FacetResults) map[string][]spac.FacetCount {
	if len(fr) == 0 {
		return nil
	}
	out := map[string][]spac.FacetCount{}
	for name, r := range fr {
		counts := []spac.FacetCount{}
		switch name {
		case "trust_size":
			for _, b := range trustBuckets {
				c := spac.FacetCount{Value: b.name}
				for _, nr := range r.NumericRanges {
					if nr.Name == b.name {
						c.Count = nr.Count
					}
				}
				counts = append(counts, c)
			}
		case "ipo_year":
			for _, dr := range r.DateRanges {
				if dr.Count == 0 {
					continue
				}
				counts = append(counts, spac.FacetCount{Value: dr.Name, Count: dr.Count})
			}
			slices.SortFunc(counts, func(a, b spac.FacetCount) int { return cmp.Compare(a.Value, b.Value) })
		default:
			for _, t := range r.Terms.Terms() {
				counts = append(counts, spac.FacetCount{Value: t.Term, Count: t.Count})
			}
			slices.SortFunc(counts, func(a, b spac.FacetCount) int {
				return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Value, b.Value))
			})
		}
		out[name] = counts
	}
	return out
}
