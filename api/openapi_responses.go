package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/export"
)

// successStatus is the status of a route's successful response.
func (r Route) successStatus() int {
	if r.Status != 0 {
		return r.Status
	}
	return http.StatusOK
}

// guarded reports whether the access Guard runs on the route, and with it the rate limits.
func (r Route) guarded() bool {
	return r.Auth == spac.AuthOptional || r.Auth == spac.AuthRequired || r.Auth == spac.AuthLink
}

// namesSPAC reports whether a request can name a SPAC or filing that does not exist or that
// the caller may not see (404).
func (r Route) namesSPAC() bool {
	if strings.Contains(r.Path, ":") {
		return true
	}
	return slices.ContainsFunc(r.Params, func(p Param) bool { return p.Name == "symbol" || p.Name == "cik" })
}

// responses documents every status the route answers with.
func responses(r Route, sch *schemaSet) obj {
	out := obj{strconv.Itoa(r.successStatus()): success(r, sch), "default": respRef("Problem")}
	for code, name := range errorResponses(r) {
		out[strconv.Itoa(code)] = respRef(name)
	}
	if r.HasETag() {
		out["304"] = obj{"description": "Not Modified: the ETag sent in If-None-Match is still current",
			"headers": obj{"ETag": headerRef("ETag"), "X-Request-Id": headerRef("X-Request-Id")}}
	}
	if r.Name == "health" { // the probe answers 503 with its own body when the store fails
		out["503"] = obj{"description": "the store is down: status \"down\"", "headers": successHeaders(r),
			"content": obj{"application/json": obj{"schema": sch.responseRef(r.Body)}}}
	}
	return out
}

func respRef(name string) obj { return obj{"$ref": "#/components/responses/" + name} }

// errorResponses maps each error status of the route to its component response.
func errorResponses(r Route) map[int]string {
	out := map[int]string{
		http.StatusBadRequest: "BadRequest", http.StatusRequestTimeout: "RequestTimeout",
		http.StatusRequestEntityTooLarge: "BodyTooLarge",
		http.StatusServiceUnavailable:    "Unavailable",
	}
	if r.Auth != AuthNone {
		out[http.StatusUnauthorized], out[http.StatusTooManyRequests] = "Unauthorized", "TooManyRequests"
	}
	if (r.Auth == spac.AuthRequired || r.Auth == spac.AuthLink) && r.Entitlement != spac.EntitleNone {
		out[http.StatusForbidden] = "Forbidden"
	}
	if r.namesSPAC() || r.Auth == spac.AuthLink { // a link presented on another export's path
		out[http.StatusNotFound] = "NotFound"
	}
	if r.Method == http.MethodPost {
		out[http.StatusUnprocessableEntity], out[http.StatusConflict] = "Unprocessable", "Conflict"
	}
	return out
}

// success is the route's successful response: its body schema and headers. A list route's
// is its JSON page only: the CSV and NDJSON exports of the same operation are described in
// its x-export (exportExtension), so that generated clients type the ordinary call's data
// as the page rather than a union with strings.
func success(r Route, sch *schemaSet) obj {
	resp := obj{"description": http.StatusText(r.successStatus()), "headers": successHeaders(r)}
	switch {
	case r.successStatus() == http.StatusNoContent:
	case r.Media != "":
		resp["content"] = obj{r.Media: obj{"schema": obj{"type": "string",
			"description": "RFC 4180 CSV, UTF-8, a header row then every row of the link's export; columns in the order docs/api.md lists"}}}
	case r.Delivery == DeliverySSE:
		resp["description"] = "an SSE stream of " + r.Event + " events, each one " + sch.name(derefType(typeOf(r.Body))) +
			" JSON object in its data; heartbeats as comment lines"
		resp["content"] = obj{"text/event-stream": obj{"schema": obj{"type": "array", "items": sch.streamEvent(r),
			"description": "the stream modelled as an array of its events (OpenAPI's model of text/event-stream; 3.2's itemSchema is the items)"}}}
	case r.Tabular:
		resp["content"] = obj{"application/json": obj{"schema": sch.pageRef(r)}}
	default:
		resp["content"] = obj{"application/json": obj{"schema": sch.responseRef(r.Body)}}
	}
	return resp
}

