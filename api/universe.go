package api

import (
	"context"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/export"
)

// universeFields are the row fields a client may select with fields=.
var universeFields = []string{
	"cik", "symbol", "name", "status", "sponsor", "trust_size", "trust_per_share", "public_shares", "trust_as_of",
	"redeemed_pct", "ipo_date", "deadline", "payout_per_share", "payout_date", "price", "price_date",
	"ytm_pct", "ytm_compounded_pct", "sector", "exchange", "target", "previous_names", "tickers",
}

// universeSorts are the fields the universe can be sorted by.
var universeSorts = []string{
	"symbol", "name", "status", "sponsor", "trust_size", "trust_per_share", "redeemed_pct", "ytm_pct",
	"ytm_compounded_pct", "ipo_date", "deadline", "sector", "cik",
}

var universeFacets = []string{"status", "sector", "sponsor", "trust_size", "ipo_year"}

func sortEnum(fields []string) []string {
	out := slices.Clone(fields)
	for _, f := range fields {
		out = append(out, "-"+f)
	}
	return out
}

func (s *Server) universe(c *gin.Context) (any, error) {
	if f := formatOf(c); f != export.JSON {
		return nil, s.exportUniverse(c, f)
	}
	p, err := parsePaging(c, "universe")
	if err != nil {
		return nil, err
	}
	q, err := s.UniverseRequest(c)
	if err != nil {
		return nil, err
	}
	v, err := s.versionOf(c) // before the rows: bytes cached under it are never older than it
	if err != nil {
		return nil, err
	}
	q.Offset, q.Limit = p.Offset, p.Limit
	res, err := s.universeRows(c.Request.Context(), q)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	blocks, err := s.rowBlocks(v, res.rows, selection(listParam(c, "fields")), citeModeOf(c))
	if err != nil {
		return nil, err
	}
	pg := p.page(c, nil, len(res.rows), res.total)
	if len(q.Facets) > 0 {
		pg.Facets = res.facets
	}
	b := pageHead(v)
	addRows(b, blocks)
	return pageTail(b, pg)
}

// RowIndex is implemented by an Index that answers a universe page as CIKs and serves a row
// by CIK (index.Index): the page's bytes come from the cache, and a row is copied only to be
// encoded.
type RowIndex interface {
	UniverseCIKs(ctx context.Context, q spac.UniverseQuery) ([]spac.CIK, int, map[string][]spac.FacetCount, error)
	Row(cik spac.CIK) (spac.SPAC, bool)
}

// universePage is a universe page as the handler uses it: rows by reference.
type universePage struct {
	rows   []rowRef
	total  int
	facets map[string][]spac.FacetCount
}

// rowRef is a row known by its CIK, read from the index only when its bytes are not cached.
type rowRef struct {
	cik  spac.CIK
	row  *spac.SPAC // set when the index gave the row itself
	from RowIndex
}

// load returns the row.
func (r rowRef) load() (spac.SPAC, error) {
	if r.row != nil {
		return *r.row, nil
	}
	row, ok := r.from.Row(r.cik)
	if !ok { // deleted since the page was read: the next data version drops the page too
		return spac.SPAC{}, spac.Errorf(spac.EUNAVAILABLE, "SPAC %s changed while it was read; retry", r.cik)
	}
	return row, nil
}

// universeRows reads a universe page, by CIK when the index can.
func (s *Server) universeRows(ctx context.Context, q spac.UniverseQuery) (universePage, error) {
	if ri, ok := s.d.Index.(RowIndex); ok {
		ciks, total, facets, err := ri.UniverseCIKs(ctx, q)
		pg := universePage{rows: make([]rowRef, len(ciks)), total: total, facets: facets}
		for i, c := range ciks {
			pg.rows[i] = rowRef{cik: c, from: ri}
		}
		return pg, err
	}
	res, err := s.d.Index.Universe(ctx, q)
	pg := universePage{rows: make([]rowRef, len(res.Rows)), total: res.Total, facets: res.Facets}
	for i := range res.Rows {
		pg.rows[i] = rowRef{cik: res.Rows[i].CIK, row: &res.Rows[i]}
	}
	return pg, err
}

// UniverseRequest reads the universe filters, sort and facets of a request within the
// caller's scope (paging is the caller's); the explorer's universe page reads its own with it.
func (s *Server) UniverseRequest(c *gin.Context) (spac.UniverseQuery, error) {
	q, err := universeQuery(c)
	if err != nil {
		return q, err
	}
	sc, err := s.scopeOf(c)
	q.Restrict = sc.restrict()
	return q, err
}

