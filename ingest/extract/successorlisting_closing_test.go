package extract

import "testing"

// TestListingAfterStatedClosing: a release that states the merger closed in words no closing
// rule reads; the listing it states afterwards is the combined company's (new_ticker), never
// the SPAC's ticker fields. Before a closing, or with the closing only expected, the listing
// sentence is left to the rules.
func TestListingAfterStatedClosing(t *testing.T) {
	closed := factsOf("8-K",
		"Item 8.01 Other Events.",
		"Harwell Ridge Acquisition Corp. and Tamsin Foods Limited announced that the closing of the merger of the companies occurred today.",
		"As a result of the merger, each share of common stock of Harwell automatically converts into one share of Tamsin Foods.",
		"The Company’s common stock, warrants and units will trade under the symbols TMSN, TMSNW and TMSNU, respectively.")
	wantFacts(t, "closed", closed, map[string]string{"ticker_shares": "", "ticker_units": "", "ticker_warrants": "", "new_ticker": "TMSN"})

	expected := factsOf("8-K",
		"Item 8.01 Other Events.",
		"Harwell Ridge Acquisition Corp. announced that the closing of the merger is expected to occur next week.",
		"As a result of the merger, each share of common stock of Harwell will automatically convert into one share of Tamsin Foods.",
		"Harwell’s units are now listed on the Nasdaq Capital Market under the symbol “HRWLU”.")
	wantFacts(t, "expected", expected, map[string]string{"ticker_units": "HRWLU", "new_ticker": ""})
}
