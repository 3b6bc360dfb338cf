package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtractRealS1 runs `spacd extract` on the real LearnCW S-1 (../shared/realdata) and checks
// the MANIFEST's verified values, each cited on a canonical line that holds the quote.
func TestExtractRealS1(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "realdata", "full_submission_txt", "LearnCW_S-1_0001140361-21-010426.txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real data not found at %s (../shared beside the checkout)", path)
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"spacd", "extract", path}, func(string) string { return "" }, &out, &errOut); err != nil {
		t.Fatalf("extract: %v (%s)", err, errOut.String())
	}
	var got extractOutput
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Filing.Accession != "0001140361-21-010426" || got.Filing.Form != "S-1" || got.Filing.CIK != "0001847577" {
		t.Fatalf("header: %+v", got.Filing)
	}
	want := map[string]string{
		"trust_size": "250000000.00", "units_offered": "25000000", "unit_price": "10.0000",
		"deadline_months": "24", "sponsor": "CWAM LC Sponsor LLC", "warrant_exercise_price": "11.5000",
	}
	for _, f := range got.Facts {
		w, ok := want[f.Field]
		if !ok || f.Value != w {
			continue
		}
		if f.Citation.Accession != got.Filing.Accession || f.Citation.Line < 1 || !strings.Contains(f.Citation.Excerpt, f.Citation.Quote) {
			t.Errorf("%s: bad citation %+v", f.Field, f.Citation)
		}
		delete(want, f.Field)
	}
	if len(want) > 0 {
		t.Errorf("missing facts %v", want)
	}
}
