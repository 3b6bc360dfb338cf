package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spacdata/spac"
)

// The fakes below are in-memory implementations of the store and index interfaces, built in
// code (no testdata) so every test states the data it relies on.

var testWatermark = time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)

// memStore implements spac.FilingStore and spac.ProfileStore.
type memStore struct {
	mu        sync.Mutex
	profiles  map[spac.CIK]spac.Profile
	events    []spac.Event
	filings   map[string]spac.Filing
	lines     map[string][]string
	watermark time.Time
	pingErr   error
	eachCalls int
}

func (m *memStore) PutFiling(context.Context, *spac.RenderedFiling, []spac.Fact) (bool, error) {
	return false, errors.New("read-only fake")
}

func (m *memStore) Filing(_ context.Context, acc string) (spac.Filing, error) {
	f, ok := m.filings[acc]
	if !ok {
		return f, spac.ErrNotFound
	}
	return f, nil
}

func (m *memStore) Lines(_ context.Context, acc string, from, to int) ([]string, error) {
	ls, ok := m.lines[acc]
	if !ok {
		return nil, spac.ErrNotFound
	}
	from, to = max(from, 1), min(to, len(ls))
	if from > to {
		return []string{}, nil
	}
	return ls[from-1 : to], nil
}

func (m *memStore) FilingsOf(context.Context, spac.CIK) ([]spac.Filing, error) { return nil, nil }
func (m *memStore) FactsOf(context.Context, spac.CIK) ([]spac.Fact, error)     { return nil, nil }
func (m *memStore) EachCIK(ctx context.Context, fn func(spac.CIK) error) error {
	return m.EachProfile(ctx, func(p spac.Profile) error { return fn(p.CIK) })
}
func (m *memStore) PutIngestError(context.Context, spac.IngestError) error { return nil }
func (m *memStore) IngestErrors(context.Context) ([]spac.IngestError, error) {
	return nil, nil
}

func (m *memStore) PutProfile(context.Context, spac.Profile, []spac.Event) error {
	return errors.New("read-only fake")
}

func (m *memStore) Profile(_ context.Context, cik spac.CIK) (spac.Profile, error) {
	p, ok := m.profiles[cik]
	if !ok {
		return p, spac.ErrNotFound
	}
	return p, nil
}

func (m *memStore) ResolveSymbol(_ context.Context, s string) (spac.CIK, error) {
	if cik, ok := spac.ParseCIK(s); ok {
		if _, ok := m.profiles[cik]; ok {
			return cik, nil
		}
	}
	for _, p := range m.profiles {
		if slices.Contains(p.Tickers.All(), strings.ToUpper(s)) {
			return p.CIK, nil
		}
	}
	return "", spac.ErrNotFound
}

func (m *memStore) EachProfile(_ context.Context, fn func(spac.Profile) error) error {
	m.mu.Lock()
	m.eachCalls++
	m.mu.Unlock()
	for _, cik := range slices.Sorted(maps.Keys(m.profiles)) {
		if err := fn(m.profiles[cik]); err != nil {
			return err
		}
	}
	return nil
}

func (m *memStore) Events(_ context.Context, q spac.EventQuery) ([]spac.Event, error) {
	var out []spac.Event
	for _, e := range m.events {
		if (q.From != "" && e.Date < q.From) || (q.To != "" && e.Date > q.To) ||
			(len(q.Types) > 0 && !slices.Contains(q.Types, e.Type)) ||
			(len(q.CIKs) > 0 && !slices.Contains(q.CIKs, e.CIK)) {
			continue
		}
		out = append(out, e)
	}
	return out, nil
}

func (m *memStore) Watermark(context.Context) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.watermark, nil
}

func (m *memStore) Ping(context.Context) error { return m.pingErr }

// memIndex implements spac.Index over a slice. gen is its write generation (IndexGeneration):
// a test that changes rows calls touch, as a write to the real index advances it.
type memIndex struct {
	rows []spac.SPAC
	gen  atomic.Uint64
}

func (x *memIndex) Generation() uint64 { return x.gen.Load() }
func (x *memIndex) touch()             { x.gen.Add(1) }

func (x *memIndex) Put(context.Context, spac.SPAC) error   { return nil }
func (x *memIndex) Delete(context.Context, spac.CIK) error { return nil }
func (x *memIndex) Reset(context.Context) error            { return nil }
func (x *memIndex) Count(context.Context) (uint64, error)  { return uint64(len(x.rows)), nil }

