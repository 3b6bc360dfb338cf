package extract

import (
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// FuzzFacts feeds arbitrary text to every extractor family: no panics, and whatever is
// emitted keeps the citation invariant.
func FuzzFacts(f *testing.F) {
	f.Add("8-K", "On March 10, 2021, X Corp. consummated its initial public offering of 20,000,000 units\nFor | Against\n1 | 2")
	f.Add("S-1", "Each unit has an offering price of $10.00 and consists of one Class A ordinary share and one right")
	f.Add("DEF 14A", "meeting will be held on Feb. 30, 2022\nrecord date close of business on 20221301")
	f.Add("425", "On June 1, 2022, A entered into a Business Combination Agreement with")
	// A long one-line document: sentences, entities and rules on a 1 MB line.
	f.Add("8-K", strings.Repeat("On May 2, 2025, holders of 1,234,567 Class A ordinary shares exercised their right to redeem at approximately $10.42 per share. ", 8000))
	f.Fuzz(func(t *testing.T, form, text string) {
		r := extracttest.Filing(form, nil, strings.Split(text, "\n")...)
		extracttest.CheckCited(t, r, Facts(r))
	})
}
