package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Delivery forms of the spec's "Delivery" column.
const (
	DeliveryREST    = "REST"
	DeliverySSE     = "SSE"
	DeliveryWebhook = "Webhook"
)

// Param types. "list" is a comma-separated list (or a repeated parameter); Enum, when set,
// applies to each item.
const (
	TypeString  = "string"
	TypeInteger = "integer"
	TypeDecimal = "decimal" // "250000000.00"
	TypeDate    = "date"    // YYYY-MM-DD
	TypeTime    = "time"    // RFC 3339 instant or YYYY-MM-DD
	TypeList    = "list"
)

// Param locations.
const (
	InQuery  = "query"
	InPath   = "path"
	InHeader = "header"
)

// Param describes one request parameter. Query parameters are validated generically before
// the handler runs (unknown names, required, type, enum), so a handler only parses values.
type Param struct {
	// The parameter's name.
	Name string `json:"name"`
	// Where it goes: query, path or header.
	In string `json:"in"`
	// Its type: string, integer, decimal, date (YYYY-MM-DD), time (RFC 3339 instant or date) or
	// list (comma-separated).
	Type string `json:"type"`
	// True when it must be given.
	Required bool `json:"required,omitempty"`
	// What it does.
	Description string `json:"description"`
	// The values it accepts, when they are a closed list.
	Enum []string `json:"enum,omitempty"`
}

// HandlerFunc is the shape of a JSON handler: it returns the response body or an error (a
// *spac.Error for anything the client should see). It may call c.Status to pick a success
// status other than 200, and may set headers.
type HandlerFunc func(c *gin.Context) (any, error)

// Route is one endpoint. The route table drives registration under both version prefixes,
// GET /v1/discover and GET /v1/openapi.json, so the three can never disagree.
type Route struct {
	Name        string
	Method      string
	Path        string // relative to the version prefix, gin syntax: "/spac/:symbol"
	Summary     string
	Auth        spac.AuthMode // AuthNone skips the Guard
	Entitlement spac.Entitlement
	Delivery    string
	Tabular     bool // accepts limit and cursor; returns {asOf, rows, count, total, next}
	Params      []Param
	Handler     HandlerFunc     // JSON endpoints
	Stream      gin.HandlerFunc // endpoints writing their own response (SSE); used when Handler is nil
	Event       string          // SSE routes: the event name of their events (spac.StreamTypeAlert)
	Also        []string        // further absolute paths, e.g. "/health"

	// Data marks routes serving SPAC data: the anonymous sample rule applies to the SPAC a
	// request names (sampleGate) and responses say which scope was served (X-Data-Scope).
	Data bool
	// Versioned marks routes whose answer follows from the data version, the path, the query
	// and the caller's scope alone: they carry an ETag and answer If-None-Match with 304.
	Versioned bool
	// Media is the one media type of a route answering something else than JSON (the CSV of
	// an export link).
	Media string
	// ETag marks routes that are not Versioned but give an ETag and answer If-None-Match with
	// 304 themselves, from what they serve (alerts).
	ETag bool
	// MaxBody is the largest request body accepted, in bytes; 0 means DefaultMaxBody. A larger
	// body is refused with 413 before anything reads it.
	MaxBody int64

	// Body is a value of the Go type of the success response, from which /v1/openapi.json
	// generates its schema: for a tabular route the type of one row, for a stream the type of
	// one event's data. Request is the type of the request body (POST routes that read one).
	// Status is the success status when it is not 200 (201, 202, 204).
	Body    any
	Request any
	Status  int

	needs routeNeed // the dependency without which the table leaves the route out
}

// HasETag reports whether the route gives an ETag and answers If-None-Match with 304.
func (r Route) HasETag() bool { return r.Versioned || r.ETag }

// Prefixes are the version prefixes every route is served under (the spec gives both).
var prefixes = []string{"/api/v1", "/v1"}

// Paths returns every absolute path the route is served at. Webhook routes ("/webhooks...")
// are also served under "/api" (the spec's /api/webhooks).
func (r Route) Paths() []string {
	var out []string
	for _, p := range prefixes {
		out = append(out, p+r.Path)
	}
	if strings.HasPrefix(r.Path, "/webhooks") {
		out = append(out, "/api"+r.Path)
	}
	return append(out, r.Also...)
}

