package api

import (
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// JSONSchemaExtend types the values of the citations map (they are kept encoded as served).
func (CitationsBody) JSONSchemaExtend(s *jsonschema.Schema) {
	if p, ok := s.Properties.Get("citations"); ok {
		p.AdditionalProperties = &jsonschema.Schema{Ref: componentPrefix + "Citation"}
	}
}

// citationModes adapts the schemas a route serves to its citations parameter: with
// citations=ref each citation is a CitationRef, with citations=none the citations arrays
// are left out. Every object reachable from the route's body that has a citations array
// then admits both forms and does not require the array.
func (s *schemaSet) citationModes(body obj) {
	citationRef := s.ref(refCitation{})
	seen := map[string]bool{}
	var visit func(v any)
	visit = func(v any) {
		for _, name := range refsIn(v) {
			if seen[name] {
				continue
			}
			seen[name] = true
			s.admitCitationModes(name, citationRef)
			visit(s.defs[name])
		}
	}
	visit(body)
}

// admitCitationModes rewrites the citations property of one def (new objects: defs share
// their property schemas with copies such as <Type>Response).
func (s *schemaSet) admitCitationModes(name string, citationRef obj) {
	def := s.defs[name]
	props, _ := def["properties"].(obj)
	arr, _ := props["citations"].(obj)
	items, _ := arr["items"].(obj)
	if items["$ref"] != componentPrefix+"Citation" {
		return
	}
	newProps := obj{}
	for k, v := range props {
		newProps[k] = v
	}
	newProps["citations"] = obj{"type": "array", "items": obj{"anyOf": []obj{items, citationRef}},
		"description": "the citations of the fields: in full, or as refs with citations=ref (left out with citations=none)"}
	def["properties"] = newProps
	if req, ok := def["required"].([]any); ok {
		def["required"] = slices.DeleteFunc(slices.Clone(req), func(x any) bool { return x == "citations" })
	}
	if req, ok := def["required"].([]string); ok {
		def["required"] = slices.DeleteFunc(slices.Clone(req), func(x string) bool { return x == "citations" })
	}
}

// refsIn lists the component names v refers to, directly or in nested schemas (not through
// the components themselves).
func refsIn(v any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case obj:
			if ref, ok := x["$ref"].(string); ok && strings.HasPrefix(ref, componentPrefix) {
				out = append(out, strings.TrimPrefix(ref, componentPrefix))
			}
			for _, child := range x {
				walk(child)
			}
		case []obj:
			for _, child := range x {
				walk(child)
			}
		case []any:
			for _, child := range x {
				walk(child)
			}
		case map[string]obj:
			for _, child := range x {
				walk(child)
			}
		}
	}
	walk(v)
	return out
}
