package fold

import (
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// lifecycle replays the status facts of a SPAC's filings in order through the transition rules
// of DECISIONS.md ("Identity and lifecycle"). Extractors see one filing at a time, so the fold
// decides what a proposed status means given the state so far:
//   - pre_ipo only starts a lifecycle; withdrawn (RW) only ends a registration that never closed
//     an IPO (an RW after the IPO withdraws some other registration, e.g. an S-4).
//   - searching comes from the IPO, a termination (8-K 1.02) or the end of an extension vote;
//     it never undoes an agreement that is still pending.
//   - combination_announced and in_vote only move forward (a later 425 does not undo in_vote).
//   - in_extension remembers the status it interrupted; the extension vote result (8-K 5.07 of
//     an extension meeting, or an 8-K reporting the new deadline under 5.03/5.07) returns to it:
//     searching, or combination_announced/in_vote when an agreement is pending. A deal filing
//     during the extension updates where it returns to instead of ending it.
//   - closed and liquidating are final except that liquidating becomes liquidated.
//   - liquidated (Form 25 / 15) applies only when the SPAC was liquidating, or when it was still
//     active past its deadline; otherwise (a closed de-SPAC delisting its warrants) it is ignored.
//
// A filing without a status fact may still imply one (an S-1 implies pre_ipo, an ipo_date
// searching, a closing_date closed...); implied statuses carry a derived citation.
type lifecycle struct {
	status    spac.Status
	cite      spac.Citation
	resume    spac.Status // where a pending extension returns to
	agreement bool        // a business combination agreement is pending
	history   []spac.StatusChange
}

type proposal struct {
	status spac.Status
	cite   spac.Citation
}

func runLifecycle(recs []record) lifecycle {
	l := lifecycle{history: []spac.StatusChange{}}
	for i, r := range recs {
		l.noteAgreement(r)
		proposals := explicitStatus(r)
		if len(proposals) == 0 {
			proposals = impliedStatus(r)
		}
		for _, p := range proposals {
			l.apply(p, r, recs[:i+1])
		}
	}
	return l
}

// noteAgreement tracks whether an agreement is pending; a termination in the filing wins. A
// target named in a periodic report (which may recall a terminated deal) does not count.
func (l *lifecycle) noteAgreement(r record) {
	switch {
	case r.has(spac.FieldTerminationDate):
		l.agreement = false
	case r.has(spac.FieldAgreementDate), r.has(spac.FieldTarget) && !isPeriodic(r.filing.BaseForm()):
		l.agreement = true
	}
}

func explicitStatus(r record) []proposal {
	var out []proposal
	for _, f := range r.all(spac.FieldStatus) {
		if s := spac.Status(f.Value); s.Valid() {
			out = append(out, proposal{s, stated(f, "status")})
		}
	}
	return out
}

// impliedRules say which status a filing implies, and by which fact, when it has no status
// fact: a form (an RW, a Form 25) or a fact (an IPO date, a closing date) that marks a step.
var impliedRules = []struct {
	status   spac.Status
	evidence func(record) (spac.Fact, bool)
}{
	{spac.StatusPreIPO, formEvidence("S-1", "F-1")},
	{spac.StatusWithdrawn, formEvidence("RW")},
	{spac.StatusSearching, factEvidence(spac.FieldIPODate)},
	{spac.StatusCombinationAnnounced, dealEvidence},
	{spac.StatusInVote, mergerProxyEvidence},
	{spac.StatusInExtension, extensionProposal},
	{spac.StatusSearching, backToSearchingEvidence},
	{spac.StatusClosed, factEvidence(spac.FieldClosingDate)},
	{spac.StatusLiquidating, factEvidence(spac.FieldLiquidationDate)},
	{spac.StatusLiquidated, delistingEvidence},
}

// impliedStatus derives the statuses a filing implies, each cited as derived from its evidence.
func impliedStatus(r record) []proposal {
	var out []proposal
	for _, rule := range impliedRules {
		if f, ok := rule.evidence(r); ok {
			out = append(out, proposal{rule.status, derived("status", stated(f, f.Field))})
		}
	}
	return out
}

func formEvidence(bases ...string) func(record) (spac.Fact, bool) {
	return func(r record) (spac.Fact, bool) {
		if slices.Contains(bases, r.filing.BaseForm()) {
			return firstAny(r)
		}
		return spac.Fact{}, false
	}
}

func factEvidence(field string) func(record) (spac.Fact, bool) {
	return func(r record) (spac.Fact, bool) { return r.first(field) }
}

// dealEvidence: a 425 communication, or an 8-K announcing an agreement (Item 1.01).
func dealEvidence(r record) (spac.Fact, bool) {
	switch r.filing.BaseForm() {
	case "425":
		return firstAny(r)
	case "8-K":
		return r.first(spac.FieldAgreementDate)
	}
	return spac.Fact{}, false
}

// mergerProxyEvidence: a definitive merger proxy (or 424B3 prospectus) setting a meeting date.
func mergerProxyEvidence(r record) (spac.Fact, bool) {
	if base := r.filing.BaseForm(); base == "DEFM14A" || base == "424B3" {
		return r.first(spac.FieldMeetingDate)
	}
	return spac.Fact{}, false
}

// backToSearchingEvidence: a termination, or the result of an extension vote.
func backToSearchingEvidence(r record) (spac.Fact, bool) {
	if f, ok := r.first(spac.FieldTerminationDate); ok {
		return f, true
	}
	if !extensionResult(r) {
		return spac.Fact{}, false
	}
	if f, ok := r.first(spac.FieldNewDeadline); ok {
		return f, true
	}
	return r.first(spac.FieldMeetingKind)
}

func firstAny(r record) (spac.Fact, bool) {
	if len(r.facts) == 0 {
		return spac.Fact{}, false
	}
	return r.facts[0], true
}

// extensionProposal finds the fact showing that a proxy asks to extend the deadline.
func extensionProposal(r record) (spac.Fact, bool) {
	if !isProxy(r.filing) || strings.Contains(r.filing.Form, "M14A") {
		return spac.Fact{}, false
	}
	if k, ok := r.first(spac.FieldMeetingKind); ok && k.Value == "extension" {
		return k, true
	}
	return r.first(spac.FieldNewDeadline)
}

// extensionResult reports whether a filing reports the outcome of an extension: an 8-K 5.07
// with the votes of an extension meeting, or a filed (not proposed) new deadline under 5.03 or
// 5.07. A sponsor deposit 8-K (8.01) that extends by deposit alone does not end a vote.
func extensionResult(r record) bool {
	if isProxy(r.filing) {
		return false
	}
	if k, ok := r.first(spac.FieldMeetingKind); ok && k.Value == "extension" &&
		(r.has(spac.FieldVotesFor) || r.has(spac.FieldVotesAgainst)) {
		return true
	}
	items := r.filing.Items
	return r.has(spac.FieldNewDeadline) &&
		(len(items) == 0 || r.filing.HasItem("5.03") || r.filing.HasItem("5.07"))
}

// delistingEvidence finds the fact of a Form 25 / 15 (delisting or deregistration).
func delistingEvidence(r record) (spac.Fact, bool) {
	if f, ok := r.first(spac.FieldDelistingDate); ok {
		return f, true
	}
	if f, ok := r.first(spac.FieldDeregistrationDate); ok {
		return f, true
	}
	switch r.filing.BaseForm() {
	case "25", "25-NSE", "15-12G", "15-12B", "15-15D":
		return firstAny(r)
	}
	return spac.Fact{}, false
}

func (l *lifecycle) apply(p proposal, r record, upto []record) {
	next, ok := l.transition(p.status, r, upto)
	if !ok || next == l.status {
		return
	}
	c := p.cite
	if next != p.status && c.Basis != spac.BasisDerived {
		c = derived("status", p.cite)
	}
	l.status, l.cite = next, c
	l.history = append(l.history, spac.StatusChange{Status: next, Date: r.filing.FiledAt, Citation: c})
}

func (l *lifecycle) transition(to spac.Status, r record, upto []record) (spac.Status, bool) {
	cur := l.status
	switch to {
	case spac.StatusPreIPO:
		return to, cur == ""
	case spac.StatusWithdrawn:
		return to, cur == "" || cur == spac.StatusPreIPO
	case spac.StatusSearching:
		return l.toSearching(r)
	case spac.StatusCombinationAnnounced, spac.StatusInVote:
		return l.toDeal(to, r)
	case spac.StatusInExtension:
		if cur == "" || (isActive(cur) && cur != spac.StatusInExtension) {
			l.resume = cur
			return to, true
		}
	case spac.StatusClosed:
		return to, cur != spac.StatusClosed && cur != spac.StatusLiquidated
	case spac.StatusLiquidating:
		return to, cur != spac.StatusClosed && cur != spac.StatusLiquidating && cur != spac.StatusLiquidated
	case spac.StatusLiquidated:
		return to, cur == spac.StatusLiquidating || (isActive(cur) && pastDeadline(r, upto))
	}
	return "", false
}

func (l *lifecycle) toSearching(r record) (spac.Status, bool) {
	switch l.status {
	case spac.StatusInExtension:
		if extensionResult(r) {
			return l.resumeStatus(), true
		}
		l.resume = spac.StatusSearching // a termination while the extension is pending
	case "", spac.StatusPreIPO, spac.StatusWithdrawn, spac.StatusSearching:
		return spac.StatusSearching, true
	case spac.StatusCombinationAnnounced, spac.StatusInVote:
		return spac.StatusSearching, !l.agreement
	}
	return "", false
}

func (l *lifecycle) toDeal(to spac.Status, r record) (spac.Status, bool) {
	if !r.has(spac.FieldTerminationDate) {
		l.agreement = true
	}
	switch l.status {
	case spac.StatusInExtension:
		if dealRank(to) > dealRank(l.resume) {
			l.resume = to
		}
	case "", spac.StatusPreIPO, spac.StatusSearching:
		return to, true
	case spac.StatusCombinationAnnounced:
		return to, to == spac.StatusInVote
	}
	return "", false
}

// resumeStatus is where an ended extension returns to.
func (l *lifecycle) resumeStatus() spac.Status {
	switch {
	case l.agreement && dealRank(l.resume) > 0:
		return l.resume
	case l.agreement:
		return spac.StatusCombinationAnnounced
	}
	return spac.StatusSearching
}

func dealRank(s spac.Status) int {
	switch s {
	case spac.StatusCombinationAnnounced:
		return 1
	case spac.StatusInVote:
		return 2
	}
	return 0
}

// isActive reports whether a listed SPAC is still looking for or pursuing a combination.
func isActive(s spac.Status) bool {
	switch s {
	case spac.StatusSearching, spac.StatusCombinationAnnounced, spac.StatusInVote, spac.StatusInExtension:
		return true
	}
	return false
}

// pastDeadline reports whether filing r was filed after the deadline known at that time.
func pastDeadline(r record, upto []record) bool {
	d, _, ok := deadlineOf(upto)
	return ok && r.filing.FiledAt > d
}
