// Package access is the access layer of the HTTP API: it authenticates callers (API keys, the
// admin token), enforces tier entitlements and rate limits, counts per-key usage and manages the
// key lifecycle (docs/decisions.md, "Access, tiers and limits").
//
// Design notes (docs/decisions.md summarises these):
//   - The hot path (a keyed request) touches no store: keys come from an in-memory cache
//     (keycache.go) and the rate-limit windows and usage counters are counted in memory and
//     written behind to spac.CounterStore (tally.go). A benchmark over the Badger store showed
//     one key read plus three counter writes per request cost ~30x a trivial handler.
//   - Keys are looked up by the SHA-256 of the presented secret. Keys.Create/Revoke/Rotate (the
//     CLI and the admin HTTP routes) update the cache, so a revocation is effective on the next
//     request; anything else changing the store is seen within DefaultKeyCacheTTL. On a cache
//     miss the stored hash is compared with the computed one in constant time.
//   - Rate limits use fixed windows: the clock minute and the UTC day (reset at 00:00 UTC).
//     Counts are exact within one process. They are seeded from the CounterStore on first use
//     and flushed to it every flush interval and on Guard.Shutdown, so a graceful restart grants
//     no free quota and a crash loses at most one interval of counts. A request refused by a
//     limit does not consume quota. StoreLimiter (WithLimiter) counts in the store directly, for
//     several replicas sharing one store.
//   - Failed authentications are counted per client IP (authfail.go) and answered 429 past
//     Config.AuthFailuresPerMinute; valid keys are never refused by that count.
//   - Anonymous callers are counted per client IP (gin's c.ClientIP()); which proxies are trusted
//     to set X-Forwarded-For is configured on the gin engine by package api.
//   - On failure the Guard sets its headers, records a *spac.Error with c.Error and aborts; the
//     api package's renderer writes the problem+json body and picks the status from the code.
package access

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/logctx"
)

// TierLimits are one tier's limits and entitlements. A zero PerMinute or PerDay is unlimited.
type TierLimits struct {
	// Requests allowed per minute.
	PerMinute int `json:"perMinute"`
	// Requests allowed per day (UTC).
	PerDay int `json:"perDay"`
	// True when the plan is served the sample SPACs only.
	Sample bool `json:"sample"`
	// True when the plan includes alerts.
	Alerts bool `json:"alerts"`
	// True when the plan includes the SSE streams.
	Streams bool `json:"streams"`
	// True when the plan includes webhooks.
	Webhooks bool `json:"webhooks"`
}

// Allows reports whether the tier has the entitlement.
func (l TierLimits) Allows(need spac.Entitlement) bool {
	switch need {
	case spac.EntitleNone:
		return true
	case spac.EntitleAlerts:
		return l.Alerts
	case spac.EntitleStreams:
		return l.Streams
	case spac.EntitleWebhooks:
		return l.Webhooks
	}
	return false // an unknown entitlement is never granted
}

// DefaultTiers returns the tier table of docs/decisions.md. Each call returns a fresh map.
func DefaultTiers() map[spac.Tier]TierLimits {
	return map[spac.Tier]TierLimits{
		spac.TierAnonymous:     {PerMinute: 30, PerDay: 200, Sample: true},
		spac.TierFree:          {PerMinute: 60, PerDay: 500, Alerts: true},
		spac.TierIndie:         {PerMinute: 60, PerDay: 1000, Alerts: true},
		spac.TierPro:           {PerMinute: 120, PerDay: 10000, Alerts: true},
		spac.TierInstitutional: {PerMinute: 600, PerDay: 100000, Alerts: true, Streams: true, Webhooks: true},
		spac.TierTeam:          {PerMinute: 1200, PerDay: 100000, Alerts: true, Streams: true, Webhooks: true},
		spac.TierEnterprise:    {Alerts: true, Streams: true, Webhooks: true},
	}
}

// Config configures the access layer.
type Config struct {
	// AdminToken protects the admin routes. Empty disables them (every admin request is 401).
	AdminToken string
	// Tiers is the tier table; nil means DefaultTiers().
	Tiers map[spac.Tier]TierLimits
	// AuthFailuresPerMinute is how many failed authentications (an unknown, revoked or
	// malformed key, a wrong admin token) one client IP may make per clock minute; past it the
	// IP is answered 429 until the minute ends. 0 = unlimited.
	AuthFailuresPerMinute int
}

// SetLimits overrides the rate limits of a known tier (from configuration; 0 = unlimited).
func (c *Config) SetLimits(tier spac.Tier, perMinute, perDay int) error {
	if c.Tiers == nil {
		c.Tiers = DefaultTiers()
	}
	lim, ok := c.Tiers[tier]
	if !ok {
		return fmt.Errorf("access: unknown tier %q", tier)
	}
	if perMinute < 0 || perDay < 0 {
		return fmt.Errorf("access: tier %q: limits must be >= 0 (0 = unlimited)", tier)
	}
	lim.PerMinute, lim.PerDay = perMinute, perDay
	c.Tiers[tier] = lim
	return nil
}

func (c Config) tiers() map[spac.Tier]TierLimits {
	if c.Tiers == nil {
		return DefaultTiers()
	}
	return c.Tiers
}

// Option customises a Guard or a Keys service.
type Option func(*options)

type options struct {
	now           func() time.Time
	limiter       Limiter
	log           *slog.Logger
	flushInterval time.Duration
	keyCacheTTL   time.Duration
	links         spac.ExportLinkStore
}

// WithExportLinks lets the Guard serve export links (spac.AuthLink routes) from the store.
func WithExportLinks(s spac.ExportLinkStore) Option { return func(o *options) { o.links = s } }

// DefaultFlushInterval is how often the Guard writes its in-memory counters to the store; it is
// also the most counting a crash can lose.
const DefaultFlushInterval = time.Second

// WithClock injects the clock (tests).
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithLimiter replaces the default in-memory write-behind limiter (e.g. by NewStoreLimiter).
func WithLimiter(l Limiter) Option { return func(o *options) { o.limiter = l } }

// WithLogger sets the logger for store errors (never given key material).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = logctx.Logger(l) } }

// WithFlushInterval sets how often counters are written to the store; d <= 0 disables the
// background flusher (counters are then written only by Guard.Flush and Guard.Shutdown).
func WithFlushInterval(d time.Duration) Option { return func(o *options) { o.flushInterval = d } }

// WithKeyCacheTTL sets how long a cached key is trusted (DefaultKeyCacheTTL); d <= 0 disables
// the cache, every request then reads the KeyStore.
func WithKeyCacheTTL(d time.Duration) Option { return func(o *options) { o.keyCacheTTL = d } }

func buildOptions(opts []Option) options {
	o := options{now: time.Now, log: slog.Default(), flushInterval: DefaultFlushInterval, keyCacheTTL: DefaultKeyCacheTTL}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}
