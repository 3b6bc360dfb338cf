package api

import (
	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// Guard is the access layer (package api/access implements it): Handler returns the middleware
// of one route. It authenticates the caller, enforces the entitlement and the rate limits,
// stores the spac.Caller under spac.CallerKey and calls c.Next(); on failure it records a
// *spac.Error with c.Error and aborts, and this package's renderer writes the problem.
type Guard interface {
	Handler(mode spac.AuthMode, need spac.Entitlement) gin.HandlerFunc
}

// AuthNone marks routes served without the Guard (the health probe must answer even when the
// access layer cannot, and is never rate limited).
const AuthNone spac.AuthMode = "none"

// StaticGuard treats every request as coming from Caller: no authentication, no limits. It is
// meant for tests and for local tools.
type StaticGuard struct{ Caller spac.Caller }

// Handler implements Guard.
func (g StaticGuard) Handler(spac.AuthMode, spac.Entitlement) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Set(spac.CallerKey, g.Caller)
		c.Next()
	}
}

// OpenGuard lets everyone in as an anonymous caller with the full universe (tests).
type OpenGuard struct{}

// Handler implements Guard.
func (OpenGuard) Handler(mode spac.AuthMode, need spac.Entitlement) gin.HandlerFunc {
	return StaticGuard{Caller: spac.Caller{Tier: spac.TierAnonymous}}.Handler(mode, need)
}

// sampleGuard is used when Deps.Guard is nil: failing closed, everyone is an anonymous
// caller restricted to the sample.
func sampleGuard() Guard {
	return StaticGuard{Caller: spac.Caller{Tier: spac.TierAnonymous, Sample: true}}
}

// CallerFrom returns the caller the Guard established. A request without one (a route the
// Guard did not run on) is treated as anonymous and sample-scoped, so a wiring mistake never
// widens access.
func CallerFrom(c *gin.Context) spac.Caller { return spac.CallerOf(c) }
