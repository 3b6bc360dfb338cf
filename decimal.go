package spac

import "strings"

// GroupThousands writes a decimal string for people: thousands separators in the integer part,
// every digit kept ("9000000" -> "9,000,000", "-1234.5" -> "-1,234.5"). A value that is not a
// plain decimal is returned as it is, so a title never hides what the data says.
func GroupThousands(v string) string {
	sign, digits := "", v
	if rest, ok := strings.CutPrefix(v, "-"); ok {
		sign, digits = "-", rest
	}
	if !IsDecimal(v) {
		return v
	}
	whole, frac, hasFrac := strings.Cut(digits, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// IsDecimal reports whether v is a plain decimal: an optional minus, digits, and optionally a
// point followed by digits.
func IsDecimal(v string) bool {
	whole, frac, hasFrac := strings.Cut(strings.TrimPrefix(v, "-"), ".")
	return isDigits(whole) && (!hasFrac || isDigits(frac))
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
