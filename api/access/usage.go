package access

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
)

// Usage counters: "use/<keyID>/<yyyymmdd>/<route>", kept for usageTTL. Anonymous requests are
// not counted here (they are rate limited per IP, which is all the operator needs).
const (
	usageTTL     = 400 * 24 * time.Hour
	MaxUsageDays = 366
	dayFormat    = "20060102"
)

// Usage is a key's request counts per UTC day and endpoint, oldest day first.
type Usage struct {
	// The key the usage is of.
	KeyID string `json:"keyId"`
	// First day counted (UTC, YYYY-MM-DD).
	From string `json:"from" jsonschema:"format=date"`
	// Last day counted (UTC, YYYY-MM-DD).
	To string `json:"to" jsonschema:"format=date"`
	// Requests counted over the range.
	Total int64 `json:"total"`
	// The count of each day.
	Days []DayUsage `json:"days"`
}

// DayUsage is one day of Usage; Endpoints maps route name to requests.
type DayUsage struct {
	// The day (UTC, YYYY-MM-DD).
	Date string `json:"date" jsonschema:"format=date"`
	// Requests counted that day.
	Total int64 `json:"total"`
	// Requests counted that day per operation name.
	Endpoints map[string]int64 `json:"endpoints"`
}

func usagePrefix(keyID string) string { return "use/" + keyID + "/" }

// CounterTTLs are the TTLs the Guard gives its counters (minute windows, day windows, usage):
// a store keeping counters per TTL (natsjs.Counters) can prepare them before the first request.
func CounterTTLs() []time.Duration { return []time.Duration{minuteTTL, dayTTL, usageTTL} }

// countUsage counts an admitted keyed request in memory; the Guard's flusher writes it behind.
func (g *Guard) countUsage(c *gin.Context, caller spac.Caller, now time.Time) {
	if caller.KeyID == "" {
		return
	}
	g.counters.add(usageID(c, caller.KeyID, now), 1, now)
}

// readUsage collects the usage of keyID over the last `days` UTC days ending today.
func readUsage(ctx context.Context, counters spac.CounterStore, keyID string, days int, now time.Time) (Usage, error) {
	if days < 1 || days > MaxUsageDays {
		return Usage{}, spac.InvalidParam("days", "days must be between 1 and %d", MaxUsageDays)
	}
	today := now.UTC().Truncate(24 * time.Hour)
	first := today.AddDate(0, 0, 1-days)
	u := Usage{KeyID: keyID, From: first.Format(time.DateOnly), To: today.Format(time.DateOnly)}
	u.Days = make([]DayUsage, 0, days) // capacity fixed: byDay points into it
	byDay := map[string]*DayUsage{}
	for d := first; !d.After(today); d = d.AddDate(0, 0, 1) {
		u.Days = append(u.Days, DayUsage{Date: d.Format(time.DateOnly), Endpoints: map[string]int64{}})
		byDay[d.Format(dayFormat)] = &u.Days[len(u.Days)-1]
	}
	prefix := usagePrefix(keyID)
	err := counters.Scan(ctx, prefix, func(key string, n int64) error {
		day, route, ok := strings.Cut(strings.TrimPrefix(key, prefix), "/")
		if du := byDay[day]; ok && du != nil && n > 0 {
			du.Endpoints[route] += n
			du.Total += n
			u.Total += n
		}
		return nil
	})
	return u, err
}

// Routes lists the endpoints of a usage report, most used first over all its days.
func (u Usage) Routes() []string {
	totals := map[string]int64{}
	for _, d := range u.Days {
		for r, n := range d.Endpoints {
			totals[r] += n
		}
	}
	return MostUsed(totals)
}

// MostUsed orders endpoints by their request counts, most first, then by name.
func MostUsed(counts map[string]int64) []string {
	routes := make([]string, 0, len(counts))
	for r := range counts {
		routes = append(routes, r)
	}
	sort.Slice(routes, func(i, j int) bool {
		if counts[routes[i]] != counts[routes[j]] {
			return counts[routes[i]] > counts[routes[j]]
		}
		return routes[i] < routes[j]
	})
	return routes
}
