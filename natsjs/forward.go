package natsjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"

	spac "github.com/spacdata/spac"
)

// ForwardTimeout bounds a forwarded request: the writer serves it, then waits until what it
// changed is in the stream (acknowledged by a quorum of the stream's servers).
const ForwardTimeout = 30 * time.Second

// forwardSubject is where replicas send the writes that reach them; the writer answers.
func (c Config) forwardSubject() string { return "spac.forward." + c.Stream }

// forwardReply is the writer's reply: a response, or why it has none.
type forwardReply struct {
	Response *spac.ForwardedResponse `json:"response,omitempty"`
	Error    string                  `json:"error,omitempty"`
}

// Forwarder is a replica's spac.Forwarder: NATS request/reply to the writer.
type Forwarder struct{ conn *Conn }

var _ spac.Forwarder = (*Forwarder)(nil)

// NewForwarder returns the forwarder of a replica connected by conn.
func NewForwarder(conn *Conn) *Forwarder { return &Forwarder{conn: conn} }

// Forward implements spac.Forwarder.
func (f *Forwarder) Forward(ctx context.Context, r spac.ForwardedRequest) (spac.ForwardedResponse, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return spac.ForwardedResponse{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, ForwardTimeout)
	defer cancel()
	msg, err := f.conn.nc.RequestWithContext(ctx, f.conn.cfg.forwardSubject(), b)
	if errors.Is(err, nats.ErrNoResponders) {
		return spac.ForwardedResponse{}, errors.New("natsjs: no writer is listening")
	} else if err != nil {
		return spac.ForwardedResponse{}, fmt.Errorf("natsjs: forwarding to the writer: %w", err)
	}
	var rep forwardReply
	if err := json.Unmarshal(msg.Data, &rep); err != nil {
		return spac.ForwardedResponse{}, fmt.Errorf("natsjs: the writer's reply: %w", err)
	}
	if rep.Response == nil {
		return spac.ForwardedResponse{}, fmt.Errorf("natsjs: the writer: %s", rep.Error)
	}
	return *rep.Response, nil
}

// ServeForwards answers the requests replicas forward with serve, each in its own goroutine
// (serve waits for the stream), until stop is called. One writer subscribes; a second one
// (a mistake) would share the requests through the queue group rather than serve each twice.
func ServeForwards(conn *Conn, log *slog.Logger, serve func(context.Context, spac.ForwardedRequest) (spac.ForwardedResponse, error)) (stop func(), err error) {
	ctx, cancel := context.WithCancel(context.Background())
	sub, err := conn.nc.QueueSubscribe(conn.cfg.forwardSubject(), "writer", func(m *nats.Msg) {
		go answer(ctx, m, log, serve)
	})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("natsjs: serving forwarded requests: %w", err)
	}
	// The subscription is sent to the server asynchronously: a round trip makes sure the
	// server holds it before the writer says it serves, so a replica's first forward does
	// not find "no writer listening" on a writer that is up.
	if err := conn.nc.FlushTimeout(5 * time.Second); err != nil {
		_ = sub.Unsubscribe()
		cancel()
		return nil, fmt.Errorf("natsjs: serving forwarded requests: %w", err)
	}
	return func() { _ = sub.Drain(); cancel() }, nil
}

func answer(ctx context.Context, m *nats.Msg, log *slog.Logger, serve func(context.Context, spac.ForwardedRequest) (spac.ForwardedResponse, error)) {
	ctx, cancel := context.WithTimeout(ctx, ForwardTimeout)
	defer cancel()
	var rep forwardReply
	var req spac.ForwardedRequest
	if err := json.Unmarshal(m.Data, &req); err != nil {
		rep.Error = "a forwarded request that does not decode: " + err.Error()
	} else if resp, err := serve(ctx, req); err != nil {
		rep.Error = err.Error()
	} else {
		rep.Response = &resp
	}
	b, err := json.Marshal(rep)
	if err == nil {
		err = m.Respond(b)
	}
	if err != nil {
		log.Error("natsjs: answering a forwarded request", "method", req.Method, "uri", req.URI, "err", err)
	}
}
