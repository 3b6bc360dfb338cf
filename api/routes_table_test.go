package api

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneFileListsEveryRoute keeps the route table readable in one place: every route of the
// package (account, admin and bench routes mounted) is a row of routes_table.go, and no other
// file of the package writes a route.
func TestOneFileListsEveryRoute(t *testing.T) {
	f := newFixture(1)
	f.deps.Keys, f.deps.BenchRoutes, f.deps.ExportLinks = fakeKeyAdmin{}, true, &memLinks{}
	routes := New(f.deps).Routes()
	table, err := os.ReadFile("routes_table.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes {
		if !strings.Contains(string(table), `{Name: "`+r.Name+`", Method: `) {
			t.Errorf("route %s is not a row of routes_table.go", r.Name)
		}
	}
	if n := strings.Count(string(table), "{Name: "); n != len(routes) {
		t.Errorf("routes_table.go has %d rows, the server %d routes", n, len(routes))
	}
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if name == "routes_table.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "Route{") {
			t.Errorf("%s writes a Route: routes belong in routes_table.go", name)
		}
	}
}
