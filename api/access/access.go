// Package access is the access layer of the HTTP API: it authenticates callers (API keys, the
// admin token), enforces tier entitlements and rate limits, counts per-key usage and manages the
// key lifecycle (DECISIONS.md, "Access, tiers and limits").
//
// Design notes (the README's design section summarises these):
//   - Keys are looked up by the SHA-256 of the presented secret with KeyStore.KeyByHash on every
//     request; there is no key cache, so a revocation is effective on the very next request.
//     The stored hash is compared with the computed one in constant time.
//   - Rate limits use fixed windows: the clock minute and the UTC day (reset at 00:00 UTC).
//     Counters live in spac.CounterStore, so they survive a restart and a shared store can back
//     several replicas. A request refused by a limit does not consume quota.
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
)

// TierLimits are one tier's limits and entitlements. A zero PerMinute or PerDay is unlimited.
type TierLimits struct {
	PerMinute int  `json:"perMinute"`
	PerDay    int  `json:"perDay"`
	Sample    bool `json:"sample"` // served the sample SPACs only
	Alerts    bool `json:"alerts"`
	Streams   bool `json:"streams"`
	Webhooks  bool `json:"webhooks"`
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

// DefaultTiers returns the tier table of DECISIONS.md. Each call returns a fresh map.
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
	now     func() time.Time
	limiter Limiter
	log     *slog.Logger
}

// WithClock injects the clock (tests).
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithLimiter replaces the default CounterStore-backed limiter.
func WithLimiter(l Limiter) Option { return func(o *options) { o.limiter = l } }

// WithLogger sets the logger for store errors (never given key material).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = l } }

func buildOptions(counters spac.CounterStore, opts []Option) options {
	o := options{now: time.Now, log: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	if o.limiter == nil {
		o.limiter = NewStoreLimiter(counters)
	}
	return o
}
