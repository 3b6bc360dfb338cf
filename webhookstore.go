package spac

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"reflect"
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
	// When the trust figures were recomputed (UTC, RFC 3339).
	At string `json:"at" jsonschema:"format=date-time"`
	// Number of SPACs whose trust figures were recomputed.
	SPACs int `json:"spacs" jsonschema:"minimum=0"`
}

// WebhookTestData is the data of the webhook.test message POST /webhooks/{id}/test sends.
type WebhookTestData struct {
	// The endpoint the test message was sent to.
	EndpointID string `json:"endpointId"`
	// A fixed text saying this is a test.
	Message string `json:"message"`
}

// WebhookAlertEvent is the webhook event type of an alert kind ("alert.high_redemptions").
func WebhookAlertEvent(k AlertKind) string { return "alert." + string(k) }

// WebhookEndpoint is a registered webhook destination, owned by the API key that created it.
type WebhookEndpoint struct {
	// The endpoint's id ("wh_...").
	ID         string `json:"id"`
	OwnerKeyID string `json:"-"`
	// Where deliveries are POSTed (https; no private or loopback address).
	URL string `json:"url"`
	// The event types it receives: each a type ("alert.high_redemptions"), a "<prefix>.*" pattern
	// or "*".
	Events []string `json:"events"`
	// A free-text note the owner gave it.
	Description string `json:"description,omitempty"`
	Secret      string `json:"-"` // whsec_...; shown once, at creation or rotation
	// When it was registered (UTC).
	CreatedAt time.Time `json:"createdAt"`
	// When it was disabled (UTC); absent while enabled. A disabled endpoint receives nothing until
	// PATCH enabled=true.
	DisabledAt *time.Time `json:"disabledAt,omitempty"`
	// Why it was disabled: "retries exhausted", "key revoked" or "disabled by its owner".
	DisabledReason string `json:"disabledReason,omitempty"`
	// PreviousSecret is the secret a rotation replaced; deliveries are signed with it too
	// (a second signature) until PreviousSecretExpiresAt, so receivers can switch over.
	PreviousSecret string `json:"-"`
	// Until when deliveries also carry a signature with the secret a rotation replaced (UTC);
	// absent when there is none.
	PreviousSecretExpiresAt *time.Time `json:"previousSecretExpiresAt,omitempty"`
}

// EndpointUnchanged reports whether now is still the version seen of an endpoint: equal in
// every field but the owner, which a key rotation moves to the successor key without
// changing what the endpoint is (the compare of DisableEndpoint).
func EndpointUnchanged(seen, now WebhookEndpoint) bool {
	seen.OwnerKeyID, now.OwnerKeyID = "", ""
	return reflect.DeepEqual(seen, now)
}

// SigningSecrets are the secrets a delivery attempted at at is signed with: the current one,
// then the previous one while its overlap window lasts.
func (e WebhookEndpoint) SigningSecrets(at time.Time) []string {
	out := []string{e.Secret}
	if e.PreviousSecret != "" && e.PreviousSecretExpiresAt != nil && at.Before(*e.PreviousSecretExpiresAt) {
		out = append(out, e.PreviousSecret)
	}
	return out
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
	// The delivery's id ("dlv_..."): one per event and endpoint.
	ID  string `json:"id"`
	Seq uint64 `json:"-"` // creation order, assigned by the store; orders deliveries due together
	// The webhook endpoint it is sent to.
	EndpointID string `json:"endpointId"`
	// The message id, also sent as the webhook-id header: the same on every retry and redelivery,
	// so receivers can drop duplicates.
	MessageID string `json:"messageId"`
	// The event's type, e.g. "alert.high_redemptions", "news.published".
	EventType string `json:"eventType"`
	Payload   []byte `json:"-"` // the exact body sent (signed as is)
	// pending (retries left), succeeded (a 2xx answer) or failed (retries exhausted, or the
	// endpoint disabled).
	Status string `json:"status"`
	// Every attempt so far, oldest first.
	Attempts []WebhookAttempt `json:"attempts"`
	// When the next attempt is due (UTC), while pending.
	NextAttempt time.Time `json:"nextAttempt,omitzero"`
	// When the delivery was created (UTC).
	CreatedAt time.Time `json:"createdAt"`
}

// WebhookAttempt is one HTTP try of a delivery.
type WebhookAttempt struct {
	// When the attempt started (UTC).
	At time.Time `json:"at"`
	// The HTTP status the receiver answered; absent when no answer came.
	StatusCode int `json:"statusCode,omitempty"`
	// Why the attempt failed (timeout, connection refused, a non-2xx status, "endpoint disabled");
	// absent on success.
	Error string `json:"error,omitempty"`
	// How long the attempt took, in milliseconds.
	DurationMS int64 `json:"durationMs"`
}

// OutboxEvent is one outgoing webhook event, written in the transaction of the change that
// caused it (an alert or article stored, a fold) and turned into one delivery per subscribed
// endpoint by the webhook engine. ID is the webhook-id: it is given once, when the event is
// built, and every delivery, retry and redelivery of the event carries it, so a receiver can
// deduplicate by it whatever crashed in between.
type OutboxEvent struct {
	Seq       uint64    `json:"seq"` // assigned by the store, increasing
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	Payload   []byte    `json:"payload"` // the exact body every delivery sends (signed as is)
	CreatedAt time.Time `json:"createdAt"`
}

