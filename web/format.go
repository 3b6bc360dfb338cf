package web

import (
	"html/template"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"github.com/spacdata/spac"
)

// kind says how a value is written. Values are shown exactly as served (decimal strings),
// only grouped in thousands and given their unit: the explorer never rounds.
type kind int

const (
	kText  kind = iota
	kMoney      // "83850265.00" -> "$83,850,265.00"
	kPrice      // "11.1800" -> "$11.1800"
	kInt        // "7500000" -> "7,500,000"
	kPct        // "75.00" -> "75.00 %"
	kDate       // YYYY-MM-DD as is
)

// formatValue writes v as kind k; a value that is not a plain decimal is shown as it is.
func formatValue(v string, k kind) string {
	if v == "" {
		return ""
	}
	switch k {
	case kMoney, kPrice:
		if g, ok := groupDecimal(v); ok {
			if strings.HasPrefix(g, "-") {
				return "-$" + g[1:]
			}
			return "$" + g
		}
	case kInt:
		if g, ok := groupDecimal(v); ok {
			return g
		}
	case kPct:
		if g, ok := groupDecimal(v); ok {
			return g + " %"
		}
	}
	return v
}

// groupDecimal puts thousands separators into the integer part of a decimal string; ok is
// false for anything else, which is then shown as written.
func groupDecimal(v string) (string, bool) {
	return spac.GroupThousands(v), spac.IsDecimal(v)
}

// maxQuoteInURL bounds the quote a filing link carries to be marked on the line; a longer
// quote (a term's whole sentence) is not carried, and the line is highlighted alone.
const maxQuoteInURL = 200

// filingHref is the filing view at a cited line: ?line= highlights it, &quote= marks the
// quote in it, #L<n> scrolls to it (no script needed).
func filingHref(accession string, line int, quote string) string {
	q := url.Values{}
	if line > 0 {
		q.Set("line", strconv.Itoa(line))
	}
	if quote != "" && len(quote) <= maxQuoteInURL {
		q.Set("quote", quote)
	}
	h := pathFiling + url.PathEscape(accession)
	if len(q) > 0 {
		h += "?" + q.Encode()
	}
	if line > 0 {
		h += "#L" + strconv.Itoa(line)
	}
	return h
}

func spacHref(symbol string) string { return pathSPAC + url.PathEscape(symbol) }

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	"spacHref":   spacHref,
	"filingHref": filingHref,
	"money":      func(v string) string { return formatValue(v, kMoney) },
	"price":      func(v string) string { return formatValue(v, kPrice) },
	"int":        func(v string) string { return formatValue(v, kInt) },
	"pct":        func(v string) string { return formatValue(v, kPct) },
	"label":      label,
	"statusName": func(s spac.Status) string { return label(string(s)) },
	"add":        func(a, b int) int { return a + b },
}

// label turns a field or enum name into words: "trust_per_share" -> "trust per share", and
// the API's camelCase names ("occurredAt", which an alert cites) -> "occurred at".
func label(name string) string {
	var b strings.Builder
	prev := ' '
	for _, r := range name {
		switch {
		case r == '_' || r == '.':
			b.WriteByte(' ')
		case unicode.IsUpper(r) && unicode.IsLower(prev): // an acronym (CIK) stays whole
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}
