package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/ingest/market"
)

// exportRoutes are the routes `spacd export` can export.
var exportRoutes = []string{"universe", "calendar", "alerts", "news"}

// exportFilters are the query parameters of the export routes that `spacd export` takes as
// flags of the same name (TestExportFlagsCoverTheRoutes keeps the list complete). A flag the
// chosen route does not declare is refused by the route's own validation, naming it.
var exportFilters = []struct{ name, usage string }{
	{"status", "universe: lifecycle statuses, comma-separated"},
	{"sector", "universe: target sectors, comma-separated"},
	{"sponsor", "universe: sponsor names, comma-separated"},
	{"min_trust", "universe: minimum trust size in dollars"},
	{"max_trust", "universe: maximum trust size in dollars"},
	{"min_trust_per_share", "universe: minimum trust per share"},
	{"max_trust_per_share", "universe: maximum trust per share"},
	{"min_redeemed_pct", "universe: minimum redeemed percentage"},
	{"max_redeemed_pct", "universe: maximum redeemed percentage"},
	{"min_ytm", "universe: minimum yield to the payout, percent"},
	{"max_ytm", "universe: maximum yield to the payout, percent"},
	{"ipo_from", "universe: IPO on or after, YYYY-MM-DD"},
	{"ipo_to", "universe: IPO on or before, YYYY-MM-DD"},
	{"deadline_before", "universe: liquidation deadline before, YYYY-MM-DD"},
	{"q", "universe, news: free text"},
	{"sort", "universe: sort field, \"-\" for descending"},
	{"fields", "universe: the fields (columns) to export, comma-separated"},
	{"facets", "universe: accepted for parity with the API; an export has no facets"},
	{"citations", "universe, calendar: full (default) or ref: source columns; none: no source columns"},
	{"from", "calendar: events on or after, YYYY-MM-DD (default today)"},
	{"to", "calendar: events on or before, YYYY-MM-DD"},
	{"type", "calendar: event types, comma-separated"},
	{"symbol", "calendar, alerts, news: one SPAC, by any ticker or the CIK"},
	{"cik", "news: one SPAC, by CIK"},
	{"source", "news: feed name, or \"filing\""},
	{"since", "alerts, news: at or after (RFC 3339 or YYYY-MM-DD)"},
	{"kind", "alerts: alert kinds, comma-separated"},
	{"severity", "alerts: severities, comma-separated"},
}

// addExportFlags declares the flags of `spacd export`.
func addExportFlags(fs *pflag.FlagSet) {
	fs.String("format", "csv", "csv or ndjson")
	fs.String("out", "", "write to FILE (created whole or not at all) instead of stdout")
	fs.String("base-url", "http://localhost:8080", "origin the source links point at (scheme://host[:port] of the API serving these data)")
	for _, f := range exportFilters {
		fs.String(f.name, "", f.usage)
	}
}

// cmdExport writes every row of one list route, with the filters given as flags, as the API
// answers GET /v1/ROUTE?format=... from the same data directory: it runs the API's own
// handler in process (no listener), as a caller with the full universe, so the bytes are
// those the API sends for the same query (source links on --base-url).
func cmdExport(ctx context.Context, env *environment, args []string) error {
	if !slices.Contains(exportRoutes, args[0]) {
		return usageErrorf("spacd export: %q is not one of %s", args[0], strings.Join(exportRoutes, ", "))
	}
	req, err := exportRequest(ctx, env.flags, args[0])
	if err != nil {
		return err
	}
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	srv, err := exportServer(ctx, env, a)
	if err != nil {
		return err
	}
	return writeExport(env, srv.Handler(), req, flagString(env.flags, "out"))
}

// exportRequest is the GET request of the export: the route, the format and the filters set.
func exportRequest(ctx context.Context, fs *pflag.FlagSet, route string) (*http.Request, error) {
	base, err := url.Parse(flagString(fs, "base-url"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" || strings.Trim(base.Path, "/") != "" {
		return nil, usageErrorf("--base-url %q: want scheme://host[:port], e.g. https://api.example.com", flagString(fs, "base-url"))
	}
	q := url.Values{"format": {flagString(fs, "format")}}
	for _, f := range exportFilters {
		if fs.Changed(f.name) {
			q.Set(f.name, flagString(fs, f.name))
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/v1/"+route+"?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	req.Host, req.RemoteAddr = base.Host, "127.0.0.1:0"
	if base.Scheme == "https" {
		req.TLS = &tls.ConnectionState{} // the API writes https links for a TLS connection
	}
	return req, nil
}

// exportServer is the API over the data directory, every request served as a caller with
// the full universe (an operator's local tool: no key, no limits), prices joined as serve
// joins them.
func exportServer(ctx context.Context, env *environment, a *app) (*api.Server, error) {
	fictional, err := a.fictionalStore(ctx, env, false)
	if err != nil {
		return nil, err
	}
	quotes, err := loadQuotes(env, fictional)
	if err != nil {
		return nil, err
	}
	joiner := market.NewJoiner(quotes, env.now)
	a.idx.SetMarket(joiner)
	return api.New(api.Deps{
		Filings: a.db, Profiles: a.db, Index: a.idx, Market: joiner, News: newsSource{a.db},
		Live: api.Live{Alerts: a.db}, Now: env.now, Version: version,
		// errors only: the command reports a refusal itself, and a request log line per run is noise
		Logger: newLogger(config.LogConfig{Level: "error", Format: env.cfg.Log.Format}, env.stderr),
		Guard:  api.StaticGuard{Caller: spac.Caller{Tier: spac.TierEnterprise}},
	}), nil
}

// writeExport serves req into the output: stdout, or FILE through a temporary file renamed
// into place when the export is complete, so a failed export leaves no partial file.
func writeExport(env *environment, h http.Handler, req *http.Request, out string) error {
	if out == "" {
		return serveExport(h, req, env.stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	cw := &countingWriter{w: tmp}
	err = serveExport(h, req, cw)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err == nil {
		fmt.Fprintf(env.stderr, "wrote %d bytes to %s\n", cw.n, out)
	}
	return err
}

// serveExport runs the handler with a response writer streaming the body to w. A refusal
// (a bad filter, an unknown symbol) is the API's problem, returned as the error.
func serveExport(h http.Handler, req *http.Request, w io.Writer) (err error) {
	rw := &exportWriter{w: w, header: http.Header{}}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); !ok || !errors.Is(e, http.ErrAbortHandler) {
				panic(r)
			}
			err = errors.Join(rw.err, errors.New("export aborted: the data could not be read to the end (see the log)"))
		}
	}()
	h.ServeHTTP(rw, req)
	if rw.status != http.StatusOK {
		return problemError(rw.status, rw.problem.Bytes())
	}
	return rw.err
}

// problemError turns a problem body into an error naming the flag at fault: a usage error
// (exit 2) for a bad flag value (400), else a failure.
func problemError(status int, body []byte) error {
	var p api.Problem
	if err := json.Unmarshal(body, &p); err != nil || p.Detail == "" {
		return fmt.Errorf("export refused (%d): %s", status, body)
	}
	msg := p.Detail
	if p.Param != "" {
		// The API's detail may already name the parameter ("format: ..."): name it once, as the flag.
		msg = "--" + p.Param + ": " + strings.TrimPrefix(p.Detail, p.Param+": ")
	}
	if status == http.StatusBadRequest {
		return usageErrorf("%s", msg)
	}
	return errors.New(msg)
}
