package webhook

import (
	"context"

	"github.com/spacdata/spac"
)

// RetireKey ends an API key's ownership of its webhooks (package access calls it when a key is
// revoked or rotated). With a successor (a rotation) the endpoints move to it, and so keep
// delivering and keep counting against the cap of the key that now holds them. Without one (a
// revocation) they are disabled, and RetireKey returns only once no attempt of theirs is under
// way (an attempt in flight is let finish, within the attempt timeout): no delivery reaches
// them after it returns. Either way the key can register no endpoint
// from then on, even in a request that was authenticated before.
func (s *Service) RetireKey(ctx context.Context, keyID, successor string) ([]spac.WebhookEndpoint, error) {
	s.createMu.Lock() // a registration counting this key's endpoints finishes first
	defer s.createMu.Unlock()
	eps, err := s.store.RetireOwner(ctx, keyID, successor, s.cfg.Now())
	if err != nil || successor != "" {
		return eps, err
	}
	ids := make([]string, len(eps))
	for i, e := range eps {
		ids[i] = e.ID
	}
	// The endpoints are disabled in the store, so no claim succeeds any more; an attempt
	// claimed before is waited for (it ends within the attempt timeout).
	return eps, s.stopLanes(ctx, ids, func() error { return nil })
}

// DeleteEndpoint deletes an endpoint and its deliveries once no attempt of it is under way.
func (s *Service) DeleteEndpoint(ctx context.Context, id string) error {
	return s.stopLanes(ctx, []string{id}, func() error { return s.store.DeleteEndpoint(ctx, id) })
}

// EndpointsOf lists the endpoints an API key owns (the admin routes).
func (s *Service) EndpointsOf(ctx context.Context, keyID string) ([]spac.WebhookEndpoint, error) {
	eps, err := s.store.EndpointsOf(ctx, keyID)
	if eps == nil {
		eps = []spac.WebhookEndpoint{}
	}
	return eps, err
}
