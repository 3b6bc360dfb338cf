package spac_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README is the page a new user reads on one screen: what the service is, the two set-up
// commands, a tour, a map of docs/. The manual lives in docs/.
func TestReadmeIsShortWithTwoSetupCommands(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(readme) > 12*1024 {
		t.Errorf("README.md is %d bytes, want at most 12 KiB: move the manual to docs/", len(readme))
	}
	_, setup, ok := strings.Cut(string(readme), "\n## Set-up")
	if !ok {
		t.Fatal(`README.md has no "## Set-up" section`)
	}
	setup, _, _ = strings.Cut(setup, "\n## ")
	var commands []string
	for _, line := range strings.Split(setup, "\n") {
		if cmd, ok := strings.CutPrefix(line, "    "); ok {
			commands = append(commands, cmd)
		}
	}
	want := []string{"go run ./cmd/spacd serve", "go test ./..."}
	if strings.Join(commands, "\n") != strings.Join(want, "\n") {
		t.Errorf("README set-up commands = %q, want exactly %q", commands, want)
	}
}

// Every docs/ link of the README and of docs/ itself names a file that exists.
func TestDocsLinksResolve(t *testing.T) {
	link := regexp.MustCompile(`\]\(((?:docs/)?[a-z-]+\.md)(?:#[^)]*)?\)`)
	for _, page := range append([]string{"README.md"}, docsPages(t)...) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(text), -1) {
			target := filepath.Join(filepath.Dir(page), m[1])
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s, which does not exist", page, m[1])
			}
		}
	}
}

// The decisions the project follows are recorded in docs/decisions.md; nothing in the
// repository points at a decisions file outside it.
func TestNothingPointsAtAnOutsideDecisionsFile(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || (ext != ".go" && ext != ".md" && ext != ".sh") || path == "docs_test.go" {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(text), "DECISIONS.md") {
			t.Errorf("%s mentions DECISIONS.md, a file outside the repository: cite docs/decisions.md", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func docsPages(t *testing.T) []string {
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md pages (%v)", err)
	}
	return pages
}

// The README's map of docs/ names every page, so a new page is never out of sight.
func TestReadmeMapsEveryDocsPage(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range docsPages(t) {
		if !strings.Contains(string(readme), "]("+filepath.ToSlash(page)+")") {
			t.Errorf("README.md does not link %s", page)
		}
	}
}
