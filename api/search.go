package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// maxSearchHits bounds how deep search results can be paged: the total reported is at most
// this, and no page goes past it. The index ranks only the hits up to the requested page.
const maxSearchHits = 1000

// MaxSearchHits is maxSearchHits for the explorer's search pages.
const MaxSearchHits = maxSearchHits

// maxQueryLen bounds the search text.
const maxQueryLen = 200

// SearchRow is one search result.
type SearchRow struct {
	Symbol    string          `json:"symbol"`
	Name      string          `json:"name"`
	CIK       spac.CIK        `json:"cik"`
	Status    spac.Status     `json:"status"`
	Sponsor   string          `json:"sponsor,omitempty"`
	Score     float64         `json:"score"`
	Matched   []string        `json:"matched"`
	Citations []spac.Citation `json:"citations"`
}

func (s *Server) searchRoute() Route {
	r := data("search", "/search", "Fuzzy search across symbol, name, sponsor and CIK, best match first.", s.search,
		Param{Name: "q", In: InQuery, Type: TypeString, Required: true, Description: "search text (symbol, name, sponsor or CIK)"},
	)
	r.Tabular = true
	return r
}

func (s *Server) search(c *gin.Context) (any, error) {
	p, err := parsePaging(c, "search")
	if err != nil {
		return nil, err
	}
	q, err := s.SearchRequest(c)
	if err != nil {
		return nil, err
	}
	// Past maxSearchHits the page is empty, but the total is still reported (one hit asked).
	limit := max(min(p.Limit, maxSearchHits-p.Offset), 0)
	q.Offset, q.Limit = p.Offset, max(limit, 1)
	res, err := s.d.Index.SearchPage(c.Request.Context(), q)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	rows := make([]SearchRow, 0, limit)
	for _, h := range res.Hits[:min(len(res.Hits), limit)] {
		rows = append(rows, searchRow(h))
	}
	return p.page(c, rows, len(rows), min(res.Total, maxSearchHits)), nil
}

func searchRow(h spac.SearchHit) SearchRow {
	m := h.Matched
	if m == nil {
		m = []string{}
	}
	return SearchRow{
		Symbol: h.SPAC.Symbol, Name: h.SPAC.Name, CIK: h.SPAC.CIK, Status: h.SPAC.Status,
		Sponsor: h.SPAC.Sponsor, Score: h.Score, Matched: m,
		Citations: citationsOf(h.SPAC.Citations, []string{"symbol", "name", "status", "sponsor", "cik", "tickers"}),
	}
}

// SearchRequest reads the search text of a request within the caller's scope (paging is the
// caller's, at most MaxSearchHits deep); the explorer's search box reads its own with it.
func (s *Server) SearchRequest(c *gin.Context) (spac.SearchQuery, error) {
	text := strings.TrimSpace(c.Query("q"))
	if len(text) > maxQueryLen {
		return spac.SearchQuery{}, spac.InvalidParam("q", "q is longer than %d characters", maxQueryLen)
	}
	sc, err := s.scopeOf(c)
	return spac.SearchQuery{Text: text, Restrict: sc.restrict()}, err
}
