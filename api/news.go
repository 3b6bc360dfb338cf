package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

func (s *Server) newsRoute() Route {
	r := data("news", "/news", "News articles, filing-derived and aggregated, linked to SPACs; newest first.", s.news,
		Param{Name: "symbol", In: InQuery, Type: TypeString, Description: "articles about one SPAC: any ticker or the CIK"},
		Param{Name: "cik", In: InQuery, Type: TypeString, Description: "articles about one SPAC, by CIK"},
		Param{Name: "source", In: InQuery, Type: TypeString, Description: "feed name, or \"filing\" for filing-derived articles"},
		Param{Name: "since", In: InQuery, Type: TypeTime, Description: "published at or after (RFC 3339 or YYYY-MM-DD)"},
		Param{Name: "q", In: InQuery, Type: TypeString, Description: "words in the title or summary"},
	)
	r.Tabular = true
	return r
}

func (s *Server) news(c *gin.Context) (any, error) {
	p, err := parsePaging(c, "news")
	if err != nil {
		return nil, err
	}
	q, err := s.NewsRequest(c)
	if err != nil {
		return nil, err
	}
	articles := []spac.Article{}
	if s.d.News != nil {
		got, err := s.d.News.Articles(c.Request.Context(), q)
		if err != nil {
			return nil, unavailable(s, c, err)
		}
		if got != nil {
			articles = got
		}
	}
	return pageOf(c, articles, p), nil
}

// NewsRequest reads the news filters of a request (symbol or cik, source, since, q) within the
// caller's scope; the explorer's news page reads its own with it.
func (s *Server) NewsRequest(c *gin.Context) (NewsQuery, error) {
	q := NewsQuery{Source: strings.TrimSpace(c.Query("source")), Text: strings.TrimSpace(c.Query("q"))}
	var err error
	if v := strings.TrimSpace(c.Query("since")); v != "" {
		if q.Since, err = parseInstant(v); err != nil {
			return q, spac.InvalidParam("since", "since must be an RFC 3339 time or a date YYYY-MM-DD")
		}
	}
	q.CIKs, err = s.cikFilter(c)
	return q, err
}
