package pyclient

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// smallDoc has one of each construct the generator types: a shared vocabulary, a keyword
// named property and parameter (listed before the path parameter), dates, a decimal, a nullable type list, a map, an anyOf of
// two models and one with null, a paged list with a cursor, a body, and a 204.
const smallDoc = `{
  "openapi": "3.1.0", "info": {"title": "Small", "version": "2"},
  "paths": {
    "/v1/things/{id}": {"get": {"operationId": "thing", "summary": "One thing.",
      "parameters": [
        {"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}},
        {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
        {"name": "kind", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}],
      "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
        "404": {"$ref": "#/components/responses/Problem"}}}},
    "/v1/things": {
      "get": {"operationId": "things", "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ThingPage"}}}}}},
      "post": {"operationId": "things_create", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ThingRef"}}}},
        "responses": {"204": {"description": "made"}}}}
  },
  "components": {
    "responses": {"Problem": {"description": "a problem", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}},
    "schemas": {
      "Problem": {"type": "object", "additionalProperties": false, "required": ["code"], "properties": {"code": {"type": "string"}, "detail": {"type": "string"}}},
      "Thing": {"type": "object", "additionalProperties": false, "required": ["id", "kind", "when"],
        "properties": {
          "id": {"type": "string", "description": "The \"id\", a\\b."},
          "kind": {"type": "string", "enum": ["a", "b"]},
          "when": {"type": "string", "format": "date"},
          "at": {"type": ["string", "null"], "format": "date-time"},
          "amount": {"type": "string", "format": "decimal"},
          "from": {"type": "string"},
          "tags": {"type": "object", "additionalProperties": {"type": "integer"}},
          "parent": {"anyOf": [{"$ref": "#/components/schemas/ThingRef"}, {"type": "null"}]}}},
      "ThingRef": {"type": "object", "additionalProperties": false, "required": ["ref"], "properties": {"ref": {"type": "string"}}},
      "ThingPage": {"type": "object", "required": ["rows", "next"], "properties": {
        "rows": {"type": "array", "items": {"anyOf": [{"$ref": "#/components/schemas/Thing"}, {"$ref": "#/components/schemas/ThingRef"}]}},
        "next": {"type": ["string", "null"]}}}
    }
  }
}`

func TestGenerateSmallDocument(t *testing.T) {
	out, err := Generate([]byte(smallDoc))
	if err != nil {
		t.Fatal(err)
	}
	code := string(out)
	for _, want := range []string{
		`ThingKind = Literal["a", "b"]`, // one alias for the property and the parameter
		"    kind: ThingKind\n",
		"    when: _dt.date\n",
		"    at: _dt.datetime | None = None\n",
		"    amount: _decimal.Decimal | None = None\n",
		"    from_: str | None = None\n",
		"    tags: dict[str, int] | None = None\n",
		"    parent: ThingRef | None = None\n",
		`    """The "id", a\\b."""`,
		`            at=_opt(o, "at", _nullable(_datetime)),`,
		`            parent=_opt(o, "parent", _nullable(ThingRef.from_json)),`,
		"_list_of(_either(Thing.from_json, Thing.matches_json, ThingRef.from_json, ThingRef.matches_json))",
		"    def thing(\n        self,\n        id: str,\n        *,\n        from_: _dt.date | str | None = None,\n        kind: Sequence[ThingKind] | None = None,\n    ) -> Thing:",
		`return self._json("GET", f"/v1/things/{_path(id)}", Thing.from_json, query={"from": from_, "kind": kind})`,
		"    def iter_things(self) -> Iterator[Thing | ThingRef]:",
		"    def things_create(self, body: ThingRef) -> None:",
		`self._none("POST", "/v1/things")`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("missing %q", want)
		}
	}
	if strings.Count(code, "= Literal[") != 1 {
		t.Errorf("vocabularies: %d aliases, want 1", strings.Count(code, "= Literal["))
	}
	compilePython(t, out)
}

// compilePython parses the module with python3 (skipped where there is none): a docstring
// or a signature the generator got wrong is a syntax error.
func compilePython(t *testing.T, code []byte) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	cmd := exec.Command(py, "-c", "import ast, sys; ast.parse(sys.stdin.read())")
	cmd.Stdin = bytes.NewReader(code)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python3 cannot parse the module: %v\n%s", err, out)
	}
}

// TestGenerateRefusesWhatItCannotType: a construct the generator has no Python type for
// fails the generation, naming the schema, instead of writing Any.
func TestGenerateRefusesWhatItCannotType(t *testing.T) {
	for name, prop := range map[string]string{
		"oneOf":         `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`,
		"inline object": `{"type": "object", "properties": {"a": {"type": "string"}}}`,
		"array":         `{"type": "array"}`,
		"three models":  `{"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/A"}]}`,
	} {
		doc := `{"info": {"title": "x"}, "paths": {}, "components": {"schemas": {"A": {"type": "object", "properties": {"p": ` + prop + `}}}}}`
		if _, err := Generate([]byte(doc)); err == nil || !strings.Contains(err.Error(), "schema A") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
