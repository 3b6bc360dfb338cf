// Package api is the HTTP layer of the SPAC Data API (Gin). Its shape follows Prometheus'
// web/api/v1: handlers return a body or a typed error, and one adapter renders every response
// (JSON with asOf, or an RFC 9457 problem). A single route table (routes.go) drives route
// registration under /api/v1 and /v1, GET /v1/discover and GET /v1/openapi.json.
package api

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/logctx"
)

// NewsSource serves news articles, newest first (the read half of spac.ArticleStore; cmd/spacd
// passes the kv article store).
type NewsSource interface {
	Articles(ctx context.Context, q spac.ArticleQuery) ([]spac.Article, error)
}

// Deps is everything the server needs. Filings, Profiles and Index are required; the rest
// have safe defaults.
type Deps struct {
	Filings  spac.FilingStore
	Profiles spac.ProfileStore
	Index    spac.Index
	// Market joins prices and yields to served profiles (the Index joins its own rows); nil:
	// none.
	Market  spac.Market
	News    NewsSource // nil: news has no rows
	Guard   Guard      // nil: every caller is anonymous and sample-scoped
	Logger  *slog.Logger
	Version string
	Commit  string // build commit; empty: read from the Go build info
	// Changelog is the content of CHANGELOG.md, served as JSON by GET /v1/changelog.
	Changelog []byte
	// Sample lists the SPACs anonymous callers see; empty: the profiles flagged Sample.
	Sample []spac.CIK
	// Live serves alerts, the SSE streams and webhooks; zero parts answer 503.
	Live Live
	// Metrics counts every answered request by route name and status; nil: none.
	Metrics RequestMetrics
	// StoreKind is what /health says the store holds: "fixtures" or "filings" (empty: unsaid).
	StoreKind string
	// Reextract reports the background re-extraction of stale filings on /health; nil: none.
	Reextract func() ReextractState
	// Replication reports, on /health, a cluster member's position in the writer's stream of
	// changes (docs/operating.md, "Cluster"); nil: a single process.
	Replication func() spac.Replication
	// Forward carries the writes that reach a replica to its writer (docs/operating.md,
	// "Cluster"); nil: this node serves its writes itself.
	Forward spac.Forwarder
	// Idempotency keeps the Idempotency-Key records of POSTs (kv.DB: they survive a restart);
	// nil: in memory.
	Idempotency spac.IdempotencyStore
	// ExportLinks keeps the export links of keys (kv.DB); nil: no export-link routes. The
	// Guard must serve spac.AuthLink routes from the same store (access.WithExportLinks).
	ExportLinks spac.ExportLinkStore
	// Keys serves the account and admin key routes (api/access.Keys); nil: none mounted.
	Keys KeyAdmin
	// StreamCaps bound the SSE streams open at once, per key and in total.
	StreamCaps StreamCaps
	// BenchRoutes mounts /_bench/trivial and /_bench/guarded for scripts/load.sh.
	BenchRoutes bool
	// Extra are routes of other packages, mounted after the table (routes_table.go).
	Extra []Route
	Now   func() time.Time

	TrustedProxies    []string // proxies whose X-Forwarded-For is believed; nil: none
	CORSOrigins       []string // allowed browser origins; empty: any ("*")
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration // a request body must arrive within it; 0: DefaultReadTimeout
	IdleTimeout       time.Duration
}

// RequestMetrics counts answered requests (package metrics implements it). route is the route
// table's name, never the raw path, so the label set stays bounded; "" when no route matched.
type RequestMetrics interface {
	ObserveRequest(route, method string, status int, elapsed time.Duration)
}

// Server is the HTTP API. It holds no global state: several servers can run side by side.
type Server struct {
	d      Deps
	log    *slog.Logger
	now    func() time.Time
	guard  Guard
	engine *gin.Engine
	table  []Route

	active  inflight              // requests being handled (Shutdown waits for them)
	idem    spac.IdempotencyStore // answers to POSTs by Idempotency-Key
	boot    string                // this process's part of the data version (version.go)
	cache   byteCache
	streams *streams // the SSE streams open (streams.go)
}

// New builds the server and its route table.
func New(d Deps) *Server {
	s := &Server{d: d, log: d.Logger, now: d.Now, guard: d.Guard, boot: newBootID(), idem: d.Idempotency, streams: newStreams(d.StreamCaps)}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s.log = logctx.Logger(s.log) // a request's id and trace reach every line logged with its context
	if s.now == nil {
		s.now = time.Now
	}
	if s.idem == nil {
		s.idem = newMemIdempotency(s.now)
	}
	if s.guard == nil {
		s.log.Warn("api: no Guard configured; every caller is served the sample")
		s.guard = sampleGuard()
	}
	if s.d.Version == "" {
		s.d.Version = "dev"
	}
	s.table = s.routes()
	s.engine = s.newEngine()
	return s
}

// Routes returns the route table (for the CLI and tests).
func (s *Server) Routes() []Route { return append([]Route(nil), s.table...) }

// Handler returns the http.Handler serving every route (gzip for clients that accept it).
func (s *Server) Handler() http.Handler { return compress(s.engine) }

// MaxHeaderBytes is the largest request header block net/http accepts; a larger one is
// answered 431 (as problem+json when served through Listener).
const MaxHeaderBytes = 64 << 10

// HTTPServer returns an http.Server for addr; serve it on Listener(ln) and stop it with
// Shutdown. It sets no ReadTimeout nor WriteTimeout because SSE responses are long-lived:
// request bodies get a read deadline (bodyDeadline) and JSON responses a write deadline
// (render.go) instead. Headers are bounded by ReadHeaderTimeout and MaxHeaderBytes.
func (s *Server) HTTPServer(addr string) *http.Server {
	rht, idle := s.d.ReadHeaderTimeout, s.d.IdleTimeout
	if rht <= 0 {
		rht = 10 * time.Second
	}
	if idle <= 0 {
		idle = 120 * time.Second
	}
	return &http.Server{
		Addr: addr, Handler: s.Handler(), ReadHeaderTimeout: rht, IdleTimeout: idle,
		MaxHeaderBytes: MaxHeaderBytes, ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

func (s *Server) newEngine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.HandleMethodNotAllowed = true
	e.ContextWithFallback = true
	e.RedirectTrailingSlash = false // its redirect is HTML; noRoute names the right path instead
	e.RedirectFixedPath = false
	if err := e.SetTrustedProxies(s.d.TrustedProxies); err != nil {
		s.log.Error("api: invalid trusted proxies; trusting none", "err", err)
		_ = e.SetTrustedProxies(nil)
	}
	e.Use(s.active.track, s.requestID, s.accessLog, s.recovery, s.cors, s.renderErrors, s.bodyDeadline, s.forward)
	e.NoRoute(s.noRoute)
	e.NoMethod(noMethod)
	s.register(e, s.table)
	return e
}
