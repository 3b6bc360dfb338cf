package rule

import (
	"slices"
	"testing"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// A rule's Heading lets a short sentence just before the match, on the same line, give the
// context its Must asks for; a heading on another line, or one that names something else,
// does not.
func TestHeadingGivesTheContextOfTheNextSentence(t *testing.T) {
	b, err := NewBook([]*Rule{{ID: "t.votes", Emit: One("votes_for"), Must: `(?i)extension`,
		Heading: `(?i)^proposal \d+\W+extension`,
		Pattern: `(?i)approved with {v:count} votes for`}})
	if err != nil {
		t.Fatal(err)
	}
	r := extracttest.Filing("8-K", []string{"5.07"},
		"Item 5.07 Submission of Matters to a Vote of Security Holders.",
		"Proposal 1 - Extension Amendment Proposal. The proposal was approved with 4,020,117 votes for.",
		"Proposal 2 - Adjournment Proposal. The proposal was approved with 4,000,000 votes for.",
		"Proposal 3 - Extension of the Trust Agreement.",
		"The proposal was approved with 3,999,999 votes for.")
	var got []string
	for _, f := range b.Run(doc.Build(r)) {
		got = append(got, f.Fact.Value)
	}
	if want := []string{"4020117"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q (only the result headed by its proposal on its own line)", got, want)
	}
}
