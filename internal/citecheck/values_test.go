package citecheck

import "testing"

func TestHolds(t *testing.T) {
	tests := []struct {
		field, quote, value string
		want                bool
	}{
		{"date", "On August 25, 2021 following the Domestication", "2021-08-25", true},
		{"date", "Sept. 21, 2026", "2026-09-21", true},
		{"date", "the 2nd day of May, 2025", "2025-05-02", true},
		{"date", "20261111", "2026-11-11", true},
		{"date", "$10.00", "2020-09-30", false},
		{"date", "August 25, 2021", "2021-08-20", false},
		{"trust_amount", "$320,000,000", "320000000.00", true},
		{"trust_size", "approximately $320 million", "320000000.00", true},
		{"unit_price", "$10.00", "10.0000", true},
		{"units_offered", "30,000,000", "32000000", false},
		{"months", "six months", "6", true},
		{"months", "year", "12", true},
		{"days", "180 days", "180", true},
		{"period", "third quarter of 2021", "2021-Q3", true},
		{"period", "first half of 2027", "2027-H1", true},
		{"period", "November 2022", "2022-11", true},
		{"period", "second quarter of 2021", "2021-Q3", false},
		{"name", "Rocket Lab", "Rocket Lab USA, Inc.", true},
		{"exchange", "The NASDAQ Stock Market LLC", "Nasdaq", true},
		{"exchange", "The New York Stock Exchange", "NYSE", true},
		{"name", "Vector Acquisition Corp", "Rocket Lab USA, Inc.", false},
	}
	for _, tt := range tests {
		if got := Holds(tt.field, tt.quote, tt.value); got != tt.want {
			t.Errorf("Holds(%q, %q, %q) = %v, want %v", tt.field, tt.quote, tt.value, got, tt.want)
		}
	}
}
