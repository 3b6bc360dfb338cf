package access

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/strictjson"
)

// HTTP handlers for the admin key routes and the key holder's account routes. They follow the
// api package's handler shape: return the body value or an error for its renderer. Admin
// routes are mounted behind Guard.Handler(spac.AuthAdmin, ...), account routes behind
// Guard.Handler(spac.AuthRequired, spac.EntitleNone).

// DefaultUsageDays is the window of the usage routes when ?days= is absent.
const DefaultUsageDays = 30

// CreateKeyRequest is the body of POST /admin/keys.
type CreateKeyRequest struct {
	// A label for the key, to tell keys apart.
	Name string `json:"name"`
	// The plan to put the key on.
	Tier spac.Tier `json:"tier"`
}

// IssuedKey is a key with its secret, shown once (create and rotate).
type IssuedKey struct {
	// The key issued.
	Key spac.APIKey `json:"key"`
	// The key's secret, sent as Authorization: Bearer <secret>; shown only here.
	Secret  string `json:"secret"`
	Revoked string `json:"revoked,omitempty"` // the rotated-out key's id
}

// KeyList is the body of GET /admin/keys (the tabular shape, one page).
type KeyList struct {
	// The keys.
	Rows []spac.APIKey `json:"rows"`
	// Keys in this page.
	Count int `json:"count"`
	// Keys in all.
	Total int `json:"total"`
	// Cursor of the next page; null on the last.
	Next *string `json:"next"`
}

// Account is the body of GET /v1/account.
type Account struct {
	// The calling key's id.
	KeyID string `json:"keyId"`
	// The key's label.
	Name string `json:"name"`
	// The first characters of the key's secret.
	Prefix string `json:"prefix"`
	// The key's plan.
	Tier spac.Tier `json:"tier"`
	// When the key was issued (UTC).
	CreatedAt string `json:"createdAt" jsonschema:"format=date-time"`
	// What the plan allows: rate limits and features.
	Limits TierLimits `json:"limits"`
}

// AdminCreate handles POST /admin/keys {name, tier} -> 201 IssuedKey.
func (k *Keys) AdminCreate(c *gin.Context) (any, error) {
	var req CreateKeyRequest
	if err := strictjson.Decode(c.Request.Body, &req); err != nil {
		return nil, spac.InvalidParam("body", "expected a JSON object {\"name\", \"tier\"}")
	}
	secret, key, err := k.Create(c.Request.Context(), req.Name, req.Tier)
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusCreated)
	return IssuedKey{Key: key, Secret: secret}, nil
}

// AdminList handles GET /admin/keys.
func (k *Keys) AdminList(c *gin.Context) (any, error) {
	keys, err := k.List(c.Request.Context())
	if err != nil {
		return nil, err
	}
	if keys == nil {
		keys = []spac.APIKey{}
	}
	return KeyList{Rows: keys, Count: len(keys), Total: len(keys)}, nil
}

// AdminRevoke handles DELETE /admin/keys/:id -> the revoked key.
func (k *Keys) AdminRevoke(c *gin.Context) (any, error) {
	return k.Revoke(c.Request.Context(), c.Param("id"))
}

// AdminRotate handles POST /admin/keys/:id/rotate[?grace=DURATION] -> 201 IssuedKey naming
// the rotated-out key.
func (k *Keys) AdminRotate(c *gin.Context) (any, error) {
	id := c.Param("id")
	grace, err := graceParam(c)
	if err != nil {
		return nil, err
	}
	secret, key, err := k.Rotate(c.Request.Context(), id, grace)
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusCreated)
	return IssuedKey{Key: key, Secret: secret, Revoked: id}, nil
}

// AdminUsage handles GET /admin/keys/:id/usage?days=N.
func (k *Keys) AdminUsage(c *gin.Context) (any, error) {
	days, err := usageDays(c)
	if err != nil {
		return nil, err
	}
	return k.Usage(c.Request.Context(), c.Param("id"), days)
}

// Account handles GET /v1/account: the calling key's tier, limits and prefix.
func (k *Keys) Account(c *gin.Context) (any, error) {
	key, err := k.callerKey(c)
	if err != nil {
		return nil, err
	}
	return Account{
		KeyID: key.ID, Name: key.Name, Prefix: key.Prefix, Tier: key.Tier,
		CreatedAt: key.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"), Limits: k.tiers[key.Tier],
	}, nil
}

// AccountUsage handles GET /v1/account/usage?days=N for the calling key.
func (k *Keys) AccountUsage(c *gin.Context) (any, error) {
	key, err := k.callerKey(c)
	if err != nil {
		return nil, err
	}
	days, err := usageDays(c)
	if err != nil {
		return nil, err
	}
	return k.usage(c.Request.Context(), key.ID, days)
}

// callerKey is the key of the Caller the Guard established.
func (k *Keys) callerKey(c *gin.Context) (spac.APIKey, error) {
	caller := spac.CallerOf(c)
	if caller.KeyID == "" {
		return spac.APIKey{}, spac.Errorf(spac.EUNAUTHORIZED, "this endpoint requires an API key")
	}
	return k.Get(c.Request.Context(), caller.KeyID)
}

// graceParam reads ?grace=: a Go duration ("1h", "90m"), 0 when absent.
func graceParam(c *gin.Context) (time.Duration, error) {
	raw, given := c.GetQuery("grace")
	if !given {
		return 0, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil || d < 0 || d > MaxRotationGrace {
		return 0, spac.InvalidParam("grace", "grace must be a duration such as 1h or 30m, from 0s to %s", MaxRotationGrace)
	}
	return d, nil
}

func usageDays(c *gin.Context) (int, error) {
	s := strings.TrimSpace(c.Query("days"))
	if s == "" {
		return DefaultUsageDays, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxUsageDays {
		return 0, spac.InvalidParam("days", "days must be an integer between 1 and %d", MaxUsageDays)
	}
	return n, nil
}
