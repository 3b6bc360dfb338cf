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

// dispatch expands the outbox and starts lanes for the due deliveries, on every poll and wake.
func (s *Service) dispatch() {
	defer s.wg.Done()
	tick := time.NewTicker(s.cfg.PollInterval)
	defer tick.Stop()
	for {
		if err := s.relay(s.ctx); err != nil && s.ctx.Err() == nil {
			s.cfg.Logger.Error("webhooks: expanding the outbox", "err", err)
		}
		if s.cfg.Active() {
			s.dispatchDue()
		}
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		case <-s.wake:
		}
	}
}

// dispatchDue gives each endpoint with due deliveries a lane, while fewer than Workers run.
// The due list is only a hint: each delivery is claimed, and so re-read, before its attempt.
func (s *Service) dispatchDue() {
	if s.allBusy() {
		return // no lane could start: the next one to finish wakes the dispatcher
	}
	due, err := s.store.Due(s.ctx, s.cfg.Now(), dueBatch)
	if err != nil {
		if s.ctx.Err() == nil {
			s.cfg.Logger.Error("webhooks: reading the queue", "err", err)
		}
		return
	}
	byEndpoint := map[string][]string{}
	var order []string
	for _, d := range due {
		if _, seen := byEndpoint[d.EndpointID]; !seen {
			order = append(order, d.EndpointID)
		}
		byEndpoint[d.EndpointID] = append(byEndpoint[d.EndpointID], d.ID)
	}
	for _, ep := range order {
		if !s.startLane(ep, byEndpoint[ep]) && s.allBusy() {
			return // the next lane to finish wakes the dispatcher
		}
	}
}

// startLane starts a lane for an endpoint unless one runs, the endpoint is being stopped, the
// service is shutting down or every worker is busy.
func (s *Service) startLane(endpointID string, deliveryIDs []string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lanes[endpointID] != nil || s.stopping[endpointID] > 0 || s.ctx.Err() != nil || len(s.lanes) >= s.cfg.Workers {
		return false
	}
	ctx, cancel := context.WithCancel(s.ctx)
	l := &lane{cancel: cancel, done: make(chan struct{})}
	s.lanes[endpointID] = l
	s.wg.Add(1)
	go s.runLane(ctx, endpointID, l, deliveryIDs)
	return true
}

func (s *Service) allBusy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.lanes) >= s.cfg.Workers
}

// runLane attempts one endpoint's due deliveries in order, one at a time.
func (s *Service) runLane(ctx context.Context, endpointID string, l *lane, deliveryIDs []string) {
	defer s.wg.Done()
	for _, id := range deliveryIDs {
		if ctx.Err() != nil || !s.cfg.Active() {
			break
		}
		s.attempt(ctx, id)
	}
	s.mu.Lock()
	delete(s.lanes, endpointID)
	s.mu.Unlock()
	l.cancel()
	close(l.done)
	s.poke() // more may have become due meanwhile, and a worker is free
}

// stopLanes keeps lanes from starting for the endpoints while fn runs, after waiting for their
// running lanes: an attempt under way when it is called has ended before fn runs. The attempt
// is let finish rather than cancelled (it ends within the attempt timeout): a cancelled
// request may already be on the wire and reach its receiver after the caller was told the
// endpoint stopped. A lane's later claims fail once its endpoint is disabled or deleted.
func (s *Service) stopLanes(ctx context.Context, endpointIDs []string, fn func() error) error {
	var running []*lane
	s.mu.Lock()
	for _, id := range endpointIDs {
		s.stopping[id]++
		if l := s.lanes[id]; l != nil {
			running = append(running, l)
		}
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		for _, id := range endpointIDs {
			if s.stopping[id]--; s.stopping[id] == 0 {
				delete(s.stopping, id)
			}
		}
		s.mu.Unlock()
	}()
	for _, l := range running {
		select {
		case <-l.done:
		case <-ctx.Done():
			return fmt.Errorf("webhooks: stopping deliveries: %w", ctx.Err())
		}
	}
	return fn()
}

// claimLease is how long a claimed delivery is withheld from other claims. Within a process
// one lane per endpoint and the claim's re-read already keep a delivery from being attempted
// twice; the lease keeps a due list read during the attempt from offering it at all, and is
// short so that a delivery whose process was killed mid-attempt is retried soon after the
// restart.
const claimLease = time.Second

