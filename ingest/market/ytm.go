package market

import (
	"math"
	"math/big"
	"time"
)

// Yield is the annual yield of buying a share at a price today and redeeming it for the
// payout on the payout date, in percent with two fractional digits:
//
//	simple     = (payout / price - 1) * 365 / days * 100
//	compounded = ((payout / price) ^ (365 / days) - 1) * 100
//
// days is the number of days from today (UTC) to the payout date. The simple yield is exact
// (math/big); the compounded one goes through a float64 power (a ratio, never money), rounded
// to two digits.
type Yield struct {
	SimplePct     string
	CompoundedPct string // empty when the power overflows a float64
	Days          int
}

// YTM computes the yield; ok is false when an input is missing or unusable: a price or payout
// that is not a positive decimal, a payout date that is not a date or not after today. It
// never guesses a missing input.
func YTM(payout, payoutDate, price string, today time.Time) (Yield, bool) {
	v, okV := parsePrice(payout)
	p, okP := parsePrice(price)
	due, err := time.Parse(time.DateOnly, payoutDate)
	if !okV || !okP || err != nil || v.Sign() <= 0 || p.Sign() <= 0 {
		return Yield{}, false
	}
	days := daysFrom(today, due)
	if days <= 0 {
		return Yield{}, false
	}
	ratio := new(big.Rat).Quo(v, p)
	simple := new(big.Rat).Sub(ratio, big.NewRat(1, 1))
	simple.Mul(simple, big.NewRat(365*100, int64(days)))
	y := Yield{SimplePct: simple.FloatString(2), Days: days}
	r, _ := ratio.Float64()
	if c := (math.Pow(r, 365/float64(days)) - 1) * 100; !math.IsInf(c, 0) && !math.IsNaN(c) {
		y.CompoundedPct = new(big.Rat).SetFloat64(c).FloatString(2)
	}
	return y, true
}

// daysFrom counts whole days from the UTC day of from to the day to.
func daysFrom(from, to time.Time) int {
	f := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	return int(to.Sub(f).Hours() / 24)
}
