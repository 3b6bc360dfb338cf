package webhook

import (
	"context"
	"net/netip"
	"net/url"
	"strings"

	"github.com/spacdata/spac"
)

// Registration is what a caller asks for when registering an endpoint.
type Registration struct {
	URL         string
	Events      []string // event types or patterns ("alert.*", "*")
	Description string
}

// CodeLimitExceeded is the error code of a key at its endpoint cap; package api renders it
// as 422 (api.CodeLimitExceeded).
const CodeLimitExceeded = "limit_exceeded"

// Register validates r and stores a new endpoint owned by the key ownerKeyID, with a fresh
// signing secret (in the returned endpoint: the caller shows it once). A bad field is an
// invalid-parameter error naming it; a key at its cap gets CodeLimitExceeded.
func (s *Service) Register(ctx context.Context, ownerKeyID string, r Registration) (spac.WebhookEndpoint, error) {
	if err := s.validate(r); err != nil {
		return spac.WebhookEndpoint{}, err
	}
	secret, err := NewSecret()
	if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	e := spac.WebhookEndpoint{
		ID: newID("wh_"), OwnerKeyID: ownerKeyID, URL: r.URL, Events: r.Events,
		Description: r.Description, Secret: secret, CreatedAt: s.cfg.Now().UTC(),
	}
	if err := s.putWithinCap(ctx, e); err != nil {
		return spac.WebhookEndpoint{}, err
	}
	return e, nil
}

// putWithinCap stores e unless its owner already has MaxPerKey endpoints (disabled ones
// count: they are still registered until deleted).
func (s *Service) putWithinCap(ctx context.Context, e spac.WebhookEndpoint) error {
	s.createMu.Lock()
	defer s.createMu.Unlock()
	owned, err := s.store.EndpointsOf(ctx, e.OwnerKeyID)
	if err != nil {
		return err
	}
	if n := len(owned); n >= s.cfg.MaxPerKey {
		return spac.Errorf(CodeLimitExceeded, "this key already has %d webhooks, the most it may register; delete one first", n)
	}
	return s.store.PutEndpoint(ctx, e)
}

func (s *Service) validate(r Registration) error {
	u, err := url.Parse(r.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || len(r.URL) > 2048 {
		return spac.InvalidParam("url", "url must be an absolute http(s) URL of at most 2048 characters")
	}
	if !s.cfg.AllowPrivateTargets && literalForbiddenHost(u.Hostname()) {
		return spac.InvalidParam("url", "url must not point to a loopback, private or link-local address")
	}
	if len(r.Events) == 0 || len(r.Events) > 50 {
		return spac.InvalidParam("events", "events must list 1 to 50 event types or patterns (e.g. \"alert.*\")")
	}
	for _, p := range r.Events {
		if !validPattern(p) {
			return spac.InvalidParam("events", "unknown event type or pattern %q (one of %s, or a pattern like \"alert.*\")", p, strings.Join(EventTypes(), ", "))
		}
	}
	if len(r.Description) > 500 {
		return spac.InvalidParam("description", "description must be at most 500 characters")
	}
	return nil
}

// literalForbiddenHost catches the obvious cases at registration for a clear 400; the dial
// guard is what actually enforces the rule (names can resolve anywhere).
func literalForbiddenHost(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && forbiddenAddr(a)
}

// SendTest queues a "webhook.test" message to e, whatever e subscribes to.
func (s *Service) SendTest(ctx context.Context, e spac.WebhookEndpoint) (spac.WebhookDelivery, error) {
	ev, err := s.NewEvent(spac.WebhookTest, "", spac.WebhookTestData{EndpointID: e.ID, Message: "test delivery"})
	if err != nil {
		return spac.WebhookDelivery{}, err
	}
	return s.enqueue(ctx, e.ID, ev.ID, ev.Type, ev.Payload)
}

// Redeliver queues a new delivery of the message of delivery deliveryID (same webhook-id and
// body), due now. A delivery that is not endpointID's is not found.
func (s *Service) Redeliver(ctx context.Context, endpointID, deliveryID string) (spac.WebhookDelivery, error) {
	old, err := s.store.Delivery(ctx, deliveryID)
	if err != nil || old.EndpointID != endpointID {
		return spac.WebhookDelivery{}, spac.Errorf(spac.ENOTFOUND, "no delivery %q for webhook %q", deliveryID, endpointID)
	}
	return s.enqueue(ctx, endpointID, old.MessageID, old.EventType, old.Payload)
}

// Store is the endpoint and delivery store the service queues into (the handlers read it).
func (s *Service) Store() spac.WebhookStore { return s.store }
