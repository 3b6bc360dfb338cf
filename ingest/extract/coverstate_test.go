package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestJurisdictionBeforeCaption: a cover flattened onto one line (or a cell holding the state
// and its caption) writes the state just before "(State of Incorporation)", with the tax
// number between them or not; a caption after other words gives nothing.
func TestJurisdictionBeforeCaption(t *testing.T) {
	cases := []struct {
		name, form, line, want string
	}{
		{"flattened annual report", "10-K", "FORM 10-KSB FOR THE FISCAL YEAR ENDED: DECEMBER 31, 2006 COMMISSION FILE NUMBER 000-50001 MARLOWE ACQUISITION CORP. (Name of Small Business Issuer in Its Charter) DELAWARE 20-5550001 (State of Incorporation) (I.R.S. Employer I.D. Number)", "Delaware"},
		{"ruled cells", "10-Q", "Commission File Number 000-50002 Tidewell Acquisition Corporation Cayman Islands 98-0000002 -------- ---------- (State or other Jurisdiction of (I.R.S. Employer Incorporation or Organization)", "Cayman Islands"},
		{"state and caption in one cell", "10-K", "Delaware (State or other jurisdiction of incorporation or organization) | 20-5550003 (I.R.S. Employer Identification No.) |", "Delaware"},
		{"no state before the caption", "10-K", "Name of registrant 20-5550004 (State or other jurisdiction of incorporation)", ""},
	}
	for _, c := range cases {
		got := ""
		for _, f := range Facts(withoutHeaderState(extracttest.Filing(c.form, nil, c.line))) {
			if f.Field == spac.FieldStateOfInc {
				got = f.Value
			}
		}
		if got != c.want {
			t.Errorf("%s: state_of_inc %q, want %q", c.name, got, c.want)
		}
	}
}

// withoutHeaderState drops the test envelope's STATE OF INCORPORATION, which would win over
// the cover.
func withoutHeaderState(r *spac.RenderedFiling) *spac.RenderedFiling {
	r.Lines = slices.DeleteFunc(r.Lines, func(l string) bool { return strings.Contains(l, "STATE OF INCORPORATION:") })
	r.Filing.Documents[0].FirstLine--
	r.Filing.Documents[0].LastLine = len(r.Lines)
	r.Filing.LineCount = len(r.Lines)
	extracttest.Reheader(r)
	return r
}

// A re-typed registration cover that lost the registrant's name line breaks the state's
// caption after "(State or other": the cell above it is still the jurisdiction.
func TestCoverJurisdictionCaptionBrokenAfterOther(t *testing.T) {
	r := extracttest.Filing("S-1", nil,
		"AMENDMENT NO. 2",
		"TO",
		"REGISTRATION STATEMENT",
		"UNDER THE SECURITIES ACT OF 1933",
		"|",
		"Delaware",
		"|",
		"|",
		"6770",
		"|",
		"88-1234567",
		"|",
		"(State or other",
		"jurisdiction of",
		"incorporation or organization)",
		"|",
		"(Primary Standard Industrial Classification Code Number)",
		"40 Harbor Lane, Suite 9",
		"Stamford, Connecticut 06901",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": {"Delaware"}})
}

// An 8-K's cover broken one cell a line puts "(State" on its own line and "of incorporation or
// organization)" below it; the state is the cell with letters above, past the file number and
// the tax number.
func TestCoverJurisdictionCaptionStateOfIncorporation(t *testing.T) {
	r := extracttest.Filing("8-K", nil,
		"Date of Report (Date of earliest event reported): May 2, 2019",
		"HARROWGATE ACQUISITION CORP.",
		"(Exact name of registrant as specified in its charter)",
		"|Nevada",
		"|",
		"001-38000",
		"|83-1234567",
		"|(State",
		"of incorporation or organization)",
		"|(Commission File Number)",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": {"Nevada"}})
}

// A "(State" line followed by words of another caption is no jurisdiction caption.
func TestCoverJurisdictionStateLineWithoutCaption(t *testing.T) {
	r := extracttest.Filing("8-K", nil,
		"HARROWGATE ACQUISITION CORP.",
		"|Nevada",
		"|(State",
		"Street, Suite 4)",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": nil})
}

// A DEFA14A may be an 8-K filed again as soliciting material: its cover's jurisdiction is the
// filer's as an 8-K's is.
func TestCoverJurisdictionOfSolicitingMaterial(t *testing.T) {
	r := extracttest.Filing("DEFA14A", nil,
		"FORM 8-K",
		"CURRENT REPORT",
		"ACME CAPITAL CORP IV",
		"(Exact name of registrant as specified in its charter)",
		"Delaware | 001-40001 | 85-0000001 |",
		"(State or other jurisdiction of incorporation) | (Commission File Number) | (I.R.S. Employer Identification No.) |",
	)
	got := ""
	for _, f := range Facts(withoutHeaderState(r)) {
		if f.Field == spac.FieldStateOfInc {
			got = f.Value
		}
	}
	if got != "Delaware" {
		t.Errorf("state_of_inc %q, want Delaware", got)
	}
}

// A registration statement's cover may caption the state "(Jurisdiction of Incorporation", its
// row's cells one a line above it.
func TestCoverJurisdictionCaptionWithoutState(t *testing.T) {
	r := extracttest.Filing("S-4", nil,
		"Larchmont Capital Acquisition Corp. II",
		"(Exact Name of Registrant as Specified in Its Charter)",
		"Delaware |",
		"6770 |",
		"84-1234567 |",
		"||",
		"(Jurisdiction of Incorporation |",
		"(Primary Standard Industrial |",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": {"Delaware"}})
}

// A cover cell may write the place in its formal style ("Republic of the Marshall Islands",
// "State of Delaware"): the jurisdiction is the name in the list; a cell naming no listed
// place after "Republic of" gives nothing.
func TestCoverJurisdictionFormalStyle(t *testing.T) {
	cases := map[string]string{
		"|Republic of Marshall Islands":     "Marshall Islands",
		"|Republic of the Marshall Islands": "Marshall Islands",
		"|State of Delaware":                "Delaware",
		"|Commonwealth of Massachusetts":    "Massachusetts",
		"|Republic of Freedonia":            "",
	}
	for cell, want := range cases {
		r := extracttest.Filing("8-K", nil,
			"Date of Report (Date of earliest event reported): March 3, 2008",
			"KESTREL SHIPPING ACQUISITION CORP.",
			"(Exact Name of Registrant as Specified in Charter)",
			"|",
			cell,
			"|",
			"|001-34000",
			"|98-0555555",
			"|(State or Other Jurisdiction of",
			"Incorporation)",
		)
		got := ""
		for _, f := range Facts(withoutHeaderState(r)) {
			if f.Field == spac.FieldStateOfInc {
				got = f.Value
			}
		}
		if got != want {
			t.Errorf("%s: state_of_inc %q, want %q", cell, got, want)
		}
	}
}

// A copy that sets a space inside the caption's bracket ("( State or other jurisdiction") still
// names the cell above it the jurisdiction; the space does not make a street line a caption.
func TestCoverJurisdictionCaptionSpaceInBracket(t *testing.T) {
	r := extracttest.Filing("10-K", nil,
		"WESTLAKE HOLLOW ACQUISITION CORP.",
		"(Exact name of Registrant as specified in its Charter)",
		"Delaware |",
		"82-7654321 |",
		"( State or other jurisdiction of incorporation or organization) |",
		"(I.R.S. Employer |",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": {"Delaware"}})
	r = extracttest.Filing("8-K", nil,
		"WESTLAKE HOLLOW ACQUISITION CORP.",
		"|Nevada",
		"|( State",
		"Street, Suite 4)",
	)
	extracttest.Expect(t, Facts(withoutHeaderState(r)), map[string][]string{"state_of_inc": nil})
}
