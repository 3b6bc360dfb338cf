package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// HTMLPage is an HTML page served beside the API (the explorer, package web). Pages are not
// part of the route table (nor of /v1/discover and the OpenAPI document): they live at their
// own absolute paths, outside the version prefixes. They share the API's middleware (request
// id, access log, recovery, body deadline) and its Guard, so a page view is authenticated,
// rate limited and counted like an API call, and the caller it establishes is the one the
// request helpers below scope their reads to.
type HTMLPage struct {
	Name        string
	Method      string // GET (then also served for HEAD) or POST
	Path        string // absolute, gin syntax: "/spac/:symbol"
	Auth        spac.AuthMode
	Entitlement spac.Entitlement
	// Before runs ahead of the Guard: the page's error renderer (an error the Guard or the
	// handler records is rendered by it, not as problem+json) and its credentials (a key kept
	// in a cookie becomes the request's Authorization header).
	Before  []gin.HandlerFunc
	Handler gin.HandlerFunc
}

// MountPages registers pages on the server's engine; call it before serving. A page whose
// path collides with a route (or another page) is an error.
func (s *Server) MountPages(pages []HTMLPage) (err error) {
	defer func() {
		if r := recover(); r != nil { // gin panics on conflicting paths
			err = fmt.Errorf("api: mounting pages: %v", r)
		}
	}()
	for _, p := range pages {
		name := p.Name
		chain := []gin.HandlerFunc{func(c *gin.Context) { c.Set(routeKey, name) }, limitBody(DefaultMaxBody)}
		chain = append(chain, p.Before...)
		chain = append(chain, s.guard.Handler(p.Auth, p.Entitlement), p.Handler)
		s.engine.Handle(p.Method, p.Path, chain...)
		if p.Method == http.MethodGet {
			s.engine.Handle(http.MethodHead, p.Path, chain...)
		}
	}
	return nil
}

// Scope is what a caller may see under the anonymous sample rule.
type Scope struct {
	Sample bool       // the caller is served the sample only
	CIKs   []spac.CIK // the sample's SPACs (never empty when Sample)
}

// Allows reports whether the caller may see the SPAC cik.
func (sc Scope) Allows(cik spac.CIK) bool { return sc.internal().allows(cik) }

// Restrict is the Restrict value of index queries and the CIK filter of lists: nil for the
// full universe.
func (sc Scope) Restrict() []spac.CIK { return sc.internal().restrict() }

func (sc Scope) internal() scope { return scope{sample: sc.Sample, ciks: sc.CIKs} }

// ScopeOf returns the scope of the request's caller, as the API's handlers apply it.
func (s *Server) ScopeOf(c *gin.Context) (Scope, error) {
	sc, err := s.scopeOf(c)
	return Scope{Sample: sc.sample, CIKs: sc.ciks}, err
}

// ResolveSPAC maps a ticker or CIK to a SPAC the caller may see, as GET /v1/spac/{symbol}
// does: malformed is invalid (param "symbol"), unknown is not found with close matches, and
// a SPAC outside a sample caller's scope is not_in_sample.
func (s *Server) ResolveSPAC(c *gin.Context, symbol string) (spac.CIK, error) {
	sc, err := s.scopeOf(c)
	if err != nil {
		return "", err
	}
	return s.resolve(c, "symbol", symbol, sc)
}

// Profile returns the profile of cik as GET /v1/spac/{symbol} serves it, decoded once per
// data version; resolve the symbol with ResolveSPAC first. The profile is shared: read only.
func (s *Server) Profile(ctx context.Context, cik spac.CIK) (spac.Profile, error) {
	return s.servedProfile(ctx, cik)
}

// ScopedFiling loads the metadata of a filing the caller may see, as GET
// /v1/filings/{accession} does: a malformed accession is invalid, an unknown one not found,
// and a filing of a SPAC outside a sample caller's scope is not_in_sample.
func (s *Server) ScopedFiling(c *gin.Context, accession string) (spac.Filing, error) {
	sc, err := s.scopeOf(c)
	if err != nil {
		return spac.Filing{}, err
	}
	f, err := s.filingOf(c, accession)
	if err != nil {
		return f, err
	}
	if !sc.allows(f.CIK) {
		return spac.Filing{}, notInSample("accession", accession)
	}
	return f, nil
}

// CheckQuery validates a request's query against the parameters of the API route named
// route plus extra ones (a page's own), as the API validates its requests: an unknown
// parameter or a value of the wrong type or outside its enum is invalid, naming the
// parameter. What a page requires is the page's own business (Required is not checked).
func (s *Server) CheckQuery(c *gin.Context, route string, extra ...Param) error {
	declared := map[string]Param{}
	for _, r := range s.table {
		if r.Name == route {
			for _, p := range r.AllParams() {
				if p.In == InQuery {
					p.Required = false
					declared[p.Name] = p
				}
			}
		}
	}
	for _, p := range extra {
		declared[p.Name] = p
	}
	return checkQuery(c, declared)
}

// StatusOf is the HTTP status the API answers err with (500 for errors that are not a
// *spac.Error), for pages rendering their own error bodies.
func StatusOf(err error) int {
	return statusOf(spac.ErrorCode(err))
}

// RequestID is the request's X-Request-Id, for pages quoting it on error pages.
func RequestID(c *gin.Context) string { return requestIDOf(c) }

// DataVersion is the version of everything the read routes serve (the store's watermark, the
// index's generation, the news and market versions, the day), as the API's ETags and caches
// use it; "" when an input cannot tell its version (then nothing may be cached).
func (s *Server) DataVersion(c *gin.Context) (string, error) {
	v, err := s.versionOf(c)
	return v.key, err
}
