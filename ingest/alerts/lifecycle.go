package alerts

import (
	"fmt"

	"github.com/spacdata/spac"
)

// Lifecycle alerts fire when a value first appears in the profile: the IPO date, a closing date,
// a liquidation, a new extension meeting. Each is dated by the event it reports.

// ipoFigures are the offering's own figures a new_ipo alert reports (as the final prospectus
// and the IPO 8-K state them; never today's trust, which later redemptions change).
var ipoFigures = []string{"units_offered", "unit_price", "gross_proceeds", "trust_amount", "trust_per_unit", "deadline_months"}

func newIPO(prev, cur spac.Profile) []spac.Alert {
	date, ok := citeOne(cur.Citations, "ipo_date", "")
	if prev.IPODate != "" || cur.IPODate == "" || !ok {
		return nil
	}
	a := spac.Alert{
		Kind: spac.AlertNewIPO, Severity: "info",
		Title:     fmt.Sprintf("IPO closed on %s", cur.IPODate),
		Detail:    map[string]string{"ipo_date": cur.IPODate},
		Citations: []spac.Citation{date},
	}
	o := cur.Offering
	values := map[string]string{
		"units_offered": o.UnitsOffered, "unit_price": o.UnitPrice, "gross_proceeds": o.GrossProceeds,
		"trust_amount": o.TrustAmount, "trust_per_unit": o.TrustPerUnit, "deadline_months": o.DeadlineMonths,
	}
	for _, f := range ipoFigures {
		if c, ok := citeOne(o.Citations, f, ""); ok && values[f] != "" {
			a.Detail[f] = values[f]
			a.Citations = append(a.Citations, c)
		}
	}
	if o.UnitsOffered != "" && o.GrossProceeds != "" {
		a.Title = fmt.Sprintf("IPO of %s units closed on %s", spac.GroupThousands(o.UnitsOffered), cur.IPODate)
	}
	occurred(&a, cur.IPODate, date)
	return []spac.Alert{a}
}

func extensionVotes(prev, cur spac.Profile) []spac.Alert {
	seen := map[string]bool{}
	for _, v := range prev.Votes {
		seen[voteKey(v)] = true
	}
	var out []spac.Alert
	for _, v := range cur.Votes {
		if v.Kind != "extension" || seen[voteKey(v)] {
			continue
		}
		seen[voteKey(v)] = true
		meeting, ok := citeOne(v.Citations, "meeting_date", "")
		if !ok || v.MeetingDate == "" {
			continue // an alert is dated by its meeting
		}
		detail := map[string]string{}
		for k, val := range map[string]string{"meeting_date": v.MeetingDate, "record_date": v.RecordDate, "redemption_deadline": v.RedemptionDeadline} {
			if val != "" {
				detail[k] = val
			}
		}
		a := spac.Alert{
			Kind: spac.AlertExtensionVote, Severity: "info", Title: fmt.Sprintf("extension meeting on %s", v.MeetingDate),
			Detail: detail, SourceAccession: v.Accession,
			Citations: cite(v.Citations, "meeting_date", "record_date", "redemption_deadline"),
		}
		occurred(&a, v.MeetingDate, meeting)
		out = append(out, a)
	}
	return out
}

// voteKey identifies a meeting: by its date when known (the preliminary and the definitive proxy
// announce the same meeting), else by the filing announcing it.
func voteKey(v spac.Vote) string {
	if v.MeetingDate != "" {
		return v.Kind + "@" + v.MeetingDate
	}
	return v.Kind + "#" + v.Accession
}

func despacClosing(prev, cur spac.Profile) []spac.Alert {
	if cur.Combination == nil || cur.Combination.ClosingDate == "" ||
		(prev.Combination != nil && prev.Combination.ClosingDate != "") {
		return nil
	}
	c := cur.Combination
	date, ok := citeOne(c.Citations, "closing_date", "")
	if !ok {
		return nil
	}
	detail := map[string]string{"closing_date": c.ClosingDate}
	for k, val := range map[string]string{"target": c.Target, "new_name": c.NewName, "new_ticker": c.NewTicker} {
		if val != "" {
			detail[k] = val
		}
	}
	a := spac.Alert{
		Kind: spac.AlertDespacClosing, Severity: "info",
		Title:     fmt.Sprintf("business combination closed on %s", c.ClosingDate),
		Detail:    detail,
		Citations: cite(c.Citations, "closing_date", "target", "new_name", "new_ticker"),
	}
	occurred(&a, c.ClosingDate, date)
	return []spac.Alert{a}
}

// liquidation fires when a liquidation is first announced; it is dated by the day the public
// shares are redeemed.
func liquidation(prev, cur spac.Profile) []spac.Alert {
	if cur.Liquidation == nil || prev.Liquidation != nil {
		return nil
	}
	l := cur.Liquidation
	date, ok := citeOne(l.Citations, "date", "")
	if !ok || l.Date == "" {
		return nil
	}
	detail := map[string]string{"date": l.Date}
	if l.PricePerShare != "" {
		detail["price_per_share"] = l.PricePerShare
	}
	a := spac.Alert{
		Kind: spac.AlertLiquidation, Severity: "high",
		Title:     fmt.Sprintf("liquidation announced, public shares redeemed on %s", l.Date),
		Detail:    detail,
		Citations: cite(l.Citations, "date", "price_per_share"),
	}
	occurred(&a, l.Date, date)
	return []spac.Alert{a}
}
