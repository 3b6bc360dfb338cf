// Package webhooks is the HTTP face of the webhook engine (package webhook): the gin handlers
// of the /webhooks routes - register, list, get, delete, test, deliveries, redeliver - each
// scoped to the calling API key (another key's endpoint is a 404).
package webhooks

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/strictjson"
	"github.com/spacdata/spac/webhook"
)

// CreateRequest is the body of POST /webhooks.
type CreateRequest struct {
	// Where to POST deliveries: an absolute http(s) URL, no loopback, private or link-local
	// address.
	URL string `json:"url"`
	// The event types to receive (1 to 50): each a type ("alert.high_redemptions"), a "<prefix>.*"
	// pattern or "*".
	Events []string `json:"events"`
	// An optional note, up to 500 characters.
	Description string `json:"description,omitempty"`
}

// Created is the 201 body of POST /webhooks: the endpoint and its secret, shown this once.
type Created struct {
	spac.WebhookEndpoint
	// The signing secret ("whsec_..."), shown only here: verify the webhook-signature header with
	// it.
	Secret string `json:"secret"`
}

// Page is a tabular body {rows, count, total, next}; package api adds asOf.
type Page[T any] struct {
	// The rows of this page.
	Rows []T `json:"rows"`
	// Rows in this page.
	Count int `json:"count"`
	// Rows in all.
	Total int `json:"total"`
	// Cursor of the next page; null on the last.
	Next *string `json:"next"`
}

// Handlers serve the /webhooks routes over the delivery engine and its store.
type Handlers struct {
	svc   *webhook.Service
	store spac.WebhookStore
}

// NewHandlers returns the handlers of the webhook registration API.
func NewHandlers(svc *webhook.Service) *Handlers {
	return &Handlers{svc: svc, store: svc.Store()}
}

// Create handles POST /webhooks {url, events[], description} -> 201 Created.
func (h *Handlers) Create(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	var req CreateRequest
	if err := strictjson.Decode(c.Request.Body, &req); err != nil {
		return nil, spac.InvalidParam("body", "expected a JSON object {\"url\", \"events\", \"description\"}")
	}
	e, err := h.svc.Register(c.Request.Context(), owner, webhook.Registration(req))
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusCreated)
	return Created{WebhookEndpoint: e, Secret: e.Secret}, nil
}

// List handles GET /webhooks: the caller's endpoints.
func (h *Handlers) List(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	return h.listOf(c, owner)
}

func (h *Handlers) listOf(c *gin.Context, owner string) (any, error) {
	rows, err := h.svc.EndpointsOf(c.Request.Context(), owner)
	if err != nil {
		return nil, err
	}
	return Page[spac.WebhookEndpoint]{Rows: rows, Count: len(rows), Total: len(rows)}, nil
}

// AdminList handles GET /admin/keys/:id/webhooks: the endpoints any key owns (admin token).
func (h *Handlers) AdminList(c *gin.Context) (any, error) {
	return h.listOf(c, c.Param("id"))
}

// AdminDelete handles DELETE /admin/webhooks/:id -> 204, whichever key owns the endpoint;
// an attempt under way is cancelled and waited for first.
func (h *Handlers) AdminDelete(c *gin.Context) (any, error) {
	id := c.Param("id")
	if _, err := h.store.Endpoint(c.Request.Context(), id); spac.ErrorCode(err) == spac.ENOTFOUND {
		return nil, spac.Errorf(spac.ENOTFOUND, "no webhook %q", id)
	} else if err != nil {
		return nil, err
	}
	return h.deleted(c, id)
}

// Get handles GET /webhooks/:id.
func (h *Handlers) Get(c *gin.Context) (any, error) {
	return h.owned(c)
}

// Delete handles DELETE /webhooks/:id -> 204; its queued deliveries are dropped, and an
// attempt under way is cancelled and waited for first: nothing is sent after the 204.
func (h *Handlers) Delete(c *gin.Context) (any, error) {
	e, err := h.owned(c)
	if err != nil {
		return nil, err
	}
	return h.deleted(c, e.ID)
}

func (h *Handlers) deleted(c *gin.Context, id string) (any, error) {
	if err := h.svc.DeleteEndpoint(c.Request.Context(), id); err != nil {
		return nil, err
	}
	c.Status(http.StatusNoContent)
	return nil, nil
}

// Test handles POST /webhooks/:id/test -> 202 with the queued delivery of a "webhook.test"
// message, sent whatever the endpoint subscribes to.
func (h *Handlers) Test(c *gin.Context) (any, error) {
	e, err := h.owned(c)
	if err != nil {
		return nil, err
	}
	d, err := h.svc.SendTest(c.Request.Context(), e)
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusAccepted)
	return d, nil
}

// Deliveries handles GET /webhooks/:id/deliveries?limit= (newest first; default 50, max 500).
func (h *Handlers) Deliveries(c *gin.Context) (any, error) {
	e, err := h.owned(c)
	if err != nil {
		return nil, err
	}
	limit, err := limitParam(c)
	if err != nil {
		return nil, err
	}
	all, err := h.store.Deliveries(c.Request.Context(), e.ID)
	if err != nil {
		return nil, err
	}
	rows := h.svc.Latest(c.Request.Context(), all[:min(limit, len(all))])
	if rows == nil {
		rows = []spac.WebhookDelivery{}
	}
	return Page[spac.WebhookDelivery]{Rows: rows, Count: len(rows), Total: len(all)}, nil
}

// Redeliver handles POST /webhooks/:id/deliveries/:deliveryId/redeliver -> 202 with a new
// delivery of the same message (same webhook-id), due now.
func (h *Handlers) Redeliver(c *gin.Context) (any, error) {
	e, err := h.owned(c)
	if err != nil {
		return nil, err
	}
	d, err := h.svc.Redeliver(c.Request.Context(), e.ID, c.Param("deliveryId"))
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusAccepted)
	return d, nil
}

// owned loads the endpoint :id if the caller owns it; another key's endpoint is a 404.
func (h *Handlers) owned(c *gin.Context) (spac.WebhookEndpoint, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	id := c.Param("id")
	e, err := h.store.Endpoint(c.Request.Context(), id)
	if spac.ErrorCode(err) == spac.ENOTFOUND || (err == nil && e.OwnerKeyID != owner) {
		return spac.WebhookEndpoint{}, spac.Errorf(spac.ENOTFOUND, "no webhook %q", id)
	}
	return e, err
}

func ownerOf(c *gin.Context) (string, error) {
	caller := spac.CallerOf(c)
	if caller.KeyID == "" {
		return "", spac.Errorf(spac.EUNAUTHORIZED, "webhooks belong to an API key: send Authorization: Bearer <key>")
	}
	return caller.KeyID, nil
}

func limitParam(c *gin.Context) (int, error) {
	raw := c.Query("limit")
	if raw == "" {
		return 50, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > 500 {
		return 0, spac.InvalidParam("limit", "limit must be an integer from 1 to 500")
	}
	return n, nil
}