// WebhookStore persists webhook endpoints, the outbox and the delivery queue: a delivery is
// written before it is attempted and rewritten after each attempt, so pending deliveries
// survive a restart. Methods return ErrNotFound (or an error with code ENOTFOUND) for missing
// ids.
type WebhookStore interface {
	// PutEndpoint inserts or replaces an endpoint. A new endpoint of an owner retired by
	// RetireOwner is refused (EUNAUTHORIZED): a request authenticated just before its key was
	// revoked cannot register past the revocation.
	PutEndpoint(ctx context.Context, e WebhookEndpoint) error
	Endpoint(ctx context.Context, id string) (WebhookEndpoint, error)
	Endpoints(ctx context.Context) ([]WebhookEndpoint, error)
	// EndpointsOf returns the endpoints of one owner (API key id), by creation then id.
	EndpointsOf(ctx context.Context, owner string) ([]WebhookEndpoint, error)
	DeleteEndpoint(ctx context.Context, id string) error // also drops its deliveries
	// RetireOwner ends an API key's ownership in one transaction: its endpoints move to
	// successor (a rotation) or, when successor is empty, are disabled with the reason "key
	// revoked"; from then on no endpoint can be created for owner. It returns the endpoints
	// as they are after the change, in ID order.
	RetireOwner(ctx context.Context, owner, successor string, at time.Time) ([]WebhookEndpoint, error)
	// DisableEndpoint disables endpoint id at at for reason in one transaction, only while it
	// is still the version seen (EndpointUnchanged): a change its owner made since (a new URL,
	// a re-enable) is neither overwritten nor disabled. It reports whether it disabled it; a
	// missing endpoint is not disabled and no error.
	DisableEndpoint(ctx context.Context, id string, seen WebhookEndpoint, at time.Time, reason string) (bool, error)

	// PutEvent appends an event to the outbox on its own (events whose cause stores nothing,
	// and stores without a transactional path for theirs).
	PutEvent(ctx context.Context, ev OutboxEvent) error
	// Outbox returns up to limit events, oldest first.
	Outbox(ctx context.Context, limit int) ([]OutboxEvent, error)
	// Expand turns ev into one pending delivery, due at ev.CreatedAt, per listed endpoint that
	// exists, is enabled and has no delivery of ev yet (delivery ids derive from the event id
	// and the endpoint, so expanding an event twice creates nothing the second time), and
	// deletes ev from the outbox once all are written (a store may write them in several
	// transactions: an event still in the outbox is expanded again). It returns the
	// deliveries created.
	Expand(ctx context.Context, ev OutboxEvent, endpointIDs []string) (int, error)

	PutDelivery(ctx context.Context, d WebhookDelivery) error
	Delivery(ctx context.Context, id string) (WebhookDelivery, error)
	Deliveries(ctx context.Context, endpointID string) ([]WebhookDelivery, error) // newest first
	// Due returns up to limit pending deliveries with NextAttempt <= now, oldest first (then
	// in creation order).
	Due(ctx context.Context, now time.Time, limit int) ([]WebhookDelivery, error)
	// Claim takes a delivery for one attempt. In one transaction it re-reads the delivery and
	// its endpoint: when the delivery is still pending and due at now and the endpoint exists
	// and is enabled, it moves the delivery's NextAttempt to until (a lease: a process that
	// dies mid-attempt leaves the delivery to be retried then) and returns both with ok. A
	// delivery whose endpoint is disabled is marked failed there and then; anything else
	// (already attempted, not due, gone) is not ok and changes nothing.
	Claim(ctx context.Context, id string, now, until time.Time) (d WebhookDelivery, e WebhookEndpoint, ok bool, err error)
}

// WebhookDeliveryID is the id of the delivery of event eventID to endpoint endpointID: derived
// from both, so that a store can tell an event it already expanded.
func WebhookDeliveryID(eventID, endpointID string) string {
	sum := sha256.Sum256([]byte(eventID + "\x00" + endpointID))
	return "dlv_" + hex.EncodeToString(sum[:12])
}

// WebhookEndpointDisabled is the error a failed delivery records when its endpoint was
// disabled before the attempt.
const WebhookEndpointDisabled = "endpoint disabled"

// WebhookLedger records, for every node of a cluster, each delivery as the node that attempted
// it last left it (its attempts, status and next attempt), so that a node taking over delivery
// from one that died sends nothing the other already delivered, and every node's deliveries
// list shows the attempts whichever node made them (docs/operating.md, "Cluster").
type WebhookLedger interface {
	// Recorded returns the delivery as last recorded (its payload aside); ok is false while no
	// node recorded an attempt of it.
	Recorded(ctx context.Context, deliveryID string) (d WebhookDelivery, ok bool, err error)
	// Record keeps d as it stands after an attempt.
	Record(ctx context.Context, d WebhookDelivery) error
}

// NewerDelivery reports whether a is a later state of a delivery than b: more attempts, or
// as many and final where b is pending.
func NewerDelivery(a, b WebhookDelivery) bool {
	if len(a.Attempts) != len(b.Attempts) {
		return len(a.Attempts) > len(b.Attempts)
	}
	return a.Status != DeliveryPending && b.Status == DeliveryPending
}
