package api

import (
	"math"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/wire"
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
	// The SPAC's common-share ticker.
	Symbol string `json:"symbol"`
	// The SPAC's name.
	Name string `json:"name"`
	// The SPAC's SEC Central Index Key, 10 digits with leading zeros.
	CIK spac.CIK `json:"cik"`
	// Where the SPAC is in its life (see SPAC.status).
	Status spac.Status `json:"status"`
	// The sponsor, as the prospectus names it.
	Sponsor string `json:"sponsor,omitempty"`
	// Names the SPAC filed under before (after a de-SPAC, the SPAC's own name); search finds it by
	// them too.
	PreviousNames []string `json:"previous_names,omitempty"`
	// The target of the pending or completed business combination.
	Target string `json:"target,omitempty"`
	// How well it matches the query: higher is better; rows are sorted by it.
	Score float64 `json:"score"`
	// What the query matched: symbol, tickers, cik, name, previous_names, target, ...
	Matched []string `json:"matched"`
	// The filing lines each field was read from.
	Citations []spac.Citation `json:"citations"`
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
	v, err := s.versionOf(c)
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
	hits := res.Hits[:min(len(res.Hits), limit)]
	b := pageHead(v)
	mode := citeModeOf(c)
	for i, h := range hits {
		if i > 0 {
			_ = b.WriteByte(',')
		}
		if err := s.addSearchRow(b, v, h, mode); err != nil {
			return nil, err
		}
	}
	return pageTail(b, p.page(c, nil, len(hits), min(res.Total, maxSearchHits)))
}

// addSearchRow appends one result: the cached head and citations of its SPAC around the
// query's score and matched fields.
func (s *Server) addSearchRow(b *wire.Body, v dataVersion, h spac.SearchHit, mode citeMode) error {
	head, tail, err := s.searchChunks(v, h.SPAC, mode)
	if err != nil {
		return err
	}
	b.Chunk(head)
	_, _ = b.Write(appendScored(make([]byte, 0, 64), h.Score, h.Matched))
	b.Chunk(tail)
	return nil
}

// appendScored appends `,"score":<score>,"matched":[...]` as encoding/json writes them: the
// float in its shortest form ('e' notation outside [1e-6, 1e21), exponent without a leading
// zero), the matched field names (index.terms.matched: plain ASCII words) quoted.
func appendScored(b []byte, score float64, matched []string) []byte {
	b = append(b, `,"score":`...)
	format := byte('f')
	if a := math.Abs(score); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, score, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1] // e-07 -> e-7
		b = b[:n-1]
	}
	b = append(b, `,"matched":[`...)
	for i, m := range matched {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, m) // the names need no escaping, where Go's and JSON's quoting agree
	}
	return append(b, ']')
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

// searchQParam is the text of GET /search.
var searchQParam = Param{Name: "q", In: InQuery, Type: TypeString, Required: true, Description: "search text (symbol, name, previous name, target, sponsor or CIK)"}
