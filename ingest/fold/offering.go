package fold

import (
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// offering folds the IPO terms: each per-unit term from the latest filing stating it (a 424B4
// or the IPO 8-K refines the S-1); the sizes as one set (offering_size.go), from the filings
// as filed (asFiled: amendments not applied); underwriters are the list of the latest
// prospectus naming any (the syndicate is the prospectus's: a closing release often names only
// the lead), else of the latest filing naming any.
func offering(recs, asFiled []record) spac.Offering {
	var o spac.Offering
	var cs citations
	scalars := []struct {
		dst          *string
		field, label string
	}{
		{&o.UnitPrice, spac.FieldUnitPrice, "unit_price"},
		{&o.UnitStructure, spac.FieldUnitStructure, "unit_structure"},
		{&o.WarrantExercisePrice, spac.FieldWarrantExercise, "warrant_exercise_price"},
		{&o.TrustPerUnit, spac.FieldTrustPerUnit, "trust_per_unit"},
		{&o.DeadlineMonths, spac.FieldDeadlineMonths, "deadline_months"},
	}
	for _, s := range scalars {
		if f, ok := latest(recs, s.field); ok {
			*s.dst = f.Value
			cs.set(stated(f, s.label))
		}
	}
	sizes(&o, &cs, asFiled)
	for _, fromProspectus := range []bool{true, false} {
		if len(o.Underwriters) > 0 {
			break
		}
		for i := len(recs) - 1; i >= 0; i-- {
			if fromProspectus && !prospectusForms[recs[i].filing.BaseForm()] {
				continue
			}
			if us := recs[i].all(spac.FieldUnderwriter); len(us) > 0 {
				for _, f := range us {
					if !slices.Contains(o.Underwriters, f.Value) {
						o.Underwriters = append(o.Underwriters, f.Value)
						cs.add(stated(f, "underwriters"))
					}
				}
				break
			}
		}
	}
	o.Citations = cs.list()
	return o
}

// prospectusForms are the forms whose underwriting section names the syndicate.
var prospectusForms = map[string]bool{"S-1": true, "F-1": true, "424B4": true, "424B1": true}

// trustSeries folds the periodic-report trust facts into one point per balance-sheet date,
// sorted by date; for the same date and field a later filing wins (a 10-K/A restating a
// balance replaces it). The date comes from the fact's XBRL period (else the filing's period
// of report); it is cited on a line of a filing that writes it when there is one (anchor.go;
// a line that writes it in an earlier filing is kept over none in a later one), else as
// derived from the first value it dates (the balance when there is one).
func trustSeries(recs []record) []spac.TrustPoint {
	type slot struct {
		field, label string
		dst          func(*spac.TrustPoint) *string
	}
	slots := []slot{
		{spac.FieldTrustBalance, "balance", func(p *spac.TrustPoint) *string { return &p.Balance }},
		{spac.FieldSharesSubjectToRed, "shares_subject_to_redemption", func(p *spac.TrustPoint) *string { return &p.SharesSubjectToRedemption }},
		{spac.FieldRedemptionValuePS, "redemption_value_per_share", func(p *spac.TrustPoint) *string { return &p.RedemptionValuePerShare }},
	}
	points := map[string]*spac.TrustPoint{}
	cites := map[string]*citations{}
	for _, r := range recs {
		seen := map[string]bool{} // the first fact of a field and date in a filing wins
		for _, s := range slots {
			for _, f := range r.all(s.field) {
				date := f.Period
				if date == "" {
					date = r.filing.Period
				}
				if _, ok := parseDate(date); !ok || seen[s.field+date] {
					continue
				}
				seen[s.field+date] = true
				if points[date] == nil {
					points[date], cites[date] = &spac.TrustPoint{Date: date}, &citations{}
				}
				*s.dst(points[date]) = f.Value
				cites[date].set(stated(f, s.label))
				cites[date].setDate(citeDate("date", date, []record{r}, []string{spac.FieldPeriodOfReport}, stated(f, s.field)))
			}
		}
	}
	out := make([]spac.TrustPoint, 0, len(points))
	for date, p := range points {
		p.Citations = cites[date].list()
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b spac.TrustPoint) int { return strings.Compare(a.Date, b.Date) })
	return out
}
