package api

import (
	"context"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/export"
)

func (s *Server) news(c *gin.Context) (any, error) {
	f := formatOf(c)
	var p paging
	var err error
	if f == export.JSON {
		if p, err = parsePaging(c, "news"); err != nil {
			return nil, err
		}
	}
	q, err := s.NewsRequest(c)
	if err != nil {
		return nil, err
	}
	v, err := s.versionOf(c)
	if err != nil {
		return nil, err
	}
	articles, err := s.articles(c.Request.Context(), v, q)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	if f != export.JSON {
		return nil, s.exportNews(c, f, v, articles)
	}
	rows := window(articles, p)
	b := pageHead(v)
	for i, a := range rows {
		ch, err := s.cache.chunk(v, chunkKey{kind: "article", id: a.ID}, func() ([]byte, error) { return marshal(a) })
		if err != nil {
			return nil, err
		}
		if i > 0 {
			_ = b.WriteByte(',')
		}
		b.Chunk(ch)
	}
	return pageTail(b, p.page(c, nil, len(rows), len(articles)))
}

// articles answers q: from the articles cached for v when q filters by SPAC only (the
// common case, and every anonymous request), else from the news source.
func (s *Server) articles(ctx context.Context, v dataVersion, q spac.ArticleQuery) ([]spac.Article, error) {
	if s.d.News == nil {
		return nil, nil
	}
	if q.Source != "" || q.Text != "" || !q.Since.IsZero() {
		return s.d.News.Articles(ctx, q)
	}
	all, err := s.allArticles(ctx, v)
	if err != nil || q.CIKs == nil {
		return all, err
	}
	var out []spac.Article
	for _, a := range all {
		if slices.ContainsFunc(a.CIKs, func(c spac.CIK) bool { return slices.Contains(q.CIKs, c) }) {
			out = append(out, a)
		}
	}
	return out, nil
}

// allArticles is every article, newest first, read once per data version.
func (s *Server) allArticles(ctx context.Context, v dataVersion) ([]spac.Article, error) {
	if s.d.News == nil {
		return nil, nil
	}
	all, err := s.cache.object(v, "news", func() (any, error) {
		return s.d.News.Articles(context.WithoutCancel(ctx), spac.ArticleQuery{}) // others may wait for it
	})
	if err != nil {
		return nil, err
	}
	return all.([]spac.Article), nil
}

// NewsRequest reads the news filters of a request (symbol or cik, source, since, q) within the
// caller's scope; the explorer's news page reads its own with it.
func (s *Server) NewsRequest(c *gin.Context) (spac.ArticleQuery, error) {
	q := spac.ArticleQuery{Source: strings.TrimSpace(c.Query("source")), Text: strings.TrimSpace(c.Query("q"))}
	var err error
	if v := strings.TrimSpace(c.Query("since")); v != "" {
		if q.Since, err = parseInstant(v); err != nil {
			return q, spac.InvalidParam("since", "since must be an RFC 3339 time or a date YYYY-MM-DD")
		}
	}
	q.CIKs, err = s.cikFilter(c)
	return q, err
}

// newsParams are the filters of GET /news.
var newsParams = []Param{
	Param{Name: "symbol", In: InQuery, Type: TypeString, Description: "articles about one SPAC: any ticker or the CIK"},
	Param{Name: "cik", In: InQuery, Type: TypeString, Description: "articles about one SPAC, by CIK"},
	Param{Name: "source", In: InQuery, Type: TypeString, Description: "feed name, or \"filing\" for filing-derived articles"},
	Param{Name: "since", In: InQuery, Type: TypeTime, Description: "published at or after (RFC 3339 or YYYY-MM-DD)"},
	Param{Name: "q", In: InQuery, Type: TypeString, Description: "words in the title or summary"},
	formatParam,
}
