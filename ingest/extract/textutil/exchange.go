package textutil

import "strings"

// ExchangeName normalises an exchange as written ("Nasdaq Global Market", "The Nasdaq Stock
// Market LLC", "New York Stock Exchange", "NYSE American") to "Nasdaq", "NYSE" or
// "NYSE American" (also under its earlier names: the American Stock Exchange, NYSE Alternext
// US, NYSE Amex, NYSE MKT), and the over-the-counter markets ("OTC Bulletin Board") to "OTC"; ok is
// false for anything else.
func ExchangeName(quote string) (string, bool) {
	q := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(quote)), "the ")
	switch {
	case strings.Contains(q, "nasdaq"):
		return "Nasdaq", true
	case strings.Contains(q, "nyse american"), strings.Contains(q, "nyse mkt"), strings.Contains(q, "nyse amex"),
		strings.Contains(q, "nyse alternext"), q == "nyseamer", strings.HasPrefix(q, "american stock exchange"):
		return "NYSE American", true
	case strings.Contains(q, "nyse"), strings.Contains(q, "new york stock exchange"):
		return "NYSE", true
	case strings.HasPrefix(q, "otc"):
		return "OTC", true
	}
	return "", false
}
