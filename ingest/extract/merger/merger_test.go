package merger

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func TestExtract(t *testing.T) {
	tests := []struct {
		name  string
		form  string
		lines []string
		want  map[string][]string
	}{{
		name: "425 with agreement sentence, by and among",
		form: "425",
		lines: []string{
			`On May 4, 2026, Juniper Sail Acquisition Corp. (the "Company") entered into a Business Combination Agreement (the "Business Combination Agreement"), by and among the Company, Juniper Merger Sub, Inc., and Bastionry Security B.V. (the "Target").`,
		},
		want: map[string][]string{
			spac.FieldAgreementDate: {"2026-05-04"},
			spac.FieldTarget:        {"Bastionry Security B.V."},
			spac.FieldStatus:        {"combination_announced"},
		},
	}, {
		name: "S-4/A with FPA and months lockup, status from the form",
		form: "S-4/A",
		lines: []string{
			"The Business Combination Agreement, dated as of March 16, 2026, provides for the merger.",
			"Under the Forward Purchase Agreement, the purchaser agreed to purchase up to 5,000,000 Class A shares at $10.00 per share, for an aggregate of $50,000,000.",
			"Holders agreed not to transfer their shares until the date that is 12 months after the Closing.",
			"the minimum cash condition of $75,000,000 must be satisfied",
		},
		want: map[string][]string{
			spac.FieldAgreementDate: {"2026-03-16"},
			spac.FieldFPAPrice:      {"10.0000"},
			spac.FieldFPAAmount:     {"50000000.00"},
			spac.FieldLockupMonths:  {"12"},
			spac.FieldLockupDays:    nil,
			spac.FieldMinimumCash:   {"75000000.00"},
			spac.FieldPIPEAmount:    nil, // the FPA sentence is not a PIPE
			spac.FieldTarget:        nil,
			spac.FieldStatus:        {"combination_announced"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extracttest.Filing(tt.form, nil, tt.lines...)
			facts := Extract(r)
			extracttest.CheckCited(t, r, facts)
			extracttest.Expect(t, facts, tt.want)
		})
	}
}

func TestTrimName(t *testing.T) {
	for in, want := range map[string]string{
		"Nimbus Robotics.": "Nimbus Robotics", "Nimbus Robotics, Inc.": "Nimbus Robotics, Inc.",
		"Solterra Grid B.V.": "Solterra Grid B.V.", "Acme": "Acme",
	} {
		if got := TrimName(in); got != want {
			t.Errorf("TrimName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrimNameStopsAtNextSentence(t *testing.T) {
	cases := map[string]string{
		"Velorin Mobility N.V. The":       "Velorin Mobility N.V.",
		"Nimbus Robotics.":                "Nimbus Robotics",
		"Nimbara Holdings, Inc.":          "Nimbara Holdings, Inc.",
		"Solterra Grid B.V. As a result":  "Solterra Grid B.V.",
		"Harbor Point Holdings, Inc. The": "Harbor Point Holdings, Inc.",
	}
	for in, want := range cases {
		if got := TrimName(in); got != want {
			t.Errorf("TrimName(%q) = %q, want %q", in, got, want)
		}
	}
}
