package index

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	spac "github.com/spacdata/spac"
)

// rowFilter is the structured part of a spac.UniverseQuery, checked against in-memory rows
// with the semantics the index fields have: keyword filters match the whole value (sector and
// sponsor in any case), bounds are inclusive, and a row without the field matches no bound.
type rowFilter struct {
	statuses, sectors, sponsors []string // OR-ed; nil = no filter
	restrict                    map[spac.CIK]bool
	minTrust, maxTrust          *float64
	ipoFrom, ipoTo, deadlineTo  string // YYYY-MM-DD, "" = open
	bounds                      []bound
}

// bound is an inclusive range over one numeric key; a row without the key fails it.
type bound struct {
	key      func(e *entry) number
	min, max *float64
}

func (b bound) match(e *entry) bool {
	n := b.key(e)
	return n.ok && (b.min == nil || n.v >= *b.min) && (b.max == nil || n.v <= *b.max)
}

// newRowFilter validates and normalises the filters of q.
func newRowFilter(q spac.UniverseQuery) (rowFilter, error) {
	f := rowFilter{sectors: lowerAll(q.Sectors), sponsors: lowerAll(q.Sponsors)}
	for _, s := range q.Statuses {
		f.statuses = append(f.statuses, string(s))
	}
	if q.Restrict != nil {
		f.restrict = map[spac.CIK]bool{}
		for _, c := range q.Restrict {
			if n, ok := spac.ParseCIK(string(c)); ok {
				f.restrict[n] = true
			}
		}
	}
	if q.Text != "" {
		if err := checkText(q.Text); err != nil {
			return f, err
		}
	}
	var err error
	if f.minTrust, err = parseMoney("min_trust", q.MinTrust); err != nil {
		return f, err
	}
	if f.maxTrust, err = parseMoney("max_trust", q.MaxTrust); err != nil {
		return f, err
	}
	if f.bounds, err = numberBounds(q); err != nil {
		return f, err
	}
	for _, d := range []struct {
		param, v string
		to       *string
	}{{"ipo_from", q.IPOFrom, &f.ipoFrom}, {"ipo_to", q.IPOTo, &f.ipoTo}, {"deadline_before", q.DeadlineBefore, &f.deadlineTo}} {
		if d.v == "" {
			continue
		}
		t, err := parseDate(d.param, d.v)
		if err != nil {
			return f, err
		}
		*d.to = t.Format(time.DateOnly)
	}
	return f, nil
}

// none reports whether f filters nothing out.
func (f rowFilter) none() bool {
	return f.statuses == nil && f.sectors == nil && f.sponsors == nil && f.restrict == nil && f.minTrust == nil &&
		f.maxTrust == nil && len(f.bounds) == 0 && f.ipoFrom == "" && f.ipoTo == "" && f.deadlineTo == ""
}

// match reports whether e passes every filter.
func (f rowFilter) match(e *entry) bool {
	switch {
	case f.statuses != nil && (e.status == "" || !slices.Contains(f.statuses, e.status)),
		f.sectors != nil && (e.sectorLC == "" || !slices.Contains(f.sectors, e.sectorLC)),
		f.sponsors != nil && (e.sponsorLC == "" || !slices.Contains(f.sponsors, e.sponsorLC)),
		f.restrict != nil && !f.restrict[e.row.CIK]:
		return false
	}
	if (f.minTrust != nil || f.maxTrust != nil) &&
		(!e.hasTrust || (f.minTrust != nil && e.trust < *f.minTrust) || (f.maxTrust != nil && e.trust > *f.maxTrust)) {
		return false
	}
	for _, b := range f.bounds {
		if !b.match(e) {
			return false
		}
	}
	return inDateRange(e.ipoDate, f.ipoFrom, f.ipoTo) && inDateRange(e.deadline, "", f.deadlineTo)
}

