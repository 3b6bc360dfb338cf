package api

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/api/internal/fielddoc"
)

// fieldDocsFile is the generated map of field comments the document's descriptions come from.
const fieldDocsFile = "openapi_fielddocs_gen.go"

// fieldDocDirs are the packages whose types the document reflects (import path -> directory
// from api/). TestFieldDocsCoverTheBodyTypes fails when a body type lives elsewhere.
var fieldDocDirs = map[string]string{
	"github.com/spacdata/spac":              "..",
	"github.com/spacdata/spac/api":          ".",
	"github.com/spacdata/spac/api/access":   "access",
	"github.com/spacdata/spac/api/webhooks": "webhooks",
}

// TestFieldDocsAreGenerated holds openapi_fielddocs_gen.go equal to the comments of the
// body types' fields in today's source, so a comment edited is a description changed;
// -update (or go generate ./api) rewrites it.
func TestFieldDocsAreGenerated(t *testing.T) {
	want := generateFieldDocs(t)
	if *update {
		if err := os.WriteFile(fieldDocsFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(fieldDocsFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is not what the field comments say today; run go generate ./api (or go test ./api -run FieldDocs -update)", fieldDocsFile)
	}
}

func generateFieldDocs(t *testing.T) []byte {
	t.Helper()
	all, err := fielddoc.Collect(fieldDocDirs)
	if err != nil {
		t.Fatal(err)
	}
	_, sch := buildOpenAPI(New(liveFixture(t).deps).table, "test", "")
	prefixes := map[string]bool{}
	for _, ty := range bodyTypes(sch) {
		prefixes[strings.TrimSuffix(fieldDocKey(ty, "x"), "x")] = true
	}
	docs := map[string]string{}
	for k, v := range all {
		if prefixes[k[:strings.LastIndex(k, ".")+1]] {
			docs[k] = v
		}
	}
	out, err := fielddoc.Render("api", "fieldDocs", "go test ./api -run TestFieldDocsAreGenerated -update", docs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// bodyTypes are the struct types the document reflects, and the struct types they embed or
// hold, in no particular order.
func bodyTypes(sch *schemaSet) []reflect.Type {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t == reflect.TypeOf(time.Time{}) {
			return
		}
		seen[t] = true
		for i := 0; i < t.NumField(); i++ {
			walk(t.Field(i).Type)
		}
	}
	for t := range sch.names {
		walk(t)
	}
	out := make([]reflect.Type, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	return out
}

// TestFieldDocsCoverTheBodyTypes: a body type in a package fieldDocDirs does not read would
// have no descriptions however well its fields are commented.
func TestFieldDocsCoverTheBodyTypes(t *testing.T) {
	_, sch := buildOpenAPI(New(liveFixture(t).deps).table, "test", "")
	for _, ty := range bodyTypes(sch) {
		if _, ok := fieldDocDirs[ty.PkgPath()]; !ok {
			t.Errorf("%s.%s is a body type; add its package to fieldDocDirs", ty.PkgPath(), ty.Name())
		}
	}
}

// TestOpenAPIEveryPropertyHasADescription: generators put a property's description in the
// client's doc comment, so what a number means, its unit and where it comes from is in the
// user's editor. A field without a doc comment fails here by its schema and property name.
func TestOpenAPIEveryPropertyHasADescription(t *testing.T) {
	doc := openAPIMap(t)
	var missing []string
	for name, s := range doc["components"].(jsonObj)["schemas"].(jsonObj) {
		props, _ := s.(jsonObj)["properties"].(jsonObj)
		for prop, p := range props {
			if d, _ := p.(jsonObj)["description"].(string); strings.TrimSpace(d) == "" {
				missing = append(missing, name+"."+prop)
			}
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d properties have no description (write the Go field's doc comment, then go generate ./api):\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
}
