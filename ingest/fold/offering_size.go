package fold

import (
	"math/big"
	"slices"

	spac "github.com/spacdata/spac"
)

// The size of the IPO: units, gross proceeds, amount placed in trust, sponsor private
// placement, as one set.
//
// Decisions:
//   - The figures move in steps: the registration statement proposes, the final prospectus
//     (424B4) fixes the base deal ("or $345,000,000 if the over-allotment option is exercised in
//     full" is an option, not a figure), the IPO 8-K reports what closed, and the underwriters
//     may buy more units weeks later, which an 8-K or the next 10-Q/10-K reports. Every figure
//     of the offering is of the latest step known; a figure of an earlier step is never shown
//     beside a later step's units.
//   - units_offered is the most units a report after pricing (an 8-K, a 10-Q or 10-K before the
//     combination closes) states sold; more than the base deal plus the customary 15 %
//     over-allotment are not this IPO's units. Without such a report it is the prospectus's
//     (or the registration statement's) offer.
//   - over_allotment_units is units_offered less the final prospectus's base deal (derived).
//   - gross_proceeds and trust_amount must equal units_offered x the unit price (trust per
//     unit): a stated figure that does is cited as stated; otherwise the product is derived
//     from the two; a stated figure that does not is another step's and is left out. Without a
//     per-unit figure, only the figure of the filing that states the units is taken.
//   - private_placement is the largest a report states from the one that first states the
//     units sold (a report tells of the base deal's placement and of the one that came with the
//     over-allotment); when the over-allotment came after the closing, a figure no larger than
//     the closing's is the base deal's and is left out. It is less than a fifth of the gross
//     proceeds (a larger "private placement" is a PIPE).
//   - Amendments do not hide these figures: each filing states what was true when filed, so the
//     records are read as filed (an annual report's amendment that recounts the IPO's
//     placement does not replace the annual report's total).

// overAllotmentCap is the base deal plus the largest option underwriters are granted (15 %).
var overAllotmentCap = big.NewRat(115, 100)

// finalProspectus states the base deal as priced.
var finalProspectus = map[string]bool{"424B4": true, "424B1": true}

// offeringStages splits the filings before the combination closed into those filed before the
// IPO was priced (registration statements and prospectuses) and the reports after it.
func offeringStages(recs []record) (pre, post []record) {
	for _, r := range beforeClosing(recs) {
		switch base := r.filing.BaseForm(); {
		case registrationForms[base] || finalProspectus[base] || base == "S-1MEF":
			pre = append(pre, r)
		case base == "8-K" || isPeriodic(base):
			post = append(post, r)
		}
	}
	return pre, post
}

// sizes folds the offering's sizes into o (see above) from the filings as filed; o's unit
// price and trust per unit are folded already.
func sizes(o *spac.Offering, cs *citations, asFiled []record) {
	pre, post := offeringStages(asFiled)
	base, hasBase := latestOf(pre, spac.FieldUnitsOffered, func(r record) bool { return finalProspectus[r.filing.BaseForm()] })
	units, from, ok := unitsSold(post, base, hasBase)
	source := post
	if !ok {
		source, from = pre, lastStating(pre, spac.FieldUnitsOffered)
		if from < 0 {
			withoutUnits(o, cs, append(slices.Clone(pre), post...))
			return
		}
		units, _ = pre[from].first(spac.FieldUnitsOffered)
	}
	s := sizeFold{cs: cs, unitsRec: source[from], all: append(slices.Clone(pre), post...)}
	s.units, _ = dec(units.Value)
	s.unitsCite = stated(units, "units_offered")
	o.UnitsOffered = units.Value
	cs.set(s.unitsCite)
	if b, ok := dec(base.Value); hasBase && ok && s.units.Cmp(b) > 0 {
		o.OverAllotmentUnits, _ = integral(sub(s.units, b))
		cs.set(derived("over_allotment_units", s.unitsCite, stated(base, spac.FieldUnitsOffered)))
	}
	o.GrossProceeds = s.total("gross_proceeds", spac.FieldIPOGrossProceeds, o.UnitPrice, "unit_price")
	o.TrustAmount = s.total("trust_amount", spac.FieldTrustSize, o.TrustPerUnit, "trust_per_unit")
	if ok {
		o.PrivatePlacement = s.placement(o.GrossProceeds, post, from)
	} else if f, found := latest(pre, spac.FieldPrivatePlacement); found && s.smallEnough(f.Value, o.GrossProceeds) {
		o.PrivatePlacement = f.Value
		cs.set(stated(f, "private_placement"))
	}
}

