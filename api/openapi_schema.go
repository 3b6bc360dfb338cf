package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/invopop/jsonschema"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/api/webhooks"
)

// schemaSet builds the components/schemas of the OpenAPI document from Go types: every body
// type the route table names is reflected (github.com/invopop/jsonschema, JSON Schema
// 2020-12, the dialect of OpenAPI 3.1) and its definitions collected under one name each.
type schemaSet struct {
	reflector *jsonschema.Reflector
	defs      map[string]obj          // component name -> schema
	names     map[reflect.Type]string // Go type -> component name
	taken     map[string]reflect.Type // component name -> Go type
	marked    map[string]bool         // defs whose nullable fields are marked
	envelopes []string                // types wrapped by responseRef
}

const componentPrefix = "#/components/schemas/"

func newSchemaSet() *schemaSet {
	s := &schemaSet{defs: map[string]obj{}, names: map[reflect.Type]string{}, taken: map[string]reflect.Type{}, marked: map[string]bool{}}
	s.reflector = &jsonschema.Reflector{
		Anonymous:                 true, // no $id: the schemas live inside the document
		AllowAdditionalProperties: false,
		Namer:                     s.name,
		Mapper:                    domainSchema,
		LookupComment:             fieldDoc,
	}
	return s
}

// ref returns a reference to the component of v's type, reflecting it (and every type it
// reaches) on first use.
func (s *schemaSet) ref(v any) obj {
	t := reflect.TypeOf(v)
	if name, ok := s.names[t]; ok && s.defs[name] != nil {
		return obj{"$ref": componentPrefix + name}
	}
	raw, err := json.Marshal(s.reflector.ReflectFromType(t))
	if err != nil {
		panic(fmt.Sprintf("openapi: schema of %s: %v", t, err)) // reflecting a Go type cannot fail at run time
	}
	raw = bytes.ReplaceAll(raw, []byte(`"#/$defs/`), []byte(`"`+componentPrefix))
	var root obj
	if err := json.Unmarshal(raw, &root); err != nil {
		panic(fmt.Sprintf("openapi: schema of %s: %v", t, err))
	}
	defs, _ := root["$defs"].(obj)
	for name, d := range defs {
		if s.defs[name] == nil { // a def already collected may have been adjusted since
			s.defs[name] = d.(obj)
		}
	}
	s.markNullable(t, map[reflect.Type]bool{})
	if ref, ok := root["$ref"].(string); ok {
		return obj{"$ref": ref}
	}
	delete(root, "$schema")
	return root
}

// schemaNames names the types whose Go names say too little outside their package.
var schemaNames = map[reflect.Type]string{
	reflect.TypeOf(Endpoint{}):                            "DiscoverEndpoint",
	reflect.TypeOf(Param{}):                               "DiscoverParam",
	reflect.TypeOf(spac.WebhookEndpoint{}):                "Webhook",
	reflect.TypeOf(webhooks.Created{}):                    "WebhookCreated",
	reflect.TypeOf(webhooks.CreateRequest{}):              "WebhookCreateRequest",
	reflect.TypeOf(webhooks.UpdateRequest{}):              "WebhookUpdateRequest",
	reflect.TypeOf(webhooks.Rotated{}):                    "WebhookSecretRotated",
	reflect.TypeOf(spac.WebhookDelivery{}):                "WebhookDelivery",
	reflect.TypeOf(spac.WebhookAttempt{}):                 "WebhookAttempt",
	reflect.TypeOf(webhooks.Page[spac.WebhookEndpoint]{}): "WebhookList",
	reflect.TypeOf(webhooks.Page[spac.WebhookDelivery]{}): "WebhookDeliveryList",
	reflect.TypeOf(access.CreateKeyRequest{}):             "KeyCreateRequest",
	reflect.TypeOf(access.TierLimits{}):                   "TierLimits",
	reflect.TypeOf(FilingView{}):                          "Filing",
	reflect.TypeOf(LinesView{}):                           "FilingLines",
	reflect.TypeOf(refCitation{}):                         "CitationRef",
	reflect.TypeOf(CitationsBody{}):                       "Citations",
}

// name is the component name of a Go type: schemaNames, else its Go name. Two types of one
// name would make the document ambiguous: that is a programming error, caught by the tests.
func (s *schemaSet) name(t reflect.Type) string {
	if n, ok := s.names[t]; ok {
		return n
	}
	n, ok := schemaNames[t]
	if !ok {
		n = t.Name()
	}
	if n == "" { // unnamed types ([]T, map[string]T) get no component of their own
		return ""
	}
	if other, ok := s.taken[n]; ok && other != t {
		panic(fmt.Sprintf("openapi: %s and %s are both named %s; add one to schemaNames", other, t, n))
	}
	s.names[t], s.taken[n] = n, t
	return n
}

