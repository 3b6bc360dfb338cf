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
		PackageName:   "client",
		Generate:      codegen.GenerateOptions{Models: true, Client: true},
		OutputOptions: codegen.OutputOptions{ExcludeOperationIDs: aliasOperations(doc)},
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

// aliasOperations are the operations of the aliases (x-alias-of): the client reaches them by
// its base URL (the /v1 operations under a base ending in /api are the /api/v1 ones), so
// they would only repeat every method and type.
func aliasOperations(doc *openapi3.T) []string {
	var out []string
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if _, alias := op.Extensions["x-alias-of"]; alias {
				out = append(out, op.OperationID)
			}
		}
	}
	return out
}
