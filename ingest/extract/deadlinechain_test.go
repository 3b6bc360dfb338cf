package extract

import (
	"slices"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestChainedOldDeadline: a report's second extension that names only its new date replaced
// the deadline the first one set; a stated old deadline, a gap long enough to hide
// unnarrated monthly extensions, and a single extension give no inferred one.
func TestChainedOldDeadline(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"second extension of a chain", []string{
			"On May 3, 2024, the shareholders of Quillon Acquisition Corp. approved an amendment pursuant to which the date by which the Company must consummate a business combination was extended from February 9, 2024 to May 9, 2024.",
			"Upon board approval of an extension to August 9, 2024, the Sponsor deposited $300,000 into the Trust Account.",
		}, []string{"2024-02-09", "2024-05-09"}},
		{"old deadline stated", []string{
			"On May 3, 2024, the shareholders of Quillon Acquisition Corp. approved an amendment pursuant to which the date by which the Company must consummate a business combination was extended from February 9, 2024 to May 9, 2024.",
			"On July 30, 2024, the Sponsor deposited $300,000 into the Trust Account to extend the Combination Period from June 9, 2024 to August 9, 2024.",
		}, []string{"2024-02-09", "2024-06-09"}},
		{"gap too long", []string{
			"On May 3, 2024, the shareholders of Quillon Acquisition Corp. approved an amendment pursuant to which the date by which the Company must consummate a business combination was extended from February 9, 2024 to May 9, 2024.",
			"Upon board approval of an extension to February 9, 2025, the Sponsor deposited $300,000 into the Trust Account.",
		}, []string{"2024-02-09"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range Facts(extracttest.Filing("10-Q", nil, c.lines...)) {
			if f.Field == spac.FieldOldDeadline {
				got = append(got, f.Value)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: old_deadline %v, want %v", c.name, got, c.want)
		}
	}
}
