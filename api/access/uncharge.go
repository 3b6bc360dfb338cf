package access

import (
	"context"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// A 304 Not Modified is free: polling with If-None-Match must not exhaust a key's limits nor
// show up as usage (docs/api.md, "Polling and ETags"). The Guard charges every admitted request
// before its handler runs (it must decide before the handler whether to admit it); when the
// API then answers 304 it calls spac.Uncharge, which runs uncharge below: the request's
// windows and usage count are given back and the rate-limit headers, still unsent, are
// rewritten to the state after the refund.

// newUncharger is the func stored under spac.UnchargeKey, boxed once per Guard so that the
// hot path stores it without allocating.
func (g *Guard) newUncharger() any {
	return func(ctx any) {
		if c, ok := ctx.(*gin.Context); ok {
			g.uncharge(c)
		}
	}
}

// uncharge gives back what serve charged c. The windows are those of the clock now: a request
// whose answer straddles a minute boundary refunds the new minute, which a limiter never takes
// below zero.
func (g *Guard) uncharge(c *gin.Context) {
	if _, done := c.Get(unchargedKey); done {
		return
	}
	c.Set(unchargedKey, true)
	caller, now := spac.CallerOf(c), g.now()
	subject := anonymousSubject(c)
	if caller.KeyID != "" {
		subject = "key:" + caller.KeyID
		g.counters.add(usageID(c, caller.KeyID, now), -1, now)
	}
	d, err := g.limiter.Refund(context.WithoutCancel(c.Request.Context()), subject, g.tiers[caller.Tier], now)
	if err != nil {
		g.log.Warn("access: rate limit refund", "err", err)
		return
	}
	setLimitHeaders(c.Writer.Header(), d)
}

// unchargedKey marks a request already refunded, so a second call gives nothing back twice.
const unchargedKey = "access.uncharged"

// usageID is the usage counter of a keyed request.
func usageID(c *gin.Context, keyID string, now time.Time) counterID {
	route := c.GetString(RouteKey)
	if route == "" {
		route = c.FullPath()
	}
	if route == "" {
		route = "unmatched"
	}
	return counterID{kind: kindUsage, subject: keyID, window: dayNumber(now), route: route}
}
