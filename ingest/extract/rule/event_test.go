package rule

import (
	"slices"
	"testing"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestNarratedPeriods: in a periodic report a narrated rule dates each fact by its event (the
// opening date or meeting date of its sentence, else of a sentence just before) and reads
// nothing it cannot date.
func TestNarratedPeriods(t *testing.T) {
	b, err := NewBook([]*Rule{{ID: "t.redeemed", Emit: One("shares_redeemed"), Narrated: true, Classes: []doc.Class{doc.Current},
		Pattern: `(?i)holders of {v:shares} exercised`}})
	if err != nil {
		t.Fatal(err)
	}
	r := extracttest.Filing("10-Q", nil,
		"Note 1 - Organization",
		"On March 3, 2023, the Company held a special meeting. In connection with it, holders of 1,000 shares exercised their right to redeem.",
		"In connection with the special meeting held on May 4, 2024, holders of 2,000 shares exercised their right to redeem.",
		"At a later meeting, holders of 3,000 shares exercised their right to redeem.",
		"Unrelated text about the trust account follows here.",
		"The holders of 4,000 shares exercised their right to redeem.",
		"As previously reported in our current report filed with the SEC on June 2, 2022, on June 1, 2022, in connection with the vote, holders of 5,000 shares exercised their right to redeem.",
		"Note 9 - Subsequent Events",
		"The special meeting was held on October 8, 2019 at which the stockholders approved the extension. The Company afforded its holders the right to redeem. The holders of 6,000 shares exercised their right to redeem.")
	var got []string
	for _, f := range b.Run(doc.Build(r)) {
		got = append(got, f.Fact.Value+"@"+f.Fact.Period)
	}
	want := []string{"1000@2023-03-03", "2000@2024-05-04", "5000@2022-06-01", "6000@2019-10-08"}
	if !slices.Equal(got, want) {
		t.Errorf("narrated facts = %q, want %q", got, want)
	}
}
