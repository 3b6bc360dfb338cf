package fold

import (
	"testing"

	spac "github.com/spacdata/spac"
)

// The sector is the stated focus before a deal and the target's business once there is one,
// each filed under the vocabulary and cited to the words it comes from.
func TestSector(t *testing.T) {
	described := step{form: "DEFM14A", filed: "2022-08-20", facts: []fv{
		fq(spac.FieldTargetSector, "industrial robotics company", "Nimbus Robotics is an industrial robotics company"),
	}}
	other := step{form: "425", filed: "2022-08-25", facts: []fv{
		fq(spac.FieldTargetSector, "leading provider of payroll software", "Paylark is a leading provider of payroll software"),
	}}
	unknown := step{form: "10-K", filed: "2022-03-30", period: "2021-12-31", facts: []fv{f(spac.FieldSector, "special situations")}}
	tests := []struct {
		name   string
		steps  []step
		sector string
		field  string // the fact field the citation quotes
	}{
		{"the stated focus", []step{s1, ipo8K}, "financial_services", spac.FieldSector},
		{"words naming no sector leave the last that does", []step{s1, ipo8K, unknown}, "financial_services", spac.FieldSector},
		{"the target's business", []step{s1, ipo8K, bca8K, described}, "industrials", spac.FieldTargetSector},
		{"another company described", []step{s1, ipo8K, bca8K, other}, "financial_services", spac.FieldSector},
		{"a terminated deal's target", []step{s1, ipo8K, bca8K, described, termination8K}, "financial_services", spac.FieldSector},
		{"a closed deal's target", []step{s1, ipo8K, bca8K, described, mergerProxy, closing8K}, "industrials", spac.FieldTargetSector},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			if p.Sector != tt.sector {
				t.Fatalf("sector %q, want %q", p.Sector, tt.sector)
			}
			c := citationFor(t, p.Citations, "sector")
			if c.Basis != spac.BasisStated || c.Quote == "" || !containsField(tt.steps, c.Accession, tt.field) {
				t.Errorf("sector cited %+v, want the %s words", c, tt.field)
			}
		})
	}
}

// containsField reports whether the step filed as accession states field.
func containsField(steps []step, accession, field string) bool {
	for i, s := range steps {
		if accessionFor(i, s.filed) != accession {
			continue
		}
		for _, x := range s.facts {
			if x.field == field {
				return true
			}
		}
	}
	return false
}
