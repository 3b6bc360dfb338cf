package access

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// RouteKey is the gin context key under which package api may store the route name used for
// usage counting; when absent, c.FullPath() is used.
const RouteKey = "route"

// Realm is the realm of the WWW-Authenticate challenge.
const Realm = "spac-data-api"

// Guard is the access middleware factory (it implements api.Guard). It owns a goroutine that
// writes its counters to the store: call Shutdown (or Close) when the server stops.
type Guard struct {
	cfg        Config
	tiers      map[spac.Tier]TierLimits
	keys       spac.KeyStore
	counters   *tally
	cache      *keyCache
	limiter    Limiter
	failures   *authFailures
	links      spac.ExportLinkStore // nil: no export link is valid
	unchargeFn any                  // spac.UnchargeKey's func, boxed once
	now        func() time.Time
	log        *slog.Logger
	service    *Keys

	stopOnce    sync.Once
	stop        chan struct{}
	flusherDone chan struct{}
}

// New returns a Guard over the key and counter stores and starts its counter flusher.
func New(cfg Config, keys spac.KeyStore, counters spac.CounterStore, opts ...Option) *Guard {
	o := buildOptions(opts)
	g := &Guard{
		cfg: cfg, tiers: cfg.tiers(), keys: keys, counters: newTally(counters),
		cache: newKeyCache(o.keyCacheTTL), limiter: o.limiter, failures: newAuthFailures(cfg.AuthFailuresPerMinute),
		now: o.now, log: o.log, links: o.links,
		stop: make(chan struct{}), flusherDone: make(chan struct{}),
	}
	if g.limiter == nil {
		g.limiter = memoryLimiter{g.counters}
	}
	g.unchargeFn = g.newUncharger()
	g.service = newKeys(keys, counters, g.tiers, o)
	g.service.cache, g.service.flush = g.cache, g.Flush
	go g.runFlusher(o.flushInterval)
	return g
}

// Keys returns the key lifecycle service sharing the Guard's stores, tiers, clock and key cache.
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
	case spac.AuthLink:
		return func(c *gin.Context) { g.serveLink(c, need) }
	}
	panic(fmt.Sprintf("access: unknown auth mode %q", mode))
}

// The anonymous caller, and the same boxed once: c.Set of a struct would allocate per request.
var (
	anonymousCaller     = spac.Caller{Tier: spac.TierAnonymous, Sample: true}
	anonymousBoxed  any = anonymousCaller
)

func (g *Guard) serve(c *gin.Context, mode spac.AuthMode, need spac.Entitlement) {
	now := g.now()
	key, ok := g.authenticate(c, mode, now)
	if !ok {
		return
	}
	g.admit(c, key, mode, need, now)
}

// admit applies the caller's entitlement and rate limits, counts its usage and runs the rest
// of the chain; key is the zero cachedKey for an anonymous caller.
func (g *Guard) admit(c *gin.Context, key cachedKey, mode spac.AuthMode, need spac.Entitlement, now time.Time) {
	caller, boxed, subject := key.caller, key.boxed, key.subject
	if subject == "" {
		caller, boxed, subject = anonymousCaller, anonymousBoxed, anonymousSubject(c)
	}
	lim := g.tiers[caller.Tier]
	if !(mode == spac.AuthOptional && need == spac.EntitleStreams) && !lim.Allows(need) {
		g.refuseEntitlement(c, caller, need, subject, lim, now)
		return
	}
	d, err := g.limiter.Take(c.Request.Context(), subject, lim, now)
	if err != nil {
		g.log.ErrorContext(c.Request.Context(), "access: rate limiter", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "rate limiting is temporarily unavailable"))
		return
	}
	if !d.Allowed {
		setLimitHeaders(c.Writer.Header(), d)
		g.refuseLimit(c, d)
		return
	}
	setLimitHeaders(c.Writer.Header(), d)
	c.Set(spac.CallerKey, boxed)
	c.Set(spac.UnchargeKey, g.unchargeFn)
	g.countUsage(c, caller, now)
	c.Next()
}

