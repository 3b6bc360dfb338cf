package pipeline_test

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/pipeline"
)

// validSource is a small, complete fixture filing (the IPO 8-K of QLAB).
const (
	validSource    = "0009900001/0009900001-25-000004.txt"
	validAccession = "0009900001-25-000004"
)

// badInput is one malformed document and the reason the pipeline must record for it.
type badInput struct {
	name, reason string
	data         []byte
}

// malformedInputs builds the bad documents from the valid filing so that each one is wrong in
// exactly one way. Each gets its own accession so none can be mistaken for the valid filing.
func malformedInputs(t *testing.T, valid []byte) []badInput {
	t.Helper()
	s := string(valid)
	as := func(acc string) string { return strings.ReplaceAll(s, validAccession, acc) }
	noCIK := strings.Replace(as("0009900001-25-000092"), "\t\tCENTRAL INDEX KEY:\t\t\t0009900001\n", "", 1)
	if noCIK == as("0009900001-25-000092") {
		t.Fatal("fixture header has no CENTRAL INDEX KEY line to remove")
	}
	headerEnd := strings.Index(s, "</SEC-HEADER>")
	if headerEnd < 0 {
		t.Fatal("fixture has no </SEC-HEADER>")
	}
	return []badInput{
		{"truncated-document.txt", ingest.ReasonTruncated, []byte(as("0009900001-25-000091")[:len(s)*6/10])},
		{"truncated-header.txt", ingest.ReasonTruncated, []byte(as("0009900001-25-000093")[:headerEnd/2])},
		{"junk.bin.txt", ingest.ReasonBinary, []byte(strings.Repeat("\x00\x01\xff\xfeJUNK\x00\x00\x7f", 300))},
		{"empty.txt", ingest.ReasonUnsupported, nil},
		{"no-cik.txt", pipeline.ReasonNoHeader + ": no filer CIK", []byte(noCIK)}, // the code leads, as ingest.Reason* do
	}
}

// brokenHTMLFiling is a valid SGML envelope (its own CIK and accession) around HTML that is
// broken in the ways real filings are: unclosed elements, a stray tag, an unterminated cell.
func brokenHTMLFiling(valid []byte) []byte {
	s := string(valid)
	header := s[:strings.Index(s, "</SEC-HEADER>")+len("</SEC-HEADER>\n")]
	header = strings.ReplaceAll(header, "0009900001", "0009900097")
	header = strings.ReplaceAll(header, "0009900097-25-000004", "0009900097-25-000001")
	return []byte(header + "<DOCUMENT>\n<TYPE>8-K\n<SEQUENCE>1\n<FILENAME>broken.htm\n<TEXT>\n" +
		"<html><body><p>Unclosed paragraph <b>bold<table><tr><td>Trust account<td>$ 10.00" +
		"<div <<<>>> </p></span></i></TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n")
}

// TestMalformedInputsAreRecordedAndSkipped feeds bad documents next to a valid one: each bad
// one becomes an ingest error with its reason (in the summary and in the store), the run does
// not fail, and the valid filing is ingested and folded.
func TestMalformedInputsAreRecordedAndSkipped(t *testing.T) {
	ctx := context.Background()
	valid, err := fs.ReadFile(fixtures.Corpus, validSource)
	if err != nil {
		t.Fatal(err)
	}
	bad := malformedInputs(t, valid)
	inputs := []pipeline.Input{{Name: "valid.txt", Data: valid}, {Name: "broken-html.txt", Data: brokenHTMLFiling(valid)}}
	for _, b := range bad {
		inputs = append(inputs, pipeline.Input{Name: b.name, Data: b.data})
	}
	e := newEnv(t)
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	e.p.Now = func() time.Time { return at }
	sum, err := e.p.IngestInputs(ctx, inputs)
	if err != nil {
		t.Fatalf("IngestInputs must not fail on bad documents: %v", err)
	}
	if sum.Files != len(inputs) || sum.Filings != 2 || sum.Changed != 2 || sum.SPACs != 2 {
		t.Errorf("Files/Filings/Changed/SPACs = %d/%d/%d/%d, want %d/2/2/2", sum.Files, sum.Filings, sum.Changed, sum.SPACs, len(inputs))
	}
	checkIngestErrors(t, "Summary.Errors", sum.Errors, bad, at)
	stored, err := e.store.IngestErrors(ctx)
	if err != nil {
		t.Fatalf("IngestErrors: %v", err)
	}
	checkIngestErrors(t, "store.IngestErrors", stored, bad, at)
	checkValidIngested(t, e)
	checkBrokenHTMLIngested(t, e)
}

// checkIngestErrors expects exactly one error per bad input, with its reason and time.
func checkIngestErrors(t *testing.T, what string, got []spac.IngestError, bad []badInput, at time.Time) {
	t.Helper()
	if len(got) != len(bad) {
		t.Errorf("%s has %d entries, want %d: %+v", what, len(got), len(bad), got)
	}
	for _, b := range bad {
		i := slices.IndexFunc(got, func(e spac.IngestError) bool { return e.Source == b.name })
		if i < 0 {
			t.Errorf("%s: no entry for %s", what, b.name)
			continue
		}
		if e := got[i]; !strings.Contains(e.Reason, b.reason) || !e.At.Equal(at) {
			t.Errorf("%s: %s: reason %q at %v, want a reason containing %q at %v", what, b.name, e.Reason, e.At, b.reason, at)
		}
	}
}

// checkValidIngested expects the valid filing stored with facts and its SPAC folded and indexed.
func checkValidIngested(t *testing.T, e *env) {
	t.Helper()
	ctx := context.Background()
	f, err := e.store.Filing(ctx, validAccession)
	if err != nil || f.CIK != "0009900001" || f.Source != "valid.txt" {
		t.Fatalf("valid filing: %+v, %v", f, err)
	}
	facts, err := e.store.FactsOf(ctx, f.CIK)
	if err != nil || len(facts) == 0 {
		t.Errorf("valid filing has %d facts, %v", len(facts), err)
	}
	p, err := e.store.Profile(ctx, f.CIK)
	if err != nil || p.Status != spac.StatusSearching || p.IPODate != "2025-09-16" {
		t.Errorf("valid SPAC profile: status %q, ipo_date %q, %v; want searching, 2025-09-16", p.Status, p.IPODate, err)
	}
	if n := indexCount(t, e.index); n != 2 {
		t.Errorf("index Count = %d, want 2 (valid and broken-HTML filers)", n)
	}
}

// checkBrokenHTMLIngested: broken HTML is rendered best-effort like a browser would, not
// rejected (real EDGAR HTML is often malformed); its text is stored and citable.
func checkBrokenHTMLIngested(t *testing.T, e *env) {
	t.Helper()
	lines, err := e.store.Lines(context.Background(), "0009900097-25-000001", 1, 1000)
	if err != nil {
		t.Fatalf("broken-HTML filing: %v", err)
	}
	text := strings.Join(lines, "\n")
	for _, want := range []string{"<DOCUMENT> TYPE=8-K SEQUENCE=1 FILENAME=broken.htm", "Unclosed paragraph bold", "Trust account | $ 10.00"} {
		if !strings.Contains(text, want) {
			t.Errorf("broken-HTML filing text lacks %q:\n%s", want, text)
		}
	}
}
