package api

import (
	"reflect"
	"strings"
)

//go:generate go test -run TestFieldDocsAreGenerated -update .

// fieldDoc is the description of a property: the doc comment of the Go field it reflects,
// from fieldDocs (openapi_fielddocs_gen.go, generated from the source by
// TestFieldDocsAreGenerated -update, so a served binary needs no source). Type comments are
// not used: they are written for the code's readers; the field comments for the API's.
func fieldDoc(t reflect.Type, field string) string {
	if field == "" {
		return ""
	}
	return fieldDocs[fieldDocKey(t, field)]
}

// fieldDocKey is "<import path>.<Type>.<Field>"; a generic type is keyed by its bare name
// (webhooks.Page, not webhooks.Page[...]), as its source declares it.
func fieldDocKey(t reflect.Type, field string) string {
	name, _, _ := strings.Cut(t.Name(), "[")
	return t.PkgPath() + "." + name + "." + field
}