// universeQuery reads the filters (types and enums were checked by validateQuery).
func universeQuery(c *gin.Context) (spac.UniverseQuery, error) {
	q := spac.UniverseQuery{
		Statuses: statusesOf(listParam(c, "status")), Sectors: namesParam(c, "sector"),
		Sponsors: namesParam(c, "sponsor"), MinTrust: c.Query("min_trust"), MaxTrust: c.Query("max_trust"),
		IPOFrom: c.Query("ipo_from"), IPOTo: c.Query("ipo_to"), DeadlineBefore: c.Query("deadline_before"),
		Text: strings.TrimSpace(c.Query("q")), Sort: c.Query("sort"), Facets: listParam(c, "facets"),
	}
	q.MinTrustPerShare, q.MaxTrustPerShare = c.Query("min_trust_per_share"), c.Query("max_trust_per_share")
	q.MinRedeemedPct, q.MaxRedeemedPct = c.Query("min_redeemed_pct"), c.Query("max_redeemed_pct")
	q.MinYTM, q.MaxYTM = c.Query("min_ytm"), c.Query("max_ytm")
	for _, b := range [][4]string{
		{"min_trust", q.MinTrust, "max_trust", q.MaxTrust},
		{"min_trust_per_share", q.MinTrustPerShare, "max_trust_per_share", q.MaxTrustPerShare},
		{"min_redeemed_pct", q.MinRedeemedPct, "max_redeemed_pct", q.MaxRedeemedPct},
		{"min_ytm", q.MinYTM, "max_ytm", q.MaxYTM},
	} {
		if b[1] != "" && b[3] != "" && decimalLess(b[3], b[1]) {
			return q, spac.InvalidParam(b[2], "%s %s is below %s %s", b[2], b[3], b[0], b[1])
		}
	}
	if q.IPOFrom != "" && q.IPOTo != "" && q.IPOTo < q.IPOFrom {
		return q, spac.InvalidParam("ipo_to", "ipo_to %s is before ipo_from %s", q.IPOTo, q.IPOFrom)
	}
	return q, nil
}

// decimalLess compares two validated non-negative decimals without floating point.
func decimalLess(a, b string) bool {
	ai, af, _ := strings.Cut(a, ".")
	bi, bf, _ := strings.Cut(b, ".")
	ai, bi = strings.TrimLeft(ai, "0"), strings.TrimLeft(bi, "0")
	if len(ai) != len(bi) {
		return len(ai) < len(bi)
	}
	if ai != bi {
		return ai < bi
	}
	for len(af) < len(bf) {
		af += "0"
	}
	for len(bf) < len(af) {
		bf += "0"
	}
	return af < bf
}

// citationsOf keeps the citations of the given fields ("tickers" covers ticker_* fields).
func citationsOf(cs []spac.Citation, fields []string) []spac.Citation {
	out := []spac.Citation{}
	for _, c := range cs {
		for _, f := range fields {
			if citesField(c.Field, f) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// citesField reports whether a citation's field is f or below it ("f.x"); "tickers" also
// covers the ticker_* fields. (No concatenation: this runs for every citation of every row.)
func citesField(cf, f string) bool {
	if f == "tickers" && strings.HasPrefix(cf, "ticker") {
		return true
	}
	return strings.HasPrefix(cf, f) && (len(cf) == len(f) || cf[len(f)] == '.')
}

// universeParams are the filters, sort and projections of GET /universe.
var universeParams = []Param{
	Param{Name: "status", In: InQuery, Type: TypeList, Enum: statusNames(), Description: "lifecycle statuses, comma-separated (OR)"},
	Param{Name: "sector", In: InQuery, Type: TypeList, Enum: spac.Sectors, Description: "sectors, comma-separated (OR): the stated focus before a deal, the target's business once there is one"},
	Param{Name: "sponsor", In: InQuery, Type: TypeList, Description: "sponsor names, comma-separated (OR); \"Acme, LLC\" stays one name"},
	Param{Name: "min_trust", In: InQuery, Type: TypeDecimal, Description: "minimum trust size in dollars, e.g. 100000000.00"},
	Param{Name: "max_trust", In: InQuery, Type: TypeDecimal, Description: "maximum trust size in dollars"},
	Param{Name: "min_trust_per_share", In: InQuery, Type: TypeDecimal, Description: "minimum current trust value per public share, e.g. 10.25"},
	Param{Name: "max_trust_per_share", In: InQuery, Type: TypeDecimal, Description: "maximum current trust value per public share"},
	Param{Name: "min_redeemed_pct", In: InQuery, Type: TypeDecimal, Description: "minimum percentage of the IPO's public shares redeemed, e.g. 50"},
	Param{Name: "max_redeemed_pct", In: InQuery, Type: TypeDecimal, Description: "maximum percentage of the IPO's public shares redeemed"},
	Param{Name: "min_ytm", In: InQuery, Type: TypeDecimal, Description: "minimum simple annual yield to the payout, percent (rows without a yield never match)"},
	Param{Name: "max_ytm", In: InQuery, Type: TypeDecimal, Description: "maximum simple annual yield to the payout, percent"},
	Param{Name: "ipo_from", In: InQuery, Type: TypeDate, Description: "IPO on or after, YYYY-MM-DD"},
	Param{Name: "ipo_to", In: InQuery, Type: TypeDate, Description: "IPO on or before, YYYY-MM-DD"},
	Param{Name: "deadline_before", In: InQuery, Type: TypeDate, Description: "liquidation deadline before, YYYY-MM-DD"},
	Param{Name: "q", In: InQuery, Type: TypeString, Description: "free text over symbol, name, sponsor and CIK"},
	Param{Name: "sort", In: InQuery, Type: TypeString, Enum: sortEnum(universeSorts), Description: "sort field; prefix \"-\" for descending; ties by CIK"},
	Param{Name: "fields", In: InQuery, Type: TypeList, Enum: universeFields, Description: "row fields to return (citations follow the selection)"},
	Param{Name: "facets", In: InQuery, Type: TypeList, Enum: universeFacets, Description: "facet counts over all matches to return"},
	citationsParam, formatParam,
}
