package spac

import (
	"slices"
	"testing"
)

func TestSectorOf(t *testing.T) {
	tests := map[string]string{
		"technology and technology-enabled services sectors":                    "technology",
		"end-to-end space company":                                              "industrials",
		"fintech industry":                                                      "financial_services",
		"software and fintech industry":                                         "financial_services",
		"healthcare technology industry":                                        "healthcare",
		"biotechnology industry":                                                "healthcare",
		"renewable energy sector":                                               "energy_transition",
		"electric mobility sector":                                              "energy_transition",
		"consumer and hospitality sector":                                       "consumer",
		"branded fast-moving consumer goods industry":                           "consumer",
		"media and entertainment industry":                                      "media_telecom",
		"logistics and supply chain technology industry":                        "industrials",
		"industrial companies":                                                  "industrials",
		"digital infrastructure sector":                                         "technology",
		"artificial intelligence industry":                                      "technology",
		"cybersecurity industry":                                                "technology",
		"financial services industry":                                           "financial_services",
		"technological services to the financial services industry (“FinTech”)": "financial_services",
		"transportation and real assets, financial services, financial services technology, healthcare, real estate": "general",
		"any industry": "general",
	}
	for text, want := range tests {
		if got, ok := SectorOf(text); !ok || got != want {
			t.Errorf("SectorOf(%q) = %q, %v; want %s", text, got, ok, want)
		}
		if !slices.Contains(Sectors, want) {
			t.Errorf("%s is not in the vocabulary", want)
		}
	}
	for _, text := range []string{"a company", "blank check", ""} {
		if got, ok := SectorOf(text); ok {
			t.Errorf("SectorOf(%q) = %q, want none", text, got)
		}
	}
}
