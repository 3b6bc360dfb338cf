package spac

import (
	"context"
	"time"
)

// Tier is a plan tier (docs/decisions.md, "Access, tiers and limits").
type Tier string

const (
	TierAnonymous     Tier = "anonymous"
	TierFree          Tier = "free"
	TierIndie         Tier = "indie"
	TierPro           Tier = "pro"
	TierInstitutional Tier = "institutional"
	TierTeam          Tier = "team"
	TierEnterprise    Tier = "enterprise"
)

// APIKey is a caller's key. Only Hash (SHA-256 of the secret) is stored; the secret is shown
// once at creation.
type APIKey struct {
	// The key's id ("key_..."): how the admin API, usage and webhooks name it. Not the secret.
	ID string `json:"id"`
	// The label given at creation, to tell keys apart (e.g. "research desk").
	Name string `json:"name"`
	// The plan the key is on; it sets the rate limits and what the key may use (see /v1/account).
	Tier Tier   `json:"tier"`
	Hash string `json:"-"`
	// The first characters of the secret, to recognise a key without revealing it.
	Prefix string `json:"prefix"`
	// When the key was issued (UTC).
	CreatedAt time.Time `json:"createdAt"`
	// When the key stops working (UTC). A key rotated with a grace period has it in the future:
	// until then its old secret still works, as the key it was rotated into. Absent while the key
	// is live.
	RevokedAt *time.Time `json:"revokedAt,omitempty"`
	// The id of the key this one was rotated into; absent unless it was rotated.
	ReplacedBy string `json:"replacedBy,omitempty"`
}

// Revoked reports whether the key has been revoked or rotated (even if its grace period runs).
func (k APIKey) Revoked() bool { return k.RevokedAt != nil }

// ActiveAt reports whether the key's secret is accepted at now: never revoked, or rotated with
// a grace period that has not ended.
func (k APIKey) ActiveAt(now time.Time) bool { return k.RevokedAt == nil || now.Before(*k.RevokedAt) }

// KeyStore persists API keys.
type KeyStore interface {
	PutKey(ctx context.Context, k APIKey) error
	KeyByHash(ctx context.Context, hash string) (APIKey, error)
	Key(ctx context.Context, id string) (APIKey, error)
	Keys(ctx context.Context) ([]APIKey, error)
}

// CounterStore persists counters (rate-limit windows and usage) so that a restart grants no
// free quota. Add increments key by delta and returns the new value; keys expire after ttl.
type CounterStore interface {
	Add(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error)
	Get(ctx context.Context, key string) (int64, error)
	Scan(ctx context.Context, prefix string, fn func(key string, value int64) error) error
}

// AuthMode says whether a route needs a key (the spec's "Auth" column).
type AuthMode string

const (
	AuthOptional AuthMode = "optional" // anonymous callers get sample data
	AuthRequired AuthMode = "required" // 401 without a valid key
	AuthAdmin    AuthMode = "admin"    // admin token from config
)

// Entitlement is a capability a tier may lack (403 when it does).
type Entitlement string

const (
	EntitleNone     Entitlement = ""
	EntitleAlerts   Entitlement = "alerts"   // alerts REST
	EntitleStreams  Entitlement = "streams"  // SSE streams (anonymous: news stream, sample only)
	EntitleWebhooks Entitlement = "webhooks" // webhook registrations
)

// Caller is who is calling, as established by the access middleware and stored in the request
// context under CallerKey. Sample callers see only the configured sample SPACs.
type Caller struct {
	KeyID  string `json:"keyId,omitempty"`
	Tier   Tier   `json:"tier"`
	Sample bool   `json:"sample"`
	// Until is when the credential presented stops working: the end of a rotated key's grace
	// period (its old secret is served as the new key until then); zero when it has no end.
	// Long-lived responses (streams) end there.
	Until time.Time `json:"-"`
}

// CallerKey is the request-context key (gin.Context.Set/Get) holding the Caller.
const CallerKey = "spac.caller"

// CallerOf is the one way to read the Caller the access middleware established: ctx is the
// request's context (a *gin.Context reads the keys set with Set through Value). A request
// without one is an anonymous caller restricted to the sample, so a route wired without the
// guard never widens access, and a handler that needs a key sees KeyID == "".
func CallerOf(ctx interface{ Value(key any) any }) Caller {
	if caller, ok := ctx.Value(CallerKey).(Caller); ok {
		return caller
	}
	return Caller{Tier: TierAnonymous, Sample: true}
}

// UnchargeKey is the request-context key under which the access middleware keeps a
// func(ctx any) that gives back what it charged the request: one request of each rate-limit
// window and one usage count. The API calls it, through Uncharge, when it answers 304 Not
// Modified: revalidating a response the client already holds is free (docs/api.md, "Polling
// and ETags"). The func is given the request's context (a *gin.Context in the API).
const UnchargeKey = "spac.uncharge"

// Uncharge gives back what the access middleware charged the request, if it charged anything.
func Uncharge(ctx interface{ Value(key any) any }) {
	if f, ok := ctx.Value(UnchargeKey).(func(ctx any)); ok {
		f(ctx)
	}
}
