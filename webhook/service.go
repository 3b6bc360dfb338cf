package webhook

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// DefaultSchedule is the delay before each retry after the first attempt (docs/decisions.md).
var DefaultSchedule = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 24 * time.Hour,
}

// DefaultMaxPerKey is Config.MaxPerKey when unset.
const DefaultMaxPerKey = 25

// Config configures a Service. Zero fields take the defaults.
type Config struct {
	Timeout             time.Duration // per attempt; default 10 s
	AllowPrivateTargets bool          // tests: allow loopback receivers
	Schedule            []time.Duration
	Jitter              func(time.Duration) time.Duration // default: adds up to 20 %
	PollInterval        time.Duration                     // queue poll; default 1 s
	Now                 func() time.Time
	UserAgent           string
	Logger              *slog.Logger
	// MaxPerKey bounds the endpoints one API key may register (default DefaultMaxPerKey):
	// every event is queued once per subscribed endpoint, so the cap bounds what one key can
	// make the service send.
	MaxPerKey int
	// OnAttempt, when set, is told the outcome of every delivery attempt: OutcomeSucceeded,
	// OutcomeRetrying or OutcomeFailed.
	OnAttempt func(outcome string)
	// Workers bounds the deliveries attempted at once (config webhooks.workers; default
	// DefaultWorkers). Each endpoint has at most one in flight, so one slow endpoint holds at
	// most one worker.
	Workers int
	// Active, when set, says whether this node delivers now: in a cluster one node at a time
	// does, the holder of a lease (nil: always). The outbox is expanded either way.
	Active func() bool
	// Ledger, when set, is shared by the nodes that may deliver: a delivery it says is done
	// (another node delivered it before it died) is not sent again, and each final outcome
	// is recorded there.
	Ledger spac.WebhookLedger
}

// DefaultWorkers is Config.Workers when unset.
const DefaultWorkers = 4

// Delivery attempt outcomes, as Config.OnAttempt is told them.
const (
	OutcomeSucceeded = "succeeded" // a 2xx answer
	OutcomeRetrying  = "retrying"  // failed; rescheduled
	OutcomeFailed    = "failed"    // given up: the retries exhausted, or the endpoint disabled or deleted
)

func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.MaxPerKey <= 0 {
		c.MaxPerKey = DefaultMaxPerKey
	}
	if c.Workers <= 0 {
		c.Workers = DefaultWorkers
	}
	if c.Schedule == nil {
		c.Schedule = DefaultSchedule
	}
	if c.Jitter == nil {
		c.Jitter = func(d time.Duration) time.Duration { return d + time.Duration(rand.Int64N(int64(d)/5+1)) }
	}
	if c.PollInterval <= 0 {
		c.PollInterval = time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.UserAgent == "" {
		c.UserAgent = "spacd-webhooks/1"
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Active == nil {
		c.Active = func() bool { return true }
	}
	return c
}

// Service owns the endpoints, the queue and the delivery goroutines.
type Service struct {
	store spac.WebhookStore
	cfg   Config
	send  sender

	createMu sync.Mutex // serialises count-then-create, so concurrent creates respect MaxPerKey
	relayMu  sync.Mutex // one expansion of the outbox at a time, so Publish counts what it queued

	mu       sync.Mutex
	lanes    map[string]*lane // endpoint id -> its running lane (at most Workers)
	stopping map[string]int   // endpoints whose lanes are being stopped: no lane starts for them
	started  bool
	wake     chan struct{}
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// lane is the goroutine delivering one endpoint's due deliveries, one at a time.
type lane struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// New returns a Service; call Start to begin delivering.
func New(store spac.WebhookStore, cfg Config) *Service {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{
		store: store, cfg: cfg, lanes: map[string]*lane{}, stopping: map[string]int{},
		wake: make(chan struct{}, 1), ctx: ctx, cancel: cancel,
	}
	s.send = httpSender{client: newClient(cfg.Timeout, cfg.AllowPrivateTargets), userAgent: cfg.UserAgent}
	return s
}

// Start launches the dispatcher. Pending deliveries left by a previous run resume.
func (s *Service) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started || s.ctx.Err() != nil {
		return
	}
	s.started = true
	s.wg.Add(1)
	go s.dispatch()
}

// Shutdown stops dispatching, cancels attempts in flight (they stay pending and are retried
// after a restart) and waits for every goroutine, or for ctx.
func (s *Service) Shutdown(ctx context.Context) error {
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("webhooks: shutdown: %w", ctx.Err())
	}
}

// message is the Standard Webhooks body.
type message struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	CreatedAt string `json:"createdAt"`
	Data      any    `json:"data"`
}

