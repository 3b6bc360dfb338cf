package rules

import "testing"

// The unit's structure is read without the share's par value and without its owner, as the
// value convention of the offering corpus says; the citation keeps the words as written.
func TestUnitStructureValue(t *testing.T) {
	cases := map[string]string{
		"one share of Class A common stock, $0.0001 par value, and one-fifth of one warrant":                  "one share of Class A common stock and one-fifth of one warrant",
		"one Class A ordinary share, par value $0.001 per share, and one-third of one redeemable warrant":     "one Class A ordinary share and one-third of one redeemable warrant",
		"one share of our common stock and two warrants":                                                      "one share of common stock and two warrants",
		"one ordinary share, $0.0001 par value par value per share, and one warrant":                          "one ordinary share and one warrant",
		"one share of the Company’s Class A common stock, $0.0001 par value and one redeemable warrant":       "one share of Class A common stock and one redeemable warrant",
		"one of our Class A ordinary shares and one-half of one redeemable warrant":                           "one Class A ordinary share and one-half of one redeemable warrant",
		"one ordinary share, no par value, one redeemable warrant, and one right to receive one-tenth (1/10)": "one ordinary share, one redeemable warrant, and one right to receive one-tenth (1/10)",
		// a share of no par value, written with "with"
		"one Class A ordinary share, with no par value, and one right to receive one-tenth of one Class A ordinary share": "one Class A ordinary share and one right to receive one-tenth of one Class A ordinary share",
		"one ordinary share, with a par value of $0.0001 per share, and one warrant":                                      "one ordinary share and one warrant",
		// "of no par value" after the share: the "of" goes with it
		"one ordinary share of no par value, one Right entitling the holder to receive one-tenth (1/10) of one ordinary share, and one redeemable Warrant": "one ordinary share, one Right entitling the holder to receive one-tenth (1/10) of one ordinary share, and one redeemable Warrant",
		"one ordinary share of $0.001 par value and one warrant": "one ordinary share and one warrant",
		// a 10-K's narrative: the issuer after each component, a defined term, a clause on each right
		"one share of common stock of the Company, par value $0.0001 per share and one right of the Company, with each right entitling the holder to receive one-eighth of a share":                      "one share of common stock and one right",
		"one share of common stock of the Company (the “Common Stock”), and one redeemable warrant of the Company (“warrant”), with each warrant entitling the holder to purchase one-half of one share": "one share of common stock and one redeemable warrant",
		// a defined term whose quotation marks were lost is still no part of the unit; a figure
		// or a lower-case qualifier in brackets stays
		"one share of Class A common stock (Class A Stock) and one-half of one redeemable warrant":         "one share of Class A common stock and one-half of one redeemable warrant",
		"one ordinary share (Ordinary Share), one right (each, a Right) and one warrant (Public Warrants)": "one ordinary share, one right and one warrant",
		"one share of common stock and one right to receive one-tenth (1/10) of one share":                 "one share of common stock and one right to receive one-tenth (1/10) of one share",
		"one share of common stock and one warrant (or one right)":                                         "one share of common stock and one warrant (or one right)",
	}
	for in, want := range cases {
		if got := unitStructureValue(in); got != want {
			t.Errorf("%q\n got %q\nwant %q", in, got, want)
		}
	}
}
