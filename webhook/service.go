package webhook

import (
	"context"
	"encoding/json"
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
}

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
	return c
}

// Service owns the endpoints, the queue and the delivery goroutines.
type Service struct {
	store spac.WebhookStore
	cfg   Config
	send  sender

	createMu sync.Mutex // serialises count-then-create, so concurrent creates respect MaxPerKey

	mu      sync.Mutex
	busy    map[string]bool // endpoint id -> a lane is running
	started bool
	wake    chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// New returns a Service; call Start to begin delivering.
func New(store spac.WebhookStore, cfg Config) *Service {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{store: store, cfg: cfg, busy: map[string]bool{}, wake: make(chan struct{}, 1), ctx: ctx, cancel: cancel}
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

// Publish queues eventType with data for every enabled endpoint subscribed to it and returns how
// many deliveries were queued. All of them share one message id.
func (s *Service) Publish(ctx context.Context, eventType string, data any) (int, error) {
	endpoints, err := s.store.Endpoints(ctx)
	if err != nil {
		return 0, err
	}
	msgID, payload, err := s.newMessage(eventType, data)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range endpoints {
		if !wants(e, eventType) {
			continue
		}
		if _, err := s.enqueue(ctx, e.ID, msgID, eventType, payload); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (s *Service) newMessage(eventType string, data any) (string, []byte, error) {
	id := newID("msg_")
	payload, err := json.Marshal(message{ID: id, Type: eventType, CreatedAt: s.cfg.Now().UTC().Format(time.RFC3339), Data: data})
	if err != nil {
		return "", nil, fmt.Errorf("webhooks: %s payload: %w", eventType, err)
	}
	return id, payload, nil
}

// enqueue stores a pending delivery due now and wakes the dispatcher.
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
