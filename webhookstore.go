package spac

import (
	"context"
	"time"
)

// Webhook event types that can be subscribed to, besides WebhookAlertEvent's one per alert kind.
const (
	WebhookFilingIngested  = "filing.ingested"
	WebhookNewsPublished   = "news.published"
	WebhookTrustRecomputed = "trust.recomputed"
	WebhookTest            = "webhook.test" // sent by POST /webhooks/{id}/test only
)

// TrustRecomputedData is the data of a trust.recomputed webhook: how many SPACs the refold
// covered and when it ran (RFC 3339).
type TrustRecomputedData struct {
	At    string `json:"at" jsonschema:"format=date-time"` // first, as the map it replaced wrote it
	SPACs int    `json:"spacs" jsonschema:"minimum=0"`
}

// WebhookTestData is the data of the webhook.test message POST /webhooks/{id}/test sends.
type WebhookTestData struct {
	EndpointID string `json:"endpointId"`
	Message    string `json:"message"`
}

// WebhookAlertEvent is the webhook event type of an alert kind ("alert.high_redemptions").
func WebhookAlertEvent(k AlertKind) string { return "alert." + string(k) }

// WebhookEndpoint is a registered webhook destination, owned by the API key that created it.
type WebhookEndpoint struct {
	ID          string     `json:"id"`
	OwnerKeyID  string     `json:"-"`
	URL         string     `json:"url"`
	Events      []string   `json:"events"`
	Description string     `json:"description,omitempty"`
	Secret      string     `json:"-"` // whsec_...; shown once, at creation
	CreatedAt   time.Time  `json:"createdAt"`
	DisabledAt  *time.Time `json:"disabledAt,omitempty"`
}

// Webhook delivery statuses.
const (
	DeliveryPending   = "pending"
	DeliverySucceeded = "succeeded"
	DeliveryFailed    = "failed"
)

// WebhookDelivery is one message to one endpoint and its attempts. MessageID is the webhook-id
// header and the body's id: the same across retries and redeliveries of the message.
type WebhookDelivery struct {
	ID          string           `json:"id"`
	EndpointID  string           `json:"endpointId"`
	MessageID   string           `json:"messageId"`
	EventType   string           `json:"eventType"`
	Payload     []byte           `json:"-"` // the exact body sent (signed as is)
	Status      string           `json:"status"`
	Attempts    []WebhookAttempt `json:"attempts"`
	NextAttempt time.Time        `json:"nextAttempt,omitzero"`
	CreatedAt   time.Time        `json:"createdAt"`
}

// WebhookAttempt is one HTTP try of a delivery.
type WebhookAttempt struct {
	At         time.Time `json:"at"`
	StatusCode int       `json:"statusCode,omitempty"`
	Error      string    `json:"error,omitempty"`
	DurationMS int64     `json:"durationMs"`
}

// WebhookStore persists webhook endpoints and the delivery queue: a delivery is written before it
// is attempted and rewritten after each attempt, so pending deliveries survive a restart. Methods
// return ErrNotFound (or an error with code ENOTFOUND) for missing ids.
type WebhookStore interface {
	PutEndpoint(ctx context.Context, e WebhookEndpoint) error
	Endpoint(ctx context.Context, id string) (WebhookEndpoint, error)
	Endpoints(ctx context.Context) ([]WebhookEndpoint, error)
	DeleteEndpoint(ctx context.Context, id string) error // also drops its deliveries
	PutDelivery(ctx context.Context, d WebhookDelivery) error
	Delivery(ctx context.Context, id string) (WebhookDelivery, error)
	Deliveries(ctx context.Context, endpointID string) ([]WebhookDelivery, error) // newest first
	// Due returns up to limit pending deliveries with NextAttempt <= now, oldest first.
	Due(ctx context.Context, now time.Time, limit int) ([]WebhookDelivery, error)
}
