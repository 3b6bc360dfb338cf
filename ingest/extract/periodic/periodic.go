// Package periodic extracts trust-account figures and listing data from the inline XBRL of
// 10-Q and 10-K reports. A fact is emitted only when its ix element is visible (it has a
// canonical line) and its displayed text parses to the tagged value, so the quote on the
// cited line always reproduces the value (scaled figures shown "in thousands" are skipped).
package periodic

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

// Extract returns the header facts, the trust series facts (one per field and period) and
// the tickers and exchange of the cover page.
func Extract(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	seen := map[string]bool{}
	for _, x := range r.XBRL {
		field, parse := conceptField(x.Concept)
		if field == "" || x.Hidden || x.Line < 1 || !classAMember(x.Member) || seen[field+x.Period] {
			continue
		}
		shown, ok1 := parse(x.Raw)
		tagged, ok2 := parse(x.Value)
		if !ok1 || !ok2 || shown != tagged {
			continue
		}
		if e.Add(field, shown, x.Line, strings.TrimSpace(x.Raw), x.Period) {
			seen[field+x.Period] = true
		}
	}
	coverListing(e, r.XBRL)
	return e.Facts()
}

// conceptField maps a concept to its fact field and value parser.
func conceptField(concept string) (string, func(string) (string, bool)) {
	local := concept[strings.IndexByte(concept, ':')+1:]
	switch {
	case local == "TemporaryEquitySharesOutstanding":
		return spac.FieldSharesSubjectToRed, t.ParseInt
	case local == "TemporaryEquityRedemptionPricePerShare":
		return spac.FieldRedemptionValuePS, t.ParsePrice
	case isTrustBalance(local):
		return spac.FieldTrustBalance, t.ParseMoney
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
func coverListing(e *emit.Emitter, facts []spac.XBRLFact) {
	titles := map[string]string{}
	for _, x := range facts {
		if x.Concept == "dei:Security12bTitle" {
			titles[x.Context] = strings.ToLower(x.Value + " " + x.Raw)
		}
	}
	for _, x := range facts {
		if x.Hidden || x.Line < 1 {
			continue
		}
		switch x.Concept {
		case "dei:TradingSymbol":
			if field := tickerField(titles[x.Context]); field != "" && !e.Has(field) {
				e.Text(field, x.Line, strings.TrimSpace(x.Raw))
			}
		case "dei:SecurityExchangeName":
			e.Exchange(x.Line, strings.TrimSpace(x.Raw))
		}
	}
}

func tickerField(title string) string {
	switch {
	case title == "":
		return ""
	case strings.Contains(title, "unit"):
		return spac.FieldTickerUnits
	case strings.Contains(title, "warrant"):
		return spac.FieldTickerWarrant
	case strings.Contains(title, "right"):
		return spac.FieldTickerRights
	case strings.Contains(title, "share"), strings.Contains(title, "stock"):
		return spac.FieldTickerShares
	}
	return ""
}