// NewEvent builds the outgoing event of eventType about data. key names what the event is
// about (an alert id, an accession): the id derives from the type and the key, so building the
// event again - a hook told the same change twice after a crash - gives the same webhook-id,
// and the outbox expands an id once per endpoint. An empty key gives a fresh random id.
func (s *Service) NewEvent(eventType, key string, data any) (spac.OutboxEvent, error) {
	id := newID("msg_")
	if key != "" {
		sum := sha256.Sum256([]byte(eventType + "\x00" + key))
		id = "msg_" + hex.EncodeToString(sum[:12])
	}
	now := s.cfg.Now().UTC()
	payload, err := json.Marshal(message{ID: id, Type: eventType, CreatedAt: now.Format(time.RFC3339), Data: data})
	if err != nil {
		return spac.OutboxEvent{}, fmt.Errorf("webhooks: %s payload: %w", eventType, err)
	}
	return spac.OutboxEvent{ID: id, Type: eventType, Payload: payload, CreatedAt: now}, nil
}

// Publish queues eventType with data, under a fresh id, for every enabled endpoint subscribed
// to it and returns how many deliveries were queued (PublishEvent).
func (s *Service) Publish(ctx context.Context, eventType string, data any) (int, error) {
	ev, err := s.NewEvent(eventType, "", data)
	if err != nil {
		return 0, err
	}
	return s.PublishEvent(ctx, ev)
}

// PublishEvent writes ev to the outbox and expands it into deliveries at once, returning how
// many it queued (0 when an earlier publication of the same id queued them already). A crash
// between the two leaves ev in the outbox for the next start.
func (s *Service) PublishEvent(ctx context.Context, ev spac.OutboxEvent) (int, error) {
	s.relayMu.Lock()
	defer s.relayMu.Unlock()
	if err := s.store.PutEvent(ctx, ev); err != nil {
		return 0, err
	}
	created, err := s.relayLocked(ctx)
	s.poke()
	return created[ev.ID], err
}

// Wake tells the dispatcher that the outbox has new events (written by a store in the
// transaction of their cause), so they go out without waiting for the next poll.
func (s *Service) Wake() { s.poke() }

// relayBatch bounds the outbox events read at once.
const relayBatch = 500

// relay expands every event of the outbox into deliveries, oldest first.
func (s *Service) relay(ctx context.Context) error {
	s.relayMu.Lock()
	defer s.relayMu.Unlock()
	_, err := s.relayLocked(ctx)
	return err
}

// relayLocked expands the outbox and returns the deliveries created per event id; s.relayMu
// is held.
func (s *Service) relayLocked(ctx context.Context) (map[string]int, error) {
	created := map[string]int{}
	for {
		evs, err := s.store.Outbox(ctx, relayBatch)
		if err != nil || len(evs) == 0 {
			return created, err
		}
		endpoints, err := s.store.Endpoints(ctx)
		if err != nil {
			return created, err
		}
		var failed []error
		for _, ev := range evs {
			// An event that cannot be expanded stays in the outbox (tried again on the next
			// poll) and holds back no other event.
			n, err := s.store.Expand(ctx, ev, subscribers(endpoints, ev.Type))
			if err != nil {
				failed = append(failed, fmt.Errorf("webhooks: expanding event %s: %w", ev.ID, err))
				continue
			}
			created[ev.ID] += n
		}
		if len(failed) > 0 || len(evs) < relayBatch {
			return created, errors.Join(failed...)
		}
	}
}

// subscribers are the ids of the enabled endpoints subscribed to eventType.
func subscribers(endpoints []spac.WebhookEndpoint, eventType string) []string {
	var ids []string
	for _, e := range endpoints {
		if wants(e, eventType) {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// enqueue stores a pending delivery of a message to one endpoint, due now, outside the outbox
// (test messages and redeliveries, asked for one endpoint), and wakes the dispatcher.
func (s *Service) enqueue(ctx context.Context, endpointID, msgID, eventType string, payload []byte) (spac.WebhookDelivery, error) {
	now := s.cfg.Now().UTC()
	d := spac.WebhookDelivery{
		ID: newID("dlv_"), EndpointID: endpointID, MessageID: msgID, EventType: eventType,
		Payload: payload, Status: spac.DeliveryPending, NextAttempt: now, CreatedAt: now,
		Attempts: []spac.WebhookAttempt{}, // [] rather than null before the first attempt
	}
	if err := s.store.PutDelivery(ctx, d); err != nil {
		return spac.WebhookDelivery{}, err
	}
	s.poke()
	return d, nil
}

func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}
