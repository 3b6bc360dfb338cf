package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/extract/extracttest"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/internal/storetest"
)

// writeVector writes Vector Acquisition's 18 real filings, each in the EDGAR envelope of its
// docs.tsv row, to a new directory (skips when ../shared/realdata is absent).
func writeVector(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "shared", "realdata", "vector")
	docs, err := extracttest.ReadDocs(src)
	if err != nil {
		t.Skipf("real data not available: %v", err)
	}
	dir := t.TempDir()
	for name, d := range docs {
		text, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), extracttest.Envelope(d, string(text)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withExtractor runs the commands of the test with another rule book.
func withExtractor(t *testing.T, x extract.Extractor) {
	t.Helper()
	old := extractor
	extractor = x
	t.Cleanup(func() { extractor = old })
}

// TestReextractVector ingests Vector's 18 filings, deletes the files, changes the rule book
// (one rule more) and runs `spacd reextract`: the store then serves exactly what a fresh
// ingest with the changed book serves, and Vector's profile shows the new rule's value.
func TestReextractVector(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests 18 real filings twice")
	}
	// Not parallel: it swaps the package's extractor (withExtractor). Sequential tests end
	// before the parallel ones start.
	files := writeVector(t)
	data := t.TempDir()
	if _, errOut, code := runCLI(t, data, "ingest", "--progress", "off", files); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	if err := os.RemoveAll(files); err != nil {
		t.Fatal(err)
	}
	b, err := rules.NewBook(&rule.Rule{
		ID: "test.sector_space", Emit: rule.One(spac.FieldSector), Value: "industrials",
		Pattern: `(?i)(?P<v>end-to-end space company)`,
	})
	if err != nil {
		t.Fatal(err)
	}
	withExtractor(t, extract.Extractor{Book: b})
	out, errOut, code := runCLI(t, data, "reextract", "--json", "--progress", "off")
	if code != 0 {
		t.Fatalf("reextract: %s", errOut)
	}
	var sum pipeline.ReextractSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Stale != 18 || sum.Done != 18 || sum.Changed == 0 || sum.Unsourced != 0 || len(sum.Errors) != 0 {
		t.Fatalf("reextract summary %+v", sum)
	}
	fresh := t.TempDir()
	if _, errOut, code := runCLI(t, fresh, "ingest", "--progress", "off", writeVector(t)); code != 0 {
		t.Fatalf("fresh ingest: %s", errOut)
	}
	got, _ := storeSnapshot(t, data)
	want, _ := storeSnapshot(t, fresh)
	if d := storetest.Diff(got, want); d != "" {
		t.Errorf("reextracted store differs from a fresh ingest with the changed book: %s", d)
	}
	var stored struct{ Profile spac.Profile }
	if err := json.Unmarshal([]byte(got["p/0001819994"]), &stored); err != nil || stored.Profile.Sector != "industrials" {
		t.Errorf("Vector's sector after reextract = %q (%v), want the new rule's value", stored.Profile.Sector, err)
	}
}

// TestServeReextractsInTheBackground starts serve on a stale store (a generated corpus whose
// facts were replaced by none under an old stamp): it answers every request while it derives
// the facts again in the background, /health shows how far it is, and in the end the store
// serves what a clean ingest serves.
func TestServeReextractsInTheBackground(t *testing.T) {
	if testing.Short() {
		t.Skip("re-extracts a generated corpus under serve")
	}
	t.Parallel()
	corpus, _ := generatedCorpus(t, 40)
	root := t.TempDir()
	clean, data := filepath.Join(root, "clean"), filepath.Join(root, "data")
	for _, dir := range []string{clean, data} {
		if _, errOut, code := runCLI(t, dir, "ingest", "--progress", "off", corpus); code != 0 {
			t.Fatalf("ingest: %s", errOut)
		}
	}
	want, _ := storeSnapshot(t, clean)
	forgetFacts(t, data)
	if _, errOut, code := runCLI(t, data, "rebuild", "--progress", "off"); code != 0 {
		t.Fatalf("rebuild: %s", errOut)
	}
	ts := startServer(t, map[string]string{"SPACD_DATA_DIR": data, "SPACD_FIXTURES": "false"})
	key := ts.createKey(t, "pro")
	sawRunning, requests := false, 0
	deadline := time.Now().Add(liveTimeout)
	for {
		var h api.Health
		ts.getJSON(t, "/health", "", http.StatusOK, &h)
		if code, _, body := ts.do(t, http.MethodGet, "/v1/universe?limit=5", key, ""); code != http.StatusOK {
			t.Fatalf("universe answered %d during the re-extraction: %s", code, body)
		}
		requests++
		if h.Reextract == nil {
			t.Fatal("/health has no reextract state")
		}
		sawRunning = sawRunning || h.Reextract.Running
		if !h.Reextract.Running && h.Reextract.Stale == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("re-extraction not done after %s: %+v", liveTimeout, *h.Reextract)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !sawRunning {
		t.Error("/health never showed the re-extraction running")
	}
	if err := ts.stop(); err != nil {
		t.Fatal(err)
	}
	got, _ := storeSnapshot(t, data)
	if d := storetest.Diff(got, want); d != "" {
		t.Errorf("after the background re-extraction (%d requests answered during it) the store differs from a clean ingest: %s", requests, d)
	}
}
