package sse

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// ErrClosed is returned by Publish and Subscribe after Close.
var ErrClosed = errors.New("sse: hub closed")

// DefaultBuffer is the per-subscriber channel capacity: a subscriber that falls this many
// events behind is dropped.
const DefaultBuffer = 64

// DefaultHeartbeat is the interval of the ": heartbeat" comment (docs/decisions.md: 25 s).
const DefaultHeartbeat = 25 * time.Second

// DefaultWriteTimeout bounds each write to a client; a client that cannot take a frame within it
// is disconnected.
const DefaultWriteTimeout = 10 * time.Second

// Why a slow subscriber was dropped (HubConfig.OnDrop).
const (
	DropBufferFull   = "buffer_full"
	DropWriteTimeout = "write_timeout"
)

// DefaultRetry is the reconnection delay hinted to clients with "retry:".
const DefaultRetry = 3 * time.Second

// HubConfig tunes a Hub. Zero fields take the defaults above.
type HubConfig struct {
	Buffer       int
	Heartbeat    time.Duration
	WriteTimeout time.Duration
	Retry        time.Duration
	// OnDrop, when set, is told the topic of every subscriber dropped for being too slow, and
	// why: DropBufferFull (it fell Buffer events behind; told with the hub's lock held, so it
	// must only count) or DropWriteTimeout (its client took no frame within WriteTimeout).
	OnDrop func(topic, reason string)
}

func (c HubConfig) withDefaults() HubConfig {
	if c.Buffer <= 0 {
		c.Buffer = DefaultBuffer
	}
	if c.Heartbeat <= 0 {
		c.Heartbeat = DefaultHeartbeat
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
	if c.Retry <= 0 {
		c.Retry = DefaultRetry
	}
	return c
}

// Hub fans published events out to the live subscribers of each topic.
type Hub struct {
	log spac.StreamLog
	cfg HubConfig

	publishMu sync.Mutex // serialises Append + fan-out so live order == id order; guards windows
	windows   map[string]*recentWindow
	mu        sync.Mutex // guards topics and closed
	topics    map[string]map[*Subscription]struct{}
	closed    bool
	done      chan struct{}
}

// NewHub returns a hub persisting events in log.
func NewHub(log spac.StreamLog, cfg HubConfig) *Hub {
	return &Hub{
		log:     log,
		cfg:     cfg.withDefaults(),
		topics:  map[string]map[*Subscription]struct{}{},
		windows: map[string]*recentWindow{},
		done:    make(chan struct{}),
	}
}

// Log returns the hub's replay log.
func (h *Hub) Log() spac.StreamLog { return h.log }

// Subscription is one live subscriber. C delivers events in id order and is closed when the
// subscriber is dropped (too slow), unsubscribed or the hub closes. The *StreamEvent is shared by all
// subscribers (one pointer per buffer slot keeps a subscriber small): never modify it.
type Subscription struct {
	C       <-chan *spac.StreamEvent
	ch      chan *spac.StreamEvent
	topic   string
	dropped bool // set under Hub.mu when the buffer overflowed
}

// Dropped reports whether the subscription ended because its buffer overflowed. Only meaningful
// after C has been closed.
func (s *Subscription) Dropped() bool { return s.dropped }

// Subscribe registers a live subscriber of topic.
func (h *Hub) Subscribe(topic string) (*Subscription, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	ch := make(chan *spac.StreamEvent, h.cfg.Buffer)
	s := &Subscription{C: ch, ch: ch, topic: topic}
	subs := h.topics[topic]
	if subs == nil {
		subs = map[*Subscription]struct{}{}
		h.topics[topic] = subs
	}
	subs[s] = struct{}{}
	return s, nil
}

// Unsubscribe removes s; its channel is closed. Safe to call more than once.
func (h *Hub) Unsubscribe(s *Subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removeLocked(s)
}

func (h *Hub) removeLocked(s *Subscription) {
	subs := h.topics[s.topic]
	if _, ok := subs[s]; !ok {
		return
	}
	delete(subs, s)
	if len(subs) == 0 {
		delete(h.topics, s.topic)
	}
	close(s.ch)
}

// Publish appends ev to the topic's log and offers it to every live subscriber without ever
// waiting on one. It returns the stored event (with its id).
func (h *Hub) Publish(ctx context.Context, topic string, ev spac.StreamEvent) (spac.StreamEvent, error) {
	h.publishMu.Lock()
	defer h.publishMu.Unlock()
	if h.isClosed() {
		return spac.StreamEvent{}, ErrClosed
	}
	data, err := oneLineJSON(ev.Data)
	if err != nil {
		return spac.StreamEvent{}, err
	}
	ev.Data = data
	stored, err := h.log.Append(ctx, topic, ev)
	if err != nil {
		return spac.StreamEvent{}, err
	}
	h.follow(topic, &stored)
	h.fanOut(topic, &stored)
	return stored, nil
}

// Deliver offers to the live subscribers an event another process already appended to the
// log with its id (a cluster replica applying its writer's stream event): the log is not
// written, the id is kept, so Last-Event-ID names the same event on every replica.
func (h *Hub) Deliver(topic string, ev spac.StreamEvent) {
	h.publishMu.Lock()
	defer h.publishMu.Unlock()
	if h.isClosed() {
		return
	}
	h.follow(topic, &ev)
	h.fanOut(topic, &ev)
}

func (h *Hub) fanOut(topic string, ev *spac.StreamEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.topics[topic] {
		select {
		case s.ch <- ev:
		default:
			s.dropped = true
			h.removeLocked(s)
			if h.cfg.OnDrop != nil {
				h.cfg.OnDrop(topic, DropBufferFull)
			}
		}
	}
}

// Subscribers returns the number of live subscribers of topic.
func (h *Hub) Subscribers(topic string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.topics[topic])
}

func (h *Hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// Done is closed when the hub closes.
func (h *Hub) Done() <-chan struct{} { return h.done }

// Close ends every subscription (and so every stream) and refuses further use. Idempotent.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	for _, subs := range h.topics {
		for s := range subs {
			h.removeLocked(s)
		}
	}
	close(h.done)
}

// oneLineJSON checks that data is one JSON object and compacts it onto one line, since an SSE
// "data:" field ends at a newline.
func oneLineJSON(data []byte) ([]byte, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(trimmed) {
		return nil, fmt.Errorf("sse: event data must be one JSON object")
	}
	if !bytes.ContainsAny(trimmed, "\r\n") {
		return trimmed, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, trimmed); err != nil {
		return nil, fmt.Errorf("sse: event data: %w", err)
	}
	return buf.Bytes(), nil
}
