package fold

import (
	"math/big"
	"strings"
)

// Money, share counts and ratios are computed exactly with math/big.Rat: values arrive as
// decimal strings and leave as decimal strings, never through a binary float.

// dec parses a plain decimal fact value ("250000000.00", "10.1500", "11500000").
func dec(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	if s == "" || !decimalRe.MatchString(s) {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// fixed formats r with exactly places fractional digits, rounded half away from zero.
func fixed(r *big.Rat, places int) string { return r.FloatString(places) }

// integral formats a whole number; ok is false when r is not one.
func integral(r *big.Rat) (string, bool) {
	if !r.IsInt() {
		return "", false
	}
	return r.Num().String(), true
}

func add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }

// quo returns a/b, or false when b is zero.
func quo(a, b *big.Rat) (*big.Rat, bool) {
	if b.Sign() == 0 {
		return nil, false
	}
	return new(big.Rat).Quo(a, b), true
}

// percent returns part/whole*100, or false when whole is not positive.
func percent(part, whole *big.Rat) (*big.Rat, bool) {
	if whole.Sign() <= 0 {
		return nil, false
	}
	p := new(big.Rat).Quo(part, whole)
	return p.Mul(p, big.NewRat(100, 1)), true
}
