package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/web"
)

// cmdServe opens the store and index (building them from the embedded fixtures on a fresh data
// directory), serves the API until ctx is cancelled, then shuts down gracefully.
func cmdServe(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	var l *live
	// Built before the live parts so that the fixture bootstrap is counted; the hub it reads
	// subscribers from exists before the metrics listener starts.
	subscribers := func(topic string) int { return l.hub.Subscribers(topic) }
	if a.metrics = newMetrics(env, a, subscribers, func() api.ReextractState { return l.reextract.State() }); a.metrics != nil {
		a.pipeline.Metrics = a.metrics
	}
	if env.cfg.Cluster.Role == config.RoleReplica {
		if a.early, err = listenEarly(env, env.cfg.HTTP.Addr); err != nil {
			return err
		}
		defer a.early.Close()
	}
	role, err := startRole(ctx, env, a)
	if err != nil {
		return err
	}
	l = role.live
	defer role.stop()
	stopMetrics, err := serveMetrics(env, a.metrics)
	if err != nil {
		return err
	}
	defer stopMetrics()
	guard, err := newGuard(env.cfg.Access, a, env)
	if err != nil {
		return err
	}
	// Deferred after a.Close, so it runs first: the last rate and usage counts reach Badger.
	defer shutdownGuard(env, guard)
	deps := apiDeps(ctx, env, a, guard, l)
	deps.Replication, deps.Forward = role.status, role.forward
	srv := api.New(deps)
	guard.Keys().OnRetire(l.retire(srv))
	onKey := func(k spac.APIKey) { keyChanged(guard, srv, k) }
	l.onKey.Store(&onKey)
	if role.answer != nil {
		stopAnswer, err := role.answer(srv)
		if err != nil {
			return err
		}
		defer stopAnswer()
	}
	if err := srv.MountPages(explorer(env, a, srv).Pages()); err != nil {
		return err
	}
	hs := srv.HTTPServer(env.cfg.HTTP.Addr)
	hs.RegisterOnShutdown(l.hub.Close) // end SSE streams so Shutdown can drain
	if err := announceStore(ctx, env, a); err != nil {
		return err
	}
	var ln net.Listener
	if a.early != nil {
		ln = a.early.handover()
	}
	return listenAndServe(ctx, env, srv, hs, ln)
}

// startLive hooks alerts into the pipeline, bootstraps the store (fixtures on a fresh data
// directory), then starts the news aggregator, the webhook queue, the EDGAR poller and the
// nightly recompute. stop ends them in reverse order.
func startLive(ctx context.Context, env *environment, a *app) (*live, func(), error) {
	l, err := newLive(ctx, env, a)
	if err != nil {
		return nil, nil, err
	}
	if err := a.bootstrap(ctx, env); err != nil {
		return nil, nil, err
	}
	l.sampleCIKs, l.sample = sampleOf(ctx, env, a, l.fictional)
	if err := l.fanout.Relink(ctx); err != nil {
		return nil, nil, err
	}
	if err := l.start(ctx); err != nil {
		return nil, nil, err
	}
	poller, stopBackfill, err := startEDGAR(ctx, env, a)
	if err != nil {
		l.stop(env)
		return nil, nil, err
	}
	nightlyCtx, stopNightly := context.WithCancel(ctx)
	nightlyDone := l.nightly(nightlyCtx, a)
	reextractDone := l.reextract.start(nightlyCtx, env, a)
	return l, func() {
		stopNightly()
		<-nightlyDone
		<-reextractDone
		stopBackfill()
		stopPoller(env, poller)
		l.stop(env)
	}, nil
}

// keyChanged is a replica's side of a key its writer changed: the Guard's cache forgets it, and
// a revoked or rotated key's open streams end (now, or when a rotation's grace ends).
func keyChanged(guard *access.Guard, srv *api.Server, k spac.APIKey) {
	guard.Keys().Changed(k)
	if k.RevokedAt != nil {
		srv.CloseStreams(k.ID, *k.RevokedAt)
	}
}

