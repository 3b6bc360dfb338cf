package ingest

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestSourceRoundTrip reads real filings, then reads each again from the source the reader
// kept: the canonical text, table grids, XBRL facts and filing metadata must be the same, so
// facts derived from a stored source cite the same lines. The Learn CW S-1 carries two
// uuencoded images, which the source keeps as stubs.
func TestSourceRoundTrip(t *testing.T) {
	dir := realdataDir(t)
	r, err := Read(filepath.Join(dir, "full_submission_txt", learnCWFile))
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, learnCWFile, r)
	if raw, _ := os.Stat(filepath.Join(dir, "full_submission_txt", learnCWFile)); raw != nil && int64(len(r.Source.Data)) >= raw.Size() {
		t.Errorf("source of %s is %d bytes, not smaller than the %d-byte submission (images not stubbed)", learnCWFile, len(r.Source.Data), raw.Size())
	}
	vector := filepath.Join(dir, "vector")
	docs, err := extracttest.ReadDocs(vector)
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range docs {
		text, err := os.ReadFile(filepath.Join(vector, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ReadBytes(name, extracttest.Envelope(d, string(text)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkRoundTrip(t, name, r)
	}
}

// TestBareSourceRoundTrip reads a bare primary document with its header data, and again from
// the kept source.
func TestBareSourceRoundTrip(t *testing.T) {
	html := []byte("<html><body><p>Item 8.01 Other Events.</p><table><tr><td>For</td><td>Against</td></tr><tr><td>1,000</td><td>20</td></tr></table></body></html>")
	meta := Sidecar{Accession: "0000000001-24-000009", Form: "8-K", FiledAt: "2024-01-02", CIK: "1", CompanyName: "Example Acquisition Corp", Items: []string{"8.01"}}
	r, err := ReadHTML("bare.htm", html, meta)
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, "bare.htm", r)
}

func checkRoundTrip(t *testing.T, name string, r *spac.RenderedFiling) {
	t.Helper()
	if r.Source == nil || len(r.Source.Data) == 0 {
		t.Fatalf("%s: the reader kept no source", name)
	}
	again, err := ReadSource(*r.Source)
	if err != nil {
		t.Fatalf("%s: read source: %v", name, err)
	}
	if !reflect.DeepEqual(again.Filing, r.Filing) {
		t.Errorf("%s: filing differs:\n%+v\n%+v", name, again.Filing, r.Filing)
	}
	if !reflect.DeepEqual(again.Lines, r.Lines) {
		t.Errorf("%s: canonical text differs (%d vs %d lines)", name, len(again.Lines), len(r.Lines))
	}
	if !reflect.DeepEqual(again.Rows, r.Rows) || !reflect.DeepEqual(again.XBRL, r.XBRL) {
		t.Errorf("%s: table grids or XBRL facts differ", name)
	}
}
