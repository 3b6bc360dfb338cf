package natsjs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// DefaultLeaseTTL is how long a lease outlives its holder's last renewal: the time a node
// that died without letting go keeps the role from the others.
const DefaultLeaseTTL = 3 * time.Second

// Lease is a role one node of the cluster holds at a time (webhook delivery), as a key of a
// JetStream key-value bucket whose entries live TTL. The holder writes the key again every
// TTL/3, each write expecting the revision it wrote last (compare-and-set), so it learns at
// once when another node took the role; the others try to create the key every TTL/3, which
// succeeds once the holder let go (a clean stop deletes the key) or its last write expired
// (it died). A holder that cannot renew stops holding at once: two nodes may both not hold
// the role for a moment, never both hold it, short of a renewal that the server applied but
// whose answer was lost.
type Lease struct {
	conn   *Conn
	name   string
	holder string
	ttl    time.Duration
	log    *slog.Logger
	// OnAcquire, when set, is called (in Run's goroutine) each time this node takes the role.
	OnAcquire func()

	held atomic.Bool
	rev  uint64
	kv   jetstream.KeyValue
}

// NewLease returns the lease of role name for this node (holder: a name for logs and for
// the key's value); ttl 0 is DefaultLeaseTTL. Every node of a role must use the same ttl.
func NewLease(conn *Conn, name, holder string, ttl time.Duration, log *slog.Logger) *Lease {
	if ttl <= 0 {
		ttl = DefaultLeaseTTL
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Lease{conn: conn, name: name, holder: holder, ttl: ttl, log: log}
}

// Held reports whether this node holds the role now.
func (l *Lease) Held() bool { return l.held.Load() }

// Run competes for the role, and renews it while held, until ctx is done; it then lets go
// (deletes the key, if still this node's), so another node takes over within TTL/3.
func (l *Lease) Run(ctx context.Context) error {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		l.step(ctx)
		select {
		case <-ctx.Done():
			l.release()
			return nil
		case <-t.C:
		}
	}
}

// bucketName is the lease bucket of the stream.
func (l *Lease) bucketName() string { return l.conn.cfg.Stream + "_LEASES" }

// step creates or renews the key once.
func (l *Lease) step(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, l.ttl/3)
	defer cancel()
	var err error
	if l.kv == nil {
		l.kv, err = l.conn.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket: l.bucketName(), History: 1, TTL: l.ttl, Storage: jetstream.FileStorage, Replicas: l.conn.cfg.Replicas,
		})
		if err != nil {
			l.kv = nil
			l.log.Warn("natsjs: lease bucket", "lease", l.name, "err", err)
			return
		}
	}
	was := l.held.Load()
	if was {
		l.rev, err = l.kv.Update(ctx, l.name, []byte(l.holder), l.rev)
	} else {
		l.rev, err = l.kv.Create(ctx, l.name, []byte(l.holder))
	}
	l.held.Store(err == nil)
	switch {
	case err == nil && !was:
		l.log.Info("natsjs: took the lease", "lease", l.name, "holder", l.holder)
		if l.OnAcquire != nil {
			l.OnAcquire()
		}
	case err != nil && was:
		l.log.Warn("natsjs: lost the lease", "lease", l.name, "err", err)
	case err != nil && !errors.Is(err, jetstream.ErrKeyExists):
		l.log.Debug("natsjs: lease", "lease", l.name, "err", err)
	}
}

// release deletes the key if this node still holds it.
func (l *Lease) release() {
	if !l.held.Swap(false) || l.kv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), l.ttl)
	defer cancel()
	if err := l.kv.Delete(ctx, l.name, jetstream.LastRevision(l.rev)); err != nil {
		l.log.Warn("natsjs: letting the lease go", "lease", l.name, "err", fmt.Errorf("%w (it expires in %s)", err, l.ttl))
	}
}
