package api

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// clientFile is the typed Go client generated from the document (package client).
var clientFile = filepath.Join("..", "client", "client.gen.go")

// TestTypedClientIsGenerated regenerates the typed client from the document with
// oapi-codegen (kin-openapi loads and validates the document first) and compares it with the
// committed one; -update rewrites it. cmd/spacd's TestTypedClient calls every endpoint of a
// real server through it.
func TestTypedClientIsGenerated(t *testing.T) {
	raw, err := marshal(OpenAPI(New(liveFixture(t).deps).Routes(), "1.0.0", ""))
	if err != nil {
		t.Fatal(err)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		t.Fatalf("kin-openapi cannot load the document: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("kin-openapi: the document is invalid: %v", err)
	}
	code, err := codegen.Generate(doc, codegen.Configuration{
		PackageName: "client",
		Generate:    codegen.GenerateOptions{Models: true, Client: true},
		// the document has no unused schemas (prune); oapi-codegen's own pruning misses the
		// references of the webhooks section and would drop the message types.
		OutputOptions: codegen.OutputOptions{SkipPrune: true},
		Compatibility: codegen.CompatibilityOptions{AlwaysPrefixEnumValues: true},
	})
	if err != nil {
		t.Fatalf("oapi-codegen: %v", err)
	}
	if *update {
		if err := os.WriteFile(clientFile, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(clientFile)
	if err != nil {
		t.Fatalf("%v (run go test ./api/ -run TypedClient -update)", err)
	}
	if !bytes.Equal([]byte(code), want) {
		t.Errorf("%s is not what oapi-codegen makes of the document; run go test ./api/ -run TypedClient -update", clientFile)
	}
}
