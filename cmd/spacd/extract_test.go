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
	t.Parallel()
	path := filepath.Join("..", "..", "..", "shared", "realdata", "full_submission_txt", "LearnCW_S-1_0001140361-21-010426.txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real data not found at %s (../shared beside the checkout)", path)
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"spacd", "extract", "--json", path}, func(string) string { return "" }, &out, &errOut); err != nil {
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

// TestExtractExplainBareText reads a bare plain-text 8-K with --form/--items (no SGML
// envelope, no sidecar) and checks that --explain names the rule behind every fact.
func TestExtractExplainBareText(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "vote.txt")
	text := "Item 5.07 Submission of Matters to a Vote of Security Holders.\n" +
		"On May 2, 2025, Harbor Lane Acquisition Corp. held an extraordinary general meeting, at which\n" +
		"holders of 1,234,567 Class A ordinary shares exercised their right to redeem their shares for\n" +
		"cash at a redemption price of approximately $10.42 per share.\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"spacd", "extract", "--json", "--explain", "--form", "8-K", "--items", "5.07", "--cik", "9900099", "--filed", "2025-05-05", path}
	if err := run(context.Background(), args, func(string) string { return "" }, &out, &errOut); err != nil {
		t.Fatalf("extract: %v (%s)", err, errOut.String())
	}
	var got extractOutput
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"meeting_date": "2025-05-02", "shares_redeemed": "1234567", "redemption_price": "10.4200"}
	for _, f := range got.Facts {
		if f.Rule == "" || f.Sentence == "" {
			t.Errorf("%s: --explain gave no rule or sentence: %+v", f.Field, f)
		}
		if w, ok := want[f.Field]; ok && f.Value == w {
			delete(want, f.Field)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing facts %v in %+v", want, got.Facts)
	}
	if got.Filing.Form != "8-K" || strings.Join(got.Filing.Items, ",") != "5.07" {
		t.Errorf("filing = %+v", got.Filing)
	}
}

// TestExtractDocModel prints the document model of a bare 8-K: the Item 5.07 section and
// its sentences with their lines and entities masked, as the rules read them.
func TestExtractDocModel(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "vote.txt")
	text := "Item 5.07 Submission of Matters to a Vote of Security Holders.\n" +
		"On May 2, 2025, the Company held an extraordinary general meeting.\n" +
		"Holders of 1,234,567 Class A ordinary shares exercised their right to redeem.\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"spacd", "extract", "--doc", "--form", "8-K", "--items", "5.07", path}
	if err := run(context.Background(), args, func(string) string { return "" }, &out, &errOut); err != nil {
		t.Fatalf("extract --doc: %v (%s)", err, errOut.String())
	}
	for _, want := range []string{"(class current)", " item lines ", "items 5.07", "On ⟦date 0⟧, the Company held", "Holders of ⟦shares 0⟧ exercised"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("extract --doc lacks %q:\n%s", want, out.String())
		}
	}
}
