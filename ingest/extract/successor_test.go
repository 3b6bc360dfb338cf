package extract

import (
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// A closing 8-K's cover as a PDF's text lays it out (centred lines, labels in brackets; the
// 12(b) table as a grid): the successor's name and symbol, the SPAC's former name.
var successorCoverLines = []string{
	"                                          FORM 8-K",
	"                     Date of Report (Date of earliest event reported): June 2, 2025",
	"                                   Corviant Health, Inc.",
	"                   (Exact name of registrant as specified in its charter)",
	"          Delaware                           001-40111                     86-1234567",
	"   (State or other jurisdiction            (Commission                  (I.R.S. Employer",
	"        of incorporation)                  File Number)                 Identification No.)",
	"                          (617) 555-0199 (Registrant’s telephone number, including area code)",
	"                             Kestrel Harbor Acquisition Corp.",
	"               (Former name or former address, if changed since last report)",
	"Securities registered pursuant to Section 12(b) of the Act:",
	"| Title of each class | Trading Symbol(s) | Name of each exchange on which registered |",
	"| Common stock, par value $0.0001 per share | CRVH | The Nasdaq Stock Market LLC |",
	"| Warrants | CRVHW | The Nasdaq Stock Market LLC |",
	"Item 2.01 Completion of Acquisition or Disposition of Assets.",
}

func TestSuccessorCover(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"}, successorCoverLines...)
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		"new_name": {"Corviant Health, Inc."}, "new_ticker": {"CRVH"}, "status": {"closed"},
	})
}

// Without Item 2.01 the cover still names the combined company, but no closing is stated.
func TestSuccessorCoverLaterReport(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"5.02"}, successorCoverLines[:len(successorCoverLines)-1]...)
	facts := Facts(r)
	extracttest.Expect(t, facts, map[string][]string{"new_name": {"Corviant Health, Inc."}, "status": nil})
}

// The SPAC's own cover (no former name) states no combined company.
func TestSPACCoverHasNoSuccessor(t *testing.T) {
	lines := append([]string(nil), successorCoverLines...)
	lines[2] = "                             Kestrel Harbor Acquisition Corp."
	lines[8] = ""
	r := extracttest.Filing("8-K", []string{"2.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": nil, "new_ticker": nil})
}
