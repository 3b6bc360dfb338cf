package pipeline_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/pipeline"
)

// otherAccession is the accession of otherFiling: validSource moved to another CIK.
const otherAccession = "0009900098-25-000004"

// otherFiling is the valid filing of another SPAC (CIK 0009900098).
func otherFiling(t *testing.T) []byte {
	return []byte(strings.ReplaceAll(string(fixtureFile(t, validSource)), "0009900001", "0009900098"))
}

// fixtureFile returns one file of the embedded corpus.
func fixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkRun expects a run that did not fail, stored both good filings and skipped exactly the
// given sources, each with a reason containing the given text.
func checkRun(t *testing.T, e *env, sum pipeline.Summary, err error, skipped map[string]string) {
	t.Helper()
	if err != nil {
		t.Fatalf("run failed: %v", err)
	}
	if sum.Filings != 2 {
		t.Errorf("%d filings ingested, want 2", sum.Filings)
	}
	for _, acc := range []string{validAccession, otherAccession} {
		if _, err := e.store.Filing(context.Background(), acc); err != nil {
			t.Errorf("good filing %s not stored: %v", acc, err)
		}
	}
	stored, serr := e.store.IngestErrors(context.Background())
	if serr != nil {
		t.Fatal(serr)
	}
	for what, errs := range map[string][]spac.IngestError{"summary": sum.Errors, "store": stored} {
		if len(errs) != len(skipped) {
			t.Errorf("%s: %d ingest errors, want %d: %+v", what, len(errs), len(skipped), errs)
		}
		for source, reason := range skipped {
			i := slices.IndexFunc(errs, func(e spac.IngestError) bool { return e.Source == source })
			if i < 0 || !strings.HasPrefix(errs[i].Reason, reason) {
				t.Errorf("%s: %s: want a reason starting %q, got %+v", what, source, reason, errs)
			}
		}
	}
}

// statOnly wraps a directory: Stat never opens, and opening any file named in refuse fails
// the test, so a refused file is shown to be refused from its Stat alone.
type statOnly struct {
	fs.FS
	t      *testing.T
	refuse string
}

func (s statOnly) Stat(name string) (fs.FileInfo, error) { return fs.Stat(s.FS, name) }

func (s statOnly) Open(name string) (fs.File, error) {
	if name == s.refuse {
		s.t.Errorf("%s was opened; it is over the limit and must be refused from its Stat", name)
	}
	return s.FS.Open(name)
}

// TestOversizeFileIsNeverRead: a sparse 1 GiB file between two good ones, with a 1 MiB limit,
// is recorded as too_large without being opened (it used to be read whole, 1.1 GB of RSS,
// and only then rejected), and the files after it are ingested.
func TestOversizeFileIsNeverRead(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{"a.txt": fixtureFile(t, validSource), "c.txt": otherFiling(t)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	big := filepath.Join(dir, "b-huge.txt")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 1<<30); err != nil { // sparse: no disk, no memory
		t.Fatal(err)
	}
	e := newEnv(t)
	e.p.MaxBytes = 1 << 20
	sum, err := e.p.IngestFS(context.Background(), statOnly{FS: os.DirFS(dir), t: t, refuse: "b-huge.txt"}, ".")
	checkRun(t, e, sum, err, map[string]string{"b-huge.txt": ingest.ReasonTooLarge + ": 1073741824 bytes"})
}

// unreadableFS serves good filings next to a directory that cannot be listed, a file that
// cannot be opened and a file whose reader panics, the way a real tree fails.
type unreadableFS struct{ fstest.MapFS }

func permission(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrPermission}
}

func (u unreadableFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == "b-locked" {
		return nil, permission("readdir", name)
	}
	return u.MapFS.ReadDir(name)
}

func (u unreadableFS) Open(name string) (fs.File, error) {
	switch name {
	case "c-secret.txt":
		return nil, permission("open", name)
	case "d-panics.txt":
		f, err := u.MapFS.Open(name)
		return panicFile{f}, err
	}
	return u.MapFS.Open(name)
}

// panicFile is a file whose reader has a bug.
type panicFile struct{ fs.File }

func (panicFile) Read([]byte) (int, error) { panic("reader bug") }

