package extract

import (
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// A release names the book-running manager in one sentence and the co-managers in another
// that no rule reads: a list of one of four firms would be wrong, so none is kept.
func TestUnderwritersKeptOnlyWhole(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01", "9.01"},
		"Item 8.01 Other Events.",
		"Harlan Brooks & Co. Inc. acted as the sole book running manager and representative of the underwriters of the offering.",
		"Tessel Partners, Inc., a division of Tessel Financial Group Inc. (NYSE:TFG), acted as co-manager of the offering with Orrin Securities, Inc., Pike Street Capital LLC and Wendover & Co., LLC.")
	extracttest.Expect(t, Facts(r), map[string][]string{"underwriter": nil})
}

// Both firms of one sentence are read: the list is whole and kept.
func TestUnderwritersWholeListKept(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01", "9.01"},
		"Item 8.01 Other Events.",
		"The units were offered in an underwritten offering. Kestrel Securities, LLC acted as the sole book running manager for the offering and Palmetto Street Capital, Inc. acted as co-manager of the offering.",
		"Grayson & Lowe LLP acted as counsel to the book running manager.")
	extracttest.Expect(t, Facts(r), map[string][]string{"underwriter": {"Kestrel Securities, LLC", "Palmetto Street Capital, Inc."}})
}
