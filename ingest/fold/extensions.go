package fold

import (
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

var extensionSlots = []slot[spac.Extension]{
	{spac.FieldOldDeadline, "old_deadline", func(v *spac.Extension) *string { return &v.OldDeadline }},
	{spac.FieldNewDeadline, "new_deadline", func(v *spac.Extension) *string { return &v.NewDeadline }},
	{spac.FieldExtensionDeposit, "deposit", func(v *spac.Extension) *string { return &v.Deposit }},
}

// depositReportDays is how long after a deposit its 8-K may be filed (four business days,
// with a holiday or two): a periodic report's deposit dated that close before an 8-K's of the
// same amount is the 8-K's deposit.
const depositReportDays = 10

// extensionEntry is an extension being folded with its citations.
type extensionEntry struct {
	ext     spac.Extension
	cs      citations
	history bool // from a periodic report's account
}

// extensions folds deadline extensions filed as done (8-K 5.03/5.07/8.01, or a periodic
// report's account of one); a proxy's new deadline and deposit are only proposed and are not
// extensions. The old deadline is the one the filing states, else the deadline in force before
// the event (derived from its citation). A periodic report's account of an extension a current
// report already reported (same new deadline, or the same deposit paid within days of the
// 8-K) only fills what that report left out. Extensions are listed in order of their dates.
func extensions(recs []record) []spac.Extension {
	var entries []*extensionEntry
	for _, g := range groups(recs) {
		g = slices.DeleteFunc(slices.Clone(g), func(r record) bool { return isProxy(r.filing) })
		e := extensionEntry{history: len(g) > 0 && narrated(g)}
		if len(g) == 0 || !fillGroup(g, &e.ext, &e.cs, extensionSlots) {
			continue
		}
		e.ext.Date = eventDate(g, &e.cs)
		e.ext.Accession = g[len(g)-1].filing.Accession
		if i := sameExtension(entries, e); i >= 0 {
			entries[i].fillFrom(e)
			continue
		}
		e.inferOldDeadline(recs, g)
		entries = append(entries, &e)
	}
	out := make([]spac.Extension, 0, len(entries))
	for _, e := range entries {
		e.ext.Citations = e.cs.list()
		out = append(out, e.ext)
	}
	slices.SortStableFunc(out, func(a, b spac.Extension) int { return strings.Compare(a.Date, b.Date) })
	return out
}

// sameExtension finds the entry of the extension a periodic report's account e recounts, or -1.
func sameExtension(entries []*extensionEntry, e extensionEntry) int {
	if !e.history {
		return -1
	}
	for i, w := range slices.Backward(entries) {
		x, y := w.ext, e.ext
		switch {
		case x.NewDeadline != "" && y.NewDeadline != "":
			if x.NewDeadline == y.NewDeadline {
				return i
			}
		case sameNumber(x.Deposit, y.Deposit) && withinDays(x.Date, y.Date, depositReportDays):
			return i
		}
	}
	return -1
}

// fillFrom takes the values only the account e states, with their citations.
func (w *extensionEntry) fillFrom(e extensionEntry) {
	for _, s := range extensionSlots {
		if v := *s.dst(&e.ext); v != "" && *s.dst(&w.ext) == "" {
			*s.dst(&w.ext) = v
			if c, ok := e.cs.find(s.label); ok {
				w.cs.set(c)
			}
		}
	}
}

// inferOldDeadline sets the deadline in force before the extension when the filing states
// none: before the filing of a current report, before the event a periodic report narrates.
func (e *extensionEntry) inferOldDeadline(recs []record, g []record) {
	if e.ext.OldDeadline != "" || e.ext.NewDeadline == "" {
		return
	}
	upto := before(recs, g[0])
	if g[0].event != "" {
		upto = recs
	}
	if d, c, ok := deadlineBefore(upto, g[0].event); ok && d != e.ext.NewDeadline {
		e.ext.OldDeadline = d
		e.cs.set(derivedFrom("old_deadline", c))
	}
}
