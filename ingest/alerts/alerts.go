// Package alerts is the alert engine (docs/decisions.md, "Alerts and calendar"). Evaluate compares a
// SPAC's profile before and after an ingest and returns the alerts the change fires; Scan checks
// the time-based kinds (lockup expiry, YTM arbitrage) over all profiles, nightly.
//
// Alert ids are a hash of (cik, kind, source accession), so re-evaluating the same data yields the
// same ids: the alert store keeps the first alert per id and ignores repeats. Every alert carries
// the citations of the values it used; numbers computed from them (percentages, yields) come with
// a "derived" citation whose Inputs are those citations. An alert whose values have no citation
// is not fired.
//
// OccurredAt is the date of the event an alert reports (the IPO's closing, the meeting, the
// balance sheet, the closing, the liquidation payment, the lockup's expiry, the quote), cited
// with field "occurredAt"; an alert whose date cannot be cited is not fired. FiredAt is when it
// was evaluated. An alert whose event is older than the window (Config.WindowDays) when it is
// found is Historical: a first build, a rebuild, a backfill or a newly discovered SPAC finds
// years of events at once, and those are recorded, not news. The service stores historical
// alerts and never pushes them to streams or webhooks.
package alerts

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/spacdata/spac"
)

// Evaluate returns the alerts fired by the change from prev to cur (prev is the zero Profile for
// a SPAC seen for the first time), plus the time-based alerts of cur as of now. market (nil:
// none) gives the YTM.
func Evaluate(prev, cur spac.Profile, cfg Config, now time.Time, market spac.Market) []spac.Alert {
	r, _ := cfg.compile()
	var out []spac.Alert
	out = append(out, newIPO(prev, cur)...)
	out = append(out, extensionVotes(prev, cur)...)
	out = append(out, highRedemptions(prev, cur, r)...)
	out = append(out, trustDrawdowns(prev, cur, r)...)
	out = append(out, despacClosing(prev, cur)...)
	out = append(out, liquidation(prev, cur)...)
	out = append(out, timeBased(cur, r, now, market)...)
	return stamp(out, cur, r, now)
}

// Scan returns the time-based alerts (lockup_expiry, ytm_arbitrage) of every profile as of now.
func Scan(profiles []spac.Profile, cfg Config, now time.Time, market spac.Market) []spac.Alert {
	r, _ := cfg.compile()
	var out []spac.Alert
	for _, p := range profiles {
		out = append(out, stamp(timeBased(p, r, now, market), p, r, now)...)
	}
	return out
}

func timeBased(p spac.Profile, r rules, now time.Time, market spac.Market) []spac.Alert {
	out := lockupExpiries(p, r, now)
	if market != nil {
		out = append(out, ytmArbitrage(p, r, now, market)...)
	}
	return out
}

// stamp fills the fields every alert shares, drops alerts without citations or without a
// cited date, marks the historical ones and sets the id.
func stamp(alerts []spac.Alert, p spac.Profile, r rules, now time.Time) []spac.Alert {
	out := alerts[:0]
	oldest := day(now).AddDate(0, 0, -r.windowDays)
	for _, a := range alerts {
		occurred, ok := parseDate(a.OccurredAt)
		if len(a.Citations) == 0 || !ok || len(cite(a.Citations, "occurredAt")) == 0 {
			continue
		}
		a.CIK, a.Symbol, a.FiredAt = p.CIK, p.Symbol, now.UTC()
		a.Historical = occurred.Before(oldest)
		if a.SourceAccession == "" {
			a.SourceAccession = a.Citations[0].Accession
		}
		a.ID = AlertID(p.CIK, a.Kind, a.SourceAccession, a.Detail["party"])
		a.Title = fmt.Sprintf("%s: %s", displayName(p), a.Title)
		out = append(out, a)
	}
	return out
}

// occurred sets the alert's date from the citation of the value that dates it.
func occurred(a *spac.Alert, date string, c spac.Citation) {
	a.OccurredAt = date
	c.Field = "occurredAt"
	a.Citations = append(a.Citations, c)
}

// AlertID is the deterministic alert id of (cik, kind, source accession), and of the party for
// an alert about one party (a lockup's: each party's expiry is an alert of its own).
func AlertID(cik spac.CIK, kind spac.AlertKind, accession, party string) string {
	key := string(cik) + "\x00" + string(kind) + "\x00" + accession
	if party != "" {
		key += "\x00" + party
	}
	sum := sha256.Sum256([]byte(key))
	return "alr_" + hex.EncodeToString(sum[:12])
}

func displayName(p spac.Profile) string {
	if p.Symbol != "" {
		return p.Symbol
	}
	if p.Name != "" {
		return p.Name
	}
	return string(p.CIK)
}

// cite returns the citations among cs for the given fields, in field order.
func cite(cs []spac.Citation, fields ...string) []spac.Citation {
	var out []spac.Citation
	for _, f := range fields {
		for _, c := range cs {
			if c.Field == f {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// citeOne returns the citation of field, renamed to as ("" keeps the field).
func citeOne(cs []spac.Citation, field, as string) (spac.Citation, bool) {
	got := cite(cs, field)
	if len(got) == 0 {
		return spac.Citation{}, false
	}
	if as != "" {
		got[0].Field = as
	}
	return got[0], true
}

// derived returns the citation of a value computed from inputs; like the fold's, it names the
// filing of its first input that has one.
func derived(field string, inputs []spac.Citation) spac.Citation {
	c := spac.Citation{Field: field, Basis: spac.BasisDerived, Inputs: inputs}
	for _, in := range inputs {
		if in.Accession != "" {
			c.Filing, c.Accession, c.URL, c.FiledAt = in.Filing, in.Accession, in.URL, in.FiledAt
			break
		}
	}
	return c
}