// TestUnreadableInputsAreSkipped: permission denied on a directory or a file, and a panic in
// a reader, are each recorded for that input while the run goes on. The unreadable directory
// used to end the walk with an error: no file was ingested at all.
func TestUnreadableInputsAreSkipped(t *testing.T) {
	fsys := unreadableFS{fstest.MapFS{
		"a-good.txt":         {Data: fixtureFile(t, validSource)},
		"b-locked/x.txt":     {Data: []byte("never listed")},
		"c-secret.txt":       {Data: []byte("never opened")},
		"d-panics.txt":       {Data: []byte("never read")},
		"e-later/f-good.txt": {Data: otherFiling(t)},
	}}
	e := newEnv(t)
	sum, err := e.p.IngestFS(context.Background(), fsys, ".")
	checkRun(t, e, sum, err, map[string]string{
		"b-locked":     ingest.ReasonIO + ": readdir b-locked: permission denied",
		"c-secret.txt": ingest.ReasonIO + ": open c-secret.txt: permission denied",
		"d-panics.txt": ingest.ReasonInternal + ": panic while reading: reader bug",
	})
}

// refusingStore refuses one accession the way kv refuses a key or value it cannot hold.
type refusingStore struct {
	pipeline.Store
	mu      sync.Mutex
	refused string
}

func (s *refusingStore) PutFiling(ctx context.Context, r *spac.RenderedFiling, facts []spac.Fact) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Filing.Accession == s.refused {
		return false, spac.InvalidParam("filing", "value too large")
	}
	return s.Store.PutFiling(ctx, r, facts)
}

// TestStoreRefusalIsPerDocument: a document the store refuses as invalid (EINVALID: a key or
// value it cannot hold) is recorded and skipped; it used to abort the run like a disk failure.
func TestStoreRefusalIsPerDocument(t *testing.T) {
	const refused = "0009900003-26-000001"
	third := strings.ReplaceAll(string(fixtureFile(t, validSource)), validAccession, refused)
	e := newEnv(t)
	p := &pipeline.Pipeline{Store: &refusingStore{Store: e.store, refused: refused}, Index: e.index}
	sum, err := p.IngestInputs(context.Background(), []pipeline.Input{
		{Name: "a.txt", Data: fixtureFile(t, validSource)},
		{Name: "b.txt", Data: []byte(third)},
		{Name: "c.txt", Data: otherFiling(t)},
	})
	checkRun(t, e, sum, err, map[string]string{"b.txt": "store_refused: "})
}

// TestLineTooLongForTheStore: a document whose one line is too long for one store value (an
// in-memory store holds 1 MiB per value; on disk, 64 MiB: a 12 MB line of '<' in JSON) is
// recorded and skipped. Badger's error used to abort the run as if the disk had failed.
func TestLineTooLongForTheStore(t *testing.T) {
	s := string(fixtureFile(t, validSource))
	header := s[:strings.Index(s, "</SEC-HEADER>")+len("</SEC-HEADER>\n")]
	header = strings.ReplaceAll(header, "0009900001", "0009900097")
	long := header + "<DOCUMENT>\n<TYPE>8-K\n<SEQUENCE>1\n<FILENAME>long.txt\n<TEXT>\n" +
		strings.Repeat("<", 2<<20) + "\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n"
	e := newEnv(t)
	sum, err := e.p.IngestInputs(context.Background(), []pipeline.Input{
		{Name: "a.txt", Data: fixtureFile(t, validSource)},
		{Name: "b-long.txt", Data: []byte(long)},
		{Name: "c.txt", Data: otherFiling(t)},
	})
	checkRun(t, e, sum, err, map[string]string{"b-long.txt": "store_refused: "})
}

// TestImplausibleValueIsDroppedAndRecorded: a 48-digit trust (a misreading) used to be stored,
// served and sorted before every real trust. The filing is stored with its other facts; the
// value is dropped and recorded with reason implausible_value.
func TestImplausibleValueIsDroppedAndRecorded(t *testing.T) {
	ctx := context.Background()
	huge := strings.Replace(string(fixtureFile(t, validSource)), "$202,000,000", "$"+strings.Repeat("999,", 15)+"999", 1)
	e := newEnv(t)
	sum, err := e.p.IngestInputs(ctx, []pipeline.Input{{Name: "huge.txt", Data: []byte(huge)}})
	if err != nil || sum.Filings != 1 || len(sum.Errors) != 0 {
		t.Fatalf("run: %+v %v", sum, err)
	}
	facts, _ := e.store.FactsOf(ctx, "0009900001")
	for _, f := range facts {
		if f.Field == spac.FieldTrustSize {
			t.Fatalf("the implausible trust was stored: %s", f.Value)
		}
	}
	if len(facts) == 0 {
		t.Fatal("the filing's other facts were not stored")
	}
	stored, _ := e.store.IngestErrors(ctx)
	if len(sum.Dropped) != 1 || len(stored) != 1 || !strings.HasPrefix(stored[0].Reason, pipeline.ReasonImplausible+": trust_size") {
		t.Fatalf("recorded %+v (summary %+v), want one implausible trust_size", stored, sum.Dropped)
	}
}
