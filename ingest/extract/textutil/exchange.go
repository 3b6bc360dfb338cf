package textutil

import "strings"

// ExchangeName normalises an exchange as written ("Nasdaq Global Market", "The Nasdaq Stock
// Market LLC", "New York Stock Exchange") to "Nasdaq", "NYSE" or "OTC" (the over-the-counter
// markets); ok is false for anything else. The venue now called NYSE American keeps the name of
// the filing's era, spelled one way: "American Stock Exchange" or "AMEX" (to 2008), "NYSE
// Alternext US" (2008), "NYSE Amex" (2009), "NYSE MKT" (2012), "NYSE American" (2017): a fact is
// what its filing states, and spac.Venue maps them all to the current name where a profile
// needs one venue across eras.
func ExchangeName(quote string) (string, bool) {
	q := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(quote)), "the ")
	switch {
	case strings.Contains(q, "nasdaq"):
		return "Nasdaq", true
	case strings.Contains(q, "nyse american"), q == "nyseamer": // "NYSEAMER": its code in XBRL covers
		return "NYSE American", true
	case strings.Contains(q, "nyse mkt"):
		return "NYSE MKT", true
	case strings.Contains(q, "nyse amex"):
		return "NYSE Amex", true
	case strings.Contains(q, "nyse alternext"):
		return "NYSE Alternext US", true
	case strings.Contains(q, "american stock exchange"):
		return "American Stock Exchange", true
	case strings.HasPrefix(q, "amex"):
		return "AMEX", true
	case strings.Contains(q, "nyse"), strings.Contains(q, "new york stock exchange"):
		return "NYSE", true
	case strings.HasPrefix(q, "otc"):
		return "OTC", true
	}
	return "", false
}
