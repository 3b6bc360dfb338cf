package api

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spacdata/spac/api/internal/pyclient"
)

//go:generate go test -run TestPythonClientIsGenerated -update .

// pythonClientFile is the Python client generated from the document (docs/clients.md).
var pythonClientFile = filepath.Join("..", "clients", "python", "spacdata.py")

// TestPythonClientIsGenerated regenerates the Python client from the document with
// api/internal/pyclient and compares it with the committed one, so a route, a field or a
// description changed is a client changed; -update (or go generate ./api) rewrites it.
// scripts/py-client-check.sh type-checks it (pyright, strict) and runs it against a server.
func TestPythonClientIsGenerated(t *testing.T) {
	raw, err := marshal(OpenAPI(New(liveFixture(t).deps).Routes(), "1.0.0", ""))
	if err != nil {
		t.Fatal(err)
	}
	code, err := pyclient.Generate(raw)
	if err != nil {
		t.Fatalf("pyclient: %v", err)
	}
	if *update {
		if err := os.WriteFile(pythonClientFile, code, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(pythonClientFile)
	if err != nil {
		t.Fatalf("%v (run go generate ./api)", err)
	}
	if !bytes.Equal(code, want) {
		t.Errorf("%s is not what api/internal/pyclient makes of the document; run go generate ./api", pythonClientFile)
	}
}

// TestPythonCallsEveryOperation: clients/python/calls.py, which CI type-checks with the
// client and runs against a server (scripts/py-client-check.sh), uses the method of every
// operation of the document.
func TestPythonCallsEveryOperation(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "clients", "python", "calls.py"))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`\.([a-z_]+)\b`).FindAllStringSubmatch(string(src), -1) {
		used[m[1]] = true
	}
	eachOperation(openAPIMap(t), func(id, path, method string, _ jsonObj) {
		if !used[id] {
			t.Errorf("clients/python/calls.py does not call %s (%s %s)", id, strings.ToUpper(method), path)
		}
	})
}