// decimalPattern is what a field tagged jsonschema:"format=decimal" holds: an exact decimal
// as a string (money, share counts, percentages), never a float, so no digit is lost.
const decimalPattern = `^-?[0-9]+(\.[0-9]+)?$`

// markNullable lets null through where encoding/json writes it: a pointer field without
// omitempty or omitzero is null when nil. (Slices and maps are never nil in responses.)
func (s *schemaSet) markNullable(t reflect.Type, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] || t == reflect.TypeOf(time.Time{}) {
		return
	}
	seen[t] = true
	name := s.names[t]
	if s.marked[name] {
		return
	}
	s.marked[name] = true
	props, _ := s.defs[name]["properties"].(obj)
	s.markFields(t, props, seen)
}

func (s *schemaSet) markFields(t reflect.Type, props obj, seen map[reflect.Type]bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" { // promoted fields sit in the embedding type's schema
			s.markFields(derefType(f.Type), props, seen)
			continue
		}
		s.markNullable(f.Type, seen)
		if name == "" {
			name = f.Name
		}
		if p, ok := props[name].(obj); ok && p["format"] == "decimal" {
			p["pattern"] = decimalPattern
		}
		if f.Type.Kind() == reflect.Pointer && !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			if p, ok := props[name].(obj); ok {
				props[name] = nullable(p)
			}
		}
	}
}

func derefType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// nullable admits null besides what p admits. A reference is wrapped in anyOf, and its
// description moves to the wrapper, where generators read a property's description.
func nullable(p obj) obj {
	if typ, ok := p["type"].(string); ok {
		p["type"] = []string{typ, "null"}
		return p
	}
	out := obj{"anyOf": []obj{p, {"type": "null"}}}
	if d, ok := p["description"]; ok {
		out["description"] = d
		delete(p, "description")
	}
	return out
}

// domainSchema maps the domain's named string types to constrained strings.
func domainSchema(t reflect.Type) *jsonschema.Schema {
	switch t {
	case reflect.TypeOf(spac.CIK("")):
		return &jsonschema.Schema{Type: "string", Pattern: "^[0-9]{10}$", Description: "SEC CIK, 10 digits, zero-padded"}
	case reflect.TypeOf(spac.Status("")):
		return enumSchema(statusNames())
	case reflect.TypeOf(spac.EventType("")):
		return enumSchema(eventTypeNames())
	case reflect.TypeOf(spac.AlertKind("")):
		return enumSchema(alertKinds())
	case reflect.TypeOf(spac.Tier("")):
		return enumSchema(tierNames())
	case reflect.TypeOf(spac.LockupParty("")):
		return enumSchema(lockupParties())
	case reflect.TypeOf(spac.Basis("")):
		return enumSchema([]string{string(spac.BasisStated), string(spac.BasisDerived), string(spac.BasisModeled), string(spac.BasisQuoted)})
	}
	return nil
}

func enumSchema(values []string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "string"}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return s
}

func lockupParties() []string {
	out := make([]string, len(spac.LockupParties))
	for i, p := range spac.LockupParties {
		out[i] = string(p)
	}
	return out
}

func tierNames() []string {
	return []string{
		string(spac.TierAnonymous), string(spac.TierFree), string(spac.TierIndie), string(spac.TierPro),
		string(spac.TierInstitutional), string(spac.TierTeam), string(spac.TierEnterprise),
	}
}

func typeOf(v any) reflect.Type { return reflect.TypeOf(v) }

// asOfProperty is the watermark every JSON body carries (render.go adds it).
var asOfProperty = obj{"type": "string", "format": "date-time", "description": "when the served data last changed"}

// responseRef is the schema of a whole response body of v's type: the type's own schema when
// it carries asOf, else an envelope with the type's properties plus asOf (the adapter adds
// it), named "<Type>" + envelopeSuffix until nameEnvelopes gives it its final name.
func (s *schemaSet) responseRef(v any) obj {
	if v == nil {
		return obj{"type": "object"}
	}
	if _, isMap := v.(OpenAPIDocument); isMap {
		return obj{"type": "object", "description": "an OpenAPI 3.1 document"}
	}
	ref := s.ref(v)
	name := strings.TrimPrefix(ref["$ref"].(string), componentPrefix)
	def := s.defs[name]
	if props, _ := def["properties"].(obj); props["asOf"] != nil {
		return ref
	}
	if s.defs[name+envelopeSuffix] == nil {
		s.defs[name+envelopeSuffix] = withProperty(def, "asOf", asOfProperty, true)
		s.envelopes = append(s.envelopes, name)
	}
	return obj{"$ref": componentPrefix + name + envelopeSuffix}
}

