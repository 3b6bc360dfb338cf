// Package alerts is the alert engine (DECISIONS.md, "Alerts and calendar"). Evaluate compares a
// SPAC's profile before and after an ingest and returns the alerts the change fires; Scan checks
// the time-based kinds (lockup expiry, YTM arbitrage) over all profiles, nightly.
//
// Alert ids are a hash of (cik, kind, source accession), so re-evaluating the same data yields the
// same ids: the alert store keeps the first alert per id and ignores repeats. Every alert carries
// the citations of the values it used; numbers computed from them (percentages, yields) come with
// a "derived" citation whose Inputs are those citations. An alert whose values have no citation
// is not fired.
package alerts

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/spacdata/spac"
)

// Evaluate returns the alerts fired by the change from prev to cur (prev is the zero Profile for
// a SPAC seen for the first time), plus the time-based alerts of cur as of now.
func Evaluate(prev, cur spac.Profile, cfg Config, now time.Time, quotes Quotes) []spac.Alert {
	r, _ := cfg.compile()
	var out []spac.Alert
	out = append(out, newIPO(prev, cur)...)
	out = append(out, extensionVotes(prev, cur)...)
	out = append(out, highRedemptions(prev, cur, r)...)
	out = append(out, trustDrawdowns(prev, cur, r)...)
	out = append(out, despacClosing(prev, cur)...)
	out = append(out, liquidation(prev, cur)...)
	out = append(out, timeBased(cur, r, now, quotes)...)
	return stamp(out, cur, now)
}

// Scan returns the time-based alerts (lockup_expiry, ytm_arbitrage) of every profile as of now.
func Scan(profiles []spac.Profile, cfg Config, now time.Time, quotes Quotes) []spac.Alert {
	r, _ := cfg.compile()
	var out []spac.Alert
	for _, p := range profiles {
		out = append(out, stamp(timeBased(p, r, now, quotes), p, now)...)
	}
	return out
}

func timeBased(p spac.Profile, r rules, now time.Time, quotes Quotes) []spac.Alert {
	out := lockupExpiries(p, r, now)
	if quotes != nil {
		out = append(out, ytmArbitrage(p, r, now, quotes)...)
	}
	return out
}

// stamp fills the fields every alert shares, drops alerts without citations and sets the id.
func stamp(alerts []spac.Alert, p spac.Profile, now time.Time) []spac.Alert {
	out := alerts[:0]
	for _, a := range alerts {
		if len(a.Citations) == 0 {
			continue
		}
		a.CIK, a.Symbol, a.FiredAt = p.CIK, p.Symbol, now.UTC()
		if a.SourceAccession == "" {
			a.SourceAccession = a.Citations[0].Accession
		}
		a.ID = AlertID(p.CIK, a.Kind, a.SourceAccession)
		a.Title = fmt.Sprintf("%s: %s", displayName(p), a.Title)
		out = append(out, a)
	}
	return out
}

// AlertID is the deterministic alert id of (cik, kind, source accession).
func AlertID(cik spac.CIK, kind spac.AlertKind, accession string) string {
	sum := sha256.Sum256([]byte(string(cik) + "\x00" + string(kind) + "\x00" + accession))
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

// derived returns the citation of a value computed from inputs.
func derived(field string, inputs []spac.Citation) spac.Citation {
	return spac.Citation{Field: field, Basis: spac.BasisDerived, Inputs: inputs}
}
