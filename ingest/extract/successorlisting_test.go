package extract

import (
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// A closing report tells of the combined company's listing after the consummation: its
// symbols are the new ticker, not the SPAC's (a closing 8-K's "The Company's common stock ...
// are now listed ... under the symbols" read as the SPAC's tickers).
func TestClosingReportListingIsTheSuccessors(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"2.01", "9.01"},
		"Item 2.01 Completion of Acquisition or Disposition of Assets.",
		"On June 4, 2024, Brightwater Labs LLC (“Brightwater”) consummated the previously announced business combination with Calder Peak Acquisition Corp., a Delaware corporation (“Calder”).",
		"Upon the closing, Calder changed its name to Brightwater Labs, Inc. (the “Company”). The Company’s common stock and warrants are now listed on the Nasdaq Capital Market under the symbols “BRWL” and “BRWLW,” respectively.")
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		"new_ticker": {"BRWL"}, "ticker_shares": nil, "ticker_warrants": nil, "closing_date": {"2024-06-04"},
	})
}

// Before any closing is stated, the same words are the SPAC's own listing.
func TestListingWithoutClosingStaysTheSPACs(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01", "9.01"},
		"Item 8.01 Other Events.",
		"Calder Peak Acquisition Corp. announced that its Class A common stock and warrants are now listed on the Nasdaq Capital Market under the symbols “CLDR” and “CLDRW,” respectively, following the separation of its units.")
	facts := Facts(r)
	extracttest.Expect(t, facts, map[string][]string{
		"new_ticker": nil, "ticker_shares": {"CLDR"}, "ticker_warrants": {"CLDRW"},
	})
}

// A closing release's ticker change ("will trade under the new ticker symbols X and XW,
// replacing the previous symbols") names the combined company's symbols, not the SPAC's.
func TestClosingReleaseTickerChangeIsTheSuccessors(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01", "9.01"},
		"Item 8.01 Other Events.",
		"Calder Peak Acquisition Corp. announced that on June 4, 2024 it consummated its business combination with Brightwater Labs LLC.",
		"Beginning June 5, 2024, the Company's common stock and warrants will trade on Nasdaq under the new ticker symbols “BRWL” and “BRWLW”, replacing the previous symbols “CLDR” and “CLDRW”.")
	extracttest.Expect(t, Facts(r), map[string][]string{"ticker_shares": nil, "ticker_warrants": nil, "new_ticker": {"BRWL"}})
}
