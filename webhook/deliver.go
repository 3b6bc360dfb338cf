package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/spacdata/spac"
)

// dueBatch bounds one poll of the queue.
const dueBatch = 1000

// dispatch polls the queue and starts a lane for each endpoint with due deliveries and no lane.
func (s *Service) dispatch() {
	defer s.wg.Done()
	tick := time.NewTicker(s.cfg.PollInterval)
	defer tick.Stop()
	for {
		s.dispatchDue()
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		case <-s.wake:
		}
	}
}

func (s *Service) dispatchDue() {
	due, err := s.store.Due(s.ctx, s.cfg.Now(), dueBatch)
	if err != nil {
		if s.ctx.Err() == nil {
			s.cfg.Logger.Error("webhooks: reading the queue", "err", err)
		}
		return
	}
	byEndpoint := map[string][]spac.WebhookDelivery{}
	var order []string
	for _, d := range due {
		if _, seen := byEndpoint[d.EndpointID]; !seen {
			order = append(order, d.EndpointID)
		}
		byEndpoint[d.EndpointID] = append(byEndpoint[d.EndpointID], d)
	}
	for _, ep := range order {
		if s.claim(ep) {
			s.wg.Add(1)
			go s.lane(ep, byEndpoint[ep])
		}
	}
}

// claim marks an endpoint's lane busy; false if one is already running (it will pick the rest
// up on a later poll).
func (s *Service) claim(endpointID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy[endpointID] || s.ctx.Err() != nil {
		return false
	}
	s.busy[endpointID] = true
	return true
}

// lane delivers one endpoint's due deliveries in order, one at a time.
func (s *Service) lane(endpointID string, deliveries []spac.WebhookDelivery) {
	defer s.wg.Done()
	for _, d := range deliveries {
		if s.ctx.Err() != nil {
			break
		}
		s.attempt(s.ctx, d)
	}
	s.mu.Lock()
	delete(s.busy, endpointID)
	s.mu.Unlock()
	s.poke() // more may have become due meanwhile
}

// attempt tries a delivery once and records the outcome: success, a rescheduled retry, or
// failure after the last retry (which disables the endpoint).
func (s *Service) attempt(ctx context.Context, d spac.WebhookDelivery) {
	ep, err := s.store.Endpoint(ctx, d.EndpointID)
	if err != nil || ep.DisabledAt != nil {
		reason := "endpoint deleted"
		if err == nil {
			reason = "endpoint disabled"
		}
		d.Status = spac.DeliveryFailed
		d.Attempts = append(d.Attempts, spac.WebhookAttempt{At: s.cfg.Now().UTC(), Error: reason})
		s.save(d)
		s.told(OutcomeFailed)
		return
	}
	start := s.cfg.Now()
	code, sendErr := s.send.send(ctx, ep, d, start)
	if ctx.Err() != nil {
		return // shutting down: the attempt does not count, the delivery stays pending
	}
	a := spac.WebhookAttempt{At: start.UTC(), StatusCode: code, DurationMS: s.cfg.Now().Sub(start).Milliseconds()}
	if sendErr != nil {
		a.Error = sendErr.Error()
	}
	d.Attempts = append(d.Attempts, a)
	outcome := OutcomeRetrying
	switch {
	case sendErr == nil && code >= 200 && code < 300:
		d.Status, d.NextAttempt, outcome = spac.DeliverySucceeded, time.Time{}, OutcomeSucceeded
	case len(d.Attempts) > len(s.cfg.Schedule):
		d.Status, d.NextAttempt, outcome = spac.DeliveryFailed, time.Time{}, OutcomeFailed
		s.disable(ep)
	default:
		d.NextAttempt = s.cfg.Now().UTC().Add(s.cfg.Jitter(s.cfg.Schedule[len(d.Attempts)-1]))
	}
	s.save(d)
	s.told(outcome)
}

// told passes an attempt's outcome to Config.OnAttempt.
func (s *Service) told(outcome string) {
	if s.cfg.OnAttempt != nil {
		s.cfg.OnAttempt(outcome)
	}
}

func (s *Service) save(d spac.WebhookDelivery) {
	if err := s.store.PutDelivery(context.WithoutCancel(s.ctx), d); err != nil {
		s.cfg.Logger.Error("webhooks: saving a delivery", "delivery", d.ID, "err", err)
	}
}

func (s *Service) disable(ep spac.WebhookEndpoint) {
	now := s.cfg.Now().UTC()
	ep.DisabledAt = &now
	if err := s.store.PutEndpoint(context.WithoutCancel(s.ctx), ep); err != nil {
		s.cfg.Logger.Error("webhooks: disabling an endpoint", "endpoint", ep.ID, "err", err)
	}
	s.cfg.Logger.Warn("webhooks: endpoint disabled after exhausting retries", "endpoint", ep.ID)
}

// sender performs one HTTP attempt; tests may replace it.
type sender interface {
	send(ctx context.Context, ep spac.WebhookEndpoint, d spac.WebhookDelivery, at time.Time) (statusCode int, err error)
}

type httpSender struct {
	client    *http.Client
	userAgent string
}

// send POSTs the signed payload. Only the status matters; the body is drained (bounded) so the
// connection can be reused.
func (h httpSender) send(ctx context.Context, ep spac.WebhookEndpoint, d spac.WebhookDelivery, at time.Time) (int, error) {
	ts := at.Unix()
	sig, err := Sign(ep.Secret, d.MessageID, ts, d.Payload)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return 0, fmt.Errorf("webhooks: request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", h.userAgent)
	req.Header.Set("webhook-id", d.MessageID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", sig)
	resp, err := h.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, nil
}