// attempt claims a delivery (re-reading its state: a delivery already attempted, rescheduled
// or whose endpoint went away is skipped), tries it once and records the outcome: success, a
// rescheduled retry, or failure after the last retry (which disables the endpoint).
func (s *Service) attempt(ctx context.Context, id string) {
	start := s.cfg.Now()
	d, ep, ok, err := s.store.Claim(ctx, id, start, start.Add(claimLease))
	if err != nil {
		if ctx.Err() == nil && spac.ErrorCode(err) != spac.ENOTFOUND {
			s.cfg.Logger.Error("webhooks: claiming a delivery", "delivery", id, "err", err)
		}
		return
	}
	if !ok {
		if failedAtClaim(d, start) {
			s.told(OutcomeFailed)
		}
		return
	}
	d, skip := s.attemptedElsewhere(ctx, d, start)
	if skip {
		return
	}
	code, sendErr := s.send.send(ctx, ep, d, start)
	if ctx.Err() != nil {
		// Shutting down: the attempt does not count and the delivery is due again at once.
		d.NextAttempt = start.UTC()
		s.save(d)
		return
	}
	s.record(ep, d, start, code, sendErr)
}

// failedAtClaim reports whether the claim at now failed d because its endpoint was disabled.
func failedAtClaim(d spac.WebhookDelivery, now time.Time) bool {
	n := len(d.Attempts)
	return d.Status == spac.DeliveryFailed && n > 0 && d.Attempts[n-1].Error == spac.WebhookEndpointDisabled &&
		d.Attempts[n-1].At.Equal(now.UTC())
}

// record saves the outcome of an attempt that started at start.
func (s *Service) record(ep spac.WebhookEndpoint, d spac.WebhookDelivery, start time.Time, code int, sendErr error) {
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
	if s.cfg.Ledger != nil { // every attempt: any node's deliveries list shows it
		if err := s.cfg.Ledger.Record(context.WithoutCancel(s.ctx), d); err != nil {
			s.cfg.Logger.Error("webhooks: recording an attempt in the ledger", "delivery", d.ID, "err", err)
		}
	}
	s.told(outcome)
}

// attemptedElsewhere gives d the ledger's record when another node attempted it since this
// node's copy of the queue heard of it (it delivered, or rescheduled, then died or let go of
// the lease): d takes that node's attempts, status and next attempt, and is not sent now when
// that node finished it or rescheduled it later (skip). A ledger that cannot be read does not
// stop the attempt: a delivery twice, with one id, beats none.
func (s *Service) attemptedElsewhere(ctx context.Context, d spac.WebhookDelivery, now time.Time) (spac.WebhookDelivery, bool) {
	if s.cfg.Ledger == nil {
		return d, false
	}
	rec, ok, err := s.cfg.Ledger.Recorded(ctx, d.ID)
	if err != nil {
		s.cfg.Logger.Warn("webhooks: reading the delivery ledger", "delivery", d.ID, "err", err)
		return d, false
	}
	if !ok || !spac.NewerDelivery(rec, d) {
		return d, false
	}
	d.Attempts, d.Status, d.NextAttempt = rec.Attempts, rec.Status, rec.NextAttempt
	s.save(d)
	return d, d.Status != spac.DeliveryPending || d.NextAttempt.After(now)
}

// Latest gives each delivery of ds the ledger's record when it is newer than this node's copy:
// the attempts a replica made while it held the lease are in its own store and the ledger
// only, and every node's deliveries list shows them. Without a ledger, or when it cannot be
// read, ds is returned as it is.
func (s *Service) Latest(ctx context.Context, ds []spac.WebhookDelivery) []spac.WebhookDelivery {
	if s.cfg.Ledger == nil {
		return ds
	}
	for i, d := range ds {
		rec, ok, err := s.cfg.Ledger.Recorded(ctx, d.ID)
		if err != nil {
			s.cfg.Logger.Warn("webhooks: reading the delivery ledger", "delivery", d.ID, "err", err)
			return ds
		}
		if ok && spac.NewerDelivery(rec, d) {
			ds[i].Attempts, ds[i].Status, ds[i].NextAttempt = rec.Attempts, rec.Status, rec.NextAttempt
		}
	}
	return ds
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

// disable disables an endpoint whose retries ran out, unless it changed since the attempt
// claimed it: the owner may have given it a new URL or re-enabled it meanwhile (PATCH), and
// a read-then-put here would write the claimed version back over that. It may have moved to
// another key (a rotation): that is no change.
func (s *Service) disable(claimed spac.WebhookEndpoint) {
	ok, err := s.store.DisableEndpoint(context.WithoutCancel(s.ctx), claimed.ID, claimed, s.cfg.Now(), "retries exhausted")
	switch {
	case err != nil:
		s.cfg.Logger.Error("webhooks: disabling an endpoint", "endpoint", claimed.ID, "err", err)
	case ok:
		s.cfg.Logger.Warn("webhooks: endpoint disabled after exhausting retries", "endpoint", claimed.ID)
	default:
		s.cfg.Logger.Info("webhooks: retries exhausted, endpoint left as is: it changed or went away since the attempt", "endpoint", claimed.ID)
	}
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
	sig, err := SignAll(ep.SigningSecrets(at), d.MessageID, ts, d.Payload)
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
