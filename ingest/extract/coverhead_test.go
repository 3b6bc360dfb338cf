package extract

import "testing"

// TestCoverHeadProceeds: the amount above the company's name on a final prospectus's cover is
// the offering's gross proceeds when the units line below it prices the unit plausibly.
func TestCoverHeadProceeds(t *testing.T) {
	cases := []struct {
		name string
		form string
		body []string
		want string
	}{
		{"2007 cover", "424B4", []string{"PROSPECTUS", "$48,000,000", "KESTREL BAY ACQUISITION CORP.", "6,000,000 units", "Kestrel Bay Acquisition Corp. is a newly formed blank check company."}, "48000000.00"},
		{"2021 cover with a logo line", "424B4", []string{"Filed Pursuant to Rule 424(b)(4)", "$150,000,000", "Marlow Crest Acquisition Corp", "LOGO", "15,000,000 Units"}, "150000000.00"},
		// an old page wrapped the name and the units' line each in two
		{"wrapped lines", "424B4", []string{"PROSPECTUS", "$45,000,000", "Tallis", "Ridge Acquisition Corp.", "4,500,000", "Units", "Tallis Ridge Acquisition Corp. is a blank check company."}, "45000000.00"},
		// a count alone whose next line is no units word is not the units
		{"count without units", "424B4", []string{"PROSPECTUS", "$45,000,000", "TALLIS RIDGE ACQUISITION CORP.", "4,500,000", "Shares of Common Stock"}, ""},
		// a unit sold as two series: the amount is no price of the first series' count
		{"two series", "424B4", []string{"PROSPECTUS", "$7,877,500", "HALCYON PARTNERS ACQUISITION COMPANY INC.", "125,000 Series A Units", "650,000 Series B Units"}, ""},
		// the amount is not the units at a unit's price ($0.10 a unit)
		{"implausible price", "424B4", []string{"PROSPECTUS", "$500,000", "GREYWOLF ACQUISITION CORP.", "5,000,000 units"}, ""},
		// a preliminary prospectus's size is proposed, not sold
		{"registration statement", "S-1", []string{"PROSPECTUS", "$48,000,000", "KESTREL BAY ACQUISITION CORP.", "6,000,000 units"}, ""},
		// no units line close below the amount
		{"no units line", "424B4", []string{"PROSPECTUS", "$48,000,000", "KESTREL BAY ACQUISITION CORP.", "a", "b", "c", "d", "6,000,000 units"}, ""},
	}
	for _, c := range cases {
		got := factsOf(c.form, c.body...)
		wantFacts(t, c.name, got, map[string]string{"ipo_gross_proceeds": c.want})
	}
}
