package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

// Closings.
//
// Decisions:
//   - The combination is closed by a completed event only: a sentence stating that it was
//     consummated (a status fact), a closing date reported under Item 2.01, or the combined
//     company filing under its own name on the SPAC's registration (the successor's cover: a
//     header name equal to the announced new name or to the target's, after an agreement).
//   - Extraction also reads a closing date from "is expected to be consummated on <date>" in
//     the vote's 8-K. Before the closing such a date is an expectation: it is folded as an
//     expected close (calendar), never as the combination's closing date, so lockup and warrant
//     expiries are not computed from a closing that may not happen.

// closingEvidence finds the completed closing filing r reports, when it states none in a
// status fact: its closing date under Item 2.01, or the successor's cover.
func (l *lifecycle) closingEvidence(r record) ([]spac.Fact, bool) {
	if f, ok := r.first(spac.FieldClosingDate); ok && r.filing.HasItem("2.01") {
		return []spac.Fact{f}, true
	}
	name, ok := r.first(spac.FieldName)
	if !ok || !l.agreement() {
		return nil, false
	}
	for _, s := range slices.Backward(l.successors) {
		if nameKey(s.Value) == nameKey(name.Value) {
			return []spac.Fact{name, s}, true
		}
	}
	return nil, false
}

// noteSuccessors remembers the names the combined company may file under: the announced new
// name and the target's, from current reports, proxies and communications (a periodic report
// may recall a terminated deal's).
func (l *lifecycle) noteSuccessors(r record) {
	if isPeriodic(r.filing.BaseForm()) || r.has(spac.FieldTerminationDate) {
		return
	}
	l.successors = append(l.successors, r.all(spac.FieldNewName)...)
	l.successors = append(l.successors, r.all(spac.FieldTarget)...)
}

// settleClosings turns the closing dates of the filings before the one that closed the
// combination (every filing when none did) into expected closes: what remains as
// closing_date is the completed closing's, and what a filing after it narrates.
func settleClosings(recs []record, closedAt int) {
	for i := range recs {
		if closedAt >= 0 && i >= closedAt {
			return
		}
		if !recs[i].has(spac.FieldClosingDate) {
			continue
		}
		facts := slices.Clone(recs[i].facts)
		for j, f := range facts {
			if f.Field == spac.FieldClosingDate {
				facts[j].Field = spac.FieldExpectedClose
			}
		}
		slices.SortFunc(facts, compareFacts)
		recs[i].facts = slices.CompactFunc(facts, func(a, b spac.Fact) bool {
			return a.Field == b.Field && a.Value == b.Value && a.Citation.Line == b.Citation.Line
		})
	}
}
