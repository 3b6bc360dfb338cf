// Package natsjs is the NATS JetStream adapter of a cluster: one writer, many API replicas
// (docs/operating.md, "Cluster"). The writer's store journals every change of served data in the
// transaction that commits it (spac.ChangeJournal); a Publisher sends the journal, in order,
// to one JetStream stream, each message with the change's id as its Nats-Msg-Id, so a journal
// entry published twice is stored once. A Replica reads the stream in order into its own
// store and index (spac.ChangeApplier, spac.Index), recording its position with the data.
// Nothing outside this package knows about NATS.
package natsjs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config names the stream and how to reach it.
type Config struct {
	URL      string // nats://host:port, comma-separated for a cluster
	Stream   string // stream name; default DefaultStream
	Replicas int    // copies the stream keeps on a cluster (1 or 3); default 1
	// Duplicates is the window in which the stream drops a repeated change id; default
	// DefaultDuplicates. A writer restarting after a longer outage may publish an entry
	// again: the replica's position check absorbs it.
	Duplicates time.Duration
}

// Defaults.
const (
	DefaultStream     = "SPAC_CHANGES"
	DefaultDuplicates = 10 * time.Minute
	// MaxChangeBytes bounds one message (a profile with its events and citations); the
	// stream refuses larger ones and the publisher stops at such a change (docs/operating.md, "Cluster").
	MaxChangeBytes = 8 << 20
)

func (c Config) withDefaults() Config {
	if c.Stream == "" {
		c.Stream = DefaultStream
	}
	if c.Replicas < 1 {
		c.Replicas = 1
	}
	if c.Duplicates <= 0 {
		c.Duplicates = DefaultDuplicates
	}
	return c
}

// subject is the one subject of the stream: one subject keeps one total order.
func (c Config) subject() string { return "spac.changes." + c.Stream }

// Conn is a connection to NATS with its JetStream context.
type Conn struct {
	cfg Config
	nc  *nats.Conn
	js  jetstream.JetStream
}

// Connect dials NATS in the background and keeps reconnecting forever after a loss (the
// writer's journal and the replica's position make an outage harmless): a server that is not
// up yet is waited for, not an error.
func Connect(cfg Config, name string) (*Conn, error) {
	cfg = cfg.withDefaults()
	if cfg.URL == "" {
		return nil, errors.New("natsjs: no NATS URL (cluster.nats.url)")
	}
	nc, err := nats.Connect(cfg.URL, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond), nats.RetryOnFailedConnect(true))
	if err != nil {
		return nil, fmt.Errorf("natsjs: connect %s: %w", cfg.URL, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("natsjs: %w", err)
	}
	return &Conn{cfg: cfg, nc: nc, js: js}, nil
}

// Close drops the connection.
func (c *Conn) Close() { c.nc.Close() }

// EnsureStream creates the stream, or updates its settings: file storage, every change kept
// (a replica starting empty reads it from the first; snapshots are a later step), one
// subject, the duplicate window.
func (c *Conn) EnsureStream(ctx context.Context) error {
	_, err := c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       c.cfg.Stream,
		Subjects:   []string{c.cfg.subject()},
		Storage:    jetstream.FileStorage,
		Replicas:   c.cfg.Replicas,
		Duplicates: c.cfg.Duplicates,
		MaxMsgSize: MaxChangeBytes,
		Retention:  jetstream.LimitsPolicy,
		Discard:    jetstream.DiscardNew, // never drop a change a replica has not read
	})
	if err != nil {
		return fmt.Errorf("natsjs: stream %s: %w", c.cfg.Stream, err)
	}
	return nil
}

// lastSeq is the stream's last sequence now.
func (c *Conn) lastSeq(ctx context.Context) (uint64, error) {
	s, err := c.js.Stream(ctx, c.cfg.Stream)
	if err != nil {
		return 0, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.LastSeq, nil
}

// backoff doubles d up to max.
func backoff(d, max time.Duration) time.Duration { return min(2*d, max) }

// sleep waits d or until ctx is done (reports false then).
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
