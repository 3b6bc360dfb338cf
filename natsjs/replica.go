package natsjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// Replica reads the stream in order into a local read model: the store (spac.ChangeApplier,
// which records the position with each change) and the index (the universe row of each
// profile). OnApplied, when set, is told each change once applied (the SSE hub's live push).
type Replica struct {
	conn      *Conn
	store     ReplicaStore
	index     spac.Index
	log       *slog.Logger
	OnApplied func(spac.Change)

	// getObject reads an object of the filings' store: obs.Get, unless a test stands in
	// for a server that answers with what it held before (export_test.go).
	getObject func(ctx context.Context, obs jetstream.ObjectStore, name string) (jetstream.ObjectResult, error)

	applied   atomic.Uint64 // stream sequence of the last change applied
	snapshot  atomic.Uint64 // position of the snapshot this replica loaded last (0: none)
	last      atomic.Uint64 // the stream's last sequence as last seen
	connected atomic.Bool

	mu      sync.Mutex
	advance chan struct{} // closed and replaced whenever applied moves
}

// ReplicaStore is a replica's store as its follower writes it: changes, filing copies and
// snapshots.
type ReplicaStore interface {
	spac.ChangeApplier
	spac.FilingImporter
	spac.SnapshotLoader
}

// NewReplica returns the replica of conn's stream into store and index.
func NewReplica(conn *Conn, store ReplicaStore, index spac.Index, log *slog.Logger) *Replica {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Replica{conn: conn, store: store, index: index, log: log, advance: make(chan struct{})}
}

// Run applies the stream until ctx is done, from the position the store recorded. A lost
// connection or a consumer that cannot be made is retried with backoff; an error applying a
// change (a store failure, a change this binary does not know) ends Run, since going past it
// would leave a gap.
func (r *Replica) Run(ctx context.Context) error {
	from, err := r.store.Applied(ctx)
	if err != nil {
		return err
	}
	r.setApplied(from)
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := r.bootstrap(ctx)
		if err == nil {
			err = r.consume(ctx)
		}
		if ctx.Err() != nil {
			break
		}
		if ae, ok := err.(applyError); ok {
			return ae.err
		}
		if errors.Is(err, errGap) {
			r.log.Warn("natsjs: the stream was purged past this replica's position: loading the snapshot", "applied", r.applied.Load())
			continue
		}
		r.connected.Store(false)
		r.log.Warn("natsjs: reading the change stream", "err", err, "retry", wait.String())
		if !sleep(ctx, wait) {
			break
		}
		wait = backoff(wait, 5*time.Second)
	}
	return nil
}

// applyError marks a failure to apply (fatal) apart from a failure to read (retried).
type applyError struct{ err error }

func (e applyError) Error() string { return e.err.Error() }

// consume reads from the position after the last applied change with an ordered consumer
// (which recreates itself on a gap or a lost server) until an error or ctx ends it.
func (r *Replica) consume(ctx context.Context) error {
	cfg := jetstream.OrderedConsumerConfig{DeliverPolicy: jetstream.DeliverAllPolicy}
	if n := r.applied.Load(); n > 0 {
		cfg = jetstream.OrderedConsumerConfig{DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: n + 1}
	}
	cons, err := r.conn.js.OrderedConsumer(ctx, r.conn.cfg.Stream, cfg)
	if err != nil {
		return err
	}
	if last, err := r.conn.lastSeq(ctx); err == nil {
		r.raiseLast(last)
	}
	it, err := cons.Messages(jetstream.PullMaxMessages(64))
	if err != nil {
		return err
	}
	defer it.Stop()
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	r.connected.Store(true)
	for {
		msg, err := it.Next()
		if err != nil {
			return err
		}
		if err := r.handle(ctx, msg); err != nil {
			return err
		}
	}
}

