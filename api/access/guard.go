package access

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// RouteKey is the gin context key under which package api may store the route name used for
// usage counting; when absent, c.FullPath() is used.
const RouteKey = "route"

// Realm is the realm of the WWW-Authenticate challenge.
const Realm = "spac-data-api"

// Guard is the access middleware factory (it implements api.Guard).
type Guard struct {
	cfg      Config
	tiers    map[spac.Tier]TierLimits
	keys     spac.KeyStore
	counters spac.CounterStore
	limiter  Limiter
	now      func() time.Time
	log      *slog.Logger
	service  *Keys
}

// New returns a Guard over the key and counter stores.
func New(cfg Config, keys spac.KeyStore, counters spac.CounterStore, opts ...Option) *Guard {
	o := buildOptions(counters, opts)
	g := &Guard{
		cfg: cfg, tiers: cfg.tiers(), keys: keys, counters: counters,
		limiter: o.limiter, now: o.now, log: o.log,
	}
	g.service = newKeys(keys, counters, g.tiers, o)
	return g
}

// Keys returns the key lifecycle service sharing the Guard's stores, tiers and clock.
func (g *Guard) Keys() *Keys { return g.service }

// Handler returns the middleware for a route with the given auth mode and entitlement.
// An AuthOptional route needing EntitleStreams is the news stream: open to anonymous callers
// (sample scope) and hence to every tier; streams on AuthRequired routes need the entitlement.
// An unknown mode is a bug in the route table and panics when the route is registered.
func (g *Guard) Handler(mode spac.AuthMode, need spac.Entitlement) gin.HandlerFunc {
	switch mode {
	case spac.AuthAdmin:
		return g.admin
	case spac.AuthOptional, spac.AuthRequired:
		return func(c *gin.Context) { g.serve(c, mode, need) }
	}
	panic(fmt.Sprintf("access: unknown auth mode %q", mode))
}

func (g *Guard) serve(c *gin.Context, mode spac.AuthMode, need spac.Entitlement) {
	caller, ok := g.authenticate(c, mode)
	if !ok {
		return
	}
	lim := g.tiers[caller.Tier]
	subject := subjectOf(c, caller)
	now := g.now()
	if !(mode == spac.AuthOptional && need == spac.EntitleStreams) && !lim.Allows(need) {
		g.refuseEntitlement(c, caller, need, subject, lim, now)
		return
	}
	d, err := g.limiter.Take(c.Request.Context(), subject, lim, now)
	if err != nil {
		g.log.Error("access: rate limiter", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "rate limiting is temporarily unavailable"))
		return
	}
	setLimitHeaders(c.Writer.Header(), d)
	if !d.Allowed {
		g.refuseLimit(c, d)
		return
	}
	setScope(c, caller)
	c.Set(spac.CallerKey, caller)
	g.countUsage(c, caller, now)
	c.Next()
}

// authenticate establishes the caller; on failure it has already aborted the request.
func (g *Guard) authenticate(c *gin.Context, mode spac.AuthMode) (spac.Caller, bool) {
	secret, present, wellFormed := bearer(c)
	switch {
	case present && !wellFormed:
		g.unauthorized(c, `error="invalid_request"`, "the Authorization header must be \"Bearer <key>\"")
		return spac.Caller{}, false
	case !present && mode == spac.AuthRequired:
		g.peekHeaders(c, anonymousSubject(c), g.tiers[spac.TierAnonymous], g.now())
		g.unauthorized(c, "", "this endpoint requires an API key")
		return spac.Caller{}, false
	case !present:
		return spac.Caller{Tier: spac.TierAnonymous, Sample: true}, true
	}
	key, err := g.lookup(c, secret)
	if err != nil {
		return spac.Caller{}, false
	}
	lim, known := g.tiers[key.Tier]
	if !known || key.Tier == spac.TierAnonymous {
		g.fail(c, spac.Errorf(spac.EFORBIDDEN, "the key's tier %q is not offered", key.Tier))
		return spac.Caller{}, false
	}
	return spac.Caller{KeyID: key.ID, Tier: key.Tier, Sample: lim.Sample}, true
}

// lookup finds the live key for a secret; on failure it has already aborted the request.
func (g *Guard) lookup(c *gin.Context, secret string) (spac.APIKey, error) {
	hash := HashSecret(secret)
	key, err := g.keys.KeyByHash(c.Request.Context(), hash)
	if err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		g.log.Error("access: key lookup", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "key verification is temporarily unavailable"))
		return key, err
	}
	if err != nil || subtle.ConstantTimeCompare([]byte(key.Hash), []byte(hash)) != 1 {
		g.unauthorized(c, `error="invalid_token"`, "the API key is not valid")
		return key, errInvalidKey
	}
	if key.Revoked() {
		g.unauthorized(c, `error="invalid_token"`, "the API key has been revoked")
		return key, errInvalidKey
	}
	return key, nil
}

var errInvalidKey = errors.New("invalid key")

// admin checks the admin token in constant time (both sides hashed so lengths do not leak).
func (g *Guard) admin(c *gin.Context) {
	secret, present, wellFormed := bearer(c)
	want := sha256.Sum256([]byte(g.cfg.AdminToken))
	got := sha256.Sum256([]byte(secret))
	if g.cfg.AdminToken == "" || !present || !wellFormed || subtle.ConstantTimeCompare(want[:], got[:]) != 1 {
		g.unauthorized(c, "", "this endpoint requires the admin token")
		return
	}
	c.Next()
}

// bearer extracts the secret of "Authorization: Bearer <secret>" (scheme case-insensitive).
func bearer(c *gin.Context) (secret string, present, wellFormed bool) {
	h := strings.TrimSpace(c.GetHeader("Authorization"))
	if h == "" {
		return "", false, false
	}
	scheme, rest, found := strings.Cut(h, " ")
	secret = strings.TrimSpace(rest)
	if !found || !strings.EqualFold(scheme, "Bearer") || secret == "" || strings.ContainsAny(secret, " \t") {
		return "", true, false
	}
	return secret, true, true
}

// HashSecret is the stored form of a key secret: hex SHA-256.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

func subjectOf(c *gin.Context, caller spac.Caller) string {
	if caller.KeyID != "" {
		return "key:" + caller.KeyID
	}
	return anonymousSubject(c)
}

func anonymousSubject(c *gin.Context) string { return "ip:" + c.ClientIP() }

func setScope(c *gin.Context, caller spac.Caller) {
	if caller.Sample {
		c.Header("X-Data-Scope", "sample")
	} else {
		c.Header("X-Data-Scope", "full")
	}
}