// numberBounds reads the bounds of the per-share and percentage fields.
func numberBounds(q spac.UniverseQuery) ([]bound, error) {
	var out []bound
	for _, b := range []struct {
		minParam, maxParam, min, max string
		key                          func(e *entry) number
	}{
		{"min_trust_per_share", "max_trust_per_share", q.MinTrustPerShare, q.MaxTrustPerShare, func(e *entry) number { return e.trustPerShare }},
		{"min_redeemed_pct", "max_redeemed_pct", q.MinRedeemedPct, q.MaxRedeemedPct, func(e *entry) number { return e.redeemedPct }},
		{"min_ytm", "max_ytm", q.MinYTM, q.MaxYTM, func(e *entry) number { return e.ytm }},
	} {
		lo, err := parseMoney(b.minParam, b.min)
		if err != nil {
			return nil, err
		}
		hi, err := parseMoney(b.maxParam, b.max)
		if err != nil {
			return nil, err
		}
		if lo != nil || hi != nil {
			out = append(out, bound{key: b.key, min: lo, max: hi})
		}
	}
	return out, nil
}

// inDateRange: from and to are inclusive, "" is open; a missing date fails any bound.
// YYYY-MM-DD strings (validated) compare as the dates do.
func inDateRange(d, from, to string) bool {
	if from == "" && to == "" {
		return true
	}
	return d != "" && (from == "" || d >= from) && (to == "" || d <= to)
}

func lowerAll(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToLower(strings.TrimSpace(s))
	}
	return out
}

// sortFields maps the sort names of spac.UniverseQuery to the row keys, as the index fields
// of the same names (see doc.go) would sort them; ok == false is a missing value.
var sortFields = map[string]func(e *entry) (key string, num float64, ok bool){
	"symbol":             func(e *entry) (string, float64, bool) { return e.symbol, 0, e.symbol != "" },
	"name":               func(e *entry) (string, float64, bool) { return e.nameSort, 0, e.nameSort != "" },
	"status":             func(e *entry) (string, float64, bool) { return "", e.statusRank, e.statusRank >= 0 },
	"sponsor":            func(e *entry) (string, float64, bool) { return e.sponsorLC, 0, e.sponsorLC != "" },
	"trust_size":         func(e *entry) (string, float64, bool) { return "", e.trust, e.hasTrust },
	"ipo_date":           func(e *entry) (string, float64, bool) { return e.ipoDate, 0, e.ipoDate != "" },
	"deadline":           func(e *entry) (string, float64, bool) { return e.deadline, 0, e.deadline != "" },
	"sector":             func(e *entry) (string, float64, bool) { return e.sectorLC, 0, e.sectorLC != "" },
	"trust_per_share":    numberSort(func(e *entry) number { return e.trustPerShare }),
	"redeemed_pct":       numberSort(func(e *entry) number { return e.redeemedPct }),
	"ytm_pct":            numberSort(func(e *entry) number { return e.ytm }),
	"ytm_compounded_pct": numberSort(func(e *entry) number { return e.ytmCompounded }),
}

func numberSort(key func(e *entry) number) func(e *entry) (string, float64, bool) {
	return func(e *entry) (string, float64, bool) {
		n := key(e)
		return "", n.v, n.ok
	}
}

// rowOrder is a universe sort: by score (best first) or by one field, missing values last in
// both directions, ties by CIK.
type rowOrder struct {
	byScore bool
	key     func(e *entry) (string, float64, bool)
	desc    bool
}

// sortOrder parses "field" / "-field". Without a sort, text queries rank by score and others
// by symbol.
func sortOrder(s string, text bool) (rowOrder, error) {
	if s == "" {
		if text {
			return rowOrder{byScore: true}, nil
		}
		return rowOrder{key: sortFields["symbol"]}, nil
	}
	key, ok := sortFields[strings.TrimPrefix(s, "-")]
	if !ok {
		names := slices.Sorted(maps.Keys(sortFields))
		return rowOrder{}, spac.InvalidParam("sort", "cannot sort by %q; sortable: %s", s, strings.Join(names, ", "))
	}
	return rowOrder{key: key, desc: strings.HasPrefix(s, "-")}, nil
}

