package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

// Periodic reports are history.
//
// A 10-Q or 10-K narrates what happened during and after its period: the IPO, the agreement,
// each extension meeting with its redemptions and deposits, a termination. Extraction dates a
// narrated event by the fact's Period when the sentence states the date. The fold reads such
// facts as reports of past events:
//   - events are ordered by their own dates, not by the report's filing date;
//   - an event a current report (8-K) already reported is not counted again (history only
//     fills what the current report left out);
//   - no headline field moves backwards: a status the report narrates applies only when the
//     event is dated after the event of the current status (an undated one only starts a
//     lifecycle), and the deadline is the one set by the latest-dated event.

// statusDates are the facts that date the event a status reports: the IPO's closing for
// searching (or the termination that returns to it), the agreement for an announced deal,
// the closing for closed.
var statusDates = map[spac.Status][]string{
	spac.StatusSearching:            {spac.FieldIPODate, spac.FieldTerminationDate},
	spac.StatusCombinationAnnounced: {spac.FieldAgreementDate},
	spac.StatusClosed:               {spac.FieldClosingDate},
}

// eventOn dates the event a proposal reports: the evidence's own period in a periodic report,
// else the latest date the filing gives the event, else the filing date of a current report
// ("" for a periodic report, which may narrate any time).
func eventOn(r record, p proposal) string {
	periodic := isPeriodic(r.filing.BaseForm())
	if periodic && p.period != "" {
		return p.period
	}
	on := ""
	for _, field := range statusDates[p.status] {
		for _, f := range r.all(field) {
			on = max(on, f.Value)
		}
	}
	if on == "" && !periodic {
		on = r.filing.FiledAt
	}
	return on
}

// stale reports whether a periodic report's proposal narrates an event no later than the
// current status's: the statuses a SPAC returns to (searching, a deal, an extension) would
// otherwise move backwards when a report recalls an old agreement or extension. Terminal
// steps (closed, liquidating, liquidated) cannot move backwards.
func (l *lifecycle) stale(r record, p proposal) bool {
	if !isPeriodic(r.filing.BaseForm()) || l.status == "" {
		return false
	}
	switch p.status {
	case spac.StatusSearching, spac.StatusCombinationAnnounced, spac.StatusInVote, spac.StatusInExtension:
		return p.on == "" || p.on <= l.since
	}
	return false
}

// eventFields are the facts of a meeting, an extension or a redemption: a periodic report
// narrating several such events dates each by its event (the fact's Period).
var eventFields = map[string]bool{
	spac.FieldMeetingDate: true, spac.FieldRecordDate: true, spac.FieldRedemptionDeadline: true,
	spac.FieldMeetingKind: true, spac.FieldVotesFor: true, spac.FieldVotesAgainst: true,
	spac.FieldVotesAbstain: true, spac.FieldSharesRedeemed: true, spac.FieldRedemptionPrice: true,
	spac.FieldRedemptionAmount: true, spac.FieldSharesRemaining: true, spac.FieldNewDeadline: true,
	spac.FieldOldDeadline: true, spac.FieldExtensionDeposit: true,
}

// byEvent splits each periodic report into one record per narrated event (the event facts of
// one Period, grouped as "accession@period" with their amendments) and the rest, so that the
// per-event folds (meetings, redemptions, extensions) see each event on its own.
func byEvent(recs []record) []record {
	out := make([]record, 0, len(recs))
	for _, r := range recs {
		if !isPeriodic(r.filing.BaseForm()) {
			out = append(out, r)
			continue
		}
		rest, events := r, map[string]*record{}
		rest.facts = nil
		var periods []string
		for _, f := range r.facts {
			if !eventFields[f.Field] || f.Period == "" {
				rest.facts = append(rest.facts, f)
				continue
			}
			if events[f.Period] == nil {
				events[f.Period] = &record{filing: r.filing, group: r.group + "@" + f.Period, event: f.Period}
				periods = append(periods, f.Period)
			}
			events[f.Period].facts = append(events[f.Period].facts, f)
		}
		out = append(out, rest)
		slices.Sort(periods)
		for _, p := range periods {
			out = append(out, *events[p])
		}
	}
	return out
}

// narrated reports whether g is a periodic report's account of events (history), not a
// current report of one.
func narrated(g []record) bool { return isPeriodic(g[0].filing.BaseForm()) }

// withinDays reports whether dates a and b are at most n days apart.
func withinDays(a, b string, n int) bool {
	x, ok1 := parseDate(a)
	y, ok2 := parseDate(b)
	d := x.Sub(y).Hours() / 24
	return ok1 && ok2 && d <= float64(n) && d >= -float64(n)
}
