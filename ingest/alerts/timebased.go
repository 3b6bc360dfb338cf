package alerts

import (
	"fmt"
	"math/big"
	"strconv"

	"time"

	"github.com/spacdata/spac"
)

// lockupExpiries fires for lockups expiring within the window (today included). Lockups from the
// same filing share one alert id, so only the earliest one of each filing is reported.
func lockupExpiries(p spac.Profile, r rules, now time.Time) []spac.Alert {
	if p.Combination == nil {
		return nil
	}
	byAccession := map[string]int{} // accession -> index in out
	var out []spac.Alert
	for _, l := range p.Combination.Lockups {
		exp, ok := parseDate(l.Expires)
		days := daysBetween(now, exp)
		cites := citeOrAll(l.Citations, "expires", "days", "months")
		if !ok || days < 0 || days > r.lockupDays || len(cites) == 0 {
			continue
		}
		a := spac.Alert{
			Kind: spac.AlertLockupExpiry, Severity: "info",
			Title:           fmt.Sprintf("lockup expires on %s (in %d days)", l.Expires, days),
			Detail:          map[string]string{"expires": l.Expires, "days_until": strconv.Itoa(days)},
			SourceAccession: cites[0].Accession,
			Citations:       cites,
		}
		if i, dup := byAccession[a.SourceAccession]; dup {
			if l.Expires < out[i].Detail["expires"] {
				out[i] = a
			}
			continue
		}
		byAccession[a.SourceAccession] = len(out)
		out = append(out, a)
	}
	return out
}

// ytmStatuses are the statuses in which shares can still be redeemed from the trust.
var ytmStatuses = map[spac.Status]bool{
	spac.StatusSearching: true, spac.StatusCombinationAnnounced: true, spac.StatusInVote: true,
	spac.StatusInExtension: true, spac.StatusLiquidating: true,
}

// ytmArbitrage fires when buying at the quoted price and redeeming at the trust value per share
// at the deadline yields at least the threshold: YTM = (TPS/P - 1) * 365 / D.
func ytmArbitrage(p spac.Profile, r rules, now time.Time, quotes Quotes) []spac.Alert {
	deadline, ok := parseDate(p.Deadline)
	deadlineCite := cite(p.Citations, "deadline")
	if !ytmStatuses[p.Status] || !ok || len(deadlineCite) == 0 {
		return nil
	}
	days := daysBetween(now, deadline)
	tps, tpsCites, ok := trustPerShare(p)
	priceStr, priceDate, okQ := quoteOf(p, quotes)
	price, okP := parseDecimal(priceStr)
	if days <= 0 || !ok || !okQ || !okP || price.Sign() <= 0 {
		return nil
	}
	ytm := new(big.Rat).Quo(tps, price)
	ytm.Sub(ytm, big.NewRat(1, 1))
	ytm.Mul(ytm, big.NewRat(365*100, int64(days))) // annualised, as a percentage
	if !atLeast(ytm, r.ytm) {
		return nil
	}
	inputs := append(tpsCites, deadlineCite...)
	return []spac.Alert{{
		Kind: spac.AlertYTMArbitrage, Severity: "info",
		Title: fmt.Sprintf("yield to deadline %s%% at %s", fixed(ytm, 2), priceStr),
		Detail: map[string]string{
			"price": priceStr, "price_date": priceDate, "trust_per_share": fixed(tps, 4),
			"deadline": p.Deadline, "days_to_deadline": strconv.Itoa(days), "ytm_pct": fixed(ytm, 2),
		},
		SourceAccession: tpsCites[0].Accession,
		Citations:       append(inputs, derived("ytm_pct", inputs)),
	}}
}

// trustPerShare is the latest redemption value per share; else the latest trust balance over the
// shares subject to redemption; else the trust per unit of the offering.
func trustPerShare(p spac.Profile) (*big.Rat, []spac.Citation, bool) {
	var latest *spac.TrustPoint
	for i := range p.TrustSeries {
		if latest == nil || p.TrustSeries[i].Date > latest.Date {
			latest = &p.TrustSeries[i]
		}
	}
	if latest != nil {
		if v, ok := parseDecimal(latest.RedemptionValuePerShare); ok && v.Sign() > 0 {
			if c := cite(latest.Citations, "redemption_value_per_share"); len(c) > 0 {
				return v, c, true
			}
		}
		bal, ok1 := parseDecimal(latest.Balance)
		shares, ok2 := parseDecimal(latest.SharesSubjectToRedemption)
		c := cite(latest.Citations, "balance", "shares_subject_to_redemption")
		if ok1 && ok2 && shares.Sign() > 0 && len(c) == 2 {
			return new(big.Rat).Quo(bal, shares), append(c, derived("trust_per_share", c)), true
		}
	}
	if v, ok := parseDecimal(p.Offering.TrustPerUnit); ok && v.Sign() > 0 {
		if c := cite(p.Offering.Citations, "trust_per_unit"); len(c) > 0 {
			return v, c, true
		}
	}
	return nil, nil, false
}

// quoteOf looks the SPAC's common shares up in the quotes, then its primary symbol.
func quoteOf(p spac.Profile, quotes Quotes) (price, date string, ok bool) {
	for _, sym := range []string{p.Tickers.Shares, p.Symbol} {
		if sym == "" {
			continue
		}
		if price, date, ok = quotes.Price(sym); ok {
			return price, date, true
		}
	}
	return "", "", false
}