// withoutUnits folds the sizes of an offering whose units no filing states: each as the
// latest filing states it (nothing to be consistent with).
func withoutUnits(o *spac.Offering, cs *citations, recs []record) {
	for _, s := range []struct {
		dst          *string
		field, label string
	}{
		{&o.GrossProceeds, spac.FieldIPOGrossProceeds, "gross_proceeds"},
		{&o.TrustAmount, spac.FieldTrustSize, "trust_amount"},
		{&o.PrivatePlacement, spac.FieldPrivatePlacement, "private_placement"},
	} {
		if f, ok := latest(recs, s.field); ok {
			*s.dst = twoDecimals(f.Value)
			cs.set(stated(f, s.label))
		}
	}
}

// lastStating is the index of the latest record stating field, or -1.
func lastStating(recs []record, field string) int {
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].has(field) {
			return i
		}
	}
	return -1
}

// latestOf is the fact of field in the latest record that satisfies keep.
func latestOf(recs []record, field string, keep func(record) bool) (spac.Fact, bool) {
	return latest(slices.DeleteFunc(slices.Clone(recs), func(r record) bool { return !keep(r) }), field)
}

// unitsSold is the most units a report states sold (within the base deal and its option when
// the base is known), and the index of the first report stating that many.
func unitsSold(post []record, base spac.Fact, hasBase bool) (spac.Fact, int, bool) {
	limit, limited := dec(base.Value)
	if limited = hasBase && limited; limited {
		limit = mul(limit, overAllotmentCap)
	}
	var best spac.Fact
	var bestN *big.Rat
	at := -1
	for i, r := range post {
		for _, f := range r.all(spac.FieldUnitsOffered) {
			n, ok := dec(f.Value)
			if ok && (!limited || n.Cmp(limit) <= 0) && (bestN == nil || n.Cmp(bestN) > 0) {
				best, bestN, at = f, n, i
			}
		}
	}
	return best, at, at >= 0
}

// sizeFold holds the units the offering's figures are for.
type sizeFold struct {
	cs        *citations
	units     *big.Rat
	unitsCite spac.Citation
	unitsRec  record   // the filing the units are read from
	all       []record // every filing of the offering, in order
}

// total folds a figure that is units x a per-unit figure (gross proceeds, trust): a stated
// value equal to the product, else the product derived; without the per-unit figure, the
// value the filing of the units states. It returns the value set ("" none).
func (s sizeFold) total(label, field, perValue, perLabel string) string {
	per, okPer := dec(perValue)
	perCite, okCite := s.cs.find(perLabel)
	if !okPer || !okCite || per.Sign() <= 0 {
		if f, ok := s.unitsRec.first(field); ok {
			s.cs.set(stated(f, label))
			return twoDecimals(f.Value)
		}
		return ""
	}
	total := mul(s.units, per)
	for _, r := range slices.Backward(s.all) {
		for _, f := range r.all(field) {
			if v, ok := dec(f.Value); ok && v.Cmp(total) == 0 {
				s.cs.set(stated(f, label))
				return fixed(total, 2)
			}
		}
	}
	s.cs.set(derived(label, s.unitsCite, perCite))
	return fixed(total, 2)
}

// placement is the sponsor's private placement for the units sold: the largest a report
// states from the first one stating those units, larger than the closing's when the
// over-allotment came after the closing (see above).
func (s sizeFold) placement(gross string, post []record, from int) string {
	best, ok := largest(post[from:], spac.FieldPrivatePlacement, gross, s)
	if !ok {
		return ""
	}
	if earlier, ok := largest(post[:from], spac.FieldPrivatePlacement, gross, s); ok && !moreThan(best.Value, earlier.Value) {
		return ""
	}
	s.cs.set(stated(best, "private_placement"))
	return best.Value
}

// largest is the largest value of field the records state (within the private placement's
// bound).
func largest(recs []record, field, gross string, s sizeFold) (spac.Fact, bool) {
	var best spac.Fact
	for _, r := range recs {
		for _, f := range r.all(field) {
			if s.smallEnough(f.Value, gross) && (best.Value == "" || moreThan(f.Value, best.Value)) {
				best = f
			}
		}
	}
	return best, best.Value != ""
}

// smallEnough reports whether a private placement is less than a fifth of the gross proceeds
// (when they are known): more is a PIPE or another financing, not the sponsor's placement.
func (s sizeFold) smallEnough(placement, gross string) bool {
	p, ok1 := dec(placement)
	g, ok2 := dec(gross)
	return !ok1 || !ok2 || mul(p, big.NewRat(5, 1)).Cmp(g) < 0
}

// moreThan reports whether decimal a is larger than b.
func moreThan(a, b string) bool {
	x, ok1 := dec(a)
	y, ok2 := dec(b)
	return ok1 && ok2 && x.Cmp(y) > 0
}
