package extract

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// realdata is ../shared/realdata from the repo root; tests run in ingest/extract.
var realdata = filepath.Join("..", "..", "..", "shared", "realdata")

func TestLearnCWS1(t *testing.T) {
	path := filepath.Join(realdata, "full_submission_txt", "LearnCW_S-1_0001140361-21-010426.txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real data not available: %v", err)
	}
	r, err := ingest.Read(path)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	facts := Facts(r)
	extracttest.CheckCited(t, r, facts)
	want := map[string]string{
		spac.FieldTrustSize:        "250000000.00",
		spac.FieldUnitsOffered:     "25000000",
		spac.FieldUnitPrice:        "10.0000",
		spac.FieldDeadlineMonths:   "24",
		spac.FieldSponsor:          "CWAM LC Sponsor LLC",
		spac.FieldWarrantExercise:  "11.5000",
		spac.FieldTrustPerUnit:     "10.0000",
		spac.FieldTickerUnits:      "LCW.U",
		spac.FieldTickerShares:     "LCW",
		spac.FieldTickerWarrant:    "LCW.WS",
		spac.FieldExchange:         "NYSE",
		spac.FieldName:             "Learn CW Investment Corp",
		spac.FieldUnitStructure:    "one Class A ordinary share and one-third of one redeemable warrant",
		spac.FieldPrivatePlacement: "5400000.00",
		spac.FieldUnderwriter:      "Evercore Group L.L.C.",
		spac.FieldStatus:           string(spac.StatusPreIPO),
	}
	got := map[string][]string{}
	for _, f := range facts {
		got[f.Field] = append(got[f.Field], f.Value)
	}
	for field, v := range want {
		if len(got[field]) != 1 || got[field][0] != v {
			t.Errorf("%s = %q, want exactly [%q]", field, got[field], v)
		}
	}
	if got[spac.FieldSIC] != nil {
		t.Errorf("sic = %q; the Learn CW header has no SIC line", got[spac.FieldSIC])
	}
}
