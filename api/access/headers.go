package access

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// Header names, canonicalised once: the hot path assigns them without re-canonicalising.
var (
	hdrLimit = [2]string{
		http.CanonicalHeaderKey("X-RateLimit-Limit-Minute"), http.CanonicalHeaderKey("X-RateLimit-Limit-Day")}
	hdrRemaining = [2]string{
		http.CanonicalHeaderKey("X-RateLimit-Remaining-Minute"), http.CanonicalHeaderKey("X-RateLimit-Remaining-Day")}
	hdrReset     = http.CanonicalHeaderKey("X-RateLimit-Reset")
	hdrPolicy    = http.CanonicalHeaderKey("RateLimit-Policy")
	hdrRateLimit = http.CanonicalHeaderKey("RateLimit")
)

// setLimitHeaders writes the X-RateLimit-* headers and the IETF RateLimit-Policy / RateLimit
// pair (draft-ietf-httpapi-ratelimit-headers-09). (X-Data-Scope is package api's: it goes on
// data routes only.) Every value is an integer. A window without a limit (enterprise) has no
// X-RateLimit-Limit-<window> / X-RateLimit-Remaining-<window> pair and no item in the IETF
// pair, which is omitted when no window is limited: an absent header means "no limit", where
// any number would be a limit a client might obey.
// X-RateLimit-Reset is the seconds until the minute window resets (the day window's when only
// the day is limited); it is always sent.
//
// It runs on every request, so it allocates twice in all: every value is formatted into one
// stack buffer that becomes a single string the values are sliced from, and the one-element
// []string of every header share one backing array.
func setLimitHeaders(h http.Header, d Decision) {
	var buf [320]byte
	var v headerValues
	b := buf[:0]
	var limited [2]bool
	for i, w := range [2]Window{d.Minute, d.Day} {
		if limited[i] = !w.Unlimited(); limited[i] {
			b = v.end(hdrLimit[i], strconv.AppendInt(b, int64(w.Limit), 10))
			b = v.end(hdrRemaining[i], strconv.AppendInt(b, w.Remaining(), 10))
		}
	}
	reset := d.Minute
	if reset.Unlimited() && !d.Day.Unlimited() {
		reset = d.Day
	}
	b = v.end(hdrReset, strconv.AppendInt(b, reset.ResetSeconds(), 10))
	if limited[0] || limited[1] {
		b = v.end(hdrPolicy, appendPolicy(b, d, limited, false))
		b = v.end(hdrRateLimit, appendPolicy(b, d, limited, true))
	}
	v.set(h, string(b))
}

// headerValues records where each header's value ends in the shared buffer.
type headerValues struct {
	names [7]string
	ends  [7]int
	n     int
}

// end records that the value of name ends where b (the buffer just appended to) ends.
func (v *headerValues) end(name string, b []byte) []byte {
	v.names[v.n], v.ends[v.n] = name, len(b)
	v.n++
	return b
}

func (v *headerValues) set(h http.Header, all string) {
	slots := make([]string, v.n)
	start := 0
	for i := range v.n {
		slots[i] = all[start:v.ends[i]]
		h[v.names[i]] = slots[i : i+1 : i+1]
		start = v.ends[i]
	}
}

// appendPolicy appends RateLimit-Policy ("minute";q=60;w=60, ...) or, with state, RateLimit
// ("minute";r=59;t=40, ...) over the limited windows.
func appendPolicy(b []byte, d Decision, limited [2]bool, state bool) []byte {
	first := true
	for i, w := range [2]Window{d.Minute, d.Day} {
		if !limited[i] {
			continue
		}
		if !first {
			b = append(b, ", "...)
		}
		first = false
		if state {
			b = appendItem(b, w.Name, "r", w.Remaining(), "t", w.ResetSeconds())
		} else {
			b = appendItem(b, w.Name, "q", int64(w.Limit), "w", windowSeconds(w.Name))
		}
	}
	return b
}

// appendItem appends one structured-field list item: "name";k1=v1;k2=v2.
func appendItem(b []byte, name, k1 string, v1 int64, k2 string, v2 int64) []byte {
	b = append(append(append(b, '"'), name...), '"', ';')
	b = strconv.AppendInt(append(append(b, k1...), '='), v1, 10)
	b = append(append(b, ';'), k2...)
	return strconv.AppendInt(append(b, '='), v2, 10)
}

func windowSeconds(name string) int64 {
	if name == WindowDay {
		return 86400
	}
	return 60
}

// peekHeaders sets the limit headers of a subject without consuming quota (for 401/403).
func (g *Guard) peekHeaders(c *gin.Context, subject string, lim TierLimits, now time.Time) {
	d, err := g.limiter.Peek(c.Request.Context(), subject, lim, now)
	if err != nil {
		g.log.Warn("access: rate limit peek", "err", err)
		return
	}
	setLimitHeaders(c.Writer.Header(), d)
}

// refuseEntitlement answers a caller whose tier lacks the entitlement: 403 for a key, 401 for
// an anonymous caller (a key would help). No quota is consumed.
func (g *Guard) refuseEntitlement(c *gin.Context, caller spac.Caller, need spac.Entitlement, subject string, lim TierLimits, now time.Time) {
	g.peekHeaders(c, subject, lim, now)
	if caller.KeyID == "" {
		g.unauthorized(c, "", fmt.Sprintf("%s need an API key", need))
		return
	}
	g.fail(c, spac.Errorf(spac.EFORBIDDEN, "the %s tier does not include %s", caller.Tier, need))
}

// refuseLimit answers 429 naming the violated window; Retry-After is its reset.
func (g *Guard) refuseLimit(c *gin.Context, d Decision) {
	w := d.Minute
	if d.Violated == WindowDay {
		w = d.Day
	}
	c.Header("Retry-After", strconv.FormatInt(w.ResetSeconds(), 10))
	g.fail(c, spac.Errorf(spac.ERATELIMITED,
		"the %s limit of %d requests is exhausted; retry in %d s", w.Name, w.Limit, w.ResetSeconds()))
}

// unauthorized answers 401 with a Bearer challenge; extra is e.g. `error="invalid_token"`.
func (g *Guard) unauthorized(c *gin.Context, extra, message string) {
	challenge := `Bearer realm="` + Realm + `"`
	if extra != "" {
		challenge += ", " + extra
	}
	c.Header("WWW-Authenticate", challenge)
	g.fail(c, spac.Errorf(spac.EUNAUTHORIZED, "%s", message))
}

// fail records the error for the api renderer and stops the chain.
func (g *Guard) fail(c *gin.Context, err *spac.Error) {
	_ = c.Error(err)
	c.Abort()
}
