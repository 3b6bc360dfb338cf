package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// The good files around the bad ones: a small fixture filing (the IPO 8-K of QLAB) and the
// same filing moved to another CIK, so that they are two SPACs.
const (
	goodFirst     = "0009900001/0009900001-25-000004.txt"
	goodFirstAcc  = "0009900001-25-000004"
	goodSecondAcc = "0009900098-25-000004"
)

// secondGood is the good filing of another SPAC (CIK 0009900098).
func secondGood(t *testing.T) []byte {
	return bytes.ReplaceAll(fixture(t, goodFirst), []byte("0009900001"), []byte("0009900098"))
}

// cli runs spacd with a data directory and no fixtures; it returns stdout and the error.
func cli(t *testing.T, dataDir string, args ...string) ([]byte, error) {
	t.Helper()
	env := map[string]string{"SPACD_DATA_DIR": dataDir, "SPACD_FIXTURES": "false", "SPACD_LOG_LEVEL": "error"}
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"spacd"}, args...), func(k string) string { return env[k] }, &out, &errOut)
	if err != nil {
		t.Logf("spacd %s: %v\nstderr: %s", strings.Join(args, " "), err, errOut.String())
	}
	return out.Bytes(), err
}

// ingestCLI runs `spacd ingest` and decodes its summary; the run itself must not fail.
func ingestCLI(t *testing.T, dataDir string, paths ...string) pipeline.Summary {
	t.Helper()
	out, err := cli(t, dataDir, append([]string{"ingest", "--json"}, paths...)...)
	return decodeSummary(t, out, err)
}

// decodeSummary decodes the output of `spacd ingest`, which must have succeeded.
func decodeSummary(t *testing.T, out []byte, err error) pipeline.Summary {
	t.Helper()
	if err != nil {
		t.Fatalf("spacd ingest failed (exit 1, no summary): %v", err)
	}
	var sum pipeline.Summary
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("summary: %v\n%s", err, out)
	}
	return sum
}

// errorsCLI runs `spacd errors --json` and decodes the recorded ingest errors.
func errorsCLI(t *testing.T, dataDir string) []spac.IngestError {
	t.Helper()
	out, err := cli(t, dataDir, "errors", "--json")
	if err != nil {
		t.Fatalf("spacd errors: %v", err)
	}
	var errs []spac.IngestError
	if err := json.Unmarshal(out, &errs); err != nil {
		t.Fatalf("errors output: %v\n%s", err, out)
	}
	return errs
}

// fixture returns a file of the embedded corpus.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// withAccession rewrites the ACCESSION NUMBER header line of a fixture filing.
func withAccession(t *testing.T, data []byte, from, to string) []byte {
	t.Helper()
	line := "ACCESSION NUMBER:\t\t"
	out := bytes.Replace(data, []byte(line+from), []byte(line+to), 1)
	if bytes.Equal(out, data) {
		t.Fatalf("no header line %q", line+from)
	}
	return out
}

// writeFiles writes name -> content below dir.
func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkSkipped expects one entry per source in errs whose reason contains the given words.
func checkSkipped(t *testing.T, what string, errs []spac.IngestError, want map[string]string) {
	t.Helper()
	for source, reason := range want {
		i := slices.IndexFunc(errs, func(e spac.IngestError) bool { return e.Source == source })
		switch {
		case i < 0:
			t.Errorf("%s: %s is not listed: %+v", what, source, errs)
		case !strings.Contains(errs[i].Reason, reason):
			t.Errorf("%s: %s: reason %q, want it to contain %q", what, source, errs[i].Reason, reason)
		}
	}
	if len(errs) != len(want) {
		t.Errorf("%s: %d entries, want %d: %+v", what, len(errs), len(want), errs)
	}
}

