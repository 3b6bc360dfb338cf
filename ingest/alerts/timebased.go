package alerts

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spacdata/spac"
)

// lockupExpiries fires for lockups expiring within the window (today included), dated by the
// expiry. Lockups from the same filing share one alert id, so only the earliest one of each
// filing is reported.
func lockupExpiries(p spac.Profile, r rules, now time.Time) []spac.Alert {
	if p.Combination == nil {
		return nil
	}
	byAccession := map[string]int{} // accession -> index in out
	var out []spac.Alert
	for _, l := range p.Combination.Lockups {
		exp, ok := parseDate(l.Expires)
		days := daysBetween(now, exp)
		cites := cite(l.Citations, "days", "months", "expires")
		expires, okE := citeOne(l.Citations, "expires", "")
		if !ok || !okE || days < 0 || days > r.lockupDays {
			continue
		}
		a := spac.Alert{
			Kind: spac.AlertLockupExpiry, Severity: "info",
			Title:           fmt.Sprintf("lockup expires on %s (in %d days)", l.Expires, days),
			Detail:          map[string]string{"expires": l.Expires, "days_until": strconv.Itoa(days)},
			SourceAccession: cites[0].Accession,
			Citations:       cites,
		}
		occurred(&a, l.Expires, expires)
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

// ytmArbitrage fires when the simple annual yield to the payout (the market's join: the
// announced liquidation price and date of a liquidating SPAC, else the trust per share at the
// deadline, bought at the last quote) is at least the threshold. It is dated by the quote.
// One alert per payout source: a yield that dips and rises again does not fire twice.
func ytmArbitrage(p spac.Profile, r rules, now time.Time, market spac.Market) []spac.Alert {
	row := market.Join(p.SPAC)
	ytm, ok := parseDecimal(row.YTMPct)
	if !ok || !atLeast(ytm, r.ytm) {
		return nil
	}
	cites := cite(row.Citations, "payout_per_share", "payout_date", "price", "ytm_pct", "ytm_compounded_pct")
	quote, okQ := citeOne(row.Citations, "price_date", "")
	if len(cites) < 4 || !okQ {
		return nil
	}
	due, _ := parseDate(row.PayoutDate) // a yield implies a payout date
	detail := map[string]string{
		"price": row.Price, "price_date": row.PriceDate, "payout_per_share": row.PayoutPerShare,
		"payout_date": row.PayoutDate, "ytm_pct": row.YTMPct, "days_to_payout": strconv.Itoa(daysBetween(now, due)),
	}
	if row.YTMCompoundedPct != "" {
		detail["ytm_compounded_pct"] = row.YTMCompoundedPct
	}
	a := spac.Alert{
		Kind: spac.AlertYTMArbitrage, Severity: "info",
		Title:           fmt.Sprintf("yield to payout %s%% at %s (payout %s on %s)", row.YTMPct, row.Price, row.PayoutPerShare, row.PayoutDate),
		Detail:          detail,
		SourceAccession: cites[0].Accession,
		Citations:       cites,
	}
	occurred(&a, row.PriceDate, quote)
	return []spac.Alert{a}
}
