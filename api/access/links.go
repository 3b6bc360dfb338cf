package access

import (
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// An export link (spac.ExportLink) authenticates a request by the token in its query, for the
// spreadsheet tools that cannot send an Authorization header. The request then acts as the
// key that made the link: the key's tier, entitlements, rate limits and usage apply, and the
// link stops working when the key does (revoked; rotated, once its grace period ends).

// LinkTokenParam is the query parameter carrying an export link's token.
const LinkTokenParam = "token"

// serveLink is the Guard of an AuthLink route.
func (g *Guard) serveLink(c *gin.Context, need spac.Entitlement) {
	now := g.now()
	key, ok := g.linkKey(c, now)
	if !ok {
		return
	}
	g.admit(c, key, spac.AuthRequired, need, now)
}

// linkKey finds the live link of the request's token and the key it acts as; on failure it
// has already aborted the request.
func (g *Guard) linkKey(c *gin.Context, now time.Time) (cachedKey, bool) {
	token := c.Request.URL.Query().Get(LinkTokenParam) // not c.Query: gin's query cache must stay empty, the API rewrites the query

	if token == "" || g.links == nil {
		g.unauthorized(c, "", "this export link needs its token= parameter")
		return cachedKey{}, false
	}
	link, err := g.links.ExportLinkByHash(c.Request.Context(), HashSecret(token))
	if err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		g.log.ErrorContext(c.Request.Context(), "access: export link lookup", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "export link verification is temporarily unavailable"))
		return cachedKey{}, false
	}
	if err != nil || !link.ActiveAt(now) {
		g.rejectCredentials(c, `error="invalid_token"`, "the export link is not valid or has expired")
		return cachedKey{}, false
	}
	key, ok := g.linkOwner(c, link, now)
	if ok {
		c.Set(spac.ExportLinkKey, link)
	}
	return key, ok
}

// linkOwner is the key a link acts as: its owner, or the key the owner was rotated into while
// the owner's grace period runs.
func (g *Guard) linkOwner(c *gin.Context, link spac.ExportLink, now time.Time) (cachedKey, bool) {
	owner, err := g.keys.Key(c.Request.Context(), link.KeyID)
	if err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		g.log.ErrorContext(c.Request.Context(), "access: key lookup", "err", err)
		g.fail(c, spac.Errorf(spac.EUNAVAILABLE, "key verification is temporarily unavailable"))
		return cachedKey{}, false
	}
	if err != nil || !owner.ActiveAt(now) {
		g.rejectCredentials(c, `error="invalid_token"`, "the key that made this export link has been revoked")
		return cachedKey{}, false
	}
	as, err := g.successor(c, owner, now)
	if err != nil {
		return cachedKey{}, false
	}
	if _, known := g.tiers[as.Tier]; !known || as.Tier == spac.TierAnonymous {
		g.fail(c, spac.Errorf(spac.EFORBIDDEN, "the key's tier %q is not offered", as.Tier))
		return cachedKey{}, false
	}
	return g.cache.newCachedKey(owner, as, g.tiers[as.Tier].Sample, now), true
}
