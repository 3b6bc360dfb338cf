package webhooks

import (
	"context"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// CreateRequest is the body of POST /webhooks.
type CreateRequest struct {
	URL         string   `json:"url"`
	Events      []string `json:"events"`
	Description string   `json:"description,omitempty"` // optional
}

// Created is the 201 body of POST /webhooks: the endpoint and its secret, shown this once.
type Created struct {
	spac.WebhookEndpoint
	Secret string `json:"secret"`
}

// Page is a tabular body {rows, count, total, next}; package api adds asOf.
type Page[T any] struct {
	Rows  []T     `json:"rows"`
	Count int     `json:"count"`
	Total int     `json:"total"`
	Next  *string `json:"next"`
}

// Create handles POST /webhooks {url, events[], description} -> 201 Created.
func (s *Service) Create(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	var req CreateRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		return nil, spac.InvalidParam("body", "expected a JSON object {\"url\", \"events\", \"description\"}")
	}
	if err := s.validate(req); err != nil {
		return nil, err
	}
	secret, err := NewSecret()
	if err != nil {
		return nil, err
	}
	e := spac.WebhookEndpoint{
		ID: newID("wh_"), OwnerKeyID: owner, URL: req.URL, Events: req.Events,
		Description: req.Description, Secret: secret, CreatedAt: s.cfg.Now().UTC(),
	}
	if err := s.putWithinCap(c.Request.Context(), e); err != nil {
		return nil, err
	}
	c.Status(http.StatusCreated)
	return Created{WebhookEndpoint: e, Secret: secret}, nil
}

// CodeLimitExceeded is the error code of a key at its endpoint cap; package api renders it
// as 422 (api.CodeLimitExceeded).
const CodeLimitExceeded = "limit_exceeded"

// putWithinCap stores e unless its owner already has MaxPerKey endpoints (disabled ones
// count: they are still registered until deleted).
func (s *Service) putWithinCap(ctx context.Context, e spac.WebhookEndpoint) error {
	s.createMu.Lock()
	defer s.createMu.Unlock()
	all, err := s.store.Endpoints(ctx)
	if err != nil {
		return err
	}
	n := 0
	for _, x := range all {
		if x.OwnerKeyID == e.OwnerKeyID {
			n++
		}
	}
	if n >= s.cfg.MaxPerKey {
		return spac.Errorf(CodeLimitExceeded, "this key already has %d webhooks, the most it may register; delete one first", n)
	}
	return s.store.PutEndpoint(ctx, e)
}

func (s *Service) validate(req CreateRequest) error {
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || len(req.URL) > 2048 {
		return spac.InvalidParam("url", "url must be an absolute http(s) URL of at most 2048 characters")
	}
	if !s.cfg.AllowPrivateTargets && literalForbiddenHost(u.Hostname()) {
		return spac.InvalidParam("url", "url must not point to a loopback, private or link-local address")
	}
	if len(req.Events) == 0 || len(req.Events) > 50 {
		return spac.InvalidParam("events", "events must list 1 to 50 event types or patterns (e.g. \"alert.*\")")
	}
	for _, p := range req.Events {
		if !validPattern(p) {
			return spac.InvalidParam("events", "unknown event type or pattern %q (one of %s, or a pattern like \"alert.*\")", p, strings.Join(EventTypes(), ", "))
		}
	}
	if len(req.Description) > 500 {
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

// List handles GET /webhooks: the caller's endpoints.
func (s *Service) List(c *gin.Context) (any, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return nil, err
	}
	all, err := s.store.Endpoints(c.Request.Context())
	if err != nil {
		return nil, err
	}
	rows := []spac.WebhookEndpoint{}
	for _, e := range all {
		if e.OwnerKeyID == owner {
			rows = append(rows, e)
		}
	}
	return Page[spac.WebhookEndpoint]{Rows: rows, Count: len(rows), Total: len(rows)}, nil
}

// Get handles GET /webhooks/:id.
func (s *Service) Get(c *gin.Context) (any, error) {
	return s.owned(c)
}

// Delete handles DELETE /webhooks/:id -> 204; its queued deliveries are dropped.
func (s *Service) Delete(c *gin.Context) (any, error) {
	e, err := s.owned(c)
	if err != nil {
		return nil, err
	}
	if err := s.store.DeleteEndpoint(c.Request.Context(), e.ID); err != nil {
		return nil, err
	}
	c.Status(http.StatusNoContent)
	return nil, nil
}

// Test handles POST /webhooks/:id/test -> 202 with the queued delivery of a "webhook.test"
// message, sent whatever the endpoint subscribes to.
func (s *Service) Test(c *gin.Context) (any, error) {
	e, err := s.owned(c)
	if err != nil {
		return nil, err
	}
	msgID, payload, err := s.newMessage(spac.WebhookTest, gin.H{"endpointId": e.ID, "message": "test delivery"})
	if err != nil {
		return nil, err
	}
	d, err := s.enqueue(c.Request.Context(), e.ID, msgID, spac.WebhookTest, payload)
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusAccepted)
	return d, nil
}

// Deliveries handles GET /webhooks/:id/deliveries?limit= (newest first; default 50, max 500).
func (s *Service) Deliveries(c *gin.Context) (any, error) {
	e, err := s.owned(c)
	if err != nil {
		return nil, err
	}
	limit, err := limitParam(c)
	if err != nil {
		return nil, err
	}
	all, err := s.store.Deliveries(c.Request.Context(), e.ID)
	if err != nil {
		return nil, err
	}
	rows := all[:min(limit, len(all))]
	if rows == nil {
		rows = []spac.WebhookDelivery{}
	}
	return Page[spac.WebhookDelivery]{Rows: rows, Count: len(rows), Total: len(all)}, nil
}

// Redeliver handles POST /webhooks/:id/deliveries/:deliveryId/redeliver -> 202 with a new
// delivery of the same message (same webhook-id), due now.
func (s *Service) Redeliver(c *gin.Context) (any, error) {
	e, err := s.owned(c)
	if err != nil {
		return nil, err
	}
	old, err := s.store.Delivery(c.Request.Context(), c.Param("deliveryId"))
	if err != nil || old.EndpointID != e.ID {
		return nil, spac.Errorf(spac.ENOTFOUND, "no delivery %q for webhook %q", c.Param("deliveryId"), e.ID)
	}
	d, err := s.enqueue(c.Request.Context(), e.ID, old.MessageID, old.EventType, old.Payload)
	if err != nil {
		return nil, err
	}
	c.Status(http.StatusAccepted)
	return d, nil
}

// owned loads the endpoint :id if the caller owns it; another key's endpoint is a 404.
func (s *Service) owned(c *gin.Context) (spac.WebhookEndpoint, error) {
	owner, err := ownerOf(c)
	if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	id := c.Param("id")
	e, err := s.store.Endpoint(c.Request.Context(), id)
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
