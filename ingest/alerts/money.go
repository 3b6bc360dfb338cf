package alerts

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

// Money alerts: redemptions and trust drawdowns, computed exactly with big.Rat.

// highRedemptions fires for each new redemption whose redeemed percentage (the fold's
// redeemed_pct: shares redeemed / public shares before the redemption, both cited) reaches a
// threshold. It is dated by the redemption (the meeting that approved it).
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
	pct, ok1 := parseDecimal(rd.RedeemedPct)
	pctCite, ok2 := citeOne(rd.Citations, "redeemed_pct", "")
	date, ok3 := citeOne(rd.Citations, "date", "")
	severity := ""
	if ok1 {
		severity = redemptionSeverity(pct, r)
	}
	if !ok1 || !ok2 || !ok3 || severity == "" {
		return spac.Alert{}, false
	}
	detail := map[string]string{
		"date": rd.Date, "shares_redeemed": rd.SharesRedeemed, "shares_before": rd.SharesBefore, "redeemed_pct": rd.RedeemedPct,
	}
	for k, v := range map[string]string{"shares_remaining": rd.SharesRemaining, "price": rd.Price, "amount": rd.Amount} {
		if v != "" {
			detail[k] = v
		}
	}
	a := spac.Alert{
		Kind: spac.AlertHighRedemptions, Severity: severity,
		Title:           fmt.Sprintf("%s%% of public shares redeemed", rd.RedeemedPct),
		Detail:          detail,
		SourceAccession: rd.Accession,
		Citations:       append(cite(rd.Citations, "shares_redeemed", "shares_before"), pctCite),
	}
	occurred(&a, rd.Date, date)
	return a, true
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

// perShare is the trust value per public share at one balance-sheet date: the balance over
// the shares subject to redemption when both are stated, else the stated redemption value per
// share; with the citations of its inputs.
type perShare struct {
	point  spac.TrustPoint
	value  *big.Rat
	inputs []spac.Citation
	shares *big.Rat // nil when the value is the stated redemption value per share
}

// cited returns the citations of the value: its inputs, and when it is computed a derived
// citation named field.
func (ps perShare) cited(field string) []spac.Citation {
	out := slices.Clone(ps.inputs)
	if ps.shares != nil {
		out = append(out, derived(field, ps.inputs))
	}
	return out
}

func perShareOf(tp spac.TrustPoint) (perShare, bool) {
	ps := perShare{point: tp}
	bal, okB := parseDecimal(tp.Balance)
	shares, okS := parseDecimal(tp.SharesSubjectToRedemption)
	if in := cite(tp.Citations, "balance", "shares_subject_to_redemption"); okB && okS && shares.Sign() > 0 && len(in) == 2 {
		ps.value, ps.shares, ps.inputs = new(big.Rat).Quo(bal, shares), shares, in
		return ps, true
	}
	v, ok := parseDecimal(tp.RedemptionValuePerShare)
	if in := cite(tp.Citations, "redemption_value_per_share"); ok && v.Sign() > 0 && len(in) == 1 {
		ps.value, ps.inputs = v, in
		return ps, true
	}
	return perShare{}, false
}

// trustDrawdowns compares the trust value per public share of each new balance sheet with the
// one before it. Redemptions pay every redeemed share its pro rata part of the trust, so they
// change the share count and the balance together and leave the value per share as it was;
// interest raises it. A fall of the value per share by more than the threshold (percent of
// the earlier value) is money that left the trust beyond redemptions (withdrawals for taxes or
// expenses, losses): the alert fires. Share counts and balances are never matched with
// redemptions by date.
func trustDrawdowns(prev, cur spac.Profile, r rules) []spac.Alert {
	known := map[string]bool{}
	for _, p := range prev.TrustSeries {
		known[p.Date] = true
	}
	var series []perShare
	for _, tp := range cur.TrustSeries {
		if ps, ok := perShareOf(tp); ok {
			series = append(series, ps)
		}
	}
	slices.SortStableFunc(series, func(a, b perShare) int { return strings.Compare(a.point.Date, b.point.Date) })
	var out []spac.Alert
	for i := 1; i < len(series); i++ {
		if known[series[i].point.Date] {
			continue
		}
		if a, ok := trustDrawdown(series[i-1], series[i], r); ok {
			out = append(out, a)
		}
	}
	return out
}

func trustDrawdown(before, after perShare, r rules) (spac.Alert, bool) {
	fall := new(big.Rat).Sub(before.value, after.value)
	pct, ok := percentOf(fall, before.value)
	date, okD := citeOne(after.point.Citations, "date", "")
	if !ok || !okD || pct.Cmp(r.drawdown) <= 0 {
		return spac.Alert{}, false
	}
	inputs := append(before.cited("per_share_before"), after.cited("per_share_after")...)
	detail := map[string]string{
		"from_date": before.point.Date, "to_date": after.point.Date,
		"per_share_before": fixed(before.value, 4), "per_share_after": fixed(after.value, 4), "drawdown_pct": fixed(pct, 2),
	}
	if after.shares != nil {
		expected := new(big.Rat).Mul(before.value, after.shares)
		detail["shares_after"], detail["balance_after"] = after.point.SharesSubjectToRedemption, after.point.Balance
		detail["expected_balance"] = fixed(expected, 2)
	}
	a := spac.Alert{
		Kind: spac.AlertTrustDrawdown, Severity: "warn",
		Title: fmt.Sprintf("trust per share fell %s%% (%s to %s) between %s and %s",
			fixed(pct, 2), fixed(before.value, 4), fixed(after.value, 4), before.point.Date, after.point.Date),
		Detail:          detail,
		SourceAccession: after.inputs[0].Accession,
		Citations:       append(inputs, derived("drawdown_pct", inputs)),
	}
	occurred(&a, after.point.Date, date)
	return a, true
}
