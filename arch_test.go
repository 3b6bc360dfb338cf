package spac_test

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/spacdata/spac"

// listedPackage is the part of `go list -json` the layering rules read.
type listedPackage struct {
	ImportPath string
	Imports    []string // direct imports
	Deps       []string // every package it depends on, directly or not
	Standard   bool
}

// layerRule forbids every package under one of Layers to depend, directly or transitively, on a
// package under one of Forbidden. A layer "x" covers x itself and x/...
type layerRule struct {
	Layers    []string
	Forbidden []string
	Why       string
}

// layerRules are the house's one-way imports: the root package is the vocabulary every layer
// shares; the storage, search and ingest adapters never import each other or the web layer;
// the web layer never imports the adapters (cmd/spacd wires them together); only cmd reads the
// configuration.
var layerRules = []layerRule{
	{[]string{"kv"}, []string{"api", "web", "index", "ingest", "webhook", "natsjs", "config", "cmd"},
		"the storage adapter implements root interfaces only"},
	{[]string{"index"}, []string{"api", "web", "kv", "ingest", "webhook", "natsjs", "config", "cmd"},
		"the search adapter implements root interfaces only"},
	{[]string{"ingest"}, []string{"api", "web", "kv", "index", "webhook", "natsjs", "config", "cmd"},
		"ingest reads and folds filings through root interfaces; the fan-out reaches the SSE hub and the webhook engine through its own"},
	{[]string{"webhook"}, []string{"api", "web", "kv", "index", "ingest", "natsjs", "config", "cmd"},
		"the webhook engine delivers over a root spac.WebhookStore and serves no HTTP (api/webhooks does)"},
	{[]string{"api", "web"}, []string{"kv", "index", "ingest", "natsjs", "config", "cmd"},
		"the web layer serves root interfaces; cmd/spacd wires the adapters in"},
	{[]string{"export"}, []string{"api", "web", "kv", "index", "ingest", "natsjs", "config", "cmd"},
		"the export encoding speaks root types only, so the API and the offline command share it"},
	{[]string{"natsjs"}, []string{"api", "web", "kv", "index", "ingest", "webhook", "config", "cmd"},
		"the cluster adapter moves root spac.Change values between a root ChangeJournal and a root ChangeApplier; nothing else knows NATS"},
}

func TestLayersImportOneWay(t *testing.T) {
	pkgs := modulePackages(listPackages(t))
	for _, rule := range layerRules {
		for _, p := range pkgs {
			if !inAnyLayer(p.ImportPath, rule.Layers) {
				continue
			}
			for _, dep := range p.Deps {
				if inAnyLayer(dep, rule.Forbidden) {
					t.Errorf("%s depends on %s (direct imports: %s): %s",
						rel(p.ImportPath), rel(dep), strings.Join(moduleImports(p), ", "), rule.Why)
				}
			}
		}
	}
}

func TestRootPackageIsStdlibOnly(t *testing.T) {
	all := listPackages(t)
	root, ok := all[module]
	if !ok {
		t.Fatalf("go list did not report the root package %s", module)
	}
	for _, dep := range root.Deps {
		if !all[dep].Standard {
			t.Errorf("the root package depends on %s; it must stay stdlib-only", dep)
		}
	}
}

// TestLayerRulesCatchAViolation keeps the rules from passing vacuously: a package graph in which
// kv imports api/sse (as it once did) must break the kv rule.
func TestLayerRulesCatchAViolation(t *testing.T) {
	kv := module + "/kv"
	sse := module + "/api/sse"
	if !inAnyLayer(kv, layerRules[0].Layers) || !inAnyLayer(sse, layerRules[0].Forbidden) {
		t.Fatalf("rule %v does not forbid kv -> api/sse", layerRules[0])
	}
	if inAnyLayer(module+"/indexer", []string{"index"}) {
		t.Fatal("layer index must not cover a sibling named indexer")
	}
	if !inAnyLayer(module+"/ingest/extract/rule", []string{"ingest"}) {
		t.Fatal("layer ingest must cover ingest/extract/rule")
	}
	// The live fan-out reaches the SSE hub and the webhook engine only through its interfaces.
	fanout := module + "/ingest/fanout"
	if !inAnyLayer(fanout, layerRules[2].Layers) || !inAnyLayer(sse, layerRules[2].Forbidden) ||
		!inAnyLayer(module+"/webhook", layerRules[2].Forbidden) {
		t.Fatalf("rule %v does not forbid ingest/fanout -> api/sse and -> webhook", layerRules[2])
	}
	if !inAnyLayer(module+"/webhook", layerRules[3].Layers) || !inAnyLayer(module+"/api/webhooks", layerRules[3].Forbidden) {
		t.Fatalf("rule %v does not forbid webhook -> api/webhooks", layerRules[3])
	}
}

// listPackages runs `go list -deps -json ./...` from the module root (the directory of this
// test) and returns every package it reports (the module's and their dependencies) by path.
func listPackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	recordSourceFiles(t)
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
	if n := len(modulePackages(pkgs)); n < 10 {
		t.Fatalf("go list reported %d module packages; expected the whole module", n)
	}
	return pkgs
}

// modulePackages returns the module's own packages, sorted by path for a stable report.
func modulePackages(all map[string]listedPackage) []listedPackage {
	var out []listedPackage
	for path, p := range all {
		if inModule(path) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b listedPackage) int { return strings.Compare(a.ImportPath, b.ImportPath) })
	return out
}

func inModule(path string) bool {
	return path == module || strings.HasPrefix(path, module+"/")
}

func inAnyLayer(path string, layers []string) bool {
	return slices.ContainsFunc(layers, func(layer string) bool {
		base := module + "/" + layer
		return path == base || strings.HasPrefix(path, base+"/")
	})
}

func moduleImports(p listedPackage) []string {
	var out []string
	for _, imp := range p.Imports {
		if inModule(imp) {
			out = append(out, rel(imp))
		}
	}
	return out
}

func rel(path string) string {
	if path == module {
		return "spac"
	}
	return strings.TrimPrefix(path, module+"/")
}

// recordSourceFiles stats every directory and .go file of the module. go test caches a passing
// result keyed on the files the test itself opened or stat'ed, and it cannot see what the
// `go list` child reads: without this a new package or a new import would not re-run the test.
func recordSourceFiles(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(path, ".go") || d.Name() == "go.mod" {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatalf("walking the module: %v", err)
	}
}

// TestLayoutListsEveryPackage keeps the layout table of docs/architecture.md whole: every
// package of the module has a row naming it (a row may name several, "`a`, `b`").
func TestLayoutListsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "## Layout\n")
	if !ok {
		t.Fatal(`docs/architecture.md has no "## Layout" section`)
	}
	layout, _, _ = strings.Cut(layout, "\n## ")
	named := map[string]bool{}
	for _, line := range strings.Split(layout, "\n") {
		cell, ok := strings.CutPrefix(line, "| ")
		if !ok {
			continue
		}
		cell, _, _ = strings.Cut(cell, " |")
		for _, name := range strings.Split(cell, ", ") {
			named[strings.TrimSuffix(strings.Trim(name, "`"), "/")] = true
		}
	}
	for _, p := range modulePackages(listPackages(t)) {
		if p.ImportPath != module && !named[rel(p.ImportPath)] {
			t.Errorf("docs/architecture.md's layout table has no row for %s", rel(p.ImportPath))
		}
	}
}
