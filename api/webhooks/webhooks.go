// Package webhooks registers webhook endpoints and delivers events to them (DECISIONS.md,
// "Webhooks"): Standard Webhooks signatures, a persistent delivery queue, retries with backoff and
// jitter, no redirects, a 10 s timeout, per-endpoint isolation and a dial-time SSRF guard.
//
// Design notes:
//   - The queue is the Store: a delivery is written before it is attempted and rewritten after
//     each attempt, so pending deliveries survive a restart (Badger implements Store in kv).
//   - A dispatcher polls Store.Due and gives each endpoint its own lane: at most one delivery of
//     an endpoint is in flight, in its own goroutine, so a slow endpoint only delays itself.
//   - A delivery that exhausts the retry schedule (about 1.7 days) fails and disables its
//     endpoint ("endpoints failing for days are disabled"); re-enable by registering again.
package webhooks

import (
	"context"
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// Endpoint is a registered webhook destination, owned by the API key that created it.
type Endpoint struct {
	ID          string     `json:"id"`
	OwnerKeyID  string     `json:"-"`
	URL         string     `json:"url"`
	Events      []string   `json:"events"`
	Description string     `json:"description,omitempty"`
	Secret      string     `json:"-"` // whsec_...; shown once, at creation
	CreatedAt   time.Time  `json:"createdAt"`
	DisabledAt  *time.Time `json:"disabledAt,omitempty"`
}

// Delivery statuses.
const (
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Delivery is one message to one endpoint and its attempts. MessageID is the webhook-id header
// and the body's id: the same across retries and redeliveries of the message.
type Delivery struct {
	ID          string    `json:"id"`
	EndpointID  string    `json:"endpointId"`
	MessageID   string    `json:"messageId"`
	EventType   string    `json:"eventType"`
	Payload     []byte    `json:"-"` // the exact body sent (signed as is)
	Status      string    `json:"status"`
	Attempts    []Attempt `json:"attempts"`
	NextAttempt time.Time `json:"nextAttempt,omitzero"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Attempt is one HTTP try of a delivery.
type Attempt struct {
	At         time.Time `json:"at"`
	StatusCode int       `json:"statusCode,omitempty"`
	Error      string    `json:"error,omitempty"`
	DurationMS int64     `json:"durationMs"`
}

// Store persists endpoints and the delivery queue. Methods return spac.ErrNotFound (or an error
// with code spac.ENOTFOUND) for missing ids.
type Store interface {
	PutEndpoint(ctx context.Context, e Endpoint) error
	Endpoint(ctx context.Context, id string) (Endpoint, error)
	Endpoints(ctx context.Context) ([]Endpoint, error)
	DeleteEndpoint(ctx context.Context, id string) error // also drops its deliveries
	PutDelivery(ctx context.Context, d Delivery) error
	Delivery(ctx context.Context, id string) (Delivery, error)
	Deliveries(ctx context.Context, endpointID string) ([]Delivery, error) // newest first
	// Due returns up to limit pending deliveries with NextAttempt <= now, oldest first.
	Due(ctx context.Context, now time.Time, limit int) ([]Delivery, error)
}

// Event types that can be subscribed to.
const (
	EventFilingIngested  = "filing.ingested"
	EventNewsPublished   = "news.published"
	EventTrustRecomputed = "trust.recomputed"
	EventTest            = "webhook.test" // sent by POST /webhooks/{id}/test only
)

// EventTypes lists every subscribable event type: the fixed ones and alert.<kind> per kind.
func EventTypes() []string {
	out := []string{EventFilingIngested, EventNewsPublished, EventTrustRecomputed}
	for _, k := range spac.AlertKinds {
		out = append(out, AlertEvent(k))
	}
	return out
}

// AlertEvent is the event type of an alert kind ("alert.high_redemptions").
func AlertEvent(k spac.AlertKind) string { return "alert." + string(k) }

// Matches reports whether an event type matches a subscription pattern: an exact type, a prefix
// wildcard ("alert.*") or "*".
func Matches(pattern, eventType string) bool {
	if pattern == "*" || pattern == eventType {
		return true
	}
	prefix, ok := strings.CutSuffix(pattern, "*")
	return ok && strings.HasSuffix(prefix, ".") && strings.HasPrefix(eventType, prefix)
}

// validPattern reports whether a pattern matches at least one subscribable event type.
func validPattern(p string) bool {
	for _, t := range EventTypes() {
		if Matches(p, t) {
			return true
		}
	}
	return false
}

func (e Endpoint) wants(eventType string) bool {
	if e.DisabledAt != nil {
		return false
	}
	for _, p := range e.Events {
		if Matches(p, eventType) {
			return true
		}
	}
	return false
}
