package alerts

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spacdata/spac"
)

// lockupExpiries fires for lockups expiring within the window (today included), dated by the
// expiry: one alert per party and filing stating its lockups (its id is of the kind, the
// filing and the party), for the party's earliest expiry.
func lockupExpiries(p spac.Profile, r rules, now time.Time) []spac.Alert {
	if p.Combination == nil {
		return nil
	}
	seen := map[string]int{} // accession and party -> index in out
	var out []spac.Alert
	for _, l := range p.Combination.Lockups {
		exp, ok := parseDate(l.Expires)
		days := daysBetween(now, exp)
		cites := cite(l.Citations, "days", "months", "party", "expires")
		expires, okE := citeOne(l.Citations, "expires", "")
		if !ok || !okE || days < 0 || days > r.lockupDays {
			continue
		}
		a := spac.Alert{
			Kind: spac.AlertLockupExpiry, Severity: "info",
			Title:           fmt.Sprintf("%s expires on %s (in %d days)", lockupOf(l.Party), l.Expires, days),
			Detail:          map[string]string{"expires": l.Expires, "days_until": strconv.Itoa(days)},
			SourceAccession: cites[0].Accession,
			Citations:       cites,
		}
		if l.Party != "" {
			a.Detail["party"] = string(l.Party)
		}
		occurred(&a, l.Expires, expires)
		key := a.SourceAccession + "\x00" + string(l.Party)
		if i, dup := seen[key]; dup {
			if l.Expires < out[i].Detail["expires"] {
				out[i] = a
			}
			continue
		}
		seen[key] = len(out)
		out = append(out, a)
	}
	return out
}

// lockupOf names a party's lockup in a title.
func lockupOf(party spac.LockupParty) string {
	switch party {
	case spac.LockupSponsor:
		return "sponsor's lockup"
	case spac.LockupTargetHolders:
		return "target holders' lockup"
	case spac.LockupSponsorAndHolders:
		return "sponsor's and holders' lockup"
	case spac.LockupPIPEInvestors:
		return "PIPE investors' lockup"
	}
	return "lockup"
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
