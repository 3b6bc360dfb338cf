package spac

import (
	"regexp"
	"slices"
	"strings"
)

// Sectors are the fixed vocabulary of SPAC.Sector: the industry a SPAC's search is focused on
// (as its prospectus states it) or, once it has a deal, its target's. A stated focus naming
// several of them is "general", like one open to any industry.
var Sectors = []string{
	"technology", "healthcare", "energy_transition", "consumer", "financial_services",
	"industrials", "media_telecom", "real_estate", "general",
}

// sectorWords file the words of a stated focus under the vocabulary. Longer phrases are tried
// first and their words consumed, so that "healthcare technology" is healthcare, "digital
// infrastructure" technology, and "technology" alone technology.
var sectorWords = []struct {
	sector string
	words  []string
}{
	{"technology", []string{"digital infrastructure", "information technology", "technology-enabled", "tech-enabled"}},
	{"financial_services", []string{"fintech", "financial services", "financial technology", "insurance", "insurtech",
		"banking", "payments", "asset management", "wealth management", "lending", "capital markets", "digital assets", "blockchain"}},
	{"healthcare", []string{"healthcare", "health care", "health", "biotechnology", "biotech", "life sciences", "medical",
		"pharmaceutical", "therapeutics", "medtech", "wellness"}},
	{"energy_transition", []string{"energy transition", "renewable energy", "renewables", "renewable", "clean energy", "clean tech", "cleantech", "sustainability",
		"sustainable", "decarbonization", "electric vehicle", "electric mobility", "electrification", "hydrogen", "solar",
		"battery", "batteries", "climate", "carbon"}},
	{"real_estate", []string{"real estate", "proptech", "real assets"}},
	{"media_telecom", []string{"media", "entertainment", "telecommunications", "telecom", "sports", "gaming", "content",
		"communications"}},
	{"consumer", []string{"consumer", "retail", "e-commerce", "ecommerce", "hospitality", "food", "beverage", "restaurant",
		"restaurants", "pet care", "leisure", "apparel", "fashion", "beauty", "brands", "travel"}},
	{"industrials", []string{"industrial", "industrials", "manufacturing", "logistics", "supply chain", "transportation", "maritime", "marine", "shipping", "airlines", "automotive",
		"aerospace", "space", "satellite", "defense", "infrastructure", "automation", "mobility", "construction",
		"chemicals", "agriculture", "energy", "natural resources", "mining", "oil and gas"}},
	{"technology", []string{"technology", "technologies", "software", "tech", "artificial intelligence", "ai", "cybersecurity",
		"internet", "digital", "data", "semiconductor", "semiconductors", "saas", "cloud", "computing", "edtech", "education"}},
}

var (
	sectorPhraseRe *regexp.Regexp
	sectorOf       = map[string]string{}
	anyIndustryRe  = regexp.MustCompile(`(?i)\b(?:any|all) (?:industry|industries|sector|sectors|business(?:es)?)\b|\bdiversified\b|\bgeneralist\b`)
)

func init() {
	var phrases []string
	for _, s := range sectorWords {
		for _, w := range s.words {
			if _, seen := sectorOf[w]; !seen {
				sectorOf[w] = s.sector
				phrases = append(phrases, regexp.QuoteMeta(w))
			}
		}
	}
	slices.SortStableFunc(phrases, func(a, b string) int { return len(b) - len(a) })
	sectorPhraseRe = regexp.MustCompile(`(?i)\b(?:` + strings.Join(phrases, "|") + `)\b`)
}

// SectorOf files a stated focus or a business description ("technology and
// technology-enabled services sectors", "an end-to-end space company") under Sectors: the one
// sector its words name; technology gives way to the vertical it serves ("software and
// fintech": financial services); two verticals or more, or any industry, are general. It
// reports false when the words name no sector.
func SectorOf(text string) (string, bool) {
	found := map[string]bool{}
	for _, m := range sectorPhraseRe.FindAllString(text, -1) {
		found[sectorOf[strings.ToLower(m)]] = true
	}
	if len(found) > 1 {
		delete(found, "technology")
	}
	switch {
	case len(found) > 1 || len(found) == 0 && anyIndustryRe.MatchString(text):
		return "general", true
	case len(found) == 1:
		for s := range found {
			return s, true
		}
	}
	return "", false
}
