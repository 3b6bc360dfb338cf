package spac

import (
	"fmt"
	"math/big"
	"regexp"
)

// Plausible ranges of numeric fact values. A value outside its range is a misreading - a
// 54-digit trust, "$1e308", a trust of $1.00 - not a fact about a SPAC: it would be served as
// data and sort before every real value. The bounds are generous (the largest SPAC trust was
// about $4 billion); ingest drops a value outside them and records why.
type bounds struct{ min, max *big.Rat }

func between(min, max string) bounds {
	lo, _ := new(big.Rat).SetString(min)
	hi, _ := new(big.Rat).SetString(max)
	return bounds{lo, hi}
}

// kindBounds bound every numeric value of a kind.
var kindBounds = map[ValueKind]bounds{
	KindMoney: between("0", "100000000000"),  // dollars: at most $100 billion
	KindPrice: between("0", "10000"),         // dollars per unit, share or warrant
	KindInt:   between("0", "1000000000000"), // shares, votes, units, days, months
}

// fieldBounds narrow the range of some fields.
var fieldBounds = map[string]bounds{
	FieldTrustSize:         between("1000000", "100000000000"), // an IPO trust under $1 million is no SPAC's
	FieldIPOGrossProceeds:  between("1000000", "100000000000"),
	FieldUnitPrice:         between("1", "1000"),
	FieldTrustPerUnit:      between("1", "1000"),
	FieldDeadlineMonths:    between("1", "240"),
	FieldWarrantTermMonths: between("1", "240"),
	FieldLockupDays:        between("0", "3650"),
	FieldLockupMonths:      between("0", "120"),
}

// plainNumber is the format numeric values are normalised to (fact.go), with a length bound
// that also keeps big.Rat from parsing exponents or thousands of digits.
var plainNumber = regexp.MustCompile(`^-?[0-9]{1,30}(\.[0-9]{1,10})?$`)

// Plausible returns nil when a fact value is within the plausible range of its field, or an
// error saying why not: a number out of range, or a numeric field whose value is not a plain
// decimal number. Text and date fields are not its concern.
func Plausible(field, value string) error {
	b, ok := fieldBounds[field]
	if !ok {
		if b, ok = kindBounds[FieldKind(field)]; !ok {
			return nil
		}
	}
	if !plainNumber.MatchString(value) {
		return fmt.Errorf("%s %.40q is not a plain decimal number of at most 30 digits", field, value)
	}
	v, _ := new(big.Rat).SetString(value)
	if v.Cmp(b.min) < 0 || v.Cmp(b.max) > 0 {
		return fmt.Errorf("%s %s is outside the plausible range %s to %s", field, value, b.min.FloatString(0), b.max.FloatString(0))
	}
	return nil
}