func (x *memIndex) Universe(_ context.Context, q spac.UniverseQuery) (spac.UniversePage, error) {
	var hits []spac.SPAC
	for _, r := range x.rows {
		if matchUniverse(r, q) {
			hits = append(hits, r)
		}
	}
	sortRows(hits, q.Sort)
	page := spac.UniversePage{Total: len(hits), Facets: facetCounts(hits, q.Facets)}
	limit := q.Limit
	if limit <= 0 { // every match, as the index does
		limit = len(hits)
	}
	if q.Offset < len(hits) {
		page.Rows = hits[q.Offset:min(q.Offset+limit, len(hits))]
	}
	return page, nil
}

func matchUniverse(r spac.SPAC, q spac.UniverseQuery) bool {
	anyFold := func(vs []string, v string) bool {
		return len(vs) == 0 || slices.ContainsFunc(vs, func(x string) bool { return strings.EqualFold(x, v) })
	}
	switch {
	case len(q.Statuses) > 0 && !slices.Contains(q.Statuses, r.Status),
		!anyFold(q.Sectors, r.Sector), !anyFold(q.Sponsors, r.Sponsor),
		q.Restrict != nil && !slices.Contains(q.Restrict, r.CIK),
		q.MinTrust != "" && decimalLess(r.TrustSize, q.MinTrust),
		q.MaxTrust != "" && decimalLess(q.MaxTrust, r.TrustSize),
		q.IPOFrom != "" && r.IPODate < q.IPOFrom, q.IPOTo != "" && r.IPODate > q.IPOTo,
		q.DeadlineBefore != "" && r.Deadline >= q.DeadlineBefore,
		q.Text != "" && !strings.Contains(strings.ToLower(r.Symbol+" "+r.Name+" "+r.Sponsor+" "+string(r.CIK)), strings.ToLower(q.Text)):
		return false
	}
	return true
}

func sortRows(rows []spac.SPAC, sort string) {
	field, desc := strings.TrimPrefix(sort, "-"), strings.HasPrefix(sort, "-")
	key := func(r spac.SPAC) string {
		switch field {
		case "name":
			return r.Name
		case "trust_size":
			return fmt.Sprintf("%020s", r.TrustSize)
		case "ipo_date":
			return r.IPODate
		case "symbol":
			return r.Symbol
		}
		return string(r.CIK)
	}
	slices.SortStableFunc(rows, func(a, b spac.SPAC) int {
		c := cmp.Compare(key(a), key(b))
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.CIK, b.CIK))
	})
}

func facetCounts(rows []spac.SPAC, facets []string) map[string][]spac.FacetCount {
	out := map[string][]spac.FacetCount{}
	for _, f := range facets {
		counts := map[string]int{}
		for _, r := range rows {
			switch f {
			case "status":
				counts[string(r.Status)]++
			case "sector":
				counts[r.Sector]++
			case "sponsor":
				counts[r.Sponsor]++
			case "ipo_year":
				counts[r.IPODate[:4]]++
			}
		}
		out[f] = []spac.FacetCount{}
		for _, v := range slices.Sorted(maps.Keys(counts)) {
			out[f] = append(out[f], spac.FacetCount{Value: v, Count: counts[v]})
		}
	}
	return out
}

func (x *memIndex) Search(ctx context.Context, q spac.SearchQuery) ([]spac.SearchHit, error) {
	page, err := x.SearchPage(ctx, q)
	return page.Hits, err
}

// SearchPage pages the hits as the index does: hits Offset..Offset+Limit, Total all matches.
func (x *memIndex) SearchPage(_ context.Context, q spac.SearchQuery) (spac.SearchPage, error) {
	var hits []spac.SearchHit
	for _, r := range x.rows {
		if q.Restrict != nil && !slices.Contains(q.Restrict, r.CIK) {
			continue
		}
		var matched []string
		text := strings.ToLower(q.Text)
		if strings.Contains(strings.ToLower(r.Symbol), text) {
			matched = append(matched, "symbol")
		}
		if strings.Contains(strings.ToLower(r.Name), text) {
			matched = append(matched, "name")
		}
		if len(matched) > 0 {
			hits = append(hits, spac.SearchHit{SPAC: r, Score: float64(len(matched)), Matched: matched})
		}
	}
	from := min(q.Offset, len(hits))
	return spac.SearchPage{Hits: hits[from:min(len(hits), from+q.Limit)], Total: len(hits)}, nil
}

// memNews implements NewsSource and Versioned (version counts the changes tests make).
type memNews struct {
	articles []spac.Article
	version  atomic.Uint64
}

func (n *memNews) Version(context.Context) (string, error) {
	return strconv.FormatUint(n.version.Load(), 10), nil
}

func (n *memNews) Articles(_ context.Context, q spac.ArticleQuery) ([]spac.Article, error) {
	var out []spac.Article
	match := q.Matcher()
	for _, a := range n.articles {
		if match(a) {
			out = append(out, a)
		}
	}
	return out, nil
}
