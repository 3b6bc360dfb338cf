// Package web is the explorer: server-rendered HTML pages (html/template, no JavaScript
// needed) where every number is a link to the filing line it came from. It reads what the
// API reads, through the same functions: the API server (Reads) parses and scopes each
// request as its JSON routes do, and the domain stores answer it. Pages are mounted on the
// API's engine (api.Server.MountPages) so that they share its Guard: an anonymous visitor
// sees the sample, and a key entered once is kept in an HttpOnly cookie and presented to the
// Guard as the request's bearer key.
package web

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/internal/logctx"
)

// Reads are the API server's request helpers (*api.Server implements them): each applies the
// API's validation and the caller's scope, so a page can show no more than the API would.
type Reads interface {
	ScopeOf(c *gin.Context) (api.Scope, error)
	DataVersion(c *gin.Context) (string, error)
	ResolveSPAC(c *gin.Context, symbol string) (spac.CIK, error)
	Profile(ctx context.Context, cik spac.CIK) (spac.Profile, error)
	ScopedFiling(c *gin.Context, accession string) (spac.Filing, error)
	CheckQuery(c *gin.Context, route string, extra ...api.Param) error
	UniverseRequest(c *gin.Context) (spac.UniverseQuery, error)
	SearchRequest(c *gin.Context) (spac.SearchQuery, error)
	CalendarRequest(c *gin.Context) (spac.EventQuery, error)
	CalendarEvents(c *gin.Context, q spac.EventQuery, offset, limit int) ([]spac.Event, int, error)
	AlertsRequest(c *gin.Context) (spac.AlertQuery, error)
	NewsRequest(c *gin.Context) (spac.ArticleQuery, error)
}

// Deps is what the explorer reads. API, Index, Profiles and Filings are required.
type Deps struct {
	API      Reads
	Index    spac.Index
	Profiles spac.ProfileStore // the data watermark (asOf)
	Filings  spac.FilingStore  // canonical lines
	Alerts   spac.AlertStore   // nil: the alerts page says alerts are not available
	News     api.NewsSource    // nil: no articles
	Version  string            // build version, part of every ETag
	Logger   *slog.Logger
}

// Explorer serves the pages.
type Explorer struct {
	d      Deps
	log    *slog.Logger
	pages  *templates
	bodies bodyCache
}

// New returns the explorer; its templates are parsed here (a broken template panics at
// start, never on a request).
func New(d Deps) *Explorer {
	e := &Explorer{d: d, log: d.Logger, pages: mustParseTemplates()}
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	e.log = logctx.Logger(e.log) // the request id and trace of the request a line is about
	return e
}

// Paths of the pages (gin syntax). Links are built from these.
const (
	pathUniverse = "/"
	pathSearch   = "/search"
	pathSPAC     = "/spac/"
	pathFiling   = "/filings/"
	pathCalendar = "/calendar"
	pathAlerts   = "/alerts"
	pathNews     = "/news"
	pathKey      = "/key"
	pathForget   = "/key/forget"
)

// Pages is the explorer's page table, the one place its pages are listed; mount it with
// api.Server.MountPages. Every page renders its errors as HTML; all but the key pages read
// the key cookie. The alerts page needs a key whose tier has alerts, as GET /v1/alerts does.
func (e *Explorer) Pages() []api.HTMLPage {
	page := func(name, path string, h gin.HandlerFunc) api.HTMLPage {
		return api.HTMLPage{Name: name, Method: http.MethodGet, Path: path, Auth: spac.AuthOptional,
			Before: []gin.HandlerFunc{e.htmlErrors, keyFromCookie}, Handler: h}
	}
	alerts := page("page_alerts", pathAlerts, e.alerts)
	alerts.Auth, alerts.Entitlement = spac.AuthRequired, spac.EntitleAlerts
	return []api.HTMLPage{
		page("page_universe", pathUniverse, e.universe),
		page("page_search", pathSearch, e.search),
		page("page_spac", pathSPAC+":symbol", e.spacPage),
		page("page_filing", pathFiling+":accession", e.filing),
		page("page_calendar", pathCalendar, e.calendar),
		alerts,
		page("page_news", pathNews, e.news),
		// Saving a key: the form's key is presented to the Guard (a wrong key is refused
		// and counted as a failed authentication), then kept in the cookie.
		{Name: "page_key", Method: http.MethodPost, Path: pathKey, Auth: spac.AuthRequired,
			Before: []gin.HandlerFunc{e.htmlErrors, sameOrigin, keyFromForm}, Handler: e.saveKey},
		// Forgetting works without the cookie's key, which may be the revoked one.
		{Name: "page_key_forget", Method: http.MethodPost, Path: pathForget, Auth: spac.AuthOptional,
			Before: []gin.HandlerFunc{e.htmlErrors, sameOrigin}, Handler: e.forgetKey},
	}
}
