package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

var corpusDir = filepath.Join("..", "..", "fixtures", "corpus")

// corpusManifest is the part of fixtures/corpus/MANIFEST.json this test checks.
type corpusManifest struct {
	SPACs []struct {
		CIK      string `json:"cik"`
		Sponsor  string `json:"sponsor"`
		Exchange string `json:"exchange"`
		Tickers  struct {
			Units, Shares, Warrants, Rights string
		} `json:"tickers"`
		Underwriters   []string `json:"underwriters"`
		TrustSize      string   `json:"trust_size"`
		UnitsOffered   int      `json:"units_offered"`
		IPODate        string   `json:"ipo_date"`
		DeadlineMonths int      `json:"deadline_months"`
		Target         string   `json:"target"`
		Filings        []struct {
			Accession string `json:"accession"`
			Form      string `json:"form"`
			Path      string `json:"path"`
		} `json:"filings"`
	} `json:"spacs"`
}

// TestCorpus runs every fixture filing through ingest.Read and Facts: all facts must be
// cited, and each SPAC's facts must include the offering values its manifest states.
func TestCorpus(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.json"))
	if err != nil {
		t.Skipf("fixture corpus not available: %v", err)
	}
	var m corpusManifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	for _, s := range m.SPACs {
		t.Run(s.CIK, func(t *testing.T) {
			have := map[string][]string{}
			for _, f := range s.Filings {
				r, err := ingest.Read(filepath.Join(corpusDir, f.Path))
				if err != nil {
					t.Fatalf("%s: %v", f.Path, err)
				}
				if !Supported(f.Form) {
					t.Errorf("%s: form %s unsupported", f.Accession, f.Form)
				}
				facts := Facts(r)
				extracttest.CheckCited(t, r, facts)
				for _, x := range facts {
					have[x.Field] = append(have[x.Field], x.Value)
				}
			}
			expect := func(field, want string) {
				if want != "" && want != "0" && !slices.Contains(have[field], want) {
					t.Errorf("%s: want %q among %q", field, want, have[field])
				}
			}
			expect(spac.FieldSponsor, s.Sponsor)
			expect(spac.FieldExchange, s.Exchange)
			expect(spac.FieldTrustSize, s.TrustSize)
			expect(spac.FieldUnitsOffered, fmt.Sprint(s.UnitsOffered))
			expect(spac.FieldIPODate, s.IPODate)
			expect(spac.FieldDeadlineMonths, fmt.Sprint(s.DeadlineMonths))
			expect(spac.FieldTarget, s.Target)
			expect(spac.FieldTickerUnits, s.Tickers.Units)
			// The manifest's share ticker is the current one: after a de-SPAC or a ticker
			// change it is the new_ticker of the 8-K that announced it.
			have[spac.FieldTickerShares] = append(have[spac.FieldTickerShares], have[spac.FieldNewTicker]...)
			expect(spac.FieldTickerShares, s.Tickers.Shares)
			expect(spac.FieldTickerWarrant, s.Tickers.Warrants)
			expect(spac.FieldTickerRights, s.Tickers.Rights)
			for _, u := range s.Underwriters {
				expect(spac.FieldUnderwriter, u)
			}
		})
	}
}
