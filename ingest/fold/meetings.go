package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

// slot maps a fact field to a string field of a profile struct and its JSON name.
type slot[T any] struct {
	field, label string
	dst          func(*T) *string
}

// fillGroup fills v from each filing of an amendment group in turn, later filings winning.
func fillGroup[T any](g []record, v *T, cs *citations, slots []slot[T]) bool {
	filled := false
	for _, r := range g {
		filled = fill(r, v, cs, slots) || filled
	}
	return filled
}

// fill copies the first fact of each slot's field in r into v, citing it; it reports whether
// any slot was filled.
func fill[T any](r record, v *T, cs *citations, slots []slot[T]) bool {
	filled := false
	for _, s := range slots {
		if f, ok := r.first(s.field); ok {
			*s.dst(v) = f.Value
			cs.set(stated(f, s.label))
			filled = true
		}
	}
	return filled
}

// fillGaps is fill for the slots v has no value for yet: a periodic report's account of
// terms a current report already stated does not replace them.
func fillGaps[T any](r record, v *T, cs *citations, slots []slot[T]) bool {
	filled := false
	for _, s := range slots {
		if *s.dst(v) != "" {
			continue
		}
		if f, ok := r.first(s.field); ok {
			*s.dst(v) = f.Value
			cs.set(stated(f, s.label))
			filled = true
		}
	}
	return filled
}

var voteSlots = []slot[spac.Vote]{
	{spac.FieldMeetingKind, "kind", func(v *spac.Vote) *string { return &v.Kind }},
	{spac.FieldMeetingDate, "meeting_date", func(v *spac.Vote) *string { return &v.MeetingDate }},
	{spac.FieldRecordDate, "record_date", func(v *spac.Vote) *string { return &v.RecordDate }},
	{spac.FieldRedemptionDeadline, "redemption_deadline", func(v *spac.Vote) *string { return &v.RedemptionDeadline }},
	{spac.FieldVotesFor, "for", func(v *spac.Vote) *string { return &v.For }},
	{spac.FieldVotesAgainst, "against", func(v *spac.Vote) *string { return &v.Against }},
	{spac.FieldVotesAbstain, "abstain", func(v *spac.Vote) *string { return &v.Abstain }},
}

// voteEntry is a meeting being folded with its citations.
type voteEntry struct {
	v       spac.Vote
	cs      citations
	history bool // only periodic reports' accounts so far
}

// votes folds shareholder meetings: one per filing (with its amendments) that names a meeting
// (namesMeeting), then a filing about the same meeting date
// (the DEF 14A after the PRE 14A, the 8-K 5.07 results after the proxy) is merged into the
// earlier one, its values winning; the vote's accession is the latest contributing filing.
// A meeting without a stated kind takes it from the form (merger proxy or S-4/F-4/424B3:
// business_combination; a proxy or 8-K with a new deadline: extension), cited as derived.
// A periodic report's account of a meeting (history.go) only fills what the filings about
// it left out, and gives way to them when it came first.
func votes(recs []record) []spac.Vote {
	var entries []*voteEntry
	for _, g := range groups(recs) {
		e := voteEntry{history: narrated(g)}
		if !fillGroup(g, &e.v, &e.cs, voteSlots) || !namesMeeting(e.v) {
			continue
		}
		inferKind(g, &e.v, &e.cs)
		e.v.Accession = g[len(g)-1].filing.Accession
		if i := sameMeeting(entries, e.v); i >= 0 {
			entries[i].merge(e)
			continue
		}
		entries = append(entries, &e)
	}
	out := make([]spac.Vote, 0, len(entries))
	for _, e := range entries {
		e.v.Citations = e.cs.list()
		out = append(out, e.v)
	}
	return out
}

// namesMeeting reports whether v is a meeting rather than a mention of one: it needs a date
// (meeting, record or redemption deadline) or a vote count. A kind alone comes from proposal
// sentences describing some future vote (the IPO 8-K's charter terms, the merger agreement,
// the registration statement before it sets a date); it cannot be dated or told apart from
// the meeting that will be called, so it annotates nothing and is not served as an empty vote.
func namesMeeting(v spac.Vote) bool {
	return v.MeetingDate != "" || v.RecordDate != "" || v.RedemptionDeadline != "" ||
		v.For != "" || v.Against != "" || v.Abstain != ""
}

// sameMeeting finds the latest entry for the same meeting date and a compatible kind.
func sameMeeting(entries []*voteEntry, v spac.Vote) int {
	for i := len(entries) - 1; i >= 0; i-- {
		w := entries[i].v
		if v.MeetingDate != "" && w.MeetingDate == v.MeetingDate &&
			(v.Kind == "" || w.Kind == "" || v.Kind == w.Kind) {
			return i
		}
	}
	return -1
}

// merge folds a later filing's account e of the same meeting into w: its values win, unless
// e is a periodic report's account of a meeting other filings reported (it fills gaps only).
func (w *voteEntry) merge(e voteEntry) {
	gapsOnly := e.history && !w.history
	for _, s := range voteSlots {
		if v := *s.dst(&e.v); v != "" && (!gapsOnly || *s.dst(&w.v) == "") {
			*s.dst(&w.v) = v
			if c, ok := e.cs.find(s.label); ok {
				w.cs.set(c)
			}
		}
	}
	if !gapsOnly {
		w.v.Accession = e.v.Accession
	}
	w.history = w.history && e.history
}

func inferKind(g []record, v *spac.Vote, cs *citations) {
	if v.Kind != "" {
		return
	}
	r := g[len(g)-1]
	switch base := r.filing.BaseForm(); {
	case base == "DEFM14A" || base == "PREM14A" || base == "S-4" || base == "F-4" || base == "424B3":
		v.Kind = "business_combination"
	case r.has(spac.FieldNewDeadline):
		v.Kind = "extension"
	default:
		return
	}
	if f, ok := firstAny(r); ok {
		cs.set(derived("kind", stated(f, f.Field)))
	}
}

// before returns the records filed before r (in fold order).
func before(recs []record, r record) []record {
	for i := range recs {
		if recs[i].filing.Accession == r.filing.Accession {
			return recs[:i]
		}
	}
	return recs
}

// eventDate dates what an amendment group reports: the event a periodic report narrates
// (byEvent), else the meeting it reports (latest filing stating one), else the original
// filing's date (cited as derived from its first fact).
func eventDate(g []record, cs *citations) string {
	if on := g[0].event; on != "" {
		if f, ok := firstAny(g[0]); ok {
			cs.set(citeDate("date", on, g, []string{spac.FieldMeetingDate}, stated(f, f.Field)))
		}
		return on
	}
	for _, r := range slices.Backward(g) {
		if f, ok := r.first(spac.FieldMeetingDate); ok {
			cs.set(stated(f, "date"))
			return f.Value
		}
	}
	if f, ok := eventFact(g[0]); ok && g[0].filing.FiledAt != "" {
		cs.set(citeDate("date", g[0].filing.FiledAt, g[:1], []string{spac.FieldPeriodOfReport}, stated(f, f.Field)))
		return g[0].filing.FiledAt
	}
	return ""
}

// eventFact is the first fact of an event (a meeting, an extension, a redemption) in r, else
// its first fact: what a date taken from the filing is derived from (not the header's name).
func eventFact(r record) (spac.Fact, bool) {
	for _, f := range r.facts {
		if eventFields[f.Field] {
			return f, true
		}
	}
	return firstAny(r)
}
