package pyclient

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// annotationNames are names the annotations use; a field called so would hide them inside
// its class.
var annotationNames = map[string]bool{"str": true, "int": true, "float": true, "bool": true, "list": true, "dict": true, "Any": true, "Literal": true, "ClassVar": true}

// writeLiterals writes one Literal alias per closed vocabulary.
func (g *generator) writeLiterals() {
	g.line(0, "# Closed vocabularies (the document's enums), one alias per distinct list of values.")
	for _, key := range g.lit.order {
		quoted := make([]string, len(g.lit.values[key]))
		for i, v := range g.lit.values[key] {
			quoted[i] = strconv.Quote(v)
		}
		g.line(0, "%s = Literal[%s]", g.lit.names[key], strings.Join(quoted, ", "))
	}
	g.line(0, "")
}

// writeModels writes a dataclass per object schema, then an alias per anyOf schema (which
// names classes, so it comes after them).
func (g *generator) writeModels() error {
	names := slices.Sorted(maps.Keys(g.doc.Components.Schemas))
	for _, name := range names {
		s := g.doc.Components.Schemas[name]
		if len(s.AnyOf) > 0 {
			continue
		}
		if err := g.writeModel(name, s); err != nil {
			return fmt.Errorf("schema %s: %w", name, err)
		}
	}
	for _, name := range names {
		if s := g.doc.Components.Schemas[name]; len(s.AnyOf) > 0 {
			py, err := g.pyType(s)
			if err != nil {
				return fmt.Errorf("schema %s: %w", name, err)
			}
			g.line(0, "%s = %s", name, py)
			g.doc_(0, s.Description)
			g.line(0, "")
		}
	}
	return nil
}

// field is one property of a model.
type field struct {
	json, attr, typ, dec, doc string
	required                  bool
}

func (g *generator) modelFields(s *schema) ([]field, error) {
	var out []field
	attrs := map[string]string{}
	for _, prop := range slices.Sorted(maps.Keys(s.Properties)) {
		p := s.Properties[prop]
		f := field{json: prop, attr: snake(prop), doc: p.Description, required: slices.Contains(s.Required, prop)}
		if other, dup := attrs[f.attr]; dup || annotationNames[f.attr] {
			return nil, fmt.Errorf("properties %q and %q are both %s in Python", prop, other, f.attr)
		}
		attrs[f.attr] = prop
		var err error
		if f.typ, err = g.pyType(p); err != nil {
			return nil, fmt.Errorf("%s: %w", prop, err)
		}
		if f.dec, err = g.decoder(p); err != nil {
			return nil, fmt.Errorf("%s: %w", prop, err)
		}
		out = append(out, f)
	}
	// required fields first, as a reader looks for them
	slices.SortStableFunc(out, func(a, b field) int { return boolOrder(b.required) - boolOrder(a.required) })
	return out, nil
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (g *generator) writeModel(name string, s *schema) error {
	fields, err := g.modelFields(s)
	if err != nil {
		return err
	}
	g.line(0, "@dataclasses.dataclass(kw_only=True)")
	g.line(0, "class %s(_Model):", name)
	g.doc_(1, s.Description)
	var names, required []string
	for _, f := range fields {
		names = append(names, fmt.Sprintf("%q: %q", f.attr, f.json))
		if f.required {
			required = append(required, strconv.Quote(f.json))
		}
	}
	g.line(0, "")
	g.line(1, "JSON_FIELDS: ClassVar[dict[str, str]] = {%s}", strings.Join(names, ", "))
	g.line(1, "JSON_REQUIRED: ClassVar[frozenset[str]] = frozenset({%s})", strings.Join(required, ", "))
	for _, f := range fields {
		g.line(0, "")
		if f.required {
			g.line(1, "%s: %s", f.attr, f.typ)
		} else {
			g.line(1, "%s: %s = None", f.attr, optional(f.typ))
		}
		g.doc_(1, f.doc)
	}
	g.line(0, "")
	g.line(1, "@classmethod")
	g.line(1, "def from_json(cls, v: Any) -> %s:", name)
	g.line(2, `"""The %s of a JSON value (json.loads); DecodeError when it is not one."""`, name)
	g.line(2, "o = _object(v)")
	g.line(2, "return cls(")
	for _, f := range fields {
		get := "_opt"
		if f.required {
			get = "_req"
		}
		g.line(3, "%s=%s(o, %q, %s),", f.attr, get, f.json, f.dec)
	}
	g.line(2, ")")
	g.line(0, "")
	g.line(0, "")
	return nil
}

// optional is the annotation of a property that may be absent: None stands for absent.
func optional(typ string) string {
	if strings.HasSuffix(typ, " | None") {
		return typ
	}
	return typ + " | None"
}

// writeWebhooks writes the union of the webhook messages and parse_webhook, which reads a
// delivery's body into the message of its type.
func (g *generator) writeWebhooks() error {
	types := slices.Sorted(maps.Keys(g.doc.Webhooks))
	if len(types) == 0 {
		return nil
	}
	var classes, cases []string
	for _, typ := range types {
		op := g.doc.Webhooks[typ]["post"]
		if op == nil || op.RequestBody == nil || op.RequestBody.Content["application/json"].Schema == nil {
			return fmt.Errorf("webhook %s: no JSON body", typ)
		}
		class := refName(op.RequestBody.Content["application/json"].Schema.Ref)
		classes = append(classes, class)
		cases = append(cases, fmt.Sprintf("%q: %s.from_json", typ, class))
	}
	g.line(0, "WebhookMessage = %s", strings.Join(classes, " | "))
	g.doc_(0, "A webhook delivery's body: the Standard Webhooks message of one event type.")
	g.line(0, "")
	g.line(0, "_WEBHOOK_MESSAGES: dict[str, Callable[[Any], WebhookMessage]] = {%s}", strings.Join(cases, ", "))
	g.line(0, "")
	g.line(0, "")
	g.line(0, "def parse_webhook(body: bytes | str) -> WebhookMessage:")
	g.doc_(1, "The typed message of a webhook delivery's body, by its type (check verify_webhook first); DecodeError for a type this client does not know.")
	g.line(1, "o = _object(json.loads(body))")
	g.line(1, `decode = _WEBHOOK_MESSAGES.get(_str(o.get("type")))`)
	g.line(1, "if decode is None:")
	g.line(2, `raise DecodeError(f"unknown webhook type {o.get('type')!r}")`)
	g.line(1, "return decode(o)")
	g.line(0, "")
	g.line(0, "")
	return nil
}
