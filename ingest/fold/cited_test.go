package fold

import (
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

func TestCheckCited(t *testing.T) {
	stated := spac.Citation{Field: "trust_size", Filing: "8-K", Accession: "0001193125-21-010038", Line: 40}
	tests := []struct {
		name string
		v    any
		want []string // substrings of the expected problems, in order
	}{
		{"fully cited row", spac.SPAC{CIK: testCIK, TrustSize: "1.00", Citations: []spac.Citation{stated}}, nil},
		{"uncited field", spac.SPAC{CIK: testCIK, TrustSize: "1.00", Sponsor: "X LLC", Citations: []spac.Citation{stated}},
			[]string{`$.sponsor: value X LLC has no citation with field "sponsor"`}},
		{"nested object uses dotted names", spac.SPAC{Tickers: spac.Tickers{Units: "MRACU"}, Citations: []spac.Citation{}},
			[]string{`$.tickers.units`}},
		{"array of scalars", spac.Offering{Underwriters: []string{"BTIG"}, Citations: []spac.Citation{}},
			[]string{`$.underwriters: values have no citation with field "underwriters"`}},
		{"stated citation without a line", spac.SPAC{TrustSize: "1.00", Citations: []spac.Citation{{Field: "trust_size", Accession: "x"}}},
			[]string{"line >= 1"}},
		{"derived citation without inputs", spac.SPAC{Deadline: "2023-03-10",
			Citations: []spac.Citation{{Field: "deadline", Basis: spac.BasisDerived}}},
			[]string{"derived citation without inputs"}},
		{"bad input of a derived citation", spac.SPAC{Deadline: "2023-03-10",
			Citations: []spac.Citation{{Field: "deadline", Basis: spac.BasisDerived, Inputs: []spac.Citation{{Field: "ipo_date"}}}}},
			[]string{"inputs[0]: stated citation needs"}},
		{"singular citation", spac.StatusChange{Status: "closed", Date: "2022-10-04", Citation: spac.Citation{Field: "status"}},
			[]string{"$.citation: stated citation needs"}},
		{"envelope outside any scope", map[string]any{"asOf": "2024-01-01T00:00:00Z", "count": 1,
			"rows": []spac.SPAC{{TrustSize: "1.00", Citations: []spac.Citation{stated}}}}, nil},
		{"quoted price", spac.SPAC{Price: "10.51", Citations: []spac.Citation{{Field: "price", Basis: spac.BasisQuoted,
			Source: "quotes.csv", AsOf: "2026-11-21", Line: 2, Quote: "10.51"}}}, nil},
		{"quoted price without its line", spac.SPAC{Price: "10.51", Citations: []spac.Citation{{Field: "price", Basis: spac.BasisQuoted,
			Source: "quotes.csv", AsOf: "2026-11-21", Quote: "10.51"}}}, []string{"quoted citation needs"}},
		{"empty profile", emptyProfile(), nil},
		{"null citations", spac.Offering{}, []string{"$.citations: not an array"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckCited(tt.v)
			if len(got) != len(tt.want) {
				t.Fatalf("problems = %q, want %d matching %q", got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

// The fold's own output passes the checker, and removing a citation is caught.
func TestFoldedProfileIsCited(t *testing.T) {
	p, events := foldSteps(lifecycleSteps())
	if problems := CheckCited(p); len(problems) > 0 {
		t.Fatalf("uncited: %v", problems)
	}
	if problems := CheckCited(events); len(problems) > 0 {
		t.Fatalf("uncited events: %v", problems)
	}
	p.Combination.PIPE.Citations = p.Combination.PIPE.Citations[1:]
	if problems := CheckCited(p); len(problems) != 1 || !strings.Contains(problems[0], "$.combination.pipe.") {
		t.Errorf("dropping a PIPE citation: problems = %v", problems)
	}
}

func emptyProfile() spac.Profile {
	p, _ := Fold(testCIK, nil, nil)
	return p
}
