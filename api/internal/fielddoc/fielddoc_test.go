package fielddoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollectTakesTheFirstParagraphOfEachField: a field's description is its doc comment's
// first paragraph (else its line comment), lines joined; fields never in a body (json:"-")
// and fields without a comment are left out.
func TestCollectTakesTheFirstParagraphOfEachField(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\ntype row struct {\n" +
		"\t// The trust in US dollars,\n\t// two decimals.\n\t//\n\t// A note for the code's readers.\n\tTrust string `json:\"trust\"`\n" +
		"\tDate string `json:\"date\"` // YYYY-MM-DD\n" +
		"\tSecret string `json:\"-\"` // never served\n" +
		"\tBare int `json:\"bare\"`\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Collect(map[string]string{"example.com/p": dir})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"example.com/p.row.Trust": "The trust in US dollars, two decimals.", "example.com/p.row.Date": "YYYY-MM-DD"}
	if len(got) != len(want) || got["example.com/p.row.Trust"] != want["example.com/p.row.Trust"] || got["example.com/p.row.Date"] != want["example.com/p.row.Date"] {
		t.Fatalf("got %q, want %q", got, want)
	}
	out, err := Render("p", "docs", "test", got)
	if err != nil || !strings.Contains(string(out), `"example.com/p.row.Date":  "YYYY-MM-DD",`) {
		t.Fatalf("render: %v\n%s", err, out)
	}
}