// sort orders rows in place. The keys are read once per row, then compared.
func (o rowOrder) sort(rows []*entry, scores map[spac.CIK]float64) {
	type keyed struct {
		e   *entry
		s   string
		n   float64
		has bool
	}
	ks := make([]keyed, len(rows))
	for i, e := range rows {
		ks[i].e = e
		if o.byScore {
			ks[i].n, ks[i].has = scores[e.row.CIK], true
		} else {
			ks[i].s, ks[i].n, ks[i].has = o.key(e)
		}
	}
	desc := o.desc || o.byScore
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.has != b.has {
			return boolOrder(a.has, b.has) // present before missing, whatever the direction
		}
		c := cmp.Or(cmp.Compare(a.s, b.s), cmp.Compare(a.n, b.n))
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.e.row.CIK, b.e.row.CIK))
	})
	for i := range ks {
		rows[i] = ks[i].e
	}
}

// boolOrder sorts true before false.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// checkFacets refuses unknown facet names.
func checkFacets(names []string) error {
	for _, name := range names {
		if !slices.Contains([]string{"status", "sector", "sponsor", "trust_size", "ipo_year"}, name) {
			return spac.InvalidParam("facets", "unknown facet %q; known: status, sector, sponsor, trust_size, ipo_year", name)
		}
	}
	return nil
}

// Term facet sizes: how many buckets of the largest counts are kept.
var termFacetSize = map[string]int{"status": len(spac.Statuses), "sector": 100, "sponsor": 100}

// countFacets counts the named facets over all matches: terms by count (then value, cut to
// termFacetSize), trust_size in bucket order with empty buckets, ipo_year by year without
// empty years. Nil when no facet is asked for.
func countFacets(rows []*entry, names []string) map[string][]spac.FacetCount {
	if len(names) == 0 {
		return nil
	}
	out := map[string][]spac.FacetCount{}
	for _, name := range names {
		switch name {
		case "trust_size":
			out[name] = trustFacet(rows)
		case "ipo_year":
			out[name] = ipoYearFacet(rows)
		default:
			out[name] = termFacet(rows, name)
		}
	}
	return out
}

func termFacet(rows []*entry, name string) []spac.FacetCount {
	n := map[string]int{}
	for _, e := range rows {
		if v := e.facetTerm(name); v != "" {
			n[v]++
		}
	}
	return sortedCounts(n, termFacetSize[name])
}

// facetTerm is the value of a term facet.
func (e *entry) facetTerm(name string) string {
	switch name {
	case "status":
		return e.status
	case "sector":
		return e.sector
	}
	return e.sponsorKW
}

// sortedCounts lists n by count (largest first), then value, cut to size.
func sortedCounts(n map[string]int, size int) []spac.FacetCount {
	out := make([]spac.FacetCount, 0, len(n))
	for v, c := range n {
		out = append(out, spac.FacetCount{Value: v, Count: c})
	}
	slices.SortFunc(out, func(a, b spac.FacetCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Value, b.Value))
	})
	return out[:min(len(out), size)]
}

func trustFacet(rows []*entry) []spac.FacetCount {
	out := make([]spac.FacetCount, len(trustBuckets))
	for i, b := range trustBuckets {
		out[i].Value = b.name
		for _, e := range rows {
			if e.hasTrust && (b.lo == 0 || e.trust >= b.lo) && (b.hi == 0 || e.trust < b.hi) {
				out[i].Count++
			}
		}
	}
	return out
}

// ipoYearFacet counts IPO years from firstIPOYear to next year.
func ipoYearFacet(rows []*entry) []spac.FacetCount {
	n := map[string]int{}
	last := strconv.Itoa(time.Now().Year() + 1)
	for _, e := range rows {
		if y := e.ipoDate[:min(4, len(e.ipoDate))]; y != "" && y >= strconv.Itoa(firstIPOYear) && y <= last {
			n[y]++
		}
	}
	out := sortedCounts(n, len(n))
	slices.SortFunc(out, func(a, b spac.FacetCount) int { return cmp.Compare(a.Value, b.Value) })
	return out
}