func newGuard(c config.AccessConfig, a *app, env *environment) (*access.Guard, error) {
	cfg := access.Config{AdminToken: c.AdminToken, Tiers: access.DefaultTiers(), AuthFailuresPerMinute: c.AuthFailuresPerMinute}
	for tier, o := range c.Tiers {
		lim, ok := cfg.Tiers[spac.Tier(tier)]
		if !ok {
			return nil, fmt.Errorf("access.tiers.%s: unknown tier", tier)
		}
		if o.PerMinute != nil {
			lim.PerMinute = *o.PerMinute
		}
		if o.PerDay != nil {
			lim.PerDay = *o.PerDay
		}
		if err := cfg.SetLimits(spac.Tier(tier), lim.PerMinute, lim.PerDay); err != nil {
			return nil, fmt.Errorf("access.tiers.%s: %w", tier, err)
		}
	}
	opts := []access.Option{access.WithLogger(env.log), access.WithExportLinks(a.db)}
	counters := spac.CounterStore(a.db)
	if a.limits != nil {
		// A cluster: every node counts each rate-limit window in the shared counters, and
		// writes its usage counts behind (once a second) to them too, so a key's usage read on
		// any node is the sum of every node's requests, and a rotation carries every node's.
		opts = append(opts, access.WithLimiter(access.NewStoreLimiter(a.limits)))
		counters = a.limits
	}
	return access.New(cfg, a.db, counters, opts...), nil
}

func shutdownGuard(env *environment, guard *access.Guard) {
	ctx, cancel := context.WithTimeout(context.Background(), env.cfg.HTTP.ShutdownTimeout)
	defer cancel()
	if err := guard.Shutdown(ctx); err != nil {
		env.log.Error("access: final counter flush", "err", err)
	}
}

func apiDeps(ctx context.Context, env *environment, a *app, guard *access.Guard, l *live) api.Deps {
	cfg := env.cfg
	d := api.Deps{
		Filings: a.db, Profiles: a.db, Index: a.idx, Market: l.market, Guard: guard, Logger: env.log,
		News: newsSource{a.db}, Live: l.routes(), Now: env.now, Reextract: l.reextract.State,
		Version: version, Commit: buildCommit(), Changelog: spac.Changelog,
		Sample: l.sampleCIKs, StoreKind: storeKind(l.fictional),
		Keys: guard.Keys(), BenchRoutes: cfg.HTTP.BenchRoutes, Idempotency: a.db, ExportLinks: a.db,
		StreamCaps:     api.StreamCaps{PerKey: cfg.Streams.MaxPerKey, Total: cfg.Streams.Max},
		TrustedProxies: cfg.HTTP.TrustedProxies, CORSOrigins: cfg.HTTP.CORSOrigins,
		ReadHeaderTimeout: cfg.HTTP.ReadHeaderTimeout, ReadTimeout: cfg.HTTP.ReadTimeout, IdleTimeout: cfg.HTTP.IdleTimeout,
	}
	if a.metrics != nil {
		d.Metrics = a.metrics
	}
	return d
}

// explorer is the web explorer (package web) over the same stores, reading through srv so
// that pages apply the API's validation and sample rule.
func explorer(env *environment, a *app, srv *api.Server) *web.Explorer {
	return web.New(web.Deps{
		API: srv, Index: a.idx, Profiles: a.db, Filings: a.db, Alerts: a.db, News: newsSource{a.db},
		Version: version, Logger: env.log,
	})
}

// listenAndServe binds first so that the real address (":0" picks a free port) can be
// announced, then serves until ctx is done and drains in-flight requests; connections still
// open at the shutdown deadline are cut (a stop is not a failure). ln, when not nil, is bound
// and announced already (a replica's, from before it caught up).
func listenAndServe(ctx context.Context, env *environment, srv *api.Server, hs *http.Server, ln net.Listener) error {
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", hs.Addr); err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "listening on http://%s\n", displayAddr(ln.Addr()))
	}
	env.log.Info("listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(srv.Listener(ln)) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), env.cfg.HTTP.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(shutdownCtx, hs)
	if serveErr := <-errc; !errors.Is(serveErr, http.ErrServerClosed) {
		err = errors.Join(err, serveErr)
	}
	env.log.Info("stopped")
	return err
}

func displayAddr(a net.Addr) string {
	s := a.String()
	if strings.HasPrefix(s, "[::]:") {
		return "127.0.0.1:" + strings.TrimPrefix(s, "[::]:")
	}
	return s
}
