package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
)

// TestVersionFollowsTheBook: the version is stable for one book and changes when a rule is
// added, so stored facts derived by another book read as stale.
func TestVersionFollowsTheBook(t *testing.T) {
	v := Version()
	if len(v) != 16 || v != Version() {
		t.Fatalf("version %q is not stable", v)
	}
	extra := &rule.Rule{
		ID: "test.sector_focus", Emit: rule.One(spac.FieldSector), Value: "test sector",
		Pattern: `(?i)(?P<v>focus on businesses in the widget industry)`,
	}
	b, err := rules.NewBook(extra)
	if err != nil {
		t.Fatal(err)
	}
	if w := (Extractor{Book: b}).Version(); w == v || w == "" {
		t.Errorf("a book with one more rule has version %q, the project's book %q", w, v)
	}
}

// BenchmarkVersion is the cost of deriving the version (reading every corpus example once).
func BenchmarkVersion(b *testing.B) {
	for b.Loop() {
		versions.Clear()
		Version()
	}
}
