package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

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
	// without the header's state, which would win over the cover
	r.Lines = slices.DeleteFunc(r.Lines, func(l string) bool { return strings.Contains(l, "STATE OF INCORPORATION:") })
	extracttest.Reheader(r)
	r.Filing.Documents[0].FirstLine--
	r.Filing.Documents[0].LastLine, r.Filing.LineCount = len(r.Lines), len(r.Lines)
	extracttest.Expect(t, Facts(r), map[string][]string{"state_of_inc": {"Delaware"}})
}
