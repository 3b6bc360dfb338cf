package fold

import (
	"cmp"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// lifecycle replays the status facts of a SPAC's filings in order through the transition rules
// of docs/decisions.md ("Identity and lifecycle"). Extractors see one filing at a time, so the fold
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
//   - closed needs a completed closing (closing.go): a sentence stating it, Item 2.01, or the
//     combined company filing under its own name. A closing date a filing only expects moves
//     nothing.
//   - closed and liquidating are final except that liquidating becomes liquidated.
//   - liquidated (Form 25 / 15) applies only when the SPAC was liquidating, or when it was still
//     active past its deadline; otherwise (a closed de-SPAC delisting its warrants) it is ignored.
//   - Periodic reports are history (history.go): a status they narrate moves the SPAC only
//     when the event it reports is dated after the event of the current status.
//
// A filing without a status fact may still imply one (an S-1 implies pre_ipo, an ipo_date
// searching, a closing under Item 2.01 closed...); implied statuses carry a derived citation.
type lifecycle struct {
	status spac.Status
	cite   spac.Citation
	since  string      // date of the event that set the status
	resume spac.Status // where a pending extension returns to
	// agreedOn and endedOn date the latest agreement and termination: an agreement is pending
	// while the latest agreement is the later of the two.
	agreedOn, endedOn string
	successors        []spac.Fact // names the combined company is announced under
	closedAt          int         // index of the record that closed the combination; -1 while open
	extensionFrom     int         // index of the record that started the pending extension
	history           []spac.StatusChange
}

type proposal struct {
	status spac.Status
	cite   spac.Citation
	period string // the evidence's own event date (a periodic report's narrated event)
	on     string // date of the event it reports; "" when unknown
}

func runLifecycle(recs []record) lifecycle {
	l := lifecycle{history: []spac.StatusChange{}, closedAt: -1}
	for i, r := range recs {
		l.noteAgreement(r)
		l.noteSuccessors(r)
		was := l.status
		for _, p := range l.proposals(r) {
			l.apply(p, r, recs[:i+1])
		}
		switch {
		case l.status == was:
		case l.status == spac.StatusClosed:
			l.closedAt = i
		case l.status == spac.StatusInExtension:
			l.extensionFrom = i
		}
	}
	return l
}

// agreement reports whether a business combination agreement is pending.
func (l *lifecycle) agreement() bool { return l.agreedOn != "" && l.agreedOn > l.endedOn }

// noteAgreement dates the latest agreement and termination the filing reports. A target
// named without a date counts as an agreement on the filing's date, except in a periodic
// report (which may recall a terminated deal) or beside a termination (the target it ends).
func (l *lifecycle) noteAgreement(r record) {
	for _, f := range r.all(spac.FieldTerminationDate) {
		l.endedOn = max(l.endedOn, f.Value)
		if !isPeriodic(r.filing.BaseForm()) {
			l.endedOn = max(l.endedOn, l.agreedOn) // the report of a termination ends what was pending
		}
	}
	for _, f := range r.all(spac.FieldAgreementDate) {
		l.agreedOn = max(l.agreedOn, f.Value)
	}
	if r.has(spac.FieldTarget) && !r.has(spac.FieldTerminationDate) && !isPeriodic(r.filing.BaseForm()) {
		l.agreedOn = max(l.agreedOn, r.filing.FiledAt)
	}
}

// proposals are the statuses filing r proposes, stated or else implied, each dated by the
// event it reports; a periodic report's re-narration of an older event is dropped.
func (l *lifecycle) proposals(r record) []proposal {
	ps := explicitStatus(r)
	if len(ps) == 0 {
		ps = l.impliedStatus(r)
	}
	out := ps[:0]
	for _, p := range ps {
		p.on = eventOn(r, p)
		if !l.stale(r, p) {
			out = append(out, p)
		}
	}
	return out
}

func explicitStatus(r record) []proposal {
	var out []proposal
	for _, f := range r.all(spac.FieldStatus) {
		if s := spac.Status(f.Value); s.Valid() && s != spac.StatusUnknown {
			out = append(out, proposal{status: s, cite: stated(f, "status"), period: f.Period})
		}
	}
	return out
}

// impliedRules say which status a filing implies, and by which facts, when it has no status
// fact: a form (an RW, a Form 25) or a fact (an IPO date, a closing under Item 2.01) that marks
// a step.
var impliedRules = []struct {
	status   spac.Status
	evidence func(*lifecycle, record) ([]spac.Fact, bool)
}{
	{spac.StatusPreIPO, one(formEvidence("S-1", "F-1", "424B4", "424B1"))}, // a prospectus without an IPO date: not public yet as far as the record shows
	{spac.StatusWithdrawn, one(formEvidence("RW"))},
	{spac.StatusSearching, one(factEvidence(spac.FieldIPODate))},
	{spac.StatusCombinationAnnounced, one(dealEvidence)},
	{spac.StatusInVote, one(mergerProxyEvidence)},
	{spac.StatusInExtension, one(extensionProposal)},
	{spac.StatusSearching, one(backToSearchingEvidence)},
	{spac.StatusClosed, (*lifecycle).closingEvidence},
	{spac.StatusLiquidating, one(factEvidence(spac.FieldLiquidationDate))},
	{spac.StatusLiquidated, one(delistingEvidence)},
}

// impliedStatus derives the statuses a filing implies, each cited as derived from its evidence.
func (l *lifecycle) impliedStatus(r record) []proposal {
	var out []proposal
	for _, rule := range impliedRules {
		facts, ok := rule.evidence(l, r)
		if !ok {
			continue
		}
		inputs := make([]spac.Citation, len(facts))
		for i, f := range facts {
			inputs[i] = stated(f, f.Field)
		}
		out = append(out, proposal{status: rule.status, cite: derived("status", inputs...), period: facts[0].Period})
	}
	return out
}

// one adapts a single-fact evidence to the rule table.
func one(evidence func(record) (spac.Fact, bool)) func(*lifecycle, record) ([]spac.Fact, bool) {
	return func(_ *lifecycle, r record) ([]spac.Fact, bool) {
		f, ok := evidence(r)
		return []spac.Fact{f}, ok
	}
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

// dealEvidence: a 425 communication, or an 8-K announcing an agreement (Item 1.01), or a
// periodic report telling of an agreement (dated: history.go keeps an old one from counting).
func dealEvidence(r record) (spac.Fact, bool) {
	switch base := r.filing.BaseForm(); {
	case base == "425":
		return firstAny(r)
	case base == "8-K" || isPeriodic(base):
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
	l.status, l.cite, l.since = next, c, cmp.Or(p.on, r.filing.FiledAt)
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
		return spac.StatusSearching, !l.agreement()
	}
	return "", false
}

func (l *lifecycle) toDeal(to spac.Status, r record) (spac.Status, bool) {
	if !r.has(spac.FieldTerminationDate) && !l.agreement() {
		l.agreedOn = max(l.agreedOn, l.endedOn, r.filing.FiledAt)
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
	case l.agreement() && dealRank(l.resume) > 0:
		return l.resume
	case l.agreement():
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
