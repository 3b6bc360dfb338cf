package rule

import (
	"slices"
	"testing"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// A rule with Within context reads only the sections that hold the context, wherever in the
// section it stands (before or after the sentence the rule matches).
func TestWithinReadsOnlySectionsHoldingTheContext(t *testing.T) {
	b, err := NewBook([]*Rule{{ID: "t.price", Emit: One("liquidation_price"), Within: `(?i)plan of liquidation`,
		Pattern: `(?i)per-share redemption price .{0,40}?{v:money}`}})
	if err != nil {
		t.Fatal(err)
	}
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01 Other Events.",
		"The per-share redemption price will be approximately $10.31.",
		"The board approved a plan of liquidation on June 1, 2024.",
		"Item 9.01 Financial Statements and Exhibits.",
		"The per-share redemption price of the trust is $10.50.")
	var got []string
	for _, f := range b.Run(doc.Build(r)) {
		got = append(got, f.Fact.Value)
	}
	if want := []string{"10.3100"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q (the section without the context gives none)", got, want)
	}
}
