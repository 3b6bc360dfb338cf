package ixbrl

import (
	"strconv"
	"strings"
)

// NumericValue normalises the displayed text of an ix:nonFraction into a plain decimal
// string: the format (ixt transform) decides how to read the digits, scale shifts the
// decimal point (scale 6: "1.5" -> "1500000"), sign "-" negates. It works on strings, never
// floats, so no precision is lost. ok is false when the text cannot be read.
func NumericValue(text, format, scale, sign string) (string, bool) {
	digits, ok := readDigits(strings.TrimSpace(text), formatName(format))
	if !ok {
		return "", false
	}
	n := 0
	if scale = strings.TrimSpace(scale); scale != "" {
		var err error
		if n, err = strconv.Atoi(scale); err != nil || n < -30 || n > 30 {
			return "", false
		}
	}
	v := shift(digits, n)
	if strings.TrimSpace(sign) == "-" && v != "0" {
		v = "-" + v
	}
	return v, true
}

// formatName drops the namespace prefix: "ixt:num-dot-decimal" -> "num-dot-decimal".
func formatName(format string) string {
	format = strings.ToLower(strings.TrimSpace(format))
	if i := strings.LastIndexByte(format, ':'); i >= 0 {
		format = format[i+1:]
	}
	return format
}

// readDigits returns the unsigned number of text as "123" or "123.45" for a format.
func readDigits(text, format string) (string, bool) {
	switch format {
	case "fixed-zero", "zerodash", "fixedzero", "zero-dash":
		return "0", true
	case "numwordsen", "num-word-en":
		return wordNumber(text)
	case "num-comma-decimal", "numcommadecimal", "numspacecomma", "numdotcomma":
		return keepNumber(text, ',')
	default: // num-dot-decimal, numdotdecimal, numcommadot, numspacedot, or none
		return keepNumber(text, '.')
	}
}

// keepNumber keeps the digits of text and the first decimal separator; any other character
// (group separators, currency signs, parentheses, spaces) is dropped. Text without digits
// is only accepted when it is a dash, which iXBRL filers use for zero.
func keepNumber(text string, decimal rune) (string, bool) {
	var b strings.Builder
	seenDecimal, seenDigit := false, false
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
			seenDigit = true
		case r == decimal && !seenDecimal:
			b.WriteByte('.')
			seenDecimal = true
		}
	}
	if !seenDigit {
		switch strings.TrimSpace(text) {
		case "-", "—", "–":
			return "0", true
		}
		return "", false
	}
	return b.String(), true
}

// shift moves the decimal point of an unsigned decimal by n places and returns it in
// canonical form: no leading zeros, no trailing fractional zeros, no dangling point.
func shift(num string, n int) string {
	intPart, frac, _ := strings.Cut(num, ".")
	digits := intPart + frac
	point := len(intPart) + n // position of the decimal point within digits
	switch {
	case point <= 0:
		digits = strings.Repeat("0", 1-point) + digits
		point = 1
	case point > len(digits):
		digits += strings.Repeat("0", point-len(digits))
	}
	i, f := strings.TrimLeft(digits[:point], "0"), strings.TrimRight(digits[point:], "0")
	if i == "" {
		i = "0"
	}
	if f == "" {
		return i
	}
	return i + "." + f
}

var smallNumbers = map[string]int{
	"no": 0, "none": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
	"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

var wordScales = map[string]int{"hundred": 100, "thousand": 1000, "million": 1000000, "billion": 1000000000}

// wordNumber reads English number words (ixt-sec:numwordsen): "twenty-four" -> "24".
func wordNumber(text string) (string, bool) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return r == ' ' || r == '-' || r == ',' || r == '\u00a0'
	})
	total, current, seen := 0, 0, false
	for _, w := range words {
		if w == "and" {
			continue
		}
		if v, ok := smallNumbers[w]; ok {
			current += v
		} else if s, ok := wordScales[w]; ok {
			if current == 0 {
				current = 1
			}
			if s == 100 {
				current *= s
			} else {
				total += current * s
				current = 0
			}
		} else {
			return "", false
		}
		seen = true
	}
	if !seen {
		return "", false
	}
	return strconv.Itoa(total + current), true
}
