package api

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/invopop/jsonschema"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
)

// Export links (docs/api.md, "Spreadsheets"): Excel Power Query and Google Sheets' IMPORTDATA
// fetch a URL and cannot send an Authorization header, so a key holder makes a URL serving
// one CSV export as the key. The token is in the query (access logs record paths without
// queries), stored hashed like keys, shown once.

// linkRoutes are the exports a link may serve, by route name: createExportLink refuses any
// other, and the document's ExportLinkRequest.route is an enum of them (JSONSchemaExtend).
var linkRoutes = []string{"universe", "calendar", "alerts", "news"}

const (
	defaultLinkTTL = 30 * 24 * time.Hour
	maxLinkTTL     = 366 * 24 * time.Hour
	linkBodyLimit  = 16 << 10 // {route, params, ttl}: params are a few filters
)

// ExportLinkRequest is the body of POST /account/export-links.
type ExportLinkRequest struct {
	Route  string            `json:"route"`            // universe, calendar, alerts or news
	Params map[string]string `json:"params,omitempty"` // the export's filters, as the route's query parameters
	TTL    string            `json:"ttl,omitempty"`    // e.g. "720h" or "90d"; default 30d, at most 366d
}

// JSONSchemaExtend makes route an enum of linkRoutes, the list createExportLink checks, so a
// generated client types it and the document cannot name a route the handler refuses.
func (ExportLinkRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	if p, ok := s.Properties.Get("route"); ok {
		p.Enum = nil
		for _, r := range linkRoutes {
			p.Enum = append(p.Enum, r)
		}
	}
}

// ExportLinkCreated is a new link with its URL; the URL (its token) is shown only here.
type ExportLinkCreated struct {
	spac.ExportLink
	// The link to paste into Excel Power Query or Google Sheets (IMPORTDATA); its token is shown
	// only here.
	URL string `json:"url"`
}

// ExportLinkList is the calling key's links (never their tokens).
type ExportLinkList struct {
	// The calling key's export links (never their tokens).
	Rows []spac.ExportLink `json:"rows"`
}

var linkIDParam = Param{Name: "id", In: InPath, Type: TypeString, Required: true, Description: "export link id"}
var linkTokenParam = Param{Name: access.LinkTokenParam, In: InQuery, Type: TypeString, Required: true,
	Description: "the export link's token (from POST /v1/account/export-links)"}

// createExportLink serves POST /account/export-links.
func (s *Server) createExportLink(c *gin.Context) (any, error) {
	var req ExportLinkRequest
	if err := json.NewDecoder(c.Request.Body).Decode(&req); err != nil {
		return nil, spac.InvalidParam("body", "the body must be a JSON object {route, params, ttl}")
	}
	query, err := s.linkQueryOf(req)
	if err != nil {
		return nil, err
	}
	ttl, err := parseLinkTTL(req.TTL)
	if err != nil {
		return nil, err
	}
	token, link := newExportLink(CallerFrom(c).KeyID, req.Route, query, s.now(), ttl)
	if err := s.d.ExportLinks.PutExportLink(c.Request.Context(), link); err != nil {
		return nil, unavailable(s, c, err)
	}
	c.Status(201)
	return ExportLinkCreated{ExportLink: link, URL: s.requestOrigin(c) + "/v1/links/" + link.Route + ".csv?token=" + token}, nil
}

// linkQueryOf validates the parameters against the route's own (as its query would be) and
// encodes them. format, limit and cursor are not the link's to choose: it serves every row
// as CSV.
func (s *Server) linkQueryOf(req ExportLinkRequest) (string, error) {
	if !slices.Contains(linkRoutes, req.Route) {
		return "", spac.InvalidParam("route", "route must be one of %s", strings.Join(linkRoutes, ", "))
	}
	declared := map[string]Param{}
	for _, r := range s.table {
		if r.Name != req.Route {
			continue
		}
		for _, p := range r.Params {
			if p.In == InQuery && p.Name != formatParam.Name {
				declared[p.Name] = p
			}
		}
	}
	q := url.Values{}
	for k, v := range req.Params {
		q.Set(k, v)
	}
	return q.Encode(), checkValues(q, declared)
}

// parseLinkTTL reads a Go duration or a number of days ("90d").
func parseLinkTTL(v string) (time.Duration, error) {
	if v == "" {
		return defaultLinkTTL, nil
	}
	d, err := time.ParseDuration(v)
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, nerr := strconv.Atoi(days)
		d, err = time.Duration(n)*24*time.Hour, nerr
	}
	if err != nil || d <= 0 || d > maxLinkTTL {
		return 0, spac.InvalidParam("ttl", "ttl must be a duration such as 720h or 90d, at most 366d")
	}
	return d, nil
}

// newExportLink makes a link and its token ("spx_" and 32 random bytes, base64url).
func newExportLink(keyID, route, query string, now time.Time, ttl time.Duration) (string, spac.ExportLink) {
	var secret [32]byte
	var id [8]byte
	_, _ = rand.Read(secret[:]) // crypto/rand.Read never fails on supported platforms
	_, _ = rand.Read(id[:])
	token := "spx_" + base64.RawURLEncoding.EncodeToString(secret[:])
	return token, spac.ExportLink{ID: "xl_" + hex.EncodeToString(id[:]), KeyID: keyID, Route: route, Query: query,
		Hash: access.HashSecret(token), Prefix: token[:10], CreatedAt: now.UTC(), ExpiresAt: now.Add(ttl).UTC()}
}

// listExportLinks serves GET /account/export-links.
func (s *Server) listExportLinks(c *gin.Context) (any, error) {
	links, err := s.d.ExportLinks.ExportLinks(c.Request.Context(), CallerFrom(c).KeyID)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	return ExportLinkList{Rows: append([]spac.ExportLink{}, links...)}, nil
}

// deleteExportLink serves DELETE /account/export-links/{id}: the link stops working at once.
func (s *Server) deleteExportLink(c *gin.Context) (any, error) {
	err := s.d.ExportLinks.DeleteExportLink(c.Request.Context(), CallerFrom(c).KeyID, c.Param("id"))
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return nil, &spac.Error{Code: spac.ENOTFOUND, Param: "id", Message: "the calling key has no export link " + c.Param("id")}
	}
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	c.Status(204)
	return nil, nil
}

// linkQuery runs on a link route after the Guard admitted the link: the request becomes the
// link's export, its stored parameters and format=csv in place of the token.
func linkQuery(r Route) gin.HandlerFunc {
	route := strings.TrimPrefix(r.Name, "link_")
	return func(c *gin.Context) {
		link, ok := c.Value(spac.ExportLinkKey).(spac.ExportLink)
		if !ok || link.Route != route {
			_ = c.Error(&spac.Error{Code: spac.ENOTFOUND, Param: access.LinkTokenParam,
				Message: "this export link serves /v1/links/" + link.Route + ".csv"})
			c.Abort()
			return
		}
		q, _ := url.ParseQuery(link.Query) // written by linkQueryOf
		q.Set(formatParam.Name, "csv")
		c.Request.URL.RawQuery = q.Encode()
	}
}
