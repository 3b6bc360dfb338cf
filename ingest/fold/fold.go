// Package fold turns one SPAC's filings and extracted facts into its Profile and calendar
// events. Fold is pure and deterministic: the same filings and facts, in any order, give the
// same profile and events; nothing depends on the current date.
//
// Rules (the decisions behind each are documented where they are implemented):
//   - Filings are replayed in order of FiledAt, AcceptedAt, accession; for a single-valued field
//     a later filing wins; inside one filing the fact on the lowest line wins.
//   - Amendments supersede what they amend (order.go: supersede).
//   - Status follows the lifecycle of docs/decisions.md (status.go).
//   - Every non-empty value carries a citation whose Field is the value's JSON name (dotted for
//     nested objects without citations of their own, e.g. "tickers.units"). Computed values
//     (deadline from deadline_months, lockup expiry, dates taken from the filing date) are cited
//     with Basis "derived" and their Inputs. CheckCited verifies this on any JSON-able value.
//   - Slices are never nil, so consumers always see JSON arrays.
//   - Numbers computed from other values (current trust, per-share values, percentages) are
//     exact decimal arithmetic (math/big), never floats; a value with a missing input is left
//     out, never estimated.
package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

// Fold folds the filings and facts of the SPAC cik into its profile and calendar events.
func Fold(cik spac.CIK, filings []spac.Filing, facts []spac.Fact) (spac.Profile, []spac.Event) {
	recs := arrange(cik, filings, facts)
	asFiled := slices.Clone(recs)
	supersede(recs)
	life := runLifecycle(recs)
	settleClosings(recs, life.closedAt)
	settleClosings(asFiled, life.closedAt)
	events := byEvent(recs)
	meetings := votes(events)
	p := spac.Profile{
		SPAC:          universeRow(cik, recs, life),
		Offering:      offering(recs, asFiled),
		TrustSeries:   trustSeries(recs),
		Votes:         meetings,
		Redemptions:   redemptions(events, meetings),
		Extensions:    extensions(events),
		Combination:   combination(recs),
		StatusHistory: life.history,
		Filings:       filingRefs(recs),
	}
	p.Liquidation = liquidation(recs, p.Status)
	p.PendingExtension = pendingExtension(p, recs[life.extensionFrom:])
	sharesBeforeRedemptions(&p)
	names(&p, recs)
	fileSector(&p, recs)
	currentTrust(&p)
	payout(&p)
	return p, calendar(p, recs)
}

// filingRefs lists the SPAC's filings, newest first.
func filingRefs(recs []record) []spac.FilingRef {
	out := make([]spac.FilingRef, 0, len(recs))
	for _, r := range slices.Backward(recs) {
		f := r.filing
		out = append(out, spac.FilingRef{
			Accession: f.Accession, Form: f.Form, FiledAt: f.FiledAt,
			Items: slices.Clone(f.Items), URL: f.ArchiveURL(),
		})
	}
	return out
}
