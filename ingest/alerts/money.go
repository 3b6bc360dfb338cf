package alerts

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

// Money alerts: redemptions and trust drawdowns, computed exactly with big.Rat.

func highRedemptions(prev, cur spac.Profile, r rules) []spac.Alert {
	seen := map[string]bool{}
	for _, rd := range prev.Redemptions {
		seen[rd.Accession+"|"+rd.Date] = true
	}
	var out []spac.Alert
	for _, rd := range cur.Redemptions {
		if seen[rd.Accession+"|"+rd.Date] {
			continue
		}
		if a, ok := highRedemption(rd, r); ok {
			out = append(out, a)
		}
	}
	return out
}

func highRedemption(rd spac.Redemption, r rules) (spac.Alert, bool) {
	redeemed, ok1 := parseDecimal(rd.SharesRedeemed)
	remaining, ok2 := parseDecimal(rd.SharesRemaining)
	inputs := cite(rd.Citations, "shares_redeemed", "shares_remaining")
	if !ok1 || !ok2 || len(inputs) < 2 {
		return spac.Alert{}, false
	}
	pct, ok := percentOf(redeemed, new(big.Rat).Add(redeemed, remaining))
	severity := redemptionSeverity(pct, r)
	if !ok || severity == "" {
		return spac.Alert{}, false
	}
	detail := map[string]string{
		"shares_redeemed": rd.SharesRedeemed, "shares_remaining": rd.SharesRemaining,
		"redeemed_pct": fixed(pct, 2),
	}
	if rd.Amount != "" {
		detail["amount"] = rd.Amount
	}
	return spac.Alert{
		Kind: spac.AlertHighRedemptions, Severity: severity,
		Title:           fmt.Sprintf("%s%% of public shares redeemed", fixed(pct, 2)),
		Detail:          detail,
		SourceAccession: rd.Accession,
		Citations:       append(inputs, derived("redeemed_pct", inputs)),
	}, true
}

func redemptionSeverity(pct *big.Rat, r rules) string {
	switch {
	case atLeast(pct, r.redeemCritical):
		return "critical"
	case atLeast(pct, r.redeemHigh):
		return "high"
	case atLeast(pct, r.redeemWarn):
		return "warn"
	}
	return ""
}

// trustDrawdowns compares each new trust point with the one before it. The expected balance is
// the earlier balance less the redemptions paid in between; a fall below it by more than the
// threshold (as a percentage of the earlier balance) fires.
func trustDrawdowns(prev, cur spac.Profile, r rules) []spac.Alert {
	known := map[string]bool{}
	for _, p := range prev.TrustSeries {
		known[p.Date] = true
	}
	points := slices.Clone(cur.TrustSeries)
	slices.SortStableFunc(points, func(a, b spac.TrustPoint) int { return strings.Compare(a.Date, b.Date) })
	var out []spac.Alert
	for i := 1; i < len(points); i++ {
		if known[points[i].Date] {
			continue
		}
		if a, ok := trustDrawdown(points[i-1], points[i], cur.Redemptions, r); ok {
			out = append(out, a)
		}
	}
	return out
}

func trustDrawdown(before, after spac.TrustPoint, redemptions []spac.Redemption, r rules) (spac.Alert, bool) {
	b0, ok0 := parseDecimal(before.Balance)
	b1, ok1 := parseDecimal(after.Balance)
	inputs := append(cite(before.Citations, "balance"), cite(after.Citations, "balance")...)
	if !ok0 || !ok1 || len(inputs) < 2 || b0.Sign() <= 0 {
		return spac.Alert{}, false
	}
	paid, paidCites := redeemedBetween(redemptions, before.Date, after.Date)
	fall := new(big.Rat).Sub(new(big.Rat).Sub(b0, paid), b1)
	pct, _ := percentOf(fall, b0)
	if pct.Cmp(r.drawdown) <= 0 {
		return spac.Alert{}, false
	}
	inputs = append(inputs, paidCites...)
	return spac.Alert{
		Kind: spac.AlertTrustDrawdown, Severity: "warn",
		Title: fmt.Sprintf("trust fell %s%% beyond redemptions between %s and %s", fixed(pct, 2), before.Date, after.Date),
		Detail: map[string]string{
			"from_date": before.Date, "to_date": after.Date,
			"balance_before": fixed(b0, 2), "balance_after": fixed(b1, 2),
			"redemptions": fixed(paid, 2), "drawdown_pct": fixed(pct, 2),
		},
		SourceAccession: inputs[1].Accession,
		Citations:       append(inputs, derived("drawdown_pct", inputs)),
	}, true
}

// redeemedBetween sums the redemptions paid after from and on or before to: the stated amount,
// else shares redeemed times price.
func redeemedBetween(redemptions []spac.Redemption, from, to string) (*big.Rat, []spac.Citation) {
	total := new(big.Rat)
	var cites []spac.Citation
	for _, rd := range redemptions {
		if rd.Date <= from || rd.Date > to {
			continue
		}
		if amt, ok := parseDecimal(rd.Amount); ok {
			total.Add(total, amt)
			cites = append(cites, cite(rd.Citations, "amount")...)
			continue
		}
		shares, ok1 := parseDecimal(rd.SharesRedeemed)
		price, ok2 := parseDecimal(rd.Price)
		if ok1 && ok2 {
			total.Add(total, new(big.Rat).Mul(shares, price))
			cites = append(cites, cite(rd.Citations, "shares_redeemed", "price")...)
		}
	}
	return total, cites
}
