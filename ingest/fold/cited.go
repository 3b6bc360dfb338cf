package fold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// uncitedKeys are keys that identify or describe rather than carry data: the SPAC's CIK, the
// accession a vote came from, an event's id, type and generated title, URLs, the filing
// list (which is the provenance itself) and the response's asOf watermark.
var uncitedKeys = map[string]bool{
	"cik": true, "accession": true, "id": true, "type": true, "title": true, "url": true,
	"filings": true, "citations": true, "citation": true, "asOf": true,
}

// CheckCited walks the JSON form of v (a profile, a universe row, events, an API response...)
// and reports every data value that lacks a citation. Rules:
//   - an object with a "citations" array is a citation scope: each non-empty scalar or array
//     of scalars among its keys (and, dotted, inside nested objects without citations of their
//     own, e.g. "tickers.units") must be named by the Field of one of its citations;
//   - an object with a singular "citation" is cited as a whole;
//   - every citation must be well formed: a field, and either an accession and a line >= 1
//     (stated), or a source, an as-of date, a line >= 1 and a quote (quoted: a market price),
//     or, when derived or modeled, inputs that are themselves well formed;
//   - values outside any scope (response envelopes such as asOf, count) are not checked.
//
// It returns one message per problem, with a JSON path; nil means fully cited. Exported so the
// API tests can run it over real responses.
func CheckCited(v any) []string {
	raw, err := json.Marshal(v)
	if err != nil {
		return []string{"marshal: " + err.Error()}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return []string{"decode: " + err.Error()}
	}
	var c checker
	c.walk("$", doc, nil, "")
	return c.problems
}

type checker struct{ problems []string }

func (c *checker) fail(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

// walk checks node at path; cited is the field set of the enclosing scope (nil outside any)
// and prefix the dotted path of node inside that scope.
func (c *checker) walk(path string, node any, cited map[string]bool, prefix string) {
	switch n := node.(type) {
	case map[string]any:
		c.walkObject(path, n, cited, prefix)
	case []any:
		for i, el := range n {
			c.walk(fmt.Sprintf("%s[%d]", path, i), el, cited, prefix)
		}
	}
}

func (c *checker) walkObject(path string, obj map[string]any, cited map[string]bool, prefix string) {
	if one, ok := obj["citation"]; ok {
		c.checkCitation(path+".citation", one)
		return
	}
	if list, ok := obj["citations"]; ok {
		cited, prefix = c.scope(path, list), ""
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if uncitedKeys[k] {
			continue
		}
		at, name := path+"."+k, prefix+k
		switch val := obj[k].(type) {
		case map[string]any:
			c.walkObject(at, val, cited, name+".")
		case []any:
			c.walkArray(at, val, cited, name)
		default:
			if cited != nil && !emptyScalar(val) && !unknownStatus(name, val) && !cited[name] {
				c.fail("%s: value %v has no citation with field %q", at, val, name)
			}
		}
	}
}

func (c *checker) walkArray(at string, arr []any, cited map[string]bool, name string) {
	scalars := len(arr) > 0
	for _, el := range arr {
		switch el.(type) {
		case map[string]any, []any:
			scalars = false
		}
	}
	if scalars {
		if cited != nil && !cited[name] {
			c.fail("%s: values have no citation with field %q", at, name)
		}
		return
	}
	for i, el := range arr {
		c.walk(fmt.Sprintf("%s[%d]", at, i), el, cited, name+".")
	}
}

// scope validates a citations array and returns the set of fields it cites.
func (c *checker) scope(path string, list any) map[string]bool {
	cited := map[string]bool{}
	arr, ok := list.([]any)
	if !ok {
		c.fail("%s.citations: not an array", path)
		return cited
	}
	for i, el := range arr {
		if f := c.checkCitation(fmt.Sprintf("%s.citations[%d]", path, i), el); f != "" {
			cited[f] = true
		}
	}
	return cited
}

// checkCitation validates one citation and returns its field.
func (c *checker) checkCitation(path string, node any) string {
	cit, ok := node.(map[string]any)
	if !ok {
		c.fail("%s: not an object", path)
		return ""
	}
	field, _ := cit["field"].(string)
	if field == "" {
		c.fail("%s: no field", path)
	}
	switch basis, _ := cit["basis"].(string); basis {
	case "derived", "modeled":
		inputs, _ := cit["inputs"].([]any)
		if len(inputs) == 0 {
			c.fail("%s: %s citation without inputs", path, basis)
		}
		for i, in := range inputs {
			c.checkCitation(fmt.Sprintf("%s.inputs[%d]", path, i), in)
		}
	case "quoted":
		src, _ := cit["source"].(string)
		asOf, _ := cit["asOf"].(string)
		quote, _ := cit["quote"].(string)
		line, _ := cit["line"].(json.Number)
		if n, err := line.Int64(); strings.TrimSpace(src) == "" || asOf == "" || quote == "" || err != nil || n < 1 {
			c.fail("%s: quoted citation needs a source, an as-of date, a line >= 1 and a quote", path)
		}
	default:
		acc, _ := cit["accession"].(string)
		line, _ := cit["line"].(json.Number)
		if n, err := line.Int64(); strings.TrimSpace(acc) == "" || err != nil || n < 1 {
			c.fail("%s: stated citation needs an accession and a line >= 1", path)
		}
	}
	return field
}

// unknownStatus: "unknown" says no filing states a status, so it has nothing to cite.
func unknownStatus(name string, v any) bool {
	return name == "status" && v == string(spac.StatusUnknown)
}

func emptyScalar(v any) bool {
	switch s := v.(type) {
	case nil:
		return true
	case string:
		return s == ""
	case bool:
		return !s
	case json.Number:
		return s.String() == "0"
	}
	return false
}
