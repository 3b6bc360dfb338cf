package api

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// universeFields are the row fields a client may select with fields=.
var universeFields = []string{
	"cik", "symbol", "name", "status", "sponsor", "trust_size", "ipo_date", "deadline",
	"sector", "exchange", "tickers",
}

// universeSorts are the fields the universe can be sorted by.
var universeSorts = []string{"symbol", "name", "status", "sponsor", "trust_size", "ipo_date", "deadline", "sector", "cik"}

var universeFacets = []string{"status", "sector", "sponsor", "trust_size", "ipo_year"}

func (s *Server) universeRoute() Route {
	r := data("universe", "/universe",
		"Paginated SPAC universe with status, sponsor, trust size and citation provenance.", s.universe,
		Param{Name: "status", In: InQuery, Type: TypeList, Enum: statusNames(), Description: "lifecycle statuses, comma-separated (OR)"},
		Param{Name: "sector", In: InQuery, Type: TypeList, Description: "target sectors, comma-separated (OR)"},
		Param{Name: "sponsor", In: InQuery, Type: TypeList, Description: "sponsor names, comma-separated (OR); \"Acme, LLC\" stays one name"},
		Param{Name: "min_trust", In: InQuery, Type: TypeDecimal, Description: "minimum trust size in dollars, e.g. 100000000.00"},
		Param{Name: "max_trust", In: InQuery, Type: TypeDecimal, Description: "maximum trust size in dollars"},
		Param{Name: "ipo_from", In: InQuery, Type: TypeDate, Description: "IPO on or after, YYYY-MM-DD"},
		Param{Name: "ipo_to", In: InQuery, Type: TypeDate, Description: "IPO on or before, YYYY-MM-DD"},
		Param{Name: "deadline_before", In: InQuery, Type: TypeDate, Description: "liquidation deadline before, YYYY-MM-DD"},
		Param{Name: "q", In: InQuery, Type: TypeString, Description: "free text over symbol, name, sponsor and CIK"},
		Param{Name: "sort", In: InQuery, Type: TypeString, Enum: sortEnum(universeSorts), Description: "sort field; prefix \"-\" for descending; ties by CIK"},
		Param{Name: "fields", In: InQuery, Type: TypeList, Enum: universeFields, Description: "row fields to return (citations follow the selection)"},
		Param{Name: "facets", In: InQuery, Type: TypeList, Enum: universeFacets, Description: "facet counts over all matches to return"},
	)
	r.Tabular = true
	return r
}

func sortEnum(fields []string) []string {
	out := slices.Clone(fields)
	for _, f := range fields {
		out = append(out, "-"+f)
	}
	return out
}

func (s *Server) universe(c *gin.Context) (any, error) {
	p, err := parsePaging(c, "universe")
	if err != nil {
		return nil, err
	}
	q, err := s.UniverseRequest(c)
	if err != nil {
		return nil, err
	}
	q.Offset, q.Limit = p.Offset, p.Limit
	res, err := s.d.Index.Universe(c.Request.Context(), q)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	rows, err := selectRows(res.Rows, listParam(c, "fields"))
	if err != nil {
		return nil, err
	}
	pg := p.page(c, rows, len(res.Rows), res.Total)
	if len(q.Facets) > 0 {
		pg.Facets = res.Facets
	}
	return pg, nil
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
	if q.MinTrust != "" && q.MaxTrust != "" && decimalLess(q.MaxTrust, q.MinTrust) {
		return q, spac.InvalidParam("max_trust", "max_trust %s is below min_trust %s", q.MaxTrust, q.MinTrust)
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

// selectRows returns the rows as they are, or reduced to the selected fields with the
// citations of those fields only.
func selectRows(rows []spac.SPAC, fields []string) (any, error) {
	if rows == nil {
		rows = []spac.SPAC{}
	}
	if len(fields) == 0 {
		return rows, nil
	}
	out := make([]map[string]json.RawMessage, 0, len(rows))
	for _, r := range rows {
		m, err := selectFields(r, fields)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func selectFields(row spac.SPAC, fields []string) (map[string]json.RawMessage, error) {
	raw, err := json.Marshal(row)
	if err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, err
	}
	out := make(map[string]json.RawMessage, len(fields)+1)
	for _, f := range fields {
		if v, ok := all[f]; ok {
			out[f] = v
		}
	}
	cites, err := json.Marshal(citationsOf(row.Citations, fields))
	if err != nil {
		return nil, err
	}
	out["citations"] = cites
	return out, nil
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
