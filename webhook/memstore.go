package webhook

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// MemStore is an in-memory Store (tests, and the fixture-only mode).
type MemStore struct {
	mu         sync.Mutex
	endpoints  map[string]spac.WebhookEndpoint
	deliveries map[string]spac.WebhookDelivery
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{endpoints: map[string]spac.WebhookEndpoint{}, deliveries: map[string]spac.WebhookDelivery{}}
}

// PutEndpoint implements Store.
func (s *MemStore) PutEndpoint(_ context.Context, e spac.WebhookEndpoint) error {
	s.mu.Lock()
	defer s.mu.Unlock()
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
func (s *MemStore) Endpoints(_ context.Context) ([]spac.WebhookEndpoint, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]spac.WebhookEndpoint, 0, len(s.endpoints))
	for _, e := range s.endpoints {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b spac.WebhookEndpoint) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
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
		return strings.Compare(a.ID, b.ID)
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}
