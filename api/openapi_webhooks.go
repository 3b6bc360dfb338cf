package api

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

// webhookData is the Go type of the data of each webhook event type the service sends
// (ingest/fanout publishes them, webhook.SendTest sends the test). A new event type without
// an entry here fails TestOpenAPIWebhooksDescribeEveryEvent.
func webhookData(eventType string) (any, bool) {
	if strings.HasPrefix(eventType, "alert.") {
		return spac.Alert{}, true
	}
	v, ok := map[string]any{
		spac.WebhookFilingIngested:  spac.FilingRef{},
		spac.WebhookNewsPublished:   spac.Article{},
		spac.WebhookTrustRecomputed: spac.TrustRecomputedData{},
		spac.WebhookTest:            spac.WebhookTestData{},
	}[eventType]
	return v, ok
}

// webhookPayloads is the document's webhooks section (OpenAPI 3.1): one POST per event type,
// whose body is the Standard Webhooks message {id, type, createdAt, data} with that type's
// data, signed in the webhook-* headers.
func webhookPayloads(sch *schemaSet) obj {
	out := obj{}
	for _, t := range append(webhook.EventTypes(), spac.WebhookTest) {
		data, ok := webhookData(t)
		if !ok {
			panic("openapi: no payload type for webhook event " + t) // a programming error, caught by the tests
		}
		out[t] = obj{"post": obj{
			"operationId": "webhook_" + strings.NewReplacer(".", "_").Replace(t),
			"summary":     "the " + t + " event, POSTed to each endpoint subscribed to it",
			"parameters":  webhookHeaders(),
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": sch.webhookMessage(t, data)}}},
			"responses": obj{
				"2XX":     obj{"description": "received: any 2xx ends the delivery"},
				"default": obj{"description": "anything else (or no answer within 10 s) is retried with backoff for about 1.7 days"},
			},
		}}
	}
	return out
}

// webhookMessage is the component "<Event>Message" of one event type's body.
func (s *schemaSet) webhookMessage(eventType string, data any) obj {
	name := webhookMessageName(eventType)
	payload := s.ref(data) // a new object: the description is this property's own
	payload["description"] = "the event: the alert, the article or the figures it reports"
	s.defs[name] = obj{
		"type": "object", "additionalProperties": false, "required": []string{"id", "type", "createdAt", "data"},
		"description": "the " + eventType + " webhook message (Standard Webhooks)",
		"properties": obj{
			"id":        obj{"type": "string", "description": "the message id, also in webhook-id; the same on every retry and redelivery"},
			"type":      obj{"type": "string", "const": eventType, "description": "the event type, " + eventType},
			"createdAt": obj{"type": "string", "format": "date-time", "description": "when the message was published (UTC); the same on every retry and redelivery"},
			"data":      payload,
		},
	}
	return obj{"$ref": componentPrefix + name}
}

// webhookMessageName is "AlertHighRedemptionsMessage" for "alert.high_redemptions".
func webhookMessageName(eventType string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(eventType, func(r rune) bool { return r == '.' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String() + "Message"
}

func webhookHeaders() []obj {
	h := func(name, desc string) obj {
		return obj{"name": name, "in": "header", "required": true, "schema": obj{"type": "string"}, "description": desc}
	}
	return []obj{
		h("webhook-id", "the message id (deduplicate on it)"),
		h("webhook-timestamp", "Unix seconds when this attempt was signed; reject old ones"),
		h("webhook-signature", `space-separated "v1,<base64 HMAC-SHA256 of id.timestamp.body>" signatures, keyed by the endpoint's whsec_ secret`),
	}
}

// closeVocabularies gives the closed string vocabularies that Go types as plain strings their
// enums: the events an endpoint subscribes to (webhook.Patterns) and Problem.code (every code
// statuses maps, and internal), so generated clients get union types instead of string.
func (s *schemaSet) closeVocabularies() {
	for _, name := range []string{"Webhook", "WebhookCreated", "WebhookCreateRequest", "WebhookUpdateRequest", "WebhookSecretRotated"} {
		if events, ok := s.property(name, "events"); ok {
			events["items"] = obj{"type": "string", "enum": webhook.Patterns()}
		}
	}
	if code, ok := s.property("Problem", "code"); ok {
		code["enum"] = problemCodes()
	}
}

// property is the schema of a property of a component, if both exist.
func (s *schemaSet) property(component, name string) (obj, bool) {
	props, _ := s.defs[component]["properties"].(obj)
	p, ok := props[name].(obj)
	return p, ok
}

// problemCodes are the codes a problem can carry: those with a status of their own, and
// internal, which every other code becomes (problemOf).
func problemCodes() []string {
	out := []string{spac.EINTERNAL}
	for code := range statuses {
		out = append(out, code)
	}
	slices.Sort(out)
	return out
}
