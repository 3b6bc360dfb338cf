package api

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

// The tests of this file hold the properties client generators (openapi-typescript +
// openapi-fetch, openapi-python-client, oapi-codegen) need of the document; CI also
// compiles a TypeScript client against it (scripts/ts-client-check.sh).

type jsonObj = map[string]any

func openAPIMap(t *testing.T) jsonObj {
	t.Helper()
	raw, _ := fetchOpenAPI(t, New(liveFixture(t).deps))
	var doc jsonObj
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// deref follows a local $ref ("#/components/responses/X") once.
func deref(doc jsonObj, v jsonObj) jsonObj {
	ref, ok := v["$ref"].(string)
	if !ok {
		return v
	}
	cur := any(doc)
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		cur = cur.(jsonObj)[part]
	}
	return cur.(jsonObj)
}

// eachOperation calls fn with every operation of the paths section.
func eachOperation(doc jsonObj, fn func(id, path, method string, op jsonObj)) {
	for path, item := range doc["paths"].(jsonObj) {
		for method, op := range item.(jsonObj) {
			o := op.(jsonObj)
			fn(o["operationId"].(string), path, method, o)
		}
	}
}

// TestOpenAPIEveryResponseHasABody: a generated client types error and data from the
// response bodies, and a response without one (the 499 that used to be declared on every
// operation) becomes an untyped member of every error union. Only 204 and 304 have none.
func TestOpenAPIEveryResponseHasABody(t *testing.T) {
	doc := openAPIMap(t)
	eachOperation(doc, func(id, _, _ string, op jsonObj) {
		for status, r := range op["responses"].(jsonObj) {
			resp := deref(doc, r.(jsonObj))
			content, _ := resp["content"].(jsonObj)
			if status == "204" || status == "304" {
				if content != nil {
					t.Errorf("%s %s: a body", id, status)
				}
				continue
			}
			if len(content) == 0 {
				t.Errorf("%s %s: no body schema (%v)", id, status, resp["description"])
			}
			for media, m := range content {
				if m.(jsonObj)["schema"] == nil {
					t.Errorf("%s %s %s: no schema", id, status, media)
				}
			}
		}
	})
}

// TestOpenAPISuccessIsOneMediaType: the ordinary call's data is one type - the JSON body
// (text/event-stream for the streams, text/csv for the export links); list routes' CSV and
// NDJSON forms are in x-export, not beside their JSON page, or data would be Page | string.
func TestOpenAPISuccessIsOneMediaType(t *testing.T) {
	doc := openAPIMap(t)
	eachOperation(doc, func(id, _, _ string, op jsonObj) {
		for status, r := range op["responses"].(jsonObj) {
			content, _ := deref(doc, r.(jsonObj))["content"].(jsonObj)
			if !strings.HasPrefix(status, "2") || content == nil {
				continue
			}
			if media := slices.Sorted(maps.Keys(content)); len(media) != 1 {
				t.Errorf("%s %s: media types %v", id, status, media)
			}
		}
	})
	universe := doc["paths"].(jsonObj)["/v1/universe"].(jsonObj)["get"].(jsonObj)
	if x, _ := universe["x-export"].(jsonObj); x == nil || x["content"].(jsonObj)["text/csv"] == nil {
		t.Errorf("universe: exports not described in x-export: %v", universe["x-export"])
	}
}

// TestOpenAPIPathsAreDistinct: no two paths differ only in their parameter names (a
// generator would write one method twice).
func TestOpenAPIPathsAreDistinct(t *testing.T) {
	seen := map[string]string{}
	for path := range openAPIMap(t)["paths"].(jsonObj) {
		shape := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "{}")
		if other, dup := seen[shape]; dup {
			t.Errorf("paths %s and %s are the same path", path, other)
		}
		seen[shape] = path
	}
}

var (
	dateProperty    = regexp.MustCompile(`^(date|[a-z_]+_date|[a-z]+At|deadline|[a-z_]+_deadline|expires|trust_as_of)$`)
	decimalProperty = regexp.MustCompile(`^(trust_size|trust_per_share|public_shares|redeemed_pct|payout_per_share|price|ytm_pct|ytm_compounded_pct|amount|deposit|balance)$`)
)