// handle applies one message: the index row first, then the store with the position, so a
// replica killed between the two applies the change again (both are idempotent).
func (r *Replica) handle(ctx context.Context, msg jetstream.Msg) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	pos := meta.Sequence.Stream
	if pos <= r.applied.Load() {
		return nil
	}
	if pos > r.applied.Load()+1 { // sequences have no holes but a purge's
		return errGap
	}
	var c spac.Change
	if err := json.Unmarshal(msg.Data(), &c); err != nil {
		return applyError{fmt.Errorf("natsjs: change at %d: %w", pos, err)}
	}
	if c.Kind == spac.ChangeProfile {
		var pc spac.ProfileChange
		if err := json.Unmarshal(c.Data, &pc); err != nil {
			return applyError{fmt.Errorf("natsjs: profile change at %d: %w", pos, err)}
		}
		if err := r.index.Put(ctx, pc.Row()); err != nil {
			return applyError{fmt.Errorf("natsjs: index change at %d: %w", pos, err)}
		}
	}
	if err := r.apply(ctx, c, pos); err != nil {
		return err
	}
	r.raiseLast(pos + meta.NumPending)
	r.setApplied(pos)
	if r.OnApplied != nil {
		r.OnApplied(c)
	}
	return nil
}

// apply stores one change with its position; a filing's copy is read first (a failure to read
// it is retried like a failure to read the stream).
func (r *Replica) apply(ctx context.Context, c spac.Change, pos uint64) error {
	if c.Kind != spac.ChangeFiling {
		if err := r.store.ApplyChange(ctx, c, pos); err != nil {
			return applyError{err}
		}
		return nil
	}
	fc, err := filingChange(c)
	if err != nil {
		return applyError{err}
	}
	copy, err := r.getFiling(ctx, fc)
	if err != nil {
		return err
	}
	if err := r.store.ImportFiling(ctx, c, copy, pos); err != nil {
		return applyError{err}
	}
	return nil
}

func (r *Replica) setApplied(n uint64) {
	r.applied.Store(n)
	r.raiseLast(n)
	r.mu.Lock()
	close(r.advance)
	r.advance = make(chan struct{})
	r.mu.Unlock()
}

func (r *Replica) raiseLast(n uint64) {
	for {
		cur := r.last.Load()
		if n <= cur || r.last.CompareAndSwap(cur, n) {
			return
		}
	}
}

// WaitApplied waits until the replica applied the change at stream position n, or ctx ends.
func (r *Replica) WaitApplied(ctx context.Context, n uint64) error {
	for {
		r.mu.Lock()
		ch := r.advance
		r.mu.Unlock()
		if r.applied.Load() >= n {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("natsjs: at position %d waiting for %d: %w", r.applied.Load(), n, ctx.Err())
		case <-ch:
		}
	}
}

// CatchUp waits until the replica applied everything the stream held when it was called;
// a stream that is unreachable is waited for, within ctx.
func (r *Replica) CatchUp(ctx context.Context) error {
	for {
		last, err := r.conn.lastSeq(ctx)
		if err == nil {
			r.raiseLast(last)
			return r.WaitApplied(ctx, last)
		}
		r.log.Info("natsjs: waiting for the change stream", "err", err)
		if !sleep(ctx, 250*time.Millisecond) {
			return ctx.Err()
		}
	}
}

// Status is the replica's side of /health: how far behind the stream it is. Last is refreshed
// by Refresh and by each change read.
func (r *Replica) Status() spac.Replication {
	applied, last := r.applied.Load(), r.last.Load()
	return spac.Replication{Role: "replica", Applied: applied, Last: last, Behind: last - min(applied, last), Snapshot: r.snapshot.Load(), Connected: r.connected.Load() && r.conn.nc.IsConnected()}
}

// Refresh reads the stream's last position (for Status while no change arrives).
func (r *Replica) Refresh(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if last, err := r.conn.lastSeq(ctx); err == nil {
		r.raiseLast(last)
	}
}