// exportExtension describes the export forms of a list route (format=csv|ndjson or the
// matching Accept), as content entries of its 200 response would: a CSV document and NDJSON
// whose lines are each one row (x-row-schema). nil for a route without exports.
func exportExtension(r Route, sch *schemaSet) obj {
	if !r.Tabular || !r.declares(formatParam.Name) {
		return nil
	}
	sch.pageRef(r) // makes <Row>Selection for a route with fields=
	row := sch.name(derefType(typeOf(r.Body)))
	rowSchema := sch.ref(r.Body)
	if sel := row + "Selection"; sch.defs[sel] != nil {
		sch.defs[row+"Row"] = obj{"anyOf": []obj{rowSchema, {"$ref": componentPrefix + sel}},
			"description": "one row: the whole " + row + ", or the fields selected with fields="}
		rowSchema = obj{"$ref": componentPrefix + row + "Row"}
	}
	return obj{
		"description": "format=csv or format=ndjson (or Accept: text/csv, application/x-ndjson) answers 200 with every matching row " +
			"in one of these media types instead of a JSON page; a generated client reads it as text (openapi-fetch: parseAs: \"text\")",
		"content": obj{
			export.MediaCSV: obj{"schema": obj{"type": "string",
				"description": "RFC 4180 CSV, UTF-8, a header row then one record per matching " + row + " (every page); columns in the order docs/api.md lists; identifiers are text cells"}},
			export.MediaNDJSON: obj{"schema": obj{"type": "string",
				"description": "one " + row + " JSON object per line, as the JSON route's rows (every page)"}, "x-row-schema": rowSchema},
		},
	}
}

// streamEvent is the schema of one event of an SSE route, as the SSE media type models it:
// the event's name, its id (Last-Event-ID) and its data, a JSON text of the row type.
func (s *schemaSet) streamEvent(r Route) obj {
	row := s.name(derefType(typeOf(r.Body)))
	name := row + "StreamEvent"
	if s.defs[name] == nil {
		s.defs[name] = obj{"type": "object", "required": []string{"event", "id", "data"}, "additionalProperties": false,
			"description": "one SSE event of " + r.canonicalPath(),
			"properties": obj{
				"event": obj{"type": "string", "const": r.Event, "description": "the SSE event name"},
				"id":    obj{"type": "string", "pattern": "^[0-9]+$", "description": "the event's id; send the last one seen as Last-Event-ID (or lastEventId) to resume"},
				"data": obj{"type": "string", "contentMediaType": "application/json", "contentSchema": s.ref(r.Body),
					"description": "one " + row + " as JSON"},
				"retry": obj{"type": "integer", "minimum": 0, "description": "reconnection delay in milliseconds (the stream's first frame)"},
			}}
	}
	return obj{"$ref": componentPrefix + name}
}

// successHeaders are the headers of a successful response.
func successHeaders(r Route) obj {
	h := obj{"X-Request-Id": headerRef("X-Request-Id")}
	if r.guarded() {
		for _, name := range rateLimitHeaders {
			h[name] = headerRef(name)
		}
	}
	if r.Data {
		h["X-Data-Scope"] = headerRef("X-Data-Scope")
	}
	if r.Tabular || r.Name == "filing_lines" {
		h["Link"] = headerRef("Link")
	}
	if r.HasETag() {
		h["ETag"], h["Cache-Control"] = headerRef("ETag"), headerRef("Cache-Control")
	}
	if r.declares(formatParam.Name) {
		h["Content-Disposition"] = headerRef("Content-Disposition")
	}
	return h
}

func headerRef(name string) obj { return obj{"$ref": "#/components/headers/" + name} }

// rateLimitHeaders are sent on every guarded response (api/access).
var rateLimitHeaders = []string{
	"X-RateLimit-Limit-Minute", "X-RateLimit-Remaining-Minute", "X-RateLimit-Limit-Day",
	"X-RateLimit-Remaining-Day", "X-RateLimit-Reset", "RateLimit-Policy", "RateLimit",
}

