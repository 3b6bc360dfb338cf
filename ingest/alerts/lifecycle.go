package alerts

import (
	"fmt"

	"github.com/spacdata/spac"
)

// Lifecycle alerts fire when a value first appears in the profile: the IPO date, a closing date,
// a liquidation, a new extension meeting.

func newIPO(prev, cur spac.Profile) []spac.Alert {
	if prev.IPODate != "" || cur.IPODate == "" {
		return nil
	}
	detail := map[string]string{"ipo_date": cur.IPODate}
	fields := []string{"ipo_date"}
	if cur.TrustSize != "" {
		detail["trust_size"] = cur.TrustSize
		fields = append(fields, "trust_size")
	}
	return []spac.Alert{{
		Kind: spac.AlertNewIPO, Severity: "info",
		Title:     fmt.Sprintf("IPO closed on %s", cur.IPODate),
		Detail:    detail,
		Citations: cite(cur.Citations, fields...),
	}}
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
		detail := map[string]string{}
		for k, val := range map[string]string{"meeting_date": v.MeetingDate, "record_date": v.RecordDate, "redemption_deadline": v.RedemptionDeadline} {
			if val != "" {
				detail[k] = val
			}
		}
		title := "extension meeting called"
		if v.MeetingDate != "" {
			title = fmt.Sprintf("extension meeting on %s", v.MeetingDate)
		}
		out = append(out, spac.Alert{
			Kind: spac.AlertExtensionVote, Severity: "info", Title: title, Detail: detail,
			SourceAccession: v.Accession,
			Citations:       citeOrAll(v.Citations, "meeting_date", "record_date", "redemption_deadline"),
		})
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
	detail := map[string]string{"closing_date": c.ClosingDate}
	for k, val := range map[string]string{"target": c.Target, "new_name": c.NewName, "new_ticker": c.NewTicker} {
		if val != "" {
			detail[k] = val
		}
	}
	return []spac.Alert{{
		Kind: spac.AlertDespacClosing, Severity: "info",
		Title:     fmt.Sprintf("business combination closed on %s", c.ClosingDate),
		Detail:    detail,
		Citations: citeOrAll(c.Citations, "closing_date", "target", "new_name", "new_ticker"),
	}}
}

func liquidation(prev, cur spac.Profile) []spac.Alert {
	if cur.Liquidation == nil || prev.Liquidation != nil {
		return nil
	}
	l := cur.Liquidation
	detail := map[string]string{}
	for k, val := range map[string]string{"date": l.Date, "price_per_share": l.PricePerShare} {
		if val != "" {
			detail[k] = val
		}
	}
	title := "liquidation announced"
	if l.Date != "" {
		title = fmt.Sprintf("liquidation announced, public shares redeemed on %s", l.Date)
	}
	return []spac.Alert{{
		Kind: spac.AlertLiquidation, Severity: "high", Title: title, Detail: detail,
		Citations: citeOrAll(l.Citations, "date", "price_per_share"),
	}}
}

// citeOrAll is cite, falling back to every citation when none of the fields is cited.
func citeOrAll(cs []spac.Citation, fields ...string) []spac.Citation {
	if out := cite(cs, fields...); len(out) > 0 {
		return out
	}
	return cs
}