// withProperty returns a shallow copy of the object schema def with one more property.
func withProperty(def obj, name string, prop obj, required bool) obj {
	out := obj{}
	for k, v := range def {
		out[k] = v
	}
	props := obj{name: prop}
	for k, v := range def["properties"].(obj) {
		props[k] = v
	}
	out["properties"] = props
	if required {
		req, _ := def["required"].([]any)
		out["required"] = append([]any{name}, req...)
	}
	return out
}

// pageRef is the schema of a tabular route's body, "<Row>Page": {asOf, rows, count, total,
// next} (and facets where the route offers them). A route with a fields parameter returns
// either whole rows or the selected fields with their citations ("<Row>Selection").
func (s *schemaSet) pageRef(r Route) obj {
	row := s.ref(r.Body)
	name := strings.TrimPrefix(row["$ref"].(string), componentPrefix)
	if s.defs[name+"Page"] != nil {
		return obj{"$ref": componentPrefix + name + "Page"}
	}
	items := row
	if r.declares("fields") {
		sel := obj{}
		for k, v := range s.defs[name] {
			sel[k] = v
		}
		sel["required"] = []string{"citations"}
		sel["description"] = "the fields selected with fields=, and their citations"
		s.defs[name+"Selection"] = sel
		items = obj{"anyOf": []obj{row, {"$ref": componentPrefix + name + "Selection"}}}
	}
	props := obj{
		"asOf": asOfProperty, "rows": obj{"type": "array", "items": items, "description": "the rows of this page, in the order asked for"},
		"count": obj{"type": "integer", "minimum": 0, "description": "rows in this page"},
		"total": obj{"type": "integer", "minimum": 0, "description": "rows matching the query"},
		"next":  obj{"type": []string{"string", "null"}, "description": "cursor of the next page, null on the last"},
	}
	if r.declares("facets") {
		props["facets"] = obj{"type": "object", "description": "counts per value of each facet asked for",
			"additionalProperties": obj{"type": "array", "items": s.ref(spac.FacetCount{})}}
	}
	s.defs[name+"Page"] = obj{"type": "object", "properties": props, "additionalProperties": false,
		"required": []string{"asOf", "rows", "count", "total", "next"}}
	return obj{"$ref": componentPrefix + name + "Page"}
}

// declares reports whether the route takes the named parameter.
func (r Route) declares(param string) bool {
	for _, p := range r.Params {
		if p.Name == param {
			return true
		}
	}
	return false
}

// prune drops the schemas nothing refers to (a type reflected only to be wrapped as
// "<Type>Response" or "<Type>Page"), so generated clients get no unused types.
func prune(doc obj) {
	comps := doc["components"].(obj)
	schemas := comps["schemas"].(map[string]obj)
	used := map[string]bool{}
	var mark func(v any)
	mark = func(v any) {
		for _, name := range refsIn(v) {
			if !used[name] {
				used[name] = true
				mark(schemas[name])
			}
		}
	}
	for k, v := range doc {
		if k != "components" {
			mark(v)
		}
	}
	for k, v := range comps {
		if k != "schemas" {
			mark(v)
		}
	}
	for name := range schemas {
		if !used[name] {
			delete(schemas, name)
		}
	}
}

// envelopeSuffix marks the envelopes of responseRef while the document is built.
const envelopeSuffix = "~envelope"

// nameEnvelopes gives each envelope its final name: the type's own name when the bare type is
// used nowhere else (a profile is only ever a whole response: "Profile"), else "<Type>Body"
// ("Webhook" is a row of WebhookList, "WebhookBody" the body of GET /webhooks/{id}). Names
// ending in "Response" are avoided: oapi-codegen names its response wrappers so.
func nameEnvelopes(doc obj, sch *schemaSet) {
	for _, name := range sch.envelopes {
		final := name
		if slices.Contains(refsIn(docWithout(doc, sch, name+envelopeSuffix)), name) {
			final = name + "Body"
		} else {
			delete(sch.defs, name)
		}
		sch.defs[final] = sch.defs[name+envelopeSuffix]
		delete(sch.defs, name+envelopeSuffix)
		renameRefs(doc, componentPrefix+name+envelopeSuffix, componentPrefix+final)
	}
}

// docWithout is the document and every schema but the named one, for reference counting.
func docWithout(doc obj, sch *schemaSet, skip string) []any {
	out := []any{doc["paths"]}
	for name, d := range sch.defs {
		if name != skip {
			out = append(out, d)
		}
	}
	return out
}

// renameRefs rewrites every $ref from old to new in v.
func renameRefs(v any, old, new string) {
	switch x := v.(type) {
	case obj:
		if x["$ref"] == old {
			x["$ref"] = new
		}
		for _, child := range x {
			renameRefs(child, old, new)
		}
	case map[string]obj:
		for _, child := range x {
			renameRefs(child, old, new)
		}
	case []obj:
		for _, child := range x {
			renameRefs(child, old, new)
		}
	case []any:
		for _, child := range x {
			renameRefs(child, old, new)
		}
	}
}