// checkStored expects the filings to be in the store of dataDir (opened after the CLI closed it).
func checkStored(t *testing.T, dataDir string, accessions ...string) {
	t.Helper()
	db, err := kv.Open(filepath.Join(dataDir, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, acc := range accessions {
		if _, err := db.Filing(context.Background(), acc); err != nil {
			t.Errorf("filing %s not stored: %v", acc, err)
		}
	}
}

// TestIngestBadAccessionIsSkipped: a file whose header accession holds a '/' or a NUL sits
// between good files. It used to abort the run (the store refused the key: exit 1, no summary,
// nothing recorded, later files never read); now it is recorded with its reason and skipped.
func TestIngestBadAccessionIsSkipped(t *testing.T) {
	t.Parallel()
	dir, data := t.TempDir(), t.TempDir()
	first := fixture(t, goodFirst)
	writeFiles(t, dir, map[string][]byte{
		"a-good.txt":  first,
		"b-slash.txt": withAccession(t, first, goodFirstAcc, "0009900001/25-000099"),
		"c-nul.txt":   withAccession(t, first, goodFirstAcc, "0009900001-25-\x00000098"),
		"d-long.txt":  withAccession(t, first, goodFirstAcc, strings.Repeat("9", 70000)),
		"e-good.txt":  secondGood(t),
	})
	sum := ingestCLI(t, data, dir)
	if sum.Files != 5 || sum.Filings != 2 || sum.SPACs != 2 {
		t.Errorf("files/filings/spacs = %d/%d/%d, want 5/2/2", sum.Files, sum.Filings, sum.SPACs)
	}
	want := map[string]string{"b-slash.txt": "bad_header", "c-nul.txt": "bad_header", "d-long.txt": "bad_header"}
	checkSkipped(t, "summary", sum.Errors, want)
	checkSkipped(t, "spacd errors", errorsCLI(t, data), want)
	checkStored(t, data, goodFirstAcc, goodSecondAcc)
}

// sparseFile creates a file of size bytes that takes no disk and no memory until read.
func sparseFile(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
}

// TestIngestOversizeIsNotRead: a 1 GiB file (sparse), in a walked directory and named on the
// command line, is recorded as too_large and never read: the whole run allocates far less
// than the file's size (it used to read it whole, 1.1 GB of RSS, before rejecting it).
func TestIngestOversizeIsNotRead(t *testing.T) {
	t.Parallel()
	dir, single, data := t.TempDir(), t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string][]byte{"a-good.txt": fixture(t, goodFirst), "c-good.txt": secondGood(t)})
	sparseFile(t, filepath.Join(dir, "b-huge.txt"), 1<<30+1)
	sparseFile(t, filepath.Join(single, "d-huge.txt"), 1<<30+1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sum := ingestCLI(t, data, dir, filepath.Join(single, "d-huge.txt"))
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 512<<20 {
		t.Errorf("the run allocated %d MiB: the 1 GiB files were read", alloc>>20)
	}
	if sum.Filings != 2 {
		t.Errorf("%d filings ingested, want 2", sum.Filings)
	}
	want := map[string]string{"b-huge.txt": "too_large: 1073741825 bytes", "d-huge.txt": "too_large: 1073741825 bytes"}
	checkSkipped(t, "summary", sum.Errors, want)
	checkSkipped(t, "spacd errors", errorsCLI(t, data), want)
}

// TestErrorsOnAnEmptyStoreIsAnEmptyList: `spacd errors --json` prints [], never null; the
// readable form says there is nothing.
func TestErrorsOnAnEmptyStoreIsAnEmptyList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, err := cli(t, dir, "errors", "--json")
	if err != nil || strings.TrimSpace(string(out)) != "[]" {
		t.Errorf("spacd errors --json on an empty store: %q %v", out, err)
	}
	out, err = cli(t, dir, "errors")
	if err != nil || strings.TrimSpace(string(out)) != "no skipped documents" {
		t.Errorf("spacd errors on an empty store: %q %v", out, err)
	}
}
