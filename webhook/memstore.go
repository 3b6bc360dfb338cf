package webhook

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// MemStore is an in-memory Store (tests, and the fixture-only mode).
type MemStore struct {
	mu          sync.Mutex
	endpoints   map[string]spac.WebhookEndpoint
	deliveries  map[string]spac.WebhookDelivery
	retired     map[string]string // owner -> successor
	outbox      []spac.OutboxEvent
	outboxSeq   uint64
	deliverySeq uint64
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{
		endpoints: map[string]spac.WebhookEndpoint{}, deliveries: map[string]spac.WebhookDelivery{},
		retired: map[string]string{},
	}
}

// PutEndpoint implements Store.
func (s *MemStore) PutEndpoint(_ context.Context, e spac.WebhookEndpoint) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, exists := s.endpoints[e.ID]; !exists {
		if _, retired := s.retired[e.OwnerKeyID]; retired {
			return spac.Errorf(spac.EUNAUTHORIZED, "the API key has been revoked or rotated: it can register no webhook")
		}
	}
	e.Events = slices.Clone(e.Events)
	s.endpoints[e.ID] = e
	return nil
}

// Endpoint implements Store.
func (s *MemStore) Endpoint(_ context.Context, id string) (spac.WebhookEndpoint, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.endpoints[id]
	if !ok {
		return spac.WebhookEndpoint{}, spac.ErrNotFound
	}
	return e, nil
}

// Endpoints implements Store, ordered by creation then id.
func (s *MemStore) Endpoints(ctx context.Context) ([]spac.WebhookEndpoint, error) {
	return s.endpointsWhere(func(spac.WebhookEndpoint) bool { return true }), nil
}

// EndpointsOf implements Store.
func (s *MemStore) EndpointsOf(_ context.Context, owner string) ([]spac.WebhookEndpoint, error) {
	return s.endpointsWhere(func(e spac.WebhookEndpoint) bool { return e.OwnerKeyID == owner }), nil
}

func (s *MemStore) endpointsWhere(keep func(spac.WebhookEndpoint) bool) []spac.WebhookEndpoint {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]spac.WebhookEndpoint, 0, len(s.endpoints))
	for _, e := range s.endpoints {
		if keep(e) {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b spac.WebhookEndpoint) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

// DeleteEndpoint implements Store.
func (s *MemStore) DeleteEndpoint(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.endpoints[id]; !ok {
		return spac.ErrNotFound
	}
	delete(s.endpoints, id)
	for k, d := range s.deliveries {
		if d.EndpointID == id {
			delete(s.deliveries, k)
		}
	}
	return nil
}

// PutDelivery implements Store.
func (s *MemStore) PutDelivery(_ context.Context, d spac.WebhookDelivery) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.deliveries[d.ID]; ok {
		d.Seq = old.Seq
	} else {
		s.deliverySeq++
		d.Seq = s.deliverySeq
	}
	d.Attempts = slices.Clone(d.Attempts)
	s.deliveries[d.ID] = d
	return nil
}

// Delivery implements Store.
func (s *MemStore) Delivery(_ context.Context, id string) (spac.WebhookDelivery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.deliveries[id]
	if !ok {
		return spac.WebhookDelivery{}, spac.ErrNotFound
	}
	d.Attempts = slices.Clone(d.Attempts)
	return d, nil
}

