package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/api/webhooks"
	"github.com/spacdata/spac/export"
)

// routes is the route table: every route this package serves, in the order discover and the
// OpenAPI document list them, followed by Deps.Extra. It drives registration under both
// version prefixes, GET /v1/discover and GET /v1/openapi.json. Long parameter lists are named
// (universeParams, alertsParams) and live beside their handlers; the shared ones
// (citationsParam, accessionParam, ...) beside theirs.
func (s *Server) routes() []Route {
	const get, post, del, patch = http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodPatch
	rest, opt, need := DeliveryREST, spac.AuthOptional, spac.AuthRequired
	l, hook, key := s.d.Live, s.webhookHandler, s.keyHandler
	table := []Route{
		// SPAC data: anonymous callers see the sample (Data).
		{Name: "universe", Method: get, Path: "/universe", Auth: opt, Delivery: rest, Data: true, Tabular: true, Versioned: true,
			Handler: s.universe, Body: spac.SPAC{}, Params: universeParams,
			Summary: "Paginated SPAC universe with status, sponsor, trust size and citation provenance."},
		{Name: "profile", Method: get, Path: "/spac/:symbol", Auth: opt, Delivery: rest, Data: true, Versioned: true,
			Handler: s.profile, Body: spac.Profile{}, Params: []Param{symbolPathParam, citationsParam},
			Summary: "Full profile of one SPAC: trust series, votes, redemptions, PIPE, FPA, lockups, earnouts, liquidation, status history."},
		{Name: "calendar", Method: get, Path: "/calendar", Auth: opt, Delivery: rest, Data: true, Tabular: true, Versioned: true,
			Handler: s.calendar, Body: spac.Event{}, Params: calendarParams,
			Summary: "Event horizon: deadlines, extension and merger votes, redemption deadlines, lockup and warrant expiries, expected closings; by date."},
		{Name: "search", Method: get, Path: "/search", Auth: opt, Delivery: rest, Data: true, Tabular: true, Versioned: true,
			Handler: s.search, Body: SearchRow{}, Params: []Param{searchQParam, citationsParam},
			Summary: "Fuzzy search across symbol, tickers, name, previous names, target, sponsor and CIK, best match first."},
		{Name: "news", Method: get, Path: "/news", Auth: opt, Delivery: rest, Data: true, Tabular: true, Versioned: true,
			Handler: s.news, Body: spac.Article{}, Params: newsParams,
			Summary: "News articles, filing-derived and aggregated, linked to SPACs; newest first."},
		{Name: "filing", Method: get, Path: "/filings/:accession", Auth: opt, Delivery: rest, Data: true, Versioned: true,
			Handler: s.filing, Body: FilingView{}, Params: []Param{accessionParam},
			Summary: "Metadata of one filing: form, dates, documents with their line ranges, line count and SEC URL."},
		{Name: "filing_lines", Method: get, Path: "/filings/:accession/lines", Auth: opt, Delivery: rest, Data: true, Versioned: true,
			Handler: s.filingLines, Body: LinesView{}, Params: []Param{accessionParam, linesFromParam, linesToParam},
			Summary: "Canonical text lines of a filing (what citations point into), at most 1000 per call."},

		// About the service.
		{Name: "discover", Method: get, Path: "/discover", Auth: opt, Delivery: rest, Versioned: true,
			Handler: s.discover, Body: Discover{},
			Summary: "Self-describing catalog of every endpoint, its parameters, auth, delivery and live row counts."},
		{Name: "openapi", Method: get, Path: "/openapi.json", Auth: opt, Delivery: rest,
			Handler: s.openAPI, Body: OpenAPIDocument{},
			Summary: "OpenAPI 3.1 description of every endpoint, generated from the route table and the Go types of its bodies."},
		{Name: "changelog", Method: get, Path: "/changelog", Auth: opt, Delivery: rest, Tabular: true,
			Handler: s.changelog, Body: Release{},
			Summary: "Release notes (CHANGELOG.md) in machine-readable form, newest first."},
		{Name: "health", Method: get, Path: "/health", Auth: AuthNone, Delivery: rest, Also: []string{"/health"},
			Handler: s.health, Body: Health{},
			Summary: "Liveness probe: store connectivity, index and universe row counts, build version and commit, check latencies."},
		{Name: "citations", Method: get, Path: "/citations", Auth: opt, Delivery: rest, Data: true, Versioned: true,
			Handler: s.citations, Body: CitationsBody{}, Params: []Param{citationRefsParam},
			Summary: "Resolves the refs of citations=ref responses to full citations (excerpt, quote, URL, inputs); refs of data no longer served are listed as missing."},

		// Live data: alerts, streams (Deps.Live; a nil part answers 503).
		{Name: "alerts", Method: get, Path: "/alerts", Auth: need, Entitlement: spac.EntitleAlerts, Delivery: rest, Tabular: true, Data: true, ETag: true,
			Handler: s.alerts, Body: spac.Alert{}, Params: alertsParams,
			Summary: "Fired alert events, newest first."},
		{Name: "alerts_stream", Method: get, Path: "/alerts/stream", Auth: need, Entitlement: spac.EntitleStreams, Delivery: DeliverySSE, Data: true,
			Stream: l.AlertStream, Event: spac.StreamTypeAlert, Body: spac.Alert{}, Params: []Param{kindParam, symbolParam, lastIDParam},
			Summary: "Live alert events (SSE, event: alert); heartbeat every 25 s; resumable with Last-Event-ID."},
		{Name: "news_stream", Method: get, Path: "/news/stream", Auth: opt, Entitlement: spac.EntitleStreams, Delivery: DeliverySSE, Data: true,
			Stream: l.NewsStream, Event: spac.StreamTypeArticle, Body: spac.Article{}, Params: []Param{symbolParam, lastIDParam},
			Summary: "Live articles (SSE, event: article): the 50 most recent first, then new ones."},

		// Webhooks (Deps.Live.Webhooks; also served under /api/webhooks).
		{Name: "webhooks_create", Method: post, Path: "/webhooks", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Create), Body: webhooks.Created{}, Request: webhooks.CreateRequest{}, Status: http.StatusCreated, MaxBody: webhookBodyLimit,
			Summary: "Register a callback {url, events[], description}; the signing secret is shown once."},
		{Name: "webhooks_list", Method: get, Path: "/webhooks", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.List), Body: webhooks.Page[spac.WebhookEndpoint]{},
			Summary: "Webhooks registered by the calling key."},
		{Name: "webhooks_get", Method: get, Path: "/webhooks/:id", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Get), Body: spac.WebhookEndpoint{}, Params: []Param{webhookID},
			Summary: "One webhook registration."},
		{Name: "webhooks_delete", Method: del, Path: "/webhooks/:id", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Delete), Status: http.StatusNoContent, Params: []Param{webhookID},
			Summary: "Delete a webhook registration."},
		{Name: "webhooks_update", Method: patch, Path: "/webhooks/:id", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Update), Body: spac.WebhookEndpoint{}, Request: webhooks.UpdateRequest{}, Params: []Param{webhookID}, MaxBody: webhookBodyLimit,
			Summary: "Change a webhook's url, events or description, or enable or disable it (a JSON merge; validated as a registration)."},
		{Name: "webhooks_rotate_secret", Method: post, Path: "/webhooks/:id/rotate-secret", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.RotateSecret), Body: webhooks.Rotated{}, Params: []Param{webhookID, webhookGraceParam},
			Summary: "Issue a new signing secret, shown once; deliveries carry a signature with the old one too until ?grace= ends."},
		{Name: "webhooks_test", Method: post, Path: "/webhooks/:id/test", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Test), Body: spac.WebhookDelivery{}, Status: http.StatusAccepted, Params: []Param{webhookID},
			Summary: "Send a signed webhook.test event."},
		{Name: "webhooks_deliveries", Method: get, Path: "/webhooks/:id/deliveries", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Deliveries), Body: webhooks.Page[spac.WebhookDelivery]{}, Params: []Param{webhookID, deliveriesLimitParam},
			Summary: "Delivery log with attempts."},
		{Name: "webhooks_redeliver", Method: post, Path: "/webhooks/:id/deliveries/:deliveryId/redeliver", Auth: need, Entitlement: spac.EntitleWebhooks, Delivery: DeliveryWebhook,
			Handler: hook(WebhookAPI.Redeliver), Body: spac.WebhookDelivery{}, Status: http.StatusAccepted, Params: []Param{webhookID, deliveryIDParam},
			Summary: "Send a delivery again (same webhook-id)."},

		// The key holder's account and the operator's key admin (Deps.Keys; absent without it).
		{Name: "account", Method: get, Path: "/account", Auth: need, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.Account), Body: access.Account{},
			Summary: "The calling key: tier, limits and key prefix."},
		{Name: "account_usage", Method: get, Path: "/account/usage", Auth: need, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AccountUsage), Body: access.Usage{}, Params: []Param{daysParam},
			Summary: "Usage of the calling key per day and endpoint."},
		{Name: "export_links_create", Method: post, Path: "/account/export-links", Auth: need, Delivery: rest, needs: needLinks,
			Handler: s.createExportLink, Body: ExportLinkCreated{}, Request: ExportLinkRequest{}, Status: http.StatusCreated, MaxBody: linkBodyLimit,
			Summary: "Make an expiring, revocable, read-only URL serving one CSV export {route, params, ttl} as the calling key (for spreadsheets); the URL is shown once."},
		{Name: "export_links_list", Method: get, Path: "/account/export-links", Auth: need, Delivery: rest, needs: needLinks,
			Handler: s.listExportLinks, Body: ExportLinkList{},
			Summary: "The calling key's export links (never their tokens)."},
		{Name: "export_links_delete", Method: del, Path: "/account/export-links/:id", Auth: need, Delivery: rest, needs: needLinks,
			Handler: s.deleteExportLink, Status: http.StatusNoContent, Params: []Param{linkIDParam},
			Summary: "Revoke an export link: it stops working at once."},
		{Name: "link_universe", Method: get, Path: "/links/universe.csv", Auth: spac.AuthLink, Delivery: rest, Data: true, Versioned: true, needs: needLinks,
			Handler: s.universe, Media: export.MediaCSV, Params: []Param{linkTokenParam},
			Summary: "The universe export of an export link, as CSV, served as the key that made it (no Authorization header)."},
		{Name: "link_calendar", Method: get, Path: "/links/calendar.csv", Auth: spac.AuthLink, Delivery: rest, Data: true, Versioned: true, needs: needLinks,
			Handler: s.calendar, Media: export.MediaCSV, Params: []Param{linkTokenParam},
			Summary: "The calendar export of an export link, as CSV, served as the key that made it."},
		{Name: "link_alerts", Method: get, Path: "/links/alerts.csv", Auth: spac.AuthLink, Entitlement: spac.EntitleAlerts, Delivery: rest, Data: true, ETag: true, needs: needLinks,
			Handler: s.alerts, Media: export.MediaCSV, Params: []Param{linkTokenParam},
			Summary: "The alerts export of an export link, as CSV, served as the key that made it."},
		{Name: "link_news", Method: get, Path: "/links/news.csv", Auth: spac.AuthLink, Delivery: rest, Data: true, Versioned: true, needs: needLinks,
			Handler: s.news, Media: export.MediaCSV, Params: []Param{linkTokenParam},
			Summary: "The news export of an export link, as CSV, served as the key that made it."},
		{Name: "admin_keys_create", Method: post, Path: "/admin/keys", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AdminCreate), Body: access.IssuedKey{}, Request: access.CreateKeyRequest{}, Status: http.StatusCreated, MaxBody: keyBodyLimit,
			Summary: "Create a key {name, tier}; the secret is shown once."},
		{Name: "admin_keys_list", Method: get, Path: "/admin/keys", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AdminList), Body: access.KeyList{},
			Summary: "List keys (never their secrets)."},
		{Name: "admin_keys_revoke", Method: del, Path: "/admin/keys/:id", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AdminRevoke), Body: spac.APIKey{}, Params: []Param{keyIDParam},
			Summary: "Revoke a key: refused from its next request; its webhooks are disabled (no delivery after the answer) and its streams closed."},
		{Name: "admin_keys_rotate", Method: post, Path: "/admin/keys/:id/rotate", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AdminRotate), Body: access.IssuedKey{}, Status: http.StatusCreated, Params: []Param{keyIDParam, graceParam},
			Summary: "Issue a new key for the holder: webhooks, usage and rate-limit windows move to it; the old secret stops working now or after ?grace=."},
		{Name: "admin_keys_usage", Method: get, Path: "/admin/keys/:id/usage", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: key(KeyAdmin.AdminUsage), Body: access.Usage{}, Params: []Param{keyIDParam, daysParam},
			Summary: "Usage of a key per day and endpoint."},
		{Name: "admin_keys_webhooks", Method: get, Path: "/admin/keys/:id/webhooks", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: hook(WebhookAPI.AdminList), Body: webhooks.Page[spac.WebhookEndpoint]{}, Params: []Param{keyIDParam},
			Summary: "Webhooks a key owns (any key; those of a revoked key are disabled, those of a rotated key moved to its successor)."},
		{Name: "admin_webhooks_delete", Method: del, Path: "/admin/webhooks/:id", Auth: spac.AuthAdmin, Delivery: rest, needs: needKeys,
			Handler: hook(WebhookAPI.AdminDelete), Status: http.StatusNoContent, Params: []Param{webhookID},
			Summary: "Delete any key's webhook; an attempt under way ends first."},

		// Load-test baselines for scripts/load.sh (Deps.BenchRoutes): one bare, one behind the
		// Guard, so throughput and the auth + limiter cost are ratios measured in the same run.
		{Name: "bench_trivial", Method: get, Path: "/_bench/trivial", Auth: AuthNone, Delivery: rest, needs: needBench,
			Stream: benchTrivial, Summary: "Trivial JSON handler (load-test baseline)."},
		{Name: "bench_guarded", Method: get, Path: "/_bench/guarded", Auth: opt, Delivery: rest, needs: needBench,
			Stream: benchTrivial, Summary: "Trivial JSON handler behind auth and rate limits (load-test baseline)."},
	}
	return append(s.mounted(table), s.d.Extra...)
}

