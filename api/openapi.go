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
// the service ("https://api.example.com"), or "" for the relative "/". Every path a route is
// served at is listed: the /v1 operation under the route's name, each alias (/api/v1/...,
// /api/webhooks..., /health) as its own operation "<name>_<alias>" marked x-alias-of.
func OpenAPI(table []Route, version, server string) obj {
	sch := newSchemaSet()
	paths := obj{}
	for _, r := range table {
		for _, p := range r.Paths() {
			item, _ := paths[openAPIPath(p)].(obj)
			if item == nil {
				item = obj{}
				paths[openAPIPath(p)] = item
			}
			item[strings.ToLower(r.Method)] = operation(r, p, sch)
		}
	}
	for _, r := range table {
		if r.declares("citations") {
			sch.citationModes(success(r, sch))
		}
	}
	if server == "" {
		server = "/"
	}
	doc := obj{
		"openapi": "3.1.0",
		"info": obj{
			"title": "SPAC Data API", "version": version,
			"description": "Read-only SPAC data; every value cites the SEC filing line it came from. " +
				"Every /v1 path is also served under /api/v1, webhooks also under /api/webhooks, and the health probe also at /health; " +
				"the aliases are listed as operations of their own (x-alias-of names the /v1 one).",
		},
		"servers":    []obj{{"url": server, "description": "this server"}},
		"paths":      paths,
		"components": components(sch),
	}
	nameEnvelopes(doc, sch)
	prune(doc)
	return doc
}

var ginParamRe = regexp.MustCompile(`[:*]([A-Za-z0-9_]+)`)

// openAPIPath turns gin's "/spac/:symbol" into "/spac/{symbol}".
func openAPIPath(p string) string { return ginParamRe.ReplaceAllString(p, "{$1}") }

// canonicalPath is the /v1 form of a route's path.
func (r Route) canonicalPath() string { return "/v1" + r.Path }

// operationID is the route's name at its /v1 path, and name_<alias> at its aliases.
func operationID(r Route, path string) string {
	switch {
	case path == r.canonicalPath():
		return r.Name
	case strings.HasPrefix(path, "/api/v1/"):
		return r.Name + "_api_v1"
	case strings.HasPrefix(path, "/api/"):
		return r.Name + "_api"
	}
	return r.Name + "_root"
}

func operation(r Route, path string, sch *schemaSet) obj {
	op := obj{
		"operationId": operationID(r, path), "summary": r.Summary, "tags": []string{r.Delivery},
		"parameters": parameters(r), "responses": responses(r, sch), "security": security(r.Auth),
		"x-auth": string(r.Auth), "x-delivery": r.Delivery,
	}
	if path != r.canonicalPath() {
		op["x-alias-of"] = r.Name
	}
	if r.Entitlement != spac.EntitleNone {
		op["x-entitlement"] = string(r.Entitlement)
	}
	if r.Request != nil {
		op["requestBody"] = obj{"required": true, "content": obj{"application/json": obj{"schema": sch.ref(r.Request)}}}
	}
	return op
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
