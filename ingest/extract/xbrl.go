package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// xbrl reads the trust series of 10-Q/10-K inline XBRL (one fact per field and period) and
// the cover's tickers and exchange (dei, on any iXBRL cover). A fact is read only when its
// element is visible (it has a canonical line) and its displayed text parses to the tagged
// value, so the quote always reproduces the value (figures shown "in thousands" are skipped).
func (x *reader) xbrl() {
	seen := map[string]bool{}
	for _, f := range x.d.R.XBRL {
		field, parse := conceptField(f.Concept)
		if field == "" || f.Hidden || f.Line < 1 || !classAMember(f.Member) || seen[field+f.Period] {
			continue
		}
		shown, ok1 := parse(f.Raw)
		tagged, ok2 := parse(f.Value)
		if !ok1 || !ok2 || shown != tagged {
			continue
		}
		if x.add("xbrl."+field, priorityXBRL, field, shown, f.Line, strings.TrimSpace(f.Raw), f.Period) {
			seen[field+f.Period] = true
		}
	}
	x.coverListing()
}

// conceptField maps a concept to its fact field and value parser.
func conceptField(concept string) (string, func(string) (string, bool)) {
	local := concept[strings.IndexByte(concept, ':')+1:]
	switch {
	case local == "TemporaryEquitySharesOutstanding":
		return spac.FieldSharesSubjectToRed, textutil.ParseInt
	case local == "TemporaryEquityRedemptionPricePerShare":
		return spac.FieldRedemptionValuePS, textutil.ParsePrice
	case isTrustBalance(local):
		return spac.FieldTrustBalance, textutil.ParseMoney
	}
	return "", nil
}

// isTrustBalance accepts AssetsHeldInTrust(Noncurrent|Current) and custom balance concepts
// ending in HeldInTrustAccount/HeldInTrust, but not flows such as interest or withdrawals.
func isTrustBalance(local string) bool {
	if !strings.HasSuffix(local, "HeldInTrustAccount") && !strings.HasSuffix(local, "HeldInTrust") &&
		!strings.HasPrefix(local, "AssetsHeldInTrust") {
		return false
	}
	for _, flow := range []string{"Interest", "Income", "Gain", "Loss", "Withdraw", "Change", "Dividend", "Earned", "Unrealized", "Proceeds", "Payment"} {
		if strings.Contains(local, flow) {
			return false
		}
	}
	return true
}

// classAMember accepts facts without a dimension or on the Class A / redeemable member.
func classAMember(member string) bool {
	m := strings.ToLower(member)
	return m == "" || strings.Contains(m, "classa") || strings.Contains(m, "redemption") ||
		strings.Contains(m, "redeemable")
}

// coverListing pairs dei:Security12bTitle, dei:TradingSymbol and dei:SecurityExchangeName
// by context (one row of the cover table per security class).
func (x *reader) coverListing() {
	titles := map[string]string{}
	for _, f := range x.d.R.XBRL {
		if f.Concept == "dei:Security12bTitle" {
			titles[f.Context] = f.Value + " " + f.Raw
		}
	}
	for _, f := range x.d.R.XBRL {
		if f.Hidden || f.Line < 1 {
			continue
		}
		switch f.Concept {
		case "dei:TradingSymbol":
			if field := tickerField(titles[f.Context]); field != "" && !x.has(field) {
				sym := strings.TrimSpace(f.Raw)
				x.add("xbrl.cover_symbol", priorityXBRL, field, sym, f.Line, sym, "")
			}
		case "dei:SecurityExchangeName":
			raw := strings.TrimSpace(f.Raw)
			if ex, ok := textutil.ExchangeName(raw); ok && !x.has(spac.FieldExchange) {
				x.add("xbrl.cover_exchange", priorityXBRL, spac.FieldExchange, ex, f.Line, raw, "")
			}
		}
	}
}

// tickerField names the ticker field of a security class by the first class noun of its
// title ("Units, each consisting of one Class A share and one warrant" is units).
func tickerField(title string) string {
	t := strings.ToLower(title)
	best, field := len(t)+1, ""
	for noun, f := range map[string]string{
		"unit": spac.FieldTickerUnits, "warrant": spac.FieldTickerWarrant, "right": spac.FieldTickerRights,
		"share": spac.FieldTickerShares, "stock": spac.FieldTickerShares,
	} {
		if i := strings.Index(t, noun); i >= 0 && i < best {
			best, field = i, f
		}
	}
	return field
}
