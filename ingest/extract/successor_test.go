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

// The former name may print its old address and telephone below it, above the label; the
// successor's table then lists its own symbols, exchange and jurisdiction, none of them the
// SPAC's (rdeals5: a closing 8-K read the successor's NYSE symbols as the SPAC's).
var successorAddressCoverLines = []string{
	"FORM 8-K",
	"Date of Report (Date of earliest event reported): April 29, 2022",
	"Halvard Power Corporation",
	"(Exact name of registrant as specified in its charter)",
	"Delaware",
	"(State or other jurisdiction of incorporation)",
	"001-40222",
	"(Commission File Number)",
	"(971) 555-0142",
	"(Registrant’s telephone number, including area code)",
	"Ridgeline Valley Acquisition Corp",
	"2100 Market Avenue, Suite 1500",
	"Dallas, TX 75201",
	"(214) 555-0188",
	"(Former name or former address, if changed since last report)",
	"Securities registered pursuant to Section 12(b) of the Act:",
	"| Title of each class | Trading Symbol(s) | Name of each exchange on which registered |",
	"| Class A common stock, $0.0001 par value per share | HLVP | New York Stock Exchange |",
	"| Warrants to purchase Class A common stock | HLVP WS | New York Stock Exchange |",
}

func TestSuccessorCoverFormerAddress(t *testing.T) {
	r := extracttest.Filing("8-K", nil, successorAddressCoverLines...)
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		"new_name": {"Halvard Power Corporation"}, "new_ticker": {"HLVP"},
		// (the fixture's header states the SPAC's own jurisdiction; the cover's Delaware is dropped)
		"ticker_shares": nil, "ticker_warrants": nil, "exchange": nil, "state_of_inc": {"Cayman Islands"},
	})
}

// A former name that is no company (an address alone) names no successor.
func TestSuccessorCoverFormerAddressOnly(t *testing.T) {
	lines := append([]string(nil), successorAddressCoverLines...)
	lines[10] = "Suite 400"
	r := extracttest.Filing("8-K", nil, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": nil, "ticker_shares": {"HLVP"}})
}

// A cover renamed from a holding company the agreement formed ("Acme Parent, Inc."), in a copy
// cut before its items: still the successor's name and symbols, never the SPAC's tickers.
func TestSuccessorCoverFromParentName(t *testing.T) {
	lines := append([]string(nil), successorCoverLines[:len(successorCoverLines)-1]...)
	lines[8] = "                             Corviant Parent, Inc."
	r := extracttest.Filing("8-K", nil, lines...)
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		"new_name": {"Corviant Health, Inc."}, "new_ticker": {"CRVH"}, "ticker_shares": nil, "status": nil,
	})
}

// "(Exact Name of Registrant as Specified in Charter)", without "its", labels the name too.
func TestSuccessorCoverCharterLabelWithoutIts(t *testing.T) {
	lines := append([]string(nil), successorCoverLines...)
	lines[3] = "                   (Exact Name of Registrant as Specified in Charter)"
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": {"Corviant Health, Inc."}, "new_ticker": {"CRVH"}})
}

// The former name above an address whose lines name no street ("Torre Alta", "Col. San
// Rafael") is still found: the scan stops only at another label or an empty former name.
func TestSuccessorCoverFormerAboveForeignAddress(t *testing.T) {
	lines := append([]string(nil), successorCoverLines[:8]...)
	lines = append(lines, "                             Kestrel Harbor Acquisition Corp.",
		"Torre Alta", "Col. San Rafael, CDMX", successorCoverLines[9])
	lines = append(lines, successorCoverLines[10:]...)
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": {"Corviant Health, Inc."}, "status": {"closed"}})
}

// An empty former name ("Not Applicable") above the label is no former name, whatever the
// lines above it say.
func TestSuccessorCoverNotApplicableFormer(t *testing.T) {
	lines := append([]string(nil), successorCoverLines...)
	lines[8] = "                             Not Applicable"
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": nil})
}

// A former name with no legal form (a Cayman SPAC's "Reinvent Technology Partners"): the
// topmost line of the former block, right under the telephone label, above its address.
func TestSuccessorCoverBareFormerName(t *testing.T) {
	lines := append([]string(nil), successorCoverLines[:8]...)
	lines = append(lines, "                             Kestrel Harbor Partners",
		"215 Park Avenue, Floor 11", "New York, New York 10003", successorCoverLines[9])
	lines = append(lines, successorCoverLines[10:]...)
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{
		"new_name": {"Corviant Health, Inc."}, "new_ticker": {"CRVH"}, "status": {"closed"}, "ticker_shares": nil,
	})
}

// A former address alone (no name above it) makes no successor: the registrant is the same
// company, moved.
func TestSuccessorCoverFormerAddressNoName(t *testing.T) {
	lines := append([]string(nil), successorCoverLines[:8]...)
	lines = append(lines, "                             Rockefeller Plaza Tower",
		"45 Rockefeller Plaza, Suite 2000", "New York, New York 10111", successorCoverLines[9])
	lines = append(lines, successorCoverLines[10:]...)
	r := extracttest.Filing("8-K", []string{"9.01"}, lines...)
	extracttest.Expect(t, Facts(r), map[string][]string{"new_name": nil})
}