// components are the shared parts: security schemes, headers, error responses and schemas.
func components(sch *schemaSet) obj {
	problem := sch.ref(Problem{})
	sch.closeVocabularies()
	return obj{
		"securitySchemes": obj{
			"bearer":     obj{"type": "http", "scheme": "bearer", "description": "API key: Authorization: Bearer <key>"},
			"adminToken": obj{"type": "http", "scheme": "bearer", "description": "the admin token from the configuration"},
		},
		"parameters": obj{
			"IfNoneMatch": obj{"name": "If-None-Match", "in": "header", "schema": obj{"type": "string"},
				"description": "the ETag of a response held: 304 without a body while the data has not changed"},
			"IdempotencyKey": obj{"name": "Idempotency-Key", "in": "header", "schema": obj{"type": "string", "maxLength": MaxIdempotencyKeyLen},
				"description": "makes a POST safe to repeat: the same key (per API key and endpoint) with the same parameters (path, query, JSON body parsed) gets the first response again " +
					"(Idempotent-Replayed: true) for 24 hours; with other parameters 422; while the first is being handled 409"},
		},
		"headers":   headerComponents(),
		"responses": problemResponses(problem),
		"schemas":   sch.defs,
	}
}

func intHeader(desc string) obj {
	return obj{"description": desc, "schema": obj{"type": "integer", "minimum": 0}}
}

func strHeader(desc string) obj { return obj{"description": desc, "schema": obj{"type": "string"}} }

func headerComponents() obj {
	return obj{
		"X-Request-Id":                 strHeader("the request's id (the client's X-Request-Id when sane); quote it when reporting a problem"),
		"X-Data-Scope":                 obj{"description": "sample (anonymous callers) or full", "schema": obj{"type": "string", "enum": []string{"sample", "full"}}},
		"Link":                         strHeader(`<absolute URL>; rel="next": the next page (or range of lines) of the same query`),
		"X-RateLimit-Limit-Minute":     intHeader("requests allowed per clock minute; absent when the tier has no per-minute limit"),
		"X-RateLimit-Remaining-Minute": intHeader("requests left in this clock minute; absent when the tier has no per-minute limit"),
		"X-RateLimit-Limit-Day":        intHeader("requests allowed per UTC day; absent when the tier has no daily limit"),
		"X-RateLimit-Remaining-Day":    intHeader("requests left today (UTC); absent when the tier has no daily limit"),
		"X-RateLimit-Reset":            intHeader("seconds until the minute window resets (the day window's when only the day is limited)"),
		"RateLimit-Policy":             strHeader(`IETF draft: "minute";q=60;w=60, "day";q=500;w=86400 (limited windows only)`),
		"RateLimit":                    strHeader(`IETF draft: "minute";r=59;t=40, "day";r=499;t=3600 (limited windows only)`),
		"Retry-After":                  intHeader("seconds until the violated window resets"),
		"WWW-Authenticate":             strHeader(`Bearer realm="spac-data-api"`),
		"ETag":                         strHeader("weak validator of the data version, path, query and scope; send it back in If-None-Match"),
		"Cache-Control":                strHeader("private, no-cache: may be stored, must be revalidated"),
		"Content-Disposition":          strHeader(`exports (CSV, NDJSON) only: attachment; filename="spac-<route>-YYYY-MM-DD.<csv|ndjson>"`),
	}
}

// problemResponses are the error responses, each an RFC 9457 problem.
func problemResponses(problem obj) obj {
	content := obj{"application/problem+json": obj{"schema": problem}}
	resp := func(desc string, extra ...string) obj {
		h := obj{"X-Request-Id": headerRef("X-Request-Id")}
		for _, name := range extra {
			h[name] = headerRef(name)
		}
		return obj{"description": desc, "headers": h, "content": content}
	}
	return obj{
		"Problem":         resp("an internal error (500) or a refusal of the HTTP layer (431, 501)"),
		"BadRequest":      resp("a bad parameter or body: param names it"),
		"Unauthorized":    resp("no key where one is required, or an invalid, revoked or malformed key", "WWW-Authenticate"),
		"Forbidden":       resp("the key's tier lacks the entitlement"),
		"NotFound":        resp("no such SPAC, filing or resource (suggestions lists close symbols), or outside the anonymous sample (code not_in_sample)"),
		"RequestTimeout":  resp("the request body did not arrive within the read timeout"),
		"BodyTooLarge":    resp("the request body is larger than the endpoint accepts"),
		"Unprocessable":   resp("a limit of held resources is reached (code limit_exceeded), or an Idempotency-Key was sent again with another body (code idempotency_key_reused)"),
		"Conflict":        resp("the first request with this Idempotency-Key is still being handled (code idempotency_in_progress)"),
		"TooManyRequests": resp("a rate limit (or the failed-authentication limit) is exhausted", append([]string{"Retry-After"}, rateLimitHeaders...)...),
		"Unavailable":     resp("the data store, the index or a live component is unavailable"),
	}
}
