package natsjs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// publishBatch bounds the journal entries read (and held) at once.
const publishBatch = 256

// Publisher sends a writer's journal to the stream in Seq order and trims what the stream
// acknowledged. It is the only goroutine that reads the journal.
type Publisher struct {
	conn    *Conn
	journal spac.ChangeJournal
	store   WriterStore
	log     *slog.Logger

	mu        sync.Mutex    // held while publishing a batch (a snapshot's read is fixed between two)
	published atomic.Uint64 // stream sequence of the last change acknowledged
	sent      atomic.Uint64 // journal Seq of the last change acknowledged
	snapshot  atomic.Uint64 // position of the last snapshot in the object store
	ready     atomic.Bool   // the stream and its position are known
	connected atomic.Bool

	wmu     sync.Mutex
	advance chan struct{} // closed and replaced whenever sent moves
}

// WriterStore is the writer's store as its publisher reads it: the journal, the copies of
// the filings it names, and snapshots.
type WriterStore interface {
	spac.ChangeJournal
	spac.FilingExporter
	spac.SnapshotSource
}

// NewPublisher returns the publisher of store's journal over conn.
func NewPublisher(conn *Conn, store WriterStore, log *slog.Logger) *Publisher {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Publisher{conn: conn, journal: store, store: store, log: log, advance: make(chan struct{})}
}

// Run creates the stream if needed and publishes until ctx is done: whatever the journal holds at start (left by a previous
// run), then each change as it is journaled. A failure (NATS unreachable) is retried with
// backoff; the journal keeps the changes meanwhile.
func (p *Publisher) Run(ctx context.Context) error {
	wait := 100 * time.Millisecond
	ensured := false
	for {
		n, err := 0, p.ensure(ctx, &ensured)
		if err == nil {
			n, err = p.drain(ctx)
		}
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			p.connected.Store(false)
			p.log.Warn("natsjs: publishing changes", "err", err, "retry", wait.String())
			if !sleep(ctx, wait) {
				return nil
			}
			wait = backoff(wait, 5*time.Second)
			continue
		}
		p.connected.Store(true)
		wait = 100 * time.Millisecond
		if n == publishBatch {
			continue // more to read
		}
		select {
		case <-ctx.Done():
			return nil
		case <-p.journal.Journaled():
		}
	}
}

// ensure creates or updates the stream once per run (the writer owns its settings) and
// starts Status from the stream's last position.
func (p *Publisher) ensure(ctx context.Context, done *bool) error {
	if *done {
		return nil
	}
	if err := p.conn.EnsureStream(ctx); err != nil {
		return err
	}
	if err := p.conn.ensureFilings(ctx); err != nil {
		return err
	}
	last, err := p.conn.lastSeq(ctx)
	if err != nil {
		return err
	}
	p.published.Store(last)
	// What a previous run published was trimmed: the journal's oldest entry is the first
	// change not known to be published.
	first, err := p.journal.Changes(ctx, 0, 1)
	if err != nil {
		return err
	}
	if len(first) > 0 {
		p.sent.Store(first[0].Seq - 1)
	} else if n, err := p.journal.LastJournaled(ctx); err == nil {
		p.sent.Store(n)
	} else {
		return err
	}
	if obs, err := p.conn.filings(ctx); err == nil {
		if info, err := obs.GetInfo(ctx, snapshotObject); err == nil {
			p.snapshot.Store(snapshotPosition(info))
		}
	}
	*done = true
	p.ready.Store(true)
	p.setSent(p.sent.Load()) // wakes WaitPublished
	return nil
}

// drain publishes one batch and trims it; it reports how many entries it read.
func (p *Publisher) drain(ctx context.Context) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	changes, err := p.journal.Changes(ctx, 0, publishBatch)
	if err != nil || len(changes) == 0 {
		return 0, err
	}
	for _, c := range changes {
		if err := p.publish(ctx, c); err != nil {
			return 0, err
		}
	}
	return len(changes), p.journal.TrimChanges(ctx, changes[len(changes)-1].Seq)
}

// publish sends one change and waits for the stream's acknowledgement. A duplicate (the same
// id within the window) is acknowledged without being stored again.
func (p *Publisher) publish(ctx context.Context, c spac.Change) error {
	if c.Kind == spac.ChangeFiling {
		if err := p.putFiling(ctx, c); err != nil {
			return err
		}
	}
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	msg := &nats.Msg{Subject: p.conn.cfg.subject(), Data: b}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ack, err := p.conn.js.PublishMsg(ctx, msg, jetstream.WithMsgID(c.ID), jetstream.WithExpectStream(p.conn.cfg.Stream))
	if err != nil {
		return fmt.Errorf("publish change %d (%s): %w", c.Seq, c.ID, err)
	}
	if !ack.Duplicate {
		p.published.Store(ack.Sequence)
	}
	p.setSent(c.Seq)
	return nil
}

func (p *Publisher) setSent(seq uint64) {
	p.sent.Store(seq)
	p.wmu.Lock()
	close(p.advance)
	p.advance = make(chan struct{})
	p.wmu.Unlock()
}

// WaitPublished waits until the journal is published up to seq and returns the stream
// position by which it is: what a write committed by then is in the stream, acknowledged (a
// forwarded write is answered only then, so the replica that forwarded it can wait for it).
func (p *Publisher) WaitPublished(ctx context.Context, seq uint64) (uint64, error) {
	for {
		p.wmu.Lock()
		ch := p.advance
		p.wmu.Unlock()
		if p.ready.Load() && p.sent.Load() >= seq {
			return p.published.Load(), nil
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("natsjs: journal published to %d, waiting for %d: %w", p.sent.Load(), seq, ctx.Err())
		case <-ch:
		}
	}
}

// Status is the writer's side of /health: the stream position of its last change, and how
// many changes it committed and has not published yet.
func (p *Publisher) Status(ctx context.Context) spac.Replication {
	n := p.published.Load()
	st := spac.Replication{Role: "writer", Applied: n, Last: n, Snapshot: p.snapshot.Load(), Connected: p.connected.Load() && p.conn.nc.IsConnected()}
	if last, err := p.journal.LastJournaled(ctx); err == nil {
		st.Behind = last - min(last, p.sent.Load())
	}
	return st
}
