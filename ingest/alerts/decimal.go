package alerts

import (
	"math/big"
	"strings"
	"time"
)

// Money and ratios use math/big.Rat: values arrive as exact decimal strings and must not pick up
// binary-float error before they are compared with a threshold or shown to a client.

// parseDecimal parses a plain decimal string ("250000000.00", "10.0213", "85"). Thousands
// separators, signs other than "-", exponents and fractions are rejected.
func parseDecimal(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "eE/,+") {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// percentOf returns part/whole*100, or false when whole is zero.
func percentOf(part, whole *big.Rat) (*big.Rat, bool) {
	if whole.Sign() == 0 {
		return nil, false
	}
	p := new(big.Rat).Quo(part, whole)
	return p.Mul(p, big.NewRat(100, 1)), true
}

// fixed formats r with exactly places fractional digits (rounded half away from zero).
func fixed(r *big.Rat, places int) string { return r.FloatString(places) }

// atLeast reports a >= b.
func atLeast(a, b *big.Rat) bool { return a.Cmp(b) >= 0 }

// parseDate parses YYYY-MM-DD as a UTC day.
func parseDate(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	return t, err == nil
}

// daysBetween returns the whole days from the UTC day of from to the day to.
func daysBetween(from, to time.Time) int {
	return int(to.Sub(day(from)).Hours() / 24)
}

// day is the UTC day of t, at midnight.
func day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
