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

func (s *Server) openAPIRoute() Route {
	return get("openapi", "/openapi.json", "OpenAPI 3.1 description of every endpoint, generated from the route table.", s.openAPI)
}

// openAPI writes the document itself: an OpenAPI root admits no foreign keys, so it is the
// one body without asOf.
func (s *Server) openAPI(c *gin.Context) (any, error) {
	raw, err := marshal(OpenAPI(s.table, s.d.Version))
	if err != nil {
		return nil, err
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", raw)
	return nil, nil
}

// OpenAPI builds the OpenAPI 3.1 document of a route table. Each route appears once, under
// its /v1 path; its other paths are listed in the operation's x-paths.
func OpenAPI(table []Route, version string) obj {
	paths := obj{}
	for _, r := range table {
		p := openAPIPath(r.Paths()[1]) // Paths()[1] is the /v1 form
		item, _ := paths[p].(obj)
		if item == nil {
			item = obj{}
			paths[p] = item
		}
		item[strings.ToLower(r.Method)] = operation(r)
	}
	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title": "SPAC Data API", "version": version,
			"description": "Read-only SPAC data; every value cites the SEC filing line it came from. " +
				"Every path is also served under /api/v1.",
		},
		"paths":      paths,
		"components": components(),
	}
}

var ginParamRe = regexp.MustCompile(`[:*]([A-Za-z0-9_]+)`)

// openAPIPath turns gin's "/spac/:symbol" into "/spac/{symbol}".
func openAPIPath(p string) string { return ginParamRe.ReplaceAllString(p, "{$1}") }

func operation(r Route) obj {
	op := obj{
		"operationId": r.Name, "summary": r.Summary, "tags": []string{r.Delivery},
		"parameters": parameters(r), "responses": responses(r), "security": security(r.Auth),
		"x-paths": r.Paths(), "x-auth": string(r.Auth), "x-delivery": r.Delivery,
	}
	if r.Entitlement != spac.EntitleNone {
		op["x-entitlement"] = string(r.Entitlement)
	}
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
		op["requestBody"] = obj{"content": obj{"application/json": obj{"schema": obj{"type": "object"}}}}
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
	return out
}

func paramSchema(p Param) obj {
	var sch obj
	switch p.Type {
	case TypeInteger:
		sch = obj{"type": "integer"}
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

func responses(r Route) obj {
	ok := obj{"description": "success"}
	switch {
	case r.Delivery == DeliverySSE:
		ok["content"] = obj{"text/event-stream": obj{"schema": obj{"type": "string"}}}
	case r.Tabular:
		ok["content"] = obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Page"}}}
	default:
		ok["content"] = obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Object"}}}
	}
	out := obj{"200": ok, "default": problemRef}
	for _, code := range errorStatuses(r) {
		out[code] = problemRef
	}
	return out
}

var problemRef = obj{"$ref": "#/components/responses/Problem"}

// errorStatuses are the documented error statuses of a route.
func errorStatuses(r Route) []string {
	out := []string{"400"}
	if r.Auth != AuthNone {
		out = append(out, "401", "429")
	}
	if r.Entitlement != spac.EntitleNone || r.Auth == spac.AuthAdmin {
		out = append(out, "403")
	}
	if strings.Contains(r.Path, ":") {
		out = append(out, "404")
	}
	return append(out, "503")
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

func components() obj {
	return obj{
		"securitySchemes": obj{
			"bearer":     obj{"type": "http", "scheme": "bearer", "description": "API key: Authorization: Bearer <key>"},
			"adminToken": obj{"type": "http", "scheme": "bearer", "description": "the admin token from the configuration"},
		},
		"responses": obj{
			"Problem": obj{"description": "RFC 9457 problem details",
				"content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}},
		},
		"schemas": obj{
			"Object": obj{"type": "object", "required": []string{"asOf"},
				"properties": obj{"asOf": obj{"type": "string", "format": "date-time"}}},
			"Page": obj{"type": "object", "required": []string{"asOf", "rows", "count", "total", "next"},
				"properties": obj{
					"asOf": obj{"type": "string", "format": "date-time"}, "rows": obj{"type": "array"},
					"count": obj{"type": "integer"}, "total": obj{"type": "integer"},
					"next": obj{"type": []string{"string", "null"}}, "facets": obj{"type": "object"},
				}},
			"Problem": obj{"type": "object", "required": []string{"type", "title", "status", "code", "requestId"},
				"properties": obj{
					"type": obj{"type": "string"}, "title": obj{"type": "string"}, "status": obj{"type": "integer"},
					"detail": obj{"type": "string"}, "instance": obj{"type": "string"}, "code": obj{"type": "string"},
					"requestId": obj{"type": "string"}, "param": obj{"type": "string"},
					"suggestions": obj{"type": "array", "items": obj{"type": "string"}},
				}},
		},
	}
}