// routeNeed names the dependency without which a route is left out of the table.
type routeNeed int

const (
	needNothing routeNeed = iota
	needKeys              // Deps.Keys
	needBench             // Deps.BenchRoutes
	needLinks             // Deps.ExportLinks
)

// mounted drops the routes whose dependency is absent.
func (s *Server) mounted(table []Route) []Route {
	out := table[:0]
	for _, r := range table {
		if (r.needs == needKeys && s.d.Keys == nil) || (r.needs == needBench && !s.d.BenchRoutes) || (r.needs == needLinks && s.d.ExportLinks == nil) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// webhookHandler adapts a method expression of WebhookAPI; without a webhook service the route
// has no handler and answers 503.
func (s *Server) webhookHandler(h func(WebhookAPI, *gin.Context) (any, error)) HandlerFunc {
	w := s.d.Live.Webhooks
	if w == nil {
		return nil
	}
	return func(c *gin.Context) (any, error) { return h(w, c) }
}

// keyHandler adapts a method expression of KeyAdmin (its routes are dropped without one).
func (s *Server) keyHandler(h func(KeyAdmin, *gin.Context) (any, error)) HandlerFunc {
	k := s.d.Keys
	if k == nil {
		return nil
	}
	return func(c *gin.Context) (any, error) { return h(k, c) }
}

func benchTrivial(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) }