// Deliveries implements Store.
func (s *MemStore) Deliveries(_ context.Context, endpointID string) ([]spac.WebhookDelivery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []spac.WebhookDelivery
	for _, d := range s.deliveries {
		if d.EndpointID == endpointID {
			d.Attempts = slices.Clone(d.Attempts)
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b spac.WebhookDelivery) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// Due implements Store.
func (s *MemStore) Due(_ context.Context, now time.Time, limit int) ([]spac.WebhookDelivery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []spac.WebhookDelivery
	for _, d := range s.deliveries {
		if d.Status == spac.DeliveryPending && !d.NextAttempt.After(now) {
			d.Attempts = slices.Clone(d.Attempts)
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b spac.WebhookDelivery) int {
		if c := a.NextAttempt.Compare(b.NextAttempt); c != 0 {
			return c
		}
		return cmp.Compare(a.Seq, b.Seq)
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// RetireOwner implements Store.
func (s *MemStore) RetireOwner(_ context.Context, owner, successor string, at time.Time) ([]spac.WebhookEndpoint, error) {
	if owner == "" || owner == successor {
		return nil, spac.InvalidParam("owner", "retiring %q for %q", owner, successor)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.retired[owner] = successor
	var out []spac.WebhookEndpoint
	for id, e := range s.endpoints {
		if e.OwnerKeyID != owner {
			continue
		}
		switch {
		case successor != "":
			e.OwnerKeyID = successor
		case e.DisabledAt == nil:
			at := at.UTC()
			e.DisabledAt, e.DisabledReason = &at, "key revoked"
		}
		s.endpoints[id] = e
		out = append(out, e)
	}
	// in ID order, as the Badger store's key order gives them (a map ranges at random)
	slices.SortFunc(out, func(a, b spac.WebhookEndpoint) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// DisableEndpoint implements Store.
func (s *MemStore) DisableEndpoint(_ context.Context, id string, seen spac.WebhookEndpoint, at time.Time, reason string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.endpoints[id]
	if !ok || !spac.EndpointUnchanged(seen, e) {
		return false, nil
	}
	at = at.UTC()
	e.DisabledAt, e.DisabledReason = &at, reason
	s.endpoints[id] = e
	return true, nil
}

// PutEvent implements Store.
func (s *MemStore) PutEvent(_ context.Context, ev spac.OutboxEvent) error {
	if ev.ID == "" || ev.Type == "" || len(ev.Payload) == 0 {
		return spac.InvalidParam("event", "an outbox event needs an id, a type and a payload")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.outboxSeq++
	ev.Seq = s.outboxSeq
	s.outbox = append(s.outbox, ev)
	return nil
}

// Outbox implements Store.
func (s *MemStore) Outbox(_ context.Context, limit int) ([]spac.OutboxEvent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.outbox)
	if limit > 0 {
		n = min(n, limit)
	}
	return slices.Clone(s.outbox[:n]), nil
}

// Expand implements Store.
func (s *MemStore) Expand(_ context.Context, ev spac.OutboxEvent, endpointIDs []string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	created := 0
	for _, epID := range endpointIDs {
		id := spac.WebhookDeliveryID(ev.ID, epID)
		e, ok := s.endpoints[epID]
		if _, exists := s.deliveries[id]; !ok || exists || e.DisabledAt != nil {
			continue
		}
		s.deliverySeq++
		at := ev.CreatedAt.UTC()
		s.deliveries[id] = spac.WebhookDelivery{
			ID: id, Seq: s.deliverySeq, EndpointID: epID, MessageID: ev.ID, EventType: ev.Type, Payload: ev.Payload,
			Status: spac.DeliveryPending, NextAttempt: at, CreatedAt: at, Attempts: []spac.WebhookAttempt{},
		}
		created++
	}
	s.outbox = slices.DeleteFunc(s.outbox, func(o spac.OutboxEvent) bool { return ev.Seq != 0 && o.Seq == ev.Seq })
	return created, nil
}

// Claim implements Store.
func (s *MemStore) Claim(_ context.Context, id string, now, until time.Time) (spac.WebhookDelivery, spac.WebhookEndpoint, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, found := s.deliveries[id]
	if !found || d.Status != spac.DeliveryPending || d.NextAttempt.After(now) {
		return d, spac.WebhookEndpoint{}, false, nil
	}
	e, ok := s.endpoints[d.EndpointID]
	if !ok {
		return d, e, false, spac.ErrNotFound
	}
	d.Attempts = slices.Clone(d.Attempts)
	if e.DisabledAt != nil {
		d.Status, d.NextAttempt = spac.DeliveryFailed, time.Time{}
		d.Attempts = append(d.Attempts, spac.WebhookAttempt{At: now.UTC(), Error: spac.WebhookEndpointDisabled})
		s.deliveries[id] = d
		return d, e, false, nil
	}
	d.NextAttempt = until.UTC()
	s.deliveries[id] = d
	return d, e, true, nil
}
