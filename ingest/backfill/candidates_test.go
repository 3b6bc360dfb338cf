package backfill

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/poll"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// Discovery over two real daily indexes (realdata/edgar_index): the SPACs MANIFEST.md names
// are candidates (a 425 of ARYA Sciences Acquisition and Nebula Acquisition, an 8-K/A of
// Pensare Acquisition, a PRE 14A of Austerlitz Acquisition, a 424B4 of Qomolangma
// Acquisition), while only a small share of the day's filers is looked up. It logs the counts
// the README's projection uses.
func TestCandidatesFromRealIndexes(t *testing.T) {
	rd := polltest.RealdataDir()
	if rd == "" {
		t.Skip("realdata not available (../shared/realdata beside the checkout)")
	}
	b := &Backfill{cfg: Config{Since: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}, forms: map[string]bool{}}
	for _, f := range poll.DefaultForms {
		b.forms[normForm(f)] = true
	}
	for _, tc := range []struct {
		file string
		kind edgar.IndexKind
		want []spac.CIK
	}{
		{"form.20200318.idx", edgar.IndexForm, []spac.CIK{"0001746037", "0001720353", "0001704760"}},
		{"company.20221003.idx", edgar.IndexCompany, []spac.CIK{"0001838207", "0001894210", "0001843724"}},
	} {
		data, err := os.ReadFile(filepath.Join(rd, "edgar_index", tc.file))
		if err != nil {
			t.Skipf("realdata not available: %v", err)
		}
		rows, err := edgar.ParseIndex(data, tc.kind)
		if err != nil {
			t.Fatal(err)
		}
		filers := map[spac.CIK]bool{}
		for _, r := range rows {
			filers[r.CIK] = true
		}
		got := b.indexCandidates(rows)
		for _, c := range tc.want {
			if !slices.Contains(got, c) {
				t.Errorf("%s: SPAC %s is no candidate", tc.file, c)
			}
		}
		t.Logf("%s: %d rows, %d filers, %d candidates to look up", tc.file, len(rows), len(filers), len(got))
		if len(got)*10 > len(filers) {
			t.Errorf("%s: %d of %d filers looked up; discovery should look up only a small share", tc.file, len(got), len(filers))
		}
	}
}