// Common parameters of tabular routes.
var (
	limitParam = Param{Name: "limit", In: InQuery, Type: TypeInteger,
		Description: "rows per page, 1 to 500 (default 50)"}
	cursorParam = Param{Name: "cursor", In: InQuery, Type: TypeString,
		Description: "opaque cursor from the previous page's next; only valid with the same query"}
)

// AllParams returns the declared parameters plus the common ones of tabular routes.
func (r Route) AllParams() []Param {
	ps := append([]Param(nil), r.Params...)
	if r.Tabular {
		ps = append(ps, limitParam, cursorParam)
	}
	return ps
}

// routeKey is the gin context key holding the route name (api/access.RouteKey reads it for
// per-route usage counts).
const routeKey = "route"

// register mounts every route at every one of its paths. Every GET route also answers HEAD
// with the same chain: net/http discards the body of a HEAD response, so the headers are
// exactly those of the GET.
func (s *Server) register(e *gin.Engine, table []Route) {
	for _, r := range table {
		chain := append(s.chain(r), s.handler(r))
		var head []gin.HandlerFunc
		if r.Method == http.MethodGet {
			head = append(s.chain(r), headOnly(s.handler(r), r.Handler == nil && r.Stream != nil))
		}
		for _, p := range r.Paths() {
			e.Handle(r.Method, p, chain...)
			if head != nil {
				e.Handle(http.MethodHead, p, head...)
			}
		}
	}
}

// chain is what runs before the handler of one route: name, body limit, Guard, parameter
// validation and, on data routes, the sample rule and the scope header.
func (s *Server) chain(r Route) []gin.HandlerFunc {
	name := r.Name
	chain := []gin.HandlerFunc{func(c *gin.Context) { c.Set(routeKey, name) }, limitBody(r.bodyLimit())}
	if r.Auth != AuthNone {
		chain = append(chain, s.guard.Handler(r.Auth, r.Entitlement))
	}
	chain = append(chain, validateQuery(r))
	if r.takesNoBody() {
		chain = append(chain, refuseBody(r))
	}
	if r.Auth == spac.AuthLink {
		chain = append(chain, linkQuery(r)) // after the token was checked: the link's own query
	}
	if r.Method == http.MethodPost {
		chain = append(chain, s.idempotent(r.Name))
	}
	if r.Data {
		chain = append(chain, s.sampleGate(r), scopeHeader)
	}
	if r.Delivery == DeliverySSE && r.declares("symbol") {
		chain = append(chain, s.knownSymbols)
	}
	if r.Versioned {
		chain = append(chain, s.conditional)
	}
	if r.Delivery == DeliverySSE {
		chain = append(chain, s.streamSlot) // last: a refused request holds no slot
	}
	return chain
}

// handler is the last link of a route's chain.
func (s *Server) handler(r Route) gin.HandlerFunc {
	switch {
	case r.Handler != nil:
		return s.adapt(r.Handler)
	case r.Stream != nil:
		return r.Stream
	}
	return func(c *gin.Context) {
		_ = c.Error(spac.Errorf(spac.EUNAVAILABLE, "%s is not available", r.Name))
	}
}

// errHeadOnly is the cause of the context a stream handler gets for a HEAD request, so that
// it is not taken for a client that went away.
var errHeadOnly = errors.New("HEAD: headers only")

// headOnly serves HEAD with the GET handler h. A stream handler would never return, so it
// runs with its request context already cancelled: it writes its headers and stops.
func headOnly(h gin.HandlerFunc, stream bool) gin.HandlerFunc {
	if !stream {
		return h
	}
	return func(c *gin.Context) {
		ctx, cancel := context.WithCancelCause(c.Request.Context())
		cancel(errHeadOnly)
		c.Request = c.Request.WithContext(ctx)
		h(c)
	}
}

// scopeHeader tells the client whether it is served the sample or the full universe.
func scopeHeader(c *gin.Context) {
	if CallerFrom(c).Sample {
		c.Header("X-Data-Scope", "sample")
	} else {
		c.Header("X-Data-Scope", "full")
	}
}
