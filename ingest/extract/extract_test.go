package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func TestSupported(t *testing.T) {
	for form, want := range map[string]bool{
		"S-1": true, "S-1/A": true, "424B4": true, "424B3": true, "8-K": true, "8-K/A": true, "10-Q": true,
		"10-K/A": true, "DEF 14A": true, "DEFM14A": true, "S-4/A": true, "F-4": true, "425": true,
		"25-NSE": true, "15-12G": true, "RW": true, "SC 13G": false, "3": false, "": false,
	} {
		if got := Supported(form); got != want {
			t.Errorf("Supported(%q) = %v, want %v", form, got, want)
		}
	}
}

func TestFactsDispatch(t *testing.T) {
	if Facts(nil) != nil {
		t.Error("Facts(nil) should be nil")
	}
	if got := Facts(extracttest.Filing("SC 13G", nil, "Each unit has an offering price of $10.00")); got != nil {
		t.Errorf("unsupported form produced %v", got)
	}
	ipo := "On March 10, 2021, Maple Ridge Acquisition Corp. consummated its initial public offering of 20,000,000 units, generating gross proceeds of $200,000,000."
	r := extracttest.Filing("8-K", []string{"8.01"}, ipo)
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	// The 8-K extractor and the delegated IPO-closing extractor both emit header facts;
	// Facts keeps each identical fact once.
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldName:    {"Maple Ridge Acquisition Corp"},
		spac.FieldIPODate: {"2021-03-10"},
		spac.FieldStatus:  {"searching"},
	})
}

func TestProspectus424(t *testing.T) {
	ipo := extracttest.Filing("424B3", nil, "This is an initial public offering of our securities. Each unit has an offering price of $10.00 and consists of one Class A ordinary share and one-half of one redeemable warrant.")
	extracttest.Expect(t, Facts(ipo), map[string][]string{spac.FieldUnitPrice: {"10.0000"}, spac.FieldStatus: nil})
	merger := extracttest.Filing("424B3", nil,
		"The special meeting of stockholders will be held on September 28, 2022, at 10:00 a.m.",
		"Proposal No. 1 - The Business Combination Proposal")
	facts := Facts(merger)
	extracttest.CheckCited(t, merger, facts)
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldMeetingKind: {"business_combination"}, spac.FieldStatus: {"in_vote"}, spac.FieldUnitPrice: nil,
	})
}
