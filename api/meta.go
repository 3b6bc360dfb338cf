package api

import (
	"context"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Discover is the body of GET /v1/discover: every endpoint of the route table and live row
// counts.
type Discover struct {
	// The service's name.
	Service string `json:"service"`
	// The running version.
	Version string `json:"version"`
	// Path of the OpenAPI document.
	OpenAPI string `json:"openapi"`
	// How much the service holds, by kind (profiles, filings, events, ...).
	Counts map[string]int `json:"counts"`
	// Every operation, with its paths and parameters.
	Endpoints []Endpoint `json:"endpoints"`
}

// Endpoint describes one route. Paths are in OpenAPI form ("/v1/spac/{symbol}").
type Endpoint struct {
	// The operation's name (the OpenAPI operationId).
	Name string `json:"name"`
	// HTTP method.
	Method string `json:"method"`
	// Every path that serves it: the /v1 one first, then its aliases.
	Paths []string `json:"paths"`
	// What it returns.
	Summary string `json:"summary"`
	// Who may call it: none, optional (anonymous callers get sample data), required (an API key),
	// admin (the admin token) or link (an export link's token).
	Auth string `json:"auth"`
	// The tier feature it needs (alerts, streams, webhooks), if any.
	Entitlement string `json:"entitlement,omitempty"`
	// How it answers: REST, SSE (an event stream) or Webhook.
	Delivery string `json:"delivery"`
	// True for list routes: paged, with format=csv and ndjson exports.
	Tabular bool `json:"tabular"`
	// Its parameters.
	Params []Param `json:"params"`
}

// discover is encoded once per data version (its counts change with the data).
func (s *Server) discover(c *gin.Context) (any, error) {
	v, err := s.versionOf(c)
	if err != nil {
		return nil, err
	}
	sc, err := s.scopeOf(c)
	if err != nil {
		return nil, err
	}
	// A sample caller's counts are the sample's: its body is cached apart from the full one.
	ch, err := s.cache.chunk(v, chunkKey{kind: "discover", sel: strconv.FormatBool(sc.sample)}, func() ([]byte, error) {
		d, err := s.discoverBody(c, v, sc)
		if err != nil {
			return nil, err
		}
		raw, err := marshal(d)
		if err != nil {
			return nil, err
		}
		return objectTail(raw), nil
	})
	if err != nil {
		return nil, err
	}
	return asOfBody(v, ch), nil
}

func (s *Server) discoverBody(c *gin.Context, v dataVersion, sc scope) (Discover, error) {
	counts, err := s.counts(c, v, sc)
	if err != nil {
		return Discover{}, err
	}
	eps := make([]Endpoint, 0, len(s.table))
	for _, r := range s.table {
		params := r.AllParams()
		if params == nil {
			params = []Param{}
		}
		paths := make([]string, 0, 4)
		for _, p := range r.Paths() {
			paths = append(paths, openAPIPath(p))
		}
		eps = append(eps, Endpoint{
			Name: r.Name, Method: r.Method, Paths: paths, Summary: r.Summary, Auth: string(r.Auth),
			Entitlement: string(r.Entitlement), Delivery: r.Delivery, Tabular: r.Tabular, Params: params,
		})
	}
	return Discover{Service: "SPAC Data API", Version: s.d.Version, OpenAPI: "/v1/openapi.json", Counts: counts, Endpoints: eps}, nil
}

// counts are the live row counts within the caller's scope: universe (index), profiles,
// events, filings and news.
func (s *Server) counts(c *gin.Context, v dataVersion, sc scope) (map[string]int, error) {
	if sc.sample {
		return s.sampleCounts(c, v, sc.ciks)
	}
	ctx := c.Request.Context()
	n, err := s.d.Index.Count(ctx)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	snap, err := s.snapshot(c)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	articles, err := s.allArticles(ctx, v)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	counts := map[string]int{"universe": int(n), "profiles": snap.profiles, "events": snap.events, "filings": snap.filings, "news": len(articles)}
	return counts, nil
}

// sampleCounts are the counts of a sample caller: the sample's rows, profiles, filings,
// events and articles. Issue 25: anonymous callers read the full universe's size here while
// every data route served them the sample only.
func (s *Server) sampleCounts(c *gin.Context, v dataVersion, ciks []spac.CIK) (map[string]int, error) {
	ctx := c.Request.Context()
	page, err := s.d.Index.Universe(ctx, spac.UniverseQuery{Restrict: ciks, Limit: 1})
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	cal, err := s.calendarIndex(ctx, v)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	articles, err := s.articles(ctx, v, spac.ArticleQuery{CIKs: ciks})
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	counts := map[string]int{"universe": page.Total, "profiles": 0, "events": 0, "filings": 0, "news": len(articles)}
	for _, cik := range ciks {
		if cik == noSuchCIK {
			continue // the stand-in for an empty sample
		}
		p, err := s.d.Profiles.Profile(ctx, cik)
		if spac.ErrorCode(err) == spac.ENOTFOUND {
			continue // a configured sample CIK without a profile
		}
		if err != nil {
			return nil, unavailable(s, c, err)
		}
		counts["profiles"]++
		counts["filings"] += len(p.Filings)
		counts["events"] += len(cal.byCIK[cik])
	}
	return counts, nil
}

// Health is the body of GET /health.
type Health struct {
	// When the served data last changed (UTC).
	AsOf string `json:"asOf" jsonschema:"format=date-time"`
	// ok; degraded (the search index is failing); down (the store is failing: answered with status
	// 503); catching_up (a cluster replica applying the writer's stream before it serves:
	// answered with status 503, replication saying how far behind it is).
	Status string `json:"status" jsonschema:"enum=ok,enum=degraded,enum=down,enum=catching_up"`
	// The running version.
	Version string `json:"version"`
	// The source commit the binary was built from.
	Commit string `json:"commit"`
	// Number of SPACs served.
	UniverseRows int `json:"universeRows"`
	// What the data directory holds: "fixtures" (the embedded fictional SPACs, with their news
	// feed, quotes and sample) or "filings" (real filings: no fiction served).
	Store string `json:"store,omitempty" jsonschema:"enum=fixtures,enum=filings"`
	// Each part checked (store, index, universe), with its result.
	Checks map[string]Check `json:"checks"`
	// How far the server is in re-reading filings an older extractor read (absent when it was
	// started without it).
	Reextract *ReextractState `json:"reextract,omitempty"`
	// A cluster member's position in the writer's stream of changes: a replica's behind is how
	// many changes it has yet to apply (absent in a single process).
	Replication *spac.Replication `json:"replication,omitempty"`
}

// ReextractState is the position of the background re-extraction (Deps.Reextract).
type ReextractState struct {
	Version   string `json:"version"`   // the running extractor's version
	Running   bool   `json:"running"`   // a run is under way
	Stale     int    `json:"stale"`     // filings derived by another version when it started (after: left stale)
	Done      int    `json:"done"`      // filings handled by the run so far
	Unsourced int    `json:"unsourced"` // stale filings without a kept source (ingest them again)
}

// Check is one dependency probe. Error is a fixed phrase: details go to the log only.
type Check struct {
	// ok or fail.
	Status string `json:"status"`
	// How long the check took, in milliseconds.
	LatencyMs float64 `json:"latencyMs"`
	// Why it failed; absent when ok.
	Error string `json:"error,omitempty"`
}

func (s *Server) health(c *gin.Context) (any, error) {
	ctx := c.Request.Context()
	h := Health{Status: "ok", Version: s.d.Version, Commit: s.commit(), Store: s.d.StoreKind, Checks: map[string]Check{}}
	h.Checks["store"] = s.probe(ctx, "store", func(ctx context.Context) error { return s.d.Profiles.Ping(ctx) })
	h.Checks["index"] = s.probe(ctx, "index", func(ctx context.Context) error { _, err := s.d.Index.Count(ctx); return err })
	h.Checks["universe"] = s.probe(ctx, "universe", func(ctx context.Context) error {
		page, err := s.d.Index.Universe(ctx, spac.UniverseQuery{Limit: 1})
		h.UniverseRows = page.Total
		return err
	})
	if h.Checks["index"].Status != "ok" || h.Checks["universe"].Status != "ok" {
		h.Status = "degraded"
	}
	wm := s.now()
	if h.Checks["store"].Status != "ok" {
		h.Status = "down"
		c.Status(http.StatusServiceUnavailable)
	} else if t, err := s.d.Profiles.Watermark(ctx); err == nil {
		wm = t
	}
	h.AsOf = formatTime(wm)
	if s.d.Reextract != nil {
		st := s.d.Reextract()
		h.Reextract = &st
	}
	if s.d.Replication != nil {
		r := s.d.Replication()
		h.Replication = &r
	}
	return h, nil
}

// probe runs one check and times it.
func (s *Server) probe(ctx context.Context, name string, check func(context.Context) error) Check {
	start := time.Now()
	err := check(ctx)
	ms := float64(time.Since(start).Microseconds()) / 1000
	if err != nil {
		s.log.ErrorContext(ctx, "health check failed", "check", name, "err", err)
		return Check{Status: "fail", LatencyMs: ms, Error: name + " unreachable"}
	}
	return Check{Status: "ok", LatencyMs: ms}
}

// commit is Deps.Commit, else the VCS revision the binary was built from.
func (s *Server) commit() string {
	if s.d.Commit != "" {
		return s.d.Commit
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, st := range info.Settings {
			if st.Key == "vcs.revision" {
				return st.Value
			}
		}
	}
	return "unknown"
}

// Release is one version of CHANGELOG.md.
type Release struct {
	// The release's version.
	Version string `json:"version"`
	// Its release date (YYYY-MM-DD).
	Date string `json:"date,omitempty" jsonschema:"format=date"`
	// What changed, one line each.
	Changes []string `json:"changes"`
}

func (s *Server) changelog(c *gin.Context) (any, error) {
	p, err := parsePaging(c, "changelog")
	if err != nil {
		return nil, err
	}
	return pageOf(c, ParseChangelog(s.d.Changelog), p), nil
}

var releaseRe = regexp.MustCompile(`^##\s+\[([^\]]+)\](?:\s+-\s+(\d{4}-\d{2}-\d{2}))?`)

// ParseChangelog reads Keep-a-Changelog sections ("## [1.0.0] - 2026-05-20") and their
// bullets; indented lines continue the previous bullet. Never nil.
func ParseChangelog(md []byte) []Release {
	out := []Release{}
	var cur *Release
	for _, line := range strings.Split(string(md), "\n") {
		trimmed := strings.TrimSpace(line)
		if m := releaseRe.FindStringSubmatch(trimmed); m != nil {
			out = append(out, Release{Version: m[1], Date: m[2], Changes: []string{}})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil || trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* "):
			cur.Changes = append(cur.Changes, strings.TrimSpace(trimmed[2:]))
		case line != trimmed && len(cur.Changes) > 0: // indented continuation
			cur.Changes[len(cur.Changes)-1] += " " + trimmed
		}
	}
	return out
}
