package webhook

import (
	"context"
	"slices"
	"time"

	"github.com/spacdata/spac"
)

// Secret rotation's overlap window: how long the replaced secret keeps signing deliveries
// beside the new one (a second signature in webhook-signature), so a receiver can deploy the
// new secret without rejecting a delivery in between.
const (
	DefaultSecretGrace = 24 * time.Hour
	MaxSecretGrace     = 7 * 24 * time.Hour
)

// ReasonOwnerDisabled is the DisabledReason of an endpoint its owner disabled (PATCH enabled=false).
const ReasonOwnerDisabled = "disabled by its owner"

// Update is a partial change of an endpoint: nil fields stay as they are.
type Update struct {
	URL         *string
	Events      *[]string
	Description *string
	Enabled     *bool // true re-enables a disabled endpoint; false disables it
}

// RotateSecret gives endpoint id of owner a fresh secret (in the returned endpoint: the caller
// shows it once). The secret it replaces keeps signing deliveries for grace (0: it stops at
// once); a rotation inside an earlier one's window drops the older secret, so at most two
// signatures are ever sent.
func (s *Service) RotateSecret(ctx context.Context, owner, id string, grace time.Duration) (spac.WebhookEndpoint, error) {
	if grace < 0 || grace > MaxSecretGrace {
		return spac.WebhookEndpoint{}, spac.InvalidParam("grace", "grace must be a duration from 0s to %s", MaxSecretGrace)
	}
	secret, err := NewSecret()
	if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	return s.modify(ctx, owner, id, func(e *spac.WebhookEndpoint) error {
		e.PreviousSecret, e.PreviousSecretExpiresAt = "", nil
		if grace > 0 {
			until := s.cfg.Now().UTC().Truncate(time.Second).Add(grace)
			e.PreviousSecret, e.PreviousSecretExpiresAt = e.Secret, &until
		}
		e.Secret = secret
		return nil
	})
}

// Update applies u to endpoint id of owner, validating the result as a registration is. An
// endpoint disabled by the update has no attempt under way once Update returns.
func (s *Service) Update(ctx context.Context, owner, id string, u Update) (spac.WebhookEndpoint, error) {
	return s.modify(ctx, owner, id, func(e *spac.WebhookEndpoint) error {
		if u.URL != nil {
			e.URL = *u.URL
		}
		if u.Events != nil {
			e.Events = slices.Clone(*u.Events)
		}
		if u.Description != nil {
			e.Description = *u.Description
		}
		if err := s.validate(Registration{URL: e.URL, Events: e.Events, Description: e.Description}); err != nil {
			return err
		}
		switch {
		case u.Enabled == nil:
		case *u.Enabled:
			e.DisabledAt, e.DisabledReason = nil, ""
		case e.DisabledAt == nil:
			now := s.cfg.Now().UTC()
			e.DisabledAt, e.DisabledReason = &now, ReasonOwnerDisabled
		}
		return nil
	})
}

// modify re-reads endpoint id, applies change and stores the result. It holds createMu, as
// RetireKey does, so an endpoint moved to a rotated key's successor or disabled with a revoked
// key is not written back as it was; an endpoint no longer owner's is not found. When the
// change disables the endpoint, modify returns once no attempt of it is under way.
func (s *Service) modify(ctx context.Context, owner, id string, change func(*spac.WebhookEndpoint) error) (spac.WebhookEndpoint, error) {
	s.createMu.Lock()
	defer s.createMu.Unlock()
	e, err := s.store.Endpoint(ctx, id)
	if spac.ErrorCode(err) == spac.ENOTFOUND || (err == nil && e.OwnerKeyID != owner) {
		return spac.WebhookEndpoint{}, spac.Errorf(spac.ENOTFOUND, "no webhook %q", id)
	} else if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	wasEnabled := e.DisabledAt == nil
	if err := change(&e); err != nil {
		return spac.WebhookEndpoint{}, err
	}
	if err := s.store.PutEndpoint(ctx, e); err != nil {
		return spac.WebhookEndpoint{}, err
	}
	if wasEnabled && e.DisabledAt != nil {
		// Disabled in the store, so no claim succeeds any more; an attempt claimed before is
		// waited for (it ends within the attempt timeout), as RetireKey does.
		return e, s.stopLanes(ctx, []string{id}, func() error { return nil })
	}
	s.poke() // a re-enabled endpoint may have deliveries due
	return e, nil
}
