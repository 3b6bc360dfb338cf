package textutil

import "strings"

// ExchangeName normalises an exchange as written ("Nasdaq Global Market", "The Nasdaq Stock
// Market LLC", "New York Stock Exchange", "NYSE American") to "Nasdaq", "NYSE" or
// "NYSE American" (under any of its earlier names), and the over-the-counter markets ("OTC Bulletin Board") to "OTC"; ok is
// false for anything else.
func ExchangeName(quote string) (string, bool) {
	q := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(quote)), "the ")
	switch {
	case strings.Contains(q, "nasdaq"):
		return "Nasdaq", true
	case strings.Contains(q, "nyse american"), strings.Contains(q, "nyse mkt"), strings.Contains(q, "nyse amex"),
		strings.Contains(q, "nyse alternext"), strings.Contains(q, "american stock exchange"), strings.HasPrefix(q, "amex"),
		q == "nyseamer":
		// The exchange's earlier names: American Stock Exchange (AMEX), NYSE Alternext US
		// (2008), NYSE Amex (2009), NYSE MKT (2012); "NYSEAMER" is its code in XBRL covers.
		return "NYSE American", true
	case strings.Contains(q, "nyse"), strings.Contains(q, "new york stock exchange"):
		return "NYSE", true
	case strings.HasPrefix(q, "otc"):
		return "OTC", true
	}
	return "", false
}
