package kv

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSchemaIsOneList keeps doc.go the schema: every key prefix and fixed key it declares as a
// constant is in its key table, and no other file of the package spells a key prefix inline.
func TestSchemaIsOneList(t *testing.T) {
	fset := token.NewFileSet()
	doc, err := parser.ParseFile(fset, "doc.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	table := doc.Doc.Text()
	declared := 0
	ast.Inspect(doc, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		v, _ := strconv.Unquote(lit.Value)
		declared++
		if !regexp.MustCompile(`(?m)^\s*(\S+, )*` + regexp.QuoteMeta(v)).MatchString(table) {
			t.Errorf("doc.go declares %q but its key table does not list it", v)
		}
		return true
	})
	if declared < 25 {
		t.Fatalf("found %d constants in doc.go; expected the whole schema", declared)
	}
	inline := regexp.MustCompile(`^[a-z]{1,3}/`) // "p/", "wq/", "m/watermark"...
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if name == "doc.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, _ := strconv.Unquote(lit.Value); inline.MatchString(v) {
					t.Errorf("%s spells the key prefix %q inline: use doc.go's constants", fset.Position(lit.Pos()), v)
				}
			}
			return true
		})
	}
}
