package pyclient

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// document is the part of an OpenAPI 3.1 document the generator reads.
type document struct {
	Info struct {
		Title   string `json:"title"`
		Version string `json:"version"`
	} `json:"info"`
	Paths      map[string]map[string]*operation `json:"paths"`
	Webhooks   map[string]map[string]*operation `json:"webhooks"`
	Components struct {
		Schemas    map[string]*schema    `json:"schemas"`
		Parameters map[string]*parameter `json:"parameters"`
		Responses  map[string]*response  `json:"responses"`
	} `json:"components"`
}

type operation struct {
	ID          string               `json:"operationId"`
	Summary     string               `json:"summary"`
	Description string               `json:"description"`
	Parameters  []*parameter         `json:"parameters"`
	RequestBody *body                `json:"requestBody"`
	Responses   map[string]*response `json:"responses"`
	Export      *export              `json:"x-export"`

	method, path string // filled by operations()
}

type parameter struct {
	Ref         string  `json:"$ref"`
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Required    bool    `json:"required"`
	Description string  `json:"description"`
	Schema      *schema `json:"schema"`
	Explode     *bool   `json:"explode"`
}

type body struct {
	Required bool                 `json:"required"`
	Content  map[string]mediaType `json:"content"`
}

// export is an operation's x-export: the other media types a list route answers in.
type export struct {
	Description string `json:"description"`
}

type mediaType struct {
	Schema *schema `json:"schema"`
}

type response struct {
	Ref         string               `json:"$ref"`
	Description string               `json:"description"`
	Content     map[string]mediaType `json:"content"`
}

// schema is a JSON Schema as the document writes them; Type is a name or a list of names
// (["string", "null"]).
type schema struct {
	Ref                  string             `json:"$ref"`
	Type                 typeNames          `json:"type"`
	Format               string             `json:"format"`
	Description          string             `json:"description"`
	Enum                 []string           `json:"enum"`
	Const                *string            `json:"const"`
	Items                *schema            `json:"items"`
	Properties           map[string]*schema `json:"properties"`
	Required             []string           `json:"required"`
	AdditionalProperties *schema            `json:"-"`
	ClosedObject         bool               `json:"-"` // additionalProperties: false
	AnyOf                []*schema          `json:"anyOf"`
	OneOf                []*schema          `json:"oneOf"`
	AllOf                []*schema          `json:"allOf"`
	ContentSchema        *schema            `json:"contentSchema"`
}

type typeNames []string

func (t *typeNames) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*t = typeNames{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*t = many
	return nil
}

// UnmarshalJSON reads additionalProperties, which is either a boolean or a schema.
func (s *schema) UnmarshalJSON(b []byte) error {
	type plain schema
	var aux struct {
		plain
		AP json.RawMessage `json:"additionalProperties"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*s = schema(aux.plain)
	switch ap := strings.TrimSpace(string(aux.AP)); {
	case ap == "" || ap == "true":
	case ap == "false":
		s.ClosedObject = true
	default:
		s.AdditionalProperties = new(schema)
		return json.Unmarshal(aux.AP, s.AdditionalProperties)
	}
	return nil
}

// nonNullType is the one type of the list other than null ("" when there are several), and
// whether null is in the list.
func (s *schema) nonNullType() (string, bool) {
	var other []string
	null := false
	for _, t := range s.Type {
		if t == "null" {
			null = true
		} else {
			other = append(other, t)
		}
	}
	if len(other) == 1 {
		return other[0], null
	}
	return "", null
}

func parseDocument(raw []byte) (*document, error) {
	var d document
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("the OpenAPI document: %w", err)
	}
	return &d, nil
}

// refName is "Alert" for "#/components/schemas/Alert".
func refName(ref string) string { return ref[strings.LastIndex(ref, "/")+1:] }

// param resolves a parameter $ref.
func (d *document) param(p *parameter) *parameter {
	if p.Ref != "" {
		return d.Components.Parameters[refName(p.Ref)]
	}
	return p
}

// response resolves a response $ref.
func (d *document) response(r *response) *response {
	if r.Ref != "" {
		return d.Components.Responses[refName(r.Ref)]
	}
	return r
}

// operations lists the document's operations in path order, then method order.
func (d *document) operations() []*operation {
	var ops []*operation
	for _, path := range slices.Sorted(maps.Keys(d.Paths)) {
		for _, method := range []string{"get", "post", "put", "patch", "delete"} {
			if op := d.Paths[path][method]; op != nil {
				op.method, op.path = strings.ToUpper(method), path
				ops = append(ops, op)
			}
		}
	}
	return ops
}
