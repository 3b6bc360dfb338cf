package pyclient

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// literals names the closed vocabularies (enums) of the document: one Literal alias per
// distinct value list. A vocabulary shared by several properties and parameters (the status
// of a SPAC, of a profile and the universe's status= filter) is one alias, named for its
// owner with the shortest name (SPACStatus), a schema before an operation.
type literals struct {
	names  map[string]string // value list key -> alias name
	order  []string          // keys in the order first seen
	values map[string][]string
	uses   map[string][]literalUse
	taken  map[string]bool // alias names and model names
}

// literalUse is one property (owner a schema) or parameter (owner an operation) of a
// vocabulary.
type literalUse struct {
	owner, prop string
	param       bool
}

func enumKey(values []string) string { return strings.Join(values, "\x00") }

// add records the enum of s (or of its items) used as owner.prop.
func (l *literals) add(owner, prop string, param bool, s *schema) {
	if s == nil {
		return
	}
	if s.Items != nil && len(s.Items.Enum) > 0 {
		l.add(owner, singular(prop), param, s.Items)
		return
	}
	if len(s.Enum) == 0 {
		return
	}
	key := enumKey(s.Enum)
	if _, ok := l.values[key]; !ok {
		l.values[key] = s.Enum
		l.order = append(l.order, key)
	}
	l.uses[key] = append(l.uses[key], literalUse{owner, prop, param})
}

// name gives each vocabulary its alias name, from its best use.
func (l *literals) name() {
	for _, key := range l.order {
		best := slices.MinFunc(l.uses[key], func(a, b literalUse) int {
			return cmp.Or(cmp.Compare(boolOrder(a.param), boolOrder(b.param)), cmp.Compare(len(a.owner), len(b.owner)),
				cmp.Compare(a.owner, b.owner), cmp.Compare(a.prop, b.prop))
		})
		name := best.owner + camel(best.prop)
		for i := 2; l.taken[name]; i++ {
			name = best.owner + camel(best.prop) + strconv.Itoa(i)
		}
		l.taken[name] = true
		l.names[key] = name
	}
}

// collectLiterals walks the schemas (by name) and then the operations' parameters.
func collectLiterals(d *document, ops []*operation) *literals {
	l := &literals{names: map[string]string{}, values: map[string][]string{}, uses: map[string][]literalUse{}, taken: map[string]bool{}}
	for name := range d.Components.Schemas {
		l.taken[name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(d.Components.Schemas)) {
		s := d.Components.Schemas[name]
		for _, prop := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[prop]
			l.add(name, prop, false, p)
			if p.AdditionalProperties != nil {
				l.add(name, prop, false, p.AdditionalProperties)
			}
		}
	}
	for _, op := range ops {
		for _, p := range op.Parameters {
			p = d.param(p)
			l.add(camel(op.ID), p.Name, true, p.Schema)
		}
	}
	l.name()
	return l
}

// typer maps schemas to Python type expressions and to decoder expressions (a callable
// from the JSON value to the typed value; the helpers are in runtime.py).
type typer struct {
	doc *document
	lit *literals
}

// pyType is the annotation of a value of schema s.
func (t *typer) pyType(s *schema) (string, error) {
	switch {
	case s.Ref != "":
		return refName(s.Ref), nil
	case len(s.AnyOf) > 0:
		parts, null, err := t.anyOf(s.AnyOf, t.pyType)
		if null {
			parts = append(parts, "None")
		}
		return strings.Join(parts, " | "), err
	case len(s.OneOf) > 0 || len(s.AllOf) > 0:
		return "", fmt.Errorf("oneOf and allOf are not supported")
	case s.Const != nil:
		return "Literal[" + strconv.Quote(*s.Const) + "]", nil
	case len(s.Enum) > 0:
		return t.lit.names[enumKey(s.Enum)], nil
	}
	base, null := s.nonNullType()
	py, err := t.baseType(base, s)
	if null && err == nil {
		py += " | None"
	}
	return py, err
}

func (t *typer) baseType(base string, s *schema) (string, error) {
	switch base {
	case "string":
		switch {
		case s.ContentSchema != nil:
			return t.pyType(s.ContentSchema)
		case s.Format == "date":
			return "_dt.date", nil
		case s.Format == "date-time":
			return "_dt.datetime", nil
		case s.Format == "decimal":
			return "_decimal.Decimal", nil
		}
		return "str", nil
	case "integer":
		return "int", nil
	case "number":
		return "float", nil
	case "boolean":
		return "bool", nil
	case "array":
		if s.Items == nil {
			return "", fmt.Errorf("an array without items")
		}
		item, err := t.pyType(s.Items)
		return "list[" + item + "]", err
	case "object", "":
		return t.objectType(s, t.pyType, "dict[str, %s]", "dict[str, Any]")
	}
	return "", fmt.Errorf("type %q is not supported", base)
}

// objectType is a map (additionalProperties: a schema) or a free-form object; an object
// with properties must be a component (a named model).
func (t *typer) objectType(s *schema, of func(*schema) (string, error), mapFmt, free string) (string, error) {
	if len(s.Properties) > 0 {
		return "", fmt.Errorf("an object with properties that is not a component schema")
	}
	if s.AdditionalProperties != nil {
		v, err := of(s.AdditionalProperties)
		return fmt.Sprintf(mapFmt, v), err
	}
	return free, nil
}

// anyOf maps the members of an anyOf with of, leaving out null, which it reports.
func (t *typer) anyOf(members []*schema, of func(*schema) (string, error)) (parts []string, null bool, err error) {
	for _, m := range members {
		if len(m.Type) == 1 && m.Type[0] == "null" {
			null = true
			continue
		}
		p, err := of(m)
		if err != nil {
			return nil, false, err
		}
		parts = append(parts, p)
	}
	return parts, null, nil
}