// authenticate establishes the caller: a cached key, or the zero cachedKey for an anonymous
// caller. On failure it has already aborted the request.
func (g *Guard) authenticate(c *gin.Context, mode spac.AuthMode, now time.Time) (cachedKey, bool) {
	secret, present, wellFormed := bearer(c)
	switch {
	case present && !wellFormed:
		g.rejectCredentials(c, `error="invalid_request"`, "the Authorization header must be \"Bearer <key>\"")
		return cachedKey{}, false
	case !present && mode == spac.AuthRequired:
		g.peekHeaders(c, anonymousSubject(c), g.tiers[spac.TierAnonymous], now)
		g.unauthorized(c, "", "this endpoint requires an API key")
		return cachedKey{}, false
	case !present:
		return cachedKey{}, true
	}
	key, err := g.lookup(c, secret, now)
	if err != nil {
		return cachedKey{}, false
	}
	if _, known := g.tiers[key.key.Tier]; !known || key.key.Tier == spac.TierAnonymous {
		g.fail(c, spac.Errorf(spac.EFORBIDDEN, "the key's tier %q is not offered", key.key.Tier))
		return cachedKey{}, false
	}
	return key, true
}

// lookup finds the live key for a secret, from the cache or the store; on failure it has
// already aborted the request.
func (g *Guard) lookup(c *gin.Context, secret string, now time.Time) (cachedKey, error) {
	sum := sumSecret(secret)
	key, hit := g.cache.get(sum, now)
	if !hit {
		var err error
		if key, err = g.load(c, sum, now); err != nil {
			return key, err
		}
	}
	if !key.key.ActiveAt(now) {
		g.rejectCredentials(c, `error="invalid_token"`, "the API key has been revoked")
		return key, errInvalidKey
	}
	return key, nil
}

// load reads the key of sum from the store and caches it.
func (g *Guard) load(c *gin.Context, sum [sha256.Size]byte, now time.Time) (cachedKey, error) {
	epoch := g.cache.currentEpoch()
	hash := hex.EncodeToString(sum[:])
	key, err := g.keys.KeyByHash(c.Request.Context(), hash)
	if err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		g.log.ErrorContext(c.Request.Context(), "access: key lookup", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "key verification is temporarily unavailable"))
		return cachedKey{}, err
	}
	if err != nil || subtle.ConstantTimeCompare([]byte(key.Hash), []byte(hash)) != 1 {
		g.rejectCredentials(c, `error="invalid_token"`, "the API key is not valid")
		return cachedKey{}, errInvalidKey
	}
	as, err := g.successor(c, key, now)
	if err != nil {
		return cachedKey{}, err
	}
	entry := g.cache.newCachedKey(key, as, g.tiers[as.Tier].Sample, now)
	g.cache.fill(sum, entry, epoch)
	return entry, nil
}

// maxRotations bounds the chain of rotations followed from an old secret in its grace period.
const maxRotations = 8

// successor is the key a secret acts as: the key itself, or, for a rotated key still in its
// grace period, the key it was rotated into (followed through further rotations). A chain that
// does not end in a live key acts as the secret's own key, which lookup then refuses.
func (g *Guard) successor(c *gin.Context, key spac.APIKey, now time.Time) (spac.APIKey, error) {
	as := key
	for range maxRotations {
		if as.ReplacedBy == "" || !as.ActiveAt(now) {
			break
		}
		next, err := g.keys.Key(c.Request.Context(), as.ReplacedBy)
		if spac.ErrorCode(err) == spac.ENOTFOUND {
			return key, nil
		}
		if err != nil {
			g.log.ErrorContext(c.Request.Context(), "access: key lookup", "err", err)
			g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "key verification is temporarily unavailable"))
			return key, err
		}
		as = next
	}
	return as, nil
}

var errInvalidKey = errors.New("invalid key")

// admin checks the admin token in constant time (both sides hashed so lengths do not leak).
// A token presented and wrong is a failed authentication, counted per IP like a bad key.
func (g *Guard) admin(c *gin.Context) {
	secret, present, wellFormed := bearer(c)
	want := sha256.Sum256([]byte(g.cfg.AdminToken))
	got := sha256.Sum256([]byte(secret))
	switch {
	case present && (!wellFormed || subtle.ConstantTimeCompare(want[:], got[:]) != 1 || g.cfg.AdminToken == ""):
		g.rejectCredentials(c, "", "this endpoint requires the admin token")
	case !present:
		g.unauthorized(c, "", "this endpoint requires the admin token")
	default:
		c.Next()
	}
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

func anonymousSubject(c *gin.Context) string { return "ip:" + c.ClientIP() }
