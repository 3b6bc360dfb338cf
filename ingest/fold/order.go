package fold

import (
	"cmp"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// record is one filing with the facts it contributed, in fold order.
type record struct {
	filing spac.Filing
	facts  []spac.Fact // sorted by line, field, value, period
	// group is the accession of the original filing an amendment (chain) amends, else the
	// filing's own: per-filing data (votes, redemptions, extensions) is folded per group.
	group string
	// event is the date of the one event a periodic report narrates in this record (byEvent);
	// "" for a whole filing.
	event string
}

// arrange groups facts under their filings and orders everything deterministically: filings by
// FiledAt, AcceptedAt, accession; facts inside a filing by cited line. A fact whose filing is
// not in filings gets a filing synthesised from its citation so that it still counts. Facts
// that are not usable (no accession to cite, malformed value) are dropped.
func arrange(cik spac.CIK, filings []spac.Filing, facts []spac.Fact) []record {
	byAcc := map[string]*record{}
	for _, f := range filings {
		if f.Accession == "" {
			continue
		}
		if old, ok := byAcc[f.Accession]; ok && !preferFiling(f, old.filing) {
			continue
		}
		if f.CIK == "" {
			f.CIK = cik
		}
		byAcc[f.Accession] = &record{filing: f, group: f.Accession}
	}
	for _, f := range facts {
		if !usable(f) {
			continue
		}
		acc := f.Citation.Accession
		r, ok := byAcc[acc]
		if !ok {
			r = &record{filing: filingFromCitation(cik, f.Citation), group: acc}
			byAcc[acc] = r
		}
		r.facts = append(r.facts, f)
	}
	recs := make([]record, 0, len(byAcc))
	for _, r := range byAcc {
		slices.SortFunc(r.facts, compareFacts)
		r.facts = slices.CompactFunc(r.facts, sameFact)
		recs = append(recs, *r)
	}
	slices.SortFunc(recs, func(a, b record) int { return compareFilings(a.filing, b.filing) })
	return recs
}

// preferFiling breaks ties between two filings with the same accession deterministically.
func preferFiling(a, b spac.Filing) bool {
	return cmp.Or(cmp.Compare(a.FiledAt, b.FiledAt), a.AcceptedAt.Compare(b.AcceptedAt),
		cmp.Compare(a.Form, b.Form), cmp.Compare(len(a.Documents), len(b.Documents))) > 0
}

func filingFromCitation(cik spac.CIK, c spac.Citation) spac.Filing {
	return spac.Filing{Accession: c.Accession, Form: c.Filing, FiledAt: c.FiledAt, CIK: cik}
}

func compareFilings(a, b spac.Filing) int {
	return cmp.Or(cmp.Compare(a.FiledAt, b.FiledAt), a.AcceptedAt.Compare(b.AcceptedAt),
		cmp.Compare(a.Accession, b.Accession))
}

func compareFacts(a, b spac.Fact) int {
	return cmp.Or(cmp.Compare(a.Citation.Line, b.Citation.Line), cmp.Compare(a.Field, b.Field),
		cmp.Compare(a.Value, b.Value), cmp.Compare(a.Period, b.Period),
		cmp.Compare(a.Citation.Quote, b.Citation.Quote))
}

func sameFact(a, b spac.Fact) bool { return compareFacts(a, b) == 0 }

// supersede applies amendments: a superseding filing replaces, in the filings it supersedes,
// the facts of every (field, period) it reports itself. Facts it does not restate survive.
// This matters for multi-valued data (underwriters, lockups, per-accession votes) where
// "later wins" alone would keep the amended values next to the new ones. A status is not
// replaced: the step happened when the original was filed (an S-1/A does not move pre_ipo
// from the S-1's date), and the amendment restating it changes nothing.
func supersede(recs []record) {
	for i := range recs {
		targets := supersededBy(recs, i)
		if len(targets) == 0 {
			continue
		}
		recs[i].group = recs[targets[0]].group
		restated := map[factKey]bool{}
		for _, f := range recs[i].facts {
			restated[keyOf(f)] = true
		}
		for _, t := range targets {
			recs[t].facts = slices.DeleteFunc(slices.Clone(recs[t].facts), func(f spac.Fact) bool {
				return restated[keyOf(f)] && f.Field != spac.FieldStatus
			})
		}
	}
}

type factKey struct{ field, period string }

func keyOf(f spac.Fact) factKey { return factKey{f.Field, f.Period} }

// supersededBy lists the earlier filings that filing i supersedes, transitively: the filing
// named by Amends; else, for a "/A" form, the latest earlier filing of the same base form (and
// the same period when both state one); and for a periodic report, an earlier report of the same
// form for the same period.
func supersededBy(recs []record, i int) []int {
	f := recs[i].filing
	target := -1
	switch {
	case f.Amends != "":
		target = indexBefore(recs, i, func(g spac.Filing) bool { return g.Accession == f.Amends })
	case f.IsAmendment():
		target = indexBefore(recs, i, func(g spac.Filing) bool {
			return g.BaseForm() == f.BaseForm() && (f.Period == "" || g.Period == "" || f.Period == g.Period)
		})
	case isPeriodic(f.Form) && f.Period != "":
		target = indexBefore(recs, i, func(g spac.Filing) bool {
			return g.BaseForm() == f.Form && g.Period == f.Period
		})
	}
	if target < 0 {
		return nil
	}
	return append([]int{target}, supersededBy(recs, target)...)
}

// indexBefore returns the latest index before i whose filing matches, or -1.
func indexBefore(recs []record, i int, match func(spac.Filing) bool) int {
	for j := i - 1; j >= 0; j-- {
		if match(recs[j].filing) {
			return j
		}
	}
	return -1
}

func isPeriodic(base string) bool {
	switch base {
	case "10-K", "10-Q", "10-KT", "10-QT", "20-F":
		return true
	}
	return false
}

// isProxy reports whether the form is a proxy statement: its new_deadline is only proposed.
func isProxy(f spac.Filing) bool { return strings.Contains(f.Form, "14A") }

// has reports whether the record holds a fact of field.
func (r record) has(field string) bool {
	_, ok := r.first(field)
	return ok
}

// first returns the record's first fact of field (lowest cited line).
func (r record) first(field string) (spac.Fact, bool) {
	for _, f := range r.facts {
		if f.Field == field && f.Value != "" {
			return f, true
		}
	}
	return spac.Fact{}, false
}

// all returns every fact of field in the record, in line order.
func (r record) all(field string) []spac.Fact {
	var out []spac.Fact
	for _, f := range r.facts {
		if f.Field == field && f.Value != "" {
			out = append(out, f)
		}
	}
	return out
}

// latest returns the fact of field from the newest filing that has one: later filings win.
func latest(recs []record, field string) (spac.Fact, bool) {
	for i := len(recs) - 1; i >= 0; i-- {
		if f, ok := recs[i].first(field); ok {
			return f, true
		}
	}
	return spac.Fact{}, false
}

// groups splits records by amendment group, in order of each group's original filing.
func groups(recs []record) [][]record {
	var out [][]record
	at := map[string]int{}
	for _, r := range recs {
		i, ok := at[r.group]
		if !ok {
			i = len(out)
			at[r.group] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], r)
	}
	return out
}
