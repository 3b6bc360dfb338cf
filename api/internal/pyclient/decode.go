package pyclient

import "fmt"

// decoder is a Python expression for a callable that turns the JSON value of schema s into
// its typed value, raising DecodeError when the value is not of that type. Enum values are
// not checked against their vocabulary, so a value a newer server adds still decodes.
func (t *typer) decoder(s *schema) (string, error) {
	switch {
	case s.Ref != "":
		target := t.doc.Components.Schemas[refName(s.Ref)]
		if target == nil {
			return "", fmt.Errorf("%s: no such schema", s.Ref)
		}
		if len(target.AnyOf) > 0 {
			return t.decoder(target)
		}
		return refName(s.Ref) + ".from_json", nil
	case len(s.AnyOf) > 0:
		refs, null, _ := t.anyOf(s.AnyOf, func(m *schema) (string, error) { return m.Ref, nil })
		dec, err := t.either(refs)
		if null {
			dec = "_nullable(" + dec + ")"
		}
		return dec, err
	case s.Const != nil || len(s.Enum) > 0:
		return "_literal", nil
	}
	base, null := s.nonNullType()
	dec, err := t.baseDecoder(base, s)
	if null && err == nil {
		dec = "_nullable(" + dec + ")"
	}
	return dec, err
}

func (t *typer) baseDecoder(base string, s *schema) (string, error) {
	switch base {
	case "string":
		switch {
		case s.ContentSchema != nil:
			inner, err := t.decoder(s.ContentSchema)
			return "_json_of(" + inner + ")", err
		case s.Format == "date":
			return "_date", nil
		case s.Format == "date-time":
			return "_datetime", nil
		case s.Format == "decimal":
			return "_decimal_str", nil
		}
		return "_str", nil
	case "integer":
		return "_int", nil
	case "number":
		return "_float", nil
	case "boolean":
		return "_bool", nil
	case "array":
		if s.Items == nil {
			return "", fmt.Errorf("an array without items")
		}
		item, err := t.decoder(s.Items)
		return "_list_of(" + item + ")", err
	case "object", "":
		return t.objectType(s, t.decoder, "_map_of(%s)", "_object")
	}
	return "", fmt.Errorf("type %q is not supported", base)
}

// either decodes an anyOf of one or two models (refs): the one the object matches exactly
// (runtime.py, _either), the first in the document's order when both do; a model with no
// required property matches more, so it comes second.
func (t *typer) either(refs []string) (string, error) {
	for _, r := range refs {
		if r == "" {
			return "", fmt.Errorf("an anyOf member that is not a $ref")
		}
	}
	switch len(refs) {
	case 1:
		return refName(refs[0]) + ".from_json", nil
	case 2:
		a, b := refName(refs[0]), refName(refs[1])
		if len(t.doc.Components.Schemas[a].Required) == 0 {
			a, b = b, a
		}
		return fmt.Sprintf("_either(%s.from_json, %s.matches_json, %s.from_json, %s.matches_json)", a, a, b, b), nil
	}
	return "", fmt.Errorf("an anyOf of %d models (two at most)", len(refs))
}
