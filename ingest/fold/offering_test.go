package fold

import (
	"testing"

	spac "github.com/spacdata/spac"
)

// The life of a real IPO: a base deal of 30,000,000 units at $10.00 ($10.00 per unit in
// trust), 2,000,000 more sold weeks after the closing on the over-allotment option, which the
// annual report tells of (and its amendment again, in the words of the IPO's time).
var (
	prospectus = step{form: "424B4", filed: "2020-09-28", facts: []fv{
		fq(spac.FieldUnitsOffered, "30000000", "30,000,000"),
		fq(spac.FieldUnitPrice, "10.0000", "$10.00"),
		fq(spac.FieldTrustPerUnit, "10.0000", "$10.00"),
		fq(spac.FieldTrustSize, "300000000.00", "$300,000,000"),
		fq(spac.FieldPrivatePlacement, "8000000.00", "$8,000,000"),
	}}
	ipoClosing = step{form: "8-K", filed: "2020-10-05", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldIPODate, "2020-09-29", "September 29, 2020"),
		fq(spac.FieldUnitsOffered, "30000000", "30,000,000"),
		fq(spac.FieldUnitPrice, "10.0000", "$10.00"),
		fq(spac.FieldIPOGrossProceeds, "300000000.00", "$300,000,000"),
		fq(spac.FieldTrustSize, "300000000.00", "$300,000,000"),
		fq(spac.FieldPrivatePlacement, "8000000.00", "$8,000,000"),
	}}
	annualAfterOverAllotment = step{form: "10-K", filed: "2021-03-31", period: "2020-12-31", facts: []fv{
		fq(spac.FieldPrivatePlacement, "8400000.00", "$8,400,000"),
		fq(spac.FieldUnitsOffered, "32000000", "32,000,000"),
	}}
	annualAmended = step{form: "10-K/A", filed: "2021-05-03", period: "2020-12-31", facts: []fv{
		fq(spac.FieldPrivatePlacement, "8000000.00", "$8,000,000"),
		fq(spac.FieldUnitsOffered, "32000000", "32,000,000"),
	}}
)

type offeringWant struct {
	units, overAllotment, gross, trust, placement string
	derived                                       []string // fields cited as derived
}

func TestOfferingIsOneConsistentSet(t *testing.T) {
	atClosing := ipoClosing.with(fq(spac.FieldUnitsOffered, "34500000", "34,500,000"))
	atClosing = atClosing.with(fq(spac.FieldIPOGrossProceeds, "345000000.00", "$345,000,000"))
	atClosing = atClosing.with(fq(spac.FieldTrustSize, "345000000.00", "$345,000,000"))
	atClosing = atClosing.with(fq(spac.FieldPrivatePlacement, "8900000.00", "$8,900,000"))
	baseProceedsBeside := step{form: "10-Q", filed: "2020-11-16", period: "2020-09-30", facts: []fv{
		fq(spac.FieldUnitsOffered, "32000000", "32,000,000"),
		fq(spac.FieldIPOGrossProceeds, "300000000.00", "$300,000,000"),
	}}
	pipeUnits := step{form: "10-Q", filed: "2021-05-24", period: "2021-03-31", facts: []fv{
		fq(spac.FieldUnitsOffered, "46700000", "46,700,000"),
	}}
	tests := []struct {
		name  string
		steps []step
		want  offeringWant
	}{
		{"proposed", []step{prospectus.at("2020-09-08")}, offeringWant{"30000000", "", "300000000.00", "300000000.00", "8000000.00", []string{"gross_proceeds"}}},
		{"closed without over-allotment", []step{prospectus, ipoClosing},
			offeringWant{"30000000", "", "300000000.00", "300000000.00", "8000000.00", nil}},
		{"over-allotment exercised at the closing", []step{prospectus, atClosing},
			offeringWant{"34500000", "4500000", "345000000.00", "345000000.00", "8900000.00", []string{"over_allotment_units"}}},
		{"over-allotment after the closing", []step{prospectus, ipoClosing, annualAfterOverAllotment, annualAmended},
			offeringWant{"32000000", "2000000", "320000000.00", "320000000.00", "8400000.00", []string{"over_allotment_units", "gross_proceeds", "trust_amount"}}},
		{"the base deal's proceeds beside the total units", []step{prospectus, ipoClosing, baseProceedsBeside},
			offeringWant{"32000000", "2000000", "320000000.00", "320000000.00", "", []string{"over_allotment_units", "gross_proceeds", "trust_amount"}}},
		{"more units than the over-allotment allows", []step{prospectus, ipoClosing, pipeUnits},
			offeringWant{"30000000", "", "300000000.00", "300000000.00", "8000000.00", nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			o := p.Offering
			got := offeringWant{o.UnitsOffered, o.OverAllotmentUnits, o.GrossProceeds, o.TrustAmount, o.PrivatePlacement, nil}
			if got.units != tt.want.units || got.overAllotment != tt.want.overAllotment || got.gross != tt.want.gross ||
				got.trust != tt.want.trust || got.placement != tt.want.placement {
				t.Fatalf("offering units %s (over-allotment %s), gross %s, trust %s, private placement %s;\nwant %+v",
					got.units, got.overAllotment, got.gross, got.trust, got.placement, tt.want)
			}
			for _, field := range tt.want.derived {
				if c := citationFor(t, o.Citations, field); c.Basis != spac.BasisDerived {
					t.Errorf("%s cited %s, want derived", field, c.Basis)
				}
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}
