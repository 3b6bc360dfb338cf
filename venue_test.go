package spac

import "testing"

func TestVenueNamesTheCurrentExchange(t *testing.T) {
	for in, want := range map[string]string{
		"American Stock Exchange": "NYSE American", "AMEX": "NYSE American", "NYSE Alternext US": "NYSE American",
		"NYSE Amex": "NYSE American", "NYSE MKT": "NYSE American", "NYSE American": "NYSE American",
		"NYSE": "NYSE", "Nasdaq": "Nasdaq", "OTC": "OTC", "": "",
	} {
		if got := Venue(in); got != want {
			t.Errorf("Venue(%q) = %q, want %q", in, got, want)
		}
	}
}
