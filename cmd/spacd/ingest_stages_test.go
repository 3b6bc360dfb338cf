package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// TestIngestRecordsAlertsAndNews: `spacd ingest` runs the stages serve, backfill and the poller
// run - extract, fold, alerts, filing news, index -: Vector's 18 real filings give its alerts
// and filing articles, recorded as history (an offline ingest pushes nothing), and no fixture
// article (the fixture feed is not a real store's).
func TestIngestRecordsAlertsAndNews(t *testing.T) {
	t.Parallel()
	s, _ := readServed(t, vectorStore(t))
	filing := 0
	for _, a := range s.articles {
		switch {
		case a.Source == "filing":
			filing++
		default:
			t.Errorf("article %q from %s in a store built from real filings", a.Title, a.Source)
		}
	}
	for _, a := range s.alerts {
		if !a.Historical {
			t.Errorf("alert %s %s on %s not historical: an offline ingest pushes nothing", a.Symbol, a.Kind, a.OccurredAt)
		}
	}
	if len(s.alerts) == 0 || filing == 0 {
		t.Errorf("%d alerts, %d filing articles: want Vector's (its IPO, its deal, its closing)", len(s.alerts), filing)
	}
	t.Logf("%d alerts, %d filing articles", len(s.alerts), filing)
}

// bareEightK is a plain-text rendering of a SPAC's IPO 8-K, without its SGML envelope.
const bareEightK = `UNITED STATES SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT
Harrowgate Acquisition Corp.
Item 8.01. Other Events.
On March 10, 2021, Harrowgate Acquisition Corp. (the "Company") consummated its initial public offering of 25,000,000 units at an offering price of $10.00 per unit, generating gross proceeds of $250,000,000.
`

// TestIngestBareDocuments: with --form (and the header data --items, --cik, --filed,
// --accession, --name stand for), `spacd ingest` reads bare documents as `spacd extract` does;
// the accession may come from the file's name. Without --form a bare document is skipped, and
// the run that ingested nothing exits 1.
func TestIngestBareDocuments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "harrowgate_8-K_0009900777-21-000001.txt")
	if err := os.WriteFile(path, []byte(bareEightK), 0o644); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	if out, stderr, code := runCLI(t, data, "ingest", path); code != 1 || !strings.Contains(stderr, "nothing ingested") || !strings.Contains(stderr, "unsupported") {
		t.Errorf("a bare document without --form: exit %d, stderr %q, stdout %q; want 1, naming why", code, stderr, out)
	}
	out, stderr, code := runCLI(t, data, "ingest", "--json", "--form", "8-K", "--items", "8.01", "--cik", "9900777", "--filed", "2021-03-12", "--name", "Harrowgate Acquisition Corp.", path)
	if code != 0 {
		t.Fatalf("ingest --form: exit %d: %s", code, stderr)
	}
	sum := decodeSummary(t, []byte(out), nil)
	if sum.Filings != 1 || sum.Facts == 0 || sum.SPACs != 1 {
		t.Errorf("summary %+v, want the 8-K stored with its facts and its SPAC folded", sum)
	}
	s, _ := readServed(t, data)
	if len(s.profiles) != 1 || s.profiles[0].IPODate != "2021-03-10" || s.profiles[0].Name != "Harrowgate Acquisition Corp." {
		t.Fatalf("profiles %+v, want Harrowgate's IPO", s.profiles)
	}
	if f := s.profiles[0].Filings; len(f) != 1 || f[0].Accession != "0009900777-21-000001" {
		t.Errorf("filings %+v, want the accession of the file's name", f)
	}
}

// TestIngestExitStatus: `spacd ingest` exits 1 with the reasons when a path does not exist
// or nothing was ingested; 0 when something was (the bad files beside it are listed).
func TestIngestExitStatus(t *testing.T) {
	t.Parallel()
	dir, data := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string][]byte{"bad.txt": []byte("not a filing"), "good.txt": fixture(t, goodFirst)})
	missing := filepath.Join(dir, "nowhere")
	if _, stderr, code := runCLI(t, data, "ingest", missing); code != 1 || !strings.Contains(stderr, missing) {
		t.Errorf("a missing path: exit %d, stderr %q; want 1 naming it", code, stderr)
	}
	if _, stderr, code := runCLI(t, data, "ingest", filepath.Join(dir, "bad.txt")); code != 1 || !strings.Contains(stderr, "nothing ingested") {
		t.Errorf("only a bad file: exit %d, stderr %q; want 1", code, stderr)
	}
	if out, stderr, code := runCLI(t, data, "ingest", dir); code != 0 || !strings.Contains(out, "skipped") {
		t.Errorf("a good file beside a bad one: exit %d, stderr %q, stdout %q; want 0 and the summary", code, stderr, out)
	}
	if _, stderr, code := runCLI(t, data, "ingest", dir, missing); code != 1 || !strings.Contains(stderr, missing) {
		t.Errorf("a good directory and a missing path: exit %d, stderr %q; want 1 naming the missing one", code, stderr)
	}
}

// TestRefoldsRecordWhatTheStoreLacks: a store ingested without the alert and news stages (as
// `spacd ingest` did before it ran them) gets them from `spacd rebuild` and from `spacd
// recompute`, as history; a second run records nothing twice.
func TestRefoldsRecordWhatTheStoreLacks(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"rebuild", "recompute"} {
		t.Run(cmd, func(t *testing.T) {
			t.Parallel()
			data := storeWithoutStages(t)
			counts := func() (int, int) {
				if _, stderr, code := runCLI(t, data, cmd); code != 0 {
					t.Fatalf("%s: exit %d: %s", cmd, code, stderr)
				}
				s, _ := readServedClosed(t, data)
				for _, a := range s.alerts {
					if !a.Historical {
						t.Errorf("alert %s %s on %s not historical", a.Symbol, a.Kind, a.OccurredAt)
					}
				}
				return len(s.alerts), len(s.articles)
			}
			alerts, articles := counts()
			if alerts == 0 || articles == 0 {
				t.Errorf("after %s: %d alerts, %d articles; want QLAB's", cmd, alerts, articles)
			}
			if a2, n2 := counts(); a2 != alerts || n2 != articles {
				t.Errorf("a second %s: %d alerts, %d articles; want %d, %d", cmd, a2, n2, alerts, articles)
			}
		})
	}
}

// storeWithoutStages is a data directory holding one fixture SPAC's filings, profile and index
// row, and no alert or article: what `spacd ingest` left before it ran those stages.
func storeWithoutStages(t *testing.T) string {
	t.Helper()
	data := t.TempDir()
	db, err := kv.Open(filepath.Join(data, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(filepath.Join(data, "index"))
	if err != nil {
		t.Fatal(err)
	}
	p := &pipeline.Pipeline{Store: db, Index: idx} // no hooks: profiles only
	if _, err := p.IngestFS(context.Background(), fixtures.Corpus, "0009900001"); err != nil {
		t.Fatal(err)
	}
	idx.Close()
	db.Close()
	if s, _ := readServedClosed(t, data); len(s.alerts)+len(s.articles) != 0 {
		t.Fatalf("the store has %d alerts, %d articles before the refold", len(s.alerts), len(s.articles))
	}
	return data
}

// readServedClosed reads what the data directory serves and closes the store again, so that
// the CLI can open it next.
func readServedClosed(t *testing.T, data string) (served, error) {
	t.Helper()
	db, err := kv.Open(filepath.Join(data, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return readFrom(t, db), nil
}
