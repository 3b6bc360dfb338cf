package access

import (
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// authFailures counts failed authentications per client IP in the current clock minute
// (Config.AuthFailuresPerMinute). Without it a flood of invalid keys would never be limited:
// rate limits count admitted callers, and a request with a bad key never becomes one.
//
// Only failures are counted and only they are refused: a valid key is served whatever its IP
// did (clients behind one NAT share an IP), and its lookup never consults this table. The
// counts live in memory only (losing them at a restart merely reopens a minute), and the map
// is replaced when the minute turns, so it holds at most one minute of offending IPs.
type authFailures struct {
	limit int // per IP per clock minute; 0 = unlimited

	mu     sync.Mutex
	minute int64 // unix minute the counts belong to
	counts map[string]int
}

func newAuthFailures(limit int) *authFailures {
	return &authFailures{limit: limit, counts: map[string]int{}}
}

// record counts one failure of ip at now and reports whether the IP is now over the limit,
// with the time left until the window resets.
func (a *authFailures) record(ip string, now time.Time) (over bool, reset time.Duration) {
	if a.limit <= 0 {
		return false, 0
	}
	minute := now.Unix() / 60
	a.mu.Lock()
	defer a.mu.Unlock()
	if minute != a.minute {
		a.minute, a.counts = minute, map[string]int{}
	}
	a.counts[ip]++
	return a.counts[ip] > a.limit, time.Unix((minute+1)*60, 0).Sub(now)
}

// rejectCredentials answers a request whose credentials failed: 401 with the Bearer
// challenge, or 429 with Retry-After once its IP has failed more than the limit this minute.
func (g *Guard) rejectCredentials(c *gin.Context, extra, message string) {
	over, reset := g.failures.record(c.ClientIP(), g.now())
	if !over {
		g.unauthorized(c, extra, message)
		return
	}
	secs := max(int64((reset+time.Second-1)/time.Second), 1)
	c.Header("Retry-After", strconv.FormatInt(secs, 10))
	g.fail(c, spac.Errorf(spac.ERATELIMITED,
		"more than %d failed authentications from this address this minute; retry in %d s", g.failures.limit, secs))
}
