package spac

// Venue names an exchange by its current name, whatever era's name a filing used: the venue
// called the American Stock Exchange (AMEX) until 2008, then NYSE Alternext US, NYSE Amex
// (2009) and NYSE MKT (2012), is "NYSE American". Facts keep the filing's name (a fact is what
// its filing states); the profile names the venue this way so that one filter finds the SPACs
// of every era. Other names pass through.
func Venue(exchange string) string {
	switch exchange {
	case "American Stock Exchange", "AMEX", "NYSE Alternext US", "NYSE Amex", "NYSE MKT":
		return "NYSE American"
	}
	return exchange
}
