package ingest

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// The -update flag is shared with other tests of package ingest: register it only if no
// other file of the package did (package-level flag vars initialise before init runs).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files under testdata/")
	}
}

func updateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestLearnCWGolden pins the canonical text of the LearnCW S-1 by line count and SHA-256
// (the text itself is not committed: it derives from shared real data). A change here means
// citations shift: bump spac.RenderVersion, then run with -update.
func TestLearnCWGolden(t *testing.T) {
	rf, err := Read(learnCWPath(t))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(strings.Join(rf.Lines, "\n")))
	got := fmt.Sprintf("renderVersion %d\nlines %d\nsha256 %x\nfacts %d\n", spac.RenderVersion, len(rf.Lines), sum, len(rf.XBRL))
	golden := filepath.Join("testdata", "read_learncw.golden")
	if updateGolden() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if got != string(want) {
		t.Errorf("canonical text changed:\n got %s\nwant %s", got, want)
	}
}
