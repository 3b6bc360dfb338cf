package webhooks

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/strictjson"
	"github.com/spacdata/spac/webhook"
)

// UpdateRequest is the body of PATCH /webhooks/{id}: a JSON merge of the fields to change
// (absent fields stay; description null clears it). It documents the body; Update decodes
// the raw object itself, to name an unknown or mistyped field.
type UpdateRequest struct {
	// A new destination; the same rules as at registration.
	URL *string `json:"url,omitempty"`
	// The new subscription list; replaces the old one (1 to 50 types or patterns).
	Events []string `json:"events,omitempty"`
	// A new note, up to 500 characters; null clears it.
	Description *string `json:"description,omitempty"`
	Enabled     *bool   `json:"enabled,omitempty" jsonschema:"description=true re-enables a disabled endpoint; false disables it"`
}

// Rotated is the 200 body of POST /webhooks/{id}/rotate-secret: the endpoint and its new
// secret, shown this once; previousSecretExpiresAt says until when the old one also signs.
type Rotated struct {
	spac.WebhookEndpoint
	// The new signing secret ("whsec_..."), shown only here.
	Secret string `json:"secret"`
}

// Update handles PATCH /webhooks/:id -> 200 with the endpoint as changed.
func (h *Handlers) Update(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	u, err := decodeUpdate(c.Request.Body)
	if err != nil {
		return nil, err
	}
	return h.svc.Update(c.Request.Context(), owner, c.Param("id"), u)
}

// RotateSecret handles POST /webhooks/:id/rotate-secret[?grace=DURATION] -> 200 Rotated.
func (h *Handlers) RotateSecret(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	grace := webhook.DefaultSecretGrace
	if raw, given := c.GetQuery("grace"); given {
		if grace, err = time.ParseDuration(raw); err != nil {
			return nil, spac.InvalidParam("grace", "grace must be a duration such as 24h or 90m, from 0s to %s", webhook.MaxSecretGrace)
		}
	}
	e, err := h.svc.RotateSecret(c.Request.Context(), owner, c.Param("id"), grace)
	if err != nil {
		return nil, err
	}
	return Rotated{WebhookEndpoint: e, Secret: e.Secret}, nil
}

// errNull is a null member where a value is needed.
var errNull = errors.New("null")

// decodeUpdate reads a PATCH body: exactly one JSON object whose members are url, events,
// description and enabled;
// an unknown member, a mistyped value or a null (but description's) is a 400 naming it.
func decodeUpdate(body io.Reader) (webhook.Update, error) {
	var raw map[string]json.RawMessage
	if err := strictjson.Decode(body, &raw); err != nil || raw == nil {
		return webhook.Update{}, spac.InvalidParam("body", "expected one JSON object with any of url, events, description, enabled")
	}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	slices.Sort(names) // the first bad field named is the same on every call
	var u webhook.Update
	for _, name := range names {
		if err := setField(&u, name, raw[name]); err != nil {
			return webhook.Update{}, err
		}
	}
	return u, nil
}

func setField(u *webhook.Update, name string, v json.RawMessage) error {
	if string(v) == "null" && name == "description" {
		u.Description = new(string)
		return nil
	}
	var err error
	switch name {
	case "url":
		u.URL, err = value[string](v)
	case "events":
		u.Events, err = value[[]string](v)
	case "description":
		u.Description, err = value[string](v)
	case "enabled":
		u.Enabled, err = value[bool](v)
	default:
		return spac.InvalidParam(name, "unknown field %q: a webhook update may set url, events, description, enabled", name)
	}
	if err != nil {
		return spac.InvalidParam(name, "%s has the wrong type (url and description are strings, events an array of strings, enabled a boolean)", name)
	}
	return nil
}

// value decodes one member; null is refused (it would clear a field that must be set).
func value[T any](v json.RawMessage) (*T, error) {
	var t T
	if string(v) == "null" {
		return nil, errNull
	}
	if err := json.Unmarshal(v, &t); err != nil {
		return nil, err
	}
	return &t, nil
}
