package api

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// obj is a JSON object under construction (maps marshal with sorted keys: stable output).
type obj = map[string]any

// OpenAPIDocument is the type of GET /v1/openapi.json: an OpenAPI 3.1 document.
type OpenAPIDocument map[string]any

// openAPI writes the document itself: an OpenAPI root admits no foreign keys, so it is the
// one body without asOf. Its server is the origin the request reached.
func (s *Server) openAPI(c *gin.Context) (any, error) {
	raw, err := marshal(OpenAPI(s.table, s.d.Version, s.requestOrigin(c)))
	if err != nil {
		return nil, err
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", raw)
	return nil, nil
}

// OpenAPI builds the OpenAPI 3.1 document of a route table. server is the absolute URL of
// the service ("https://api.example.com"), or "" for the relative "/". Each route is listed
// once, at its canonical /v1 path: its aliases (/api/v1/..., /api/webhooks..., /health) are
// named in the operation's x-aliases and reached through the second server (the same
// operations under /api), so generators write one method and one type per operation.
func OpenAPI(table []Route, version, server string) obj {
	doc, _ := buildOpenAPI(table, version, server)
	return doc
}

// buildOpenAPI is OpenAPI and the schema set it was built with (the tests read its types).
func buildOpenAPI(table []Route, version, server string) (obj, *schemaSet) {
	sch := newSchemaSet()
	paths := obj{}
	for _, r := range table {
		p := openAPIPath(r.canonicalPath())
		item, _ := paths[p].(obj)
		if item == nil {
			item = obj{}
			paths[p] = item
		}
		item[strings.ToLower(r.Method)] = operation(r, sch)
	}
	for _, r := range table {
		if r.declares("citations") {
			sch.citationModes(success(r, sch))
		}
	}
	doc := obj{
		"openapi":    "3.1.0",
		"info":       info(version),
		"servers":    servers(server),
		"paths":      paths,
		"webhooks":   webhookPayloads(sch),
		"components": components(sch),
	}
	nameEnvelopes(doc, sch)
	prune(doc)
	return doc, sch
}

func info(version string) obj {
	return obj{
		"title": "SPAC Data API", "version": version,
		"description": "Read-only SPAC data; every value cites the SEC filing line it came from. " +
			"Every path is listed once, under /v1. The same operations are also served under /api/v1 (the second server), " +
			"the webhook routes also under /api/webhooks, and the health probe also at /health: each operation names its aliases in x-aliases. " +
			"A request whose client goes away before the answer is logged with status 499 (nginx's convention); nothing is sent, so no operation declares it.",
	}
}

// servers are the service's origin and the /api mount of the same operations (/api/v1/...).
func servers(origin string) []obj {
	base := strings.TrimSuffix(origin, "/")
	root := origin
	if root == "" {
		root = "/"
	}
	return []obj{
		{"url": root, "description": "this server"},
		{"url": base + "/api", "description": "the same operations under /api (/api/v1/...), for clients configured with that prefix"},
	}
}

var ginParamRe = regexp.MustCompile(`[:*]([A-Za-z0-9_]+)`)

// openAPIPath turns gin's "/spac/:symbol" into "/spac/{symbol}".
func openAPIPath(p string) string { return ginParamRe.ReplaceAllString(p, "{$1}") }

// canonicalPath is the /v1 form of a route's path.
func (r Route) canonicalPath() string { return "/v1" + r.Path }

func operation(r Route, sch *schemaSet) obj {
	op := obj{
		"operationId": r.Name, "summary": r.Summary, "tags": []string{r.Delivery},
		"parameters": parameters(r), "responses": responses(r, sch), "security": security(r.Auth),
		"x-auth": string(r.Auth), "x-delivery": r.Delivery,
	}
	if aliases := r.aliases(); len(aliases) > 0 {
		op["x-aliases"] = aliases
	}
	if r.Entitlement != spac.EntitleNone {
		op["x-entitlement"] = string(r.Entitlement)
	}
	if r.Request != nil {
		op["requestBody"] = obj{"required": true, "content": obj{"application/json": obj{"schema": sch.ref(r.Request)}}}
	}
	if x := exportExtension(r, sch); x != nil {
		op["x-export"] = x
	}
	return op
}

// aliases are the paths besides the canonical one that serve the route, in OpenAPI form.
func (r Route) aliases() []string {
	var out []string
	for _, p := range r.Paths() {
		if p != r.canonicalPath() {
			out = append(out, openAPIPath(p))
		}
	}
	return out
}

func parameters(r Route) []obj {
	out := []obj{}
	for _, p := range r.AllParams() {
		op := obj{"name": p.Name, "in": p.In, "description": p.Description, "schema": paramSchema(p)}
		if p.Required || p.In == InPath {
			op["required"] = true
		}
		if p.Type == TypeList {
			op["style"], op["explode"] = "form", false
		}
		out = append(out, op)
	}
	if r.HasETag() {
		out = append(out, obj{"$ref": "#/components/parameters/IfNoneMatch"})
	}
	if r.Method == http.MethodPost {
		out = append(out, obj{"$ref": "#/components/parameters/IdempotencyKey"})
	}
	return out
}

func paramSchema(p Param) obj {
	var sch obj
	switch p.Type {
	case TypeInteger:
		sch = obj{"type": "integer"}
		if p.Name == "limit" {
			sch["minimum"], sch["maximum"] = 1, MaxLimit
		}
	case TypeDecimal:
		sch = obj{"type": "string", "pattern": decimalRe.String()}
	case TypeDate:
		sch = obj{"type": "string", "format": "date"}
	case TypeList:
		item := obj{"type": "string"}
		if len(p.Enum) > 0 {
			item["enum"] = p.Enum
		}
		return obj{"type": "array", "items": item}
	default:
		sch = obj{"type": "string"}
	}
	if len(p.Enum) > 0 {
		sch["enum"] = p.Enum
	}
	return sch
}

func security(mode spac.AuthMode) []obj {
	switch mode {
	case spac.AuthOptional:
		return []obj{{}, {"bearer": []string{}}}
	case spac.AuthRequired:
		return []obj{{"bearer": []string{}}}
	case spac.AuthAdmin:
		return []obj{{"adminToken": []string{}}}
	}
	return []obj{}
}