// TestOpenAPIDatesAndDecimalsAreTyped: date fields carry format date or date-time, and the
// decimal strings (money, shares, percentages) their pattern, wherever they occur.
func TestOpenAPIDatesAndDecimalsAreTyped(t *testing.T) {
	dates, decimals := 0, 0
	for name, s := range openAPIMap(t)["components"].(jsonObj)["schemas"].(jsonObj) {
		props, _ := s.(jsonObj)["properties"].(jsonObj)
		for prop, p := range props {
			p := p.(jsonObj)
			if any(p["type"]) != "string" && !slices.Contains(asStrings(p["type"]), "string") {
				continue
			}
			switch {
			case dateProperty.MatchString(prop):
				dates++
				if f := p["format"]; f != "date" && f != "date-time" {
					t.Errorf("%s.%s: format %v", name, prop, f)
				}
			case decimalProperty.MatchString(prop):
				decimals++
				if p["pattern"] != decimalPattern {
					t.Errorf("%s.%s: pattern %v", name, prop, p["pattern"])
				}
			}
		}
	}
	if dates < 40 || decimals < 30 {
		t.Errorf("only %d date and %d decimal properties found", dates, decimals)
	}
}

func asStrings(v any) []string {
	var out []string
	if list, ok := v.([]any); ok {
		for _, x := range list {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestOpenAPIClosedVocabulariesAreEnums: severity, webhook events, an export link's route and
// Problem.code list their values, and the lists are the ones the code accepts or sends.
func TestOpenAPIClosedVocabulariesAreEnums(t *testing.T) {
	schemas := openAPIMap(t)["components"].(jsonObj)["schemas"].(jsonObj)
	enum := func(schema, prop string) []string {
		p := schemas[schema].(jsonObj)["properties"].(jsonObj)[prop].(jsonObj)
		if items, ok := p["items"].(jsonObj); ok {
			p = items
		}
		return asStrings(p["enum"])
	}
	if got := enum("Alert", "severity"); !slices.Equal(got, spac.Severities) {
		t.Errorf("Alert.severity enum %v, want %v", got, spac.Severities)
	}
	for _, s := range []string{"Webhook", "WebhookCreated", "WebhookCreateRequest", "WebhookUpdateRequest", "WebhookSecretRotated"} {
		if got := enum(s, "events"); !slices.Equal(got, webhook.Patterns()) {
			t.Errorf("%s.events enum %v, want %v", s, got, webhook.Patterns())
		}
	}
	if got := enum("ExportLinkRequest", "route"); !slices.Equal(got, linkRoutes) {
		t.Errorf("ExportLinkRequest.route enum %v, want the routes createExportLink accepts %v", got, linkRoutes)
	}
	if got := enum("Lockup", "party"); len(got) != len(spac.LockupParties) {
		t.Errorf("Lockup.party enum %v, want %v", got, spac.LockupParties)
	}
	codes := enum("Problem", "code")
	for code := range statuses {
		if !slices.Contains(codes, code) {
			t.Errorf("Problem.code enum lacks %s", code)
		}
	}
	if !slices.Contains(codes, spac.EINTERNAL) {
		t.Errorf("Problem.code enum lacks %s", spac.EINTERNAL)
	}
}

// TestOpenAPIWebhooksDescribeEveryEvent: the webhooks section has one entry per event type
// (and the test message), whose body is the Standard Webhooks message of that type.
func TestOpenAPIWebhooksDescribeEveryEvent(t *testing.T) {
	doc := openAPIMap(t)
	hooks, _ := doc["webhooks"].(jsonObj)
	want := append(webhook.EventTypes(), spac.WebhookTest)
	if got := slices.Sorted(maps.Keys(hooks)); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Fatalf("webhooks %v, want %v", got, want)
	}
	for event, item := range hooks {
		body := item.(jsonObj)["post"].(jsonObj)["requestBody"].(jsonObj)["content"].(jsonObj)["application/json"].(jsonObj)["schema"].(jsonObj)
		msg := deref(doc, body)
		props := msg["properties"].(jsonObj)
		if props["type"].(jsonObj)["const"] != event || props["data"].(jsonObj)["$ref"] == nil {
			t.Errorf("%s: message %v", event, msg)
		}
	}
}

// TestTypeScriptCallsEveryOperation: clients/ts/calls.ts, which CI compiles against the
// generated TypeScript client, calls every operation of the document.
func TestTypeScriptCallsEveryOperation(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "clients", "ts", "calls.ts"))
	if err != nil {
		t.Fatal(err)
	}
	called := map[string]bool{}
	for _, m := range regexp.MustCompile(`\.(GET|POST|PUT|PATCH|DELETE)\("([^"]+)"`).FindAllStringSubmatch(string(src), -1) {
		called[strings.ToLower(m[1])+" "+m[2]] = true
	}
	eachOperation(openAPIMap(t), func(id, path, method string, _ jsonObj) {
		if !called[method+" "+path] {
			t.Errorf("clients/ts/calls.ts does not call %s (%s %s)", id, strings.ToUpper(method), path)
		}
	})
}
