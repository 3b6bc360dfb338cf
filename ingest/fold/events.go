package fold

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// warrantLifeMonths is the customary SPAC warrant term: five years after the combination.
const warrantLifeMonths = 60

// calendar derives the SPAC's dated events from its folded profile, whatever today is:
//   - deadline: the current deadline, only while the SPAC is active (searching, announced,
//     in vote or in extension); a closed or liquidated SPAC has no deadline to watch.
//   - extension_vote / merger_vote: each meeting by kind; redemption_deadline: each meeting's
//     last day to tender.
//   - lockup_expiry: each lockup with a derived expiry.
//   - warrant_expiry: closing date + 5 years when the units carried warrants (derived).
//   - expected_close is not emitted: no extracted fact states an expected closing date.
//
// Each event cites its date (Field "date") and the SPAC's symbol and name. Events sharing an
// ID (cik/type/date) are merged.
func calendar(p spac.Profile) []spac.Event {
	b := eventBuilder{p: p, byID: map[string]int{}, out: []spac.Event{}}
	if c, ok := citationOf(p.Citations, "deadline"); ok && isActive(p.Status) {
		b.add(spac.EventDeadline, p.Deadline, "deadline to complete a business combination", c)
	}
	for _, v := range p.Votes {
		b.addVote(v)
	}
	if p.Combination != nil {
		for _, l := range p.Combination.Lockups {
			if c, ok := citationOf(l.Citations, "expires"); ok {
				b.add(spac.EventLockupExpiry, l.Expires, "lockup expires ("+lockupPeriod(l)+" after closing)", c)
			}
		}
		b.addWarrantExpiry()
	}
	slices.SortFunc(b.out, func(x, y spac.Event) int {
		return cmp.Or(cmp.Compare(x.Date, y.Date), cmp.Compare(x.ID, y.ID))
	})
	return b.out
}

type eventBuilder struct {
	p    spac.Profile
	byID map[string]int
	out  []spac.Event
}

func (b *eventBuilder) addVote(v spac.Vote) {
	meeting, okMeeting := citationOf(v.Citations, "meeting_date")
	switch {
	case !okMeeting:
	case v.Kind == "extension":
		b.add(spac.EventExtensionVote, v.MeetingDate, "extension meeting", meeting)
	case v.Kind == "business_combination":
		b.add(spac.EventMergerVote, v.MeetingDate, "business combination meeting", meeting)
	}
	if c, ok := citationOf(v.Citations, "redemption_deadline"); ok {
		what := "redemption deadline"
		if v.Kind != "" {
			what += " for the " + strings.ReplaceAll(v.Kind, "_", " ") + " meeting"
		}
		b.add(spac.EventRedemptionDeadline, v.RedemptionDeadline, what, c)
	}
}

// addWarrantExpiry adds closing + 5 years when the SPAC's units carried warrants.
func (b *eventBuilder) addWarrantExpiry() {
	comb := b.p.Combination
	closing, ok := citationOf(comb.Citations, "closing_date")
	if !ok {
		return
	}
	evidence, ok := warrantEvidence(b.p)
	if !ok {
		return
	}
	if date, ok := addMonths(comb.ClosingDate, warrantLifeMonths); ok {
		b.add(spac.EventWarrantExpiry, date, "warrants expire (5 years after closing)",
			derived("date", closing, evidence))
	}
}

// warrantEvidence cites what shows the SPAC issued warrants.
func warrantEvidence(p spac.Profile) (spac.Citation, bool) {
	if strings.Contains(strings.ToLower(p.Offering.UnitStructure), "warrant") {
		return citationOf(p.Offering.Citations, "unit_structure")
	}
	if p.Offering.WarrantExercisePrice != "" {
		return citationOf(p.Offering.Citations, "warrant_exercise_price")
	}
	if p.Tickers.Warrants != "" {
		return citationOf(p.Citations, "tickers.warrants")
	}
	return spac.Citation{}, false
}

// add records an event on date, citing its date source and the SPAC's symbol and name.
func (b *eventBuilder) add(t spac.EventType, date, what string, source spac.Citation) {
	if _, ok := parseDate(date); !ok {
		return
	}
	source.Field = "date"
	id := fmt.Sprintf("%s/%s/%s", b.p.CIK, t, date)
	if i, ok := b.byID[id]; ok {
		b.out[i].Citations = append(b.out[i].Citations, source)
		return
	}
	cs := []spac.Citation{source}
	for _, f := range []string{"symbol", "name"} {
		if c, ok := citationOf(b.p.Citations, f); ok {
			cs = append(cs, c)
		}
	}
	b.byID[id] = len(b.out)
	b.out = append(b.out, spac.Event{
		ID: id, Type: t, Date: date, CIK: b.p.CIK, Symbol: b.p.Symbol, Name: b.p.Name,
		Title: b.label() + ": " + what, Citations: cs,
	})
}

// label names the SPAC in a title: "Maple Ridge Acquisition Corp. (MRAC)".
func (b *eventBuilder) label() string {
	switch {
	case b.p.Name != "" && b.p.Symbol != "":
		return b.p.Name + " (" + b.p.Symbol + ")"
	case b.p.Name != "":
		return b.p.Name
	case b.p.Symbol != "":
		return b.p.Symbol
	}
	return "CIK " + string(b.p.CIK)
}

func lockupPeriod(l spac.Lockup) string {
	if l.Days != "" {
		return l.Days + " days"
	}
	return l.Months + " months"
}

func citationOf(cs []spac.Citation, field string) (spac.Citation, bool) {
	return citations(cs).find(field)
}
