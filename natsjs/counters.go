package natsjs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

var _ spac.CounterStore = (*Counters)(nil)

// Counters is a spac.CounterStore in JetStream key-value buckets, shared by every node of a
// cluster: the rate-limit windows of a key (or a client IP) count the requests of every
// replica (access.StoreLimiter over it). Add is a compare-and-set on the key's last revision,
// retried when another node added first, so no increment is lost or doubled. One bucket per
// TTL (its max age): a counter expires TTL after its last Add, and the window keys name their
// window, so an expired one is never read again anyway.
type Counters struct {
	conn    *Conn
	mu      sync.Mutex
	buckets map[time.Duration]jetstream.KeyValue
	// stripes serialise this process's Adds of one key: its requests then never conflict
	// with each other, only with other nodes'.
	stripes [64]sync.Mutex
	// adds and conflicts count Adds and their compare-and-sets lost to another node's write
	// (each then read and tried again): Stats, for the metrics.
	adds, conflicts atomic.Uint64
}

// Stats returns the Adds made through c and the compare-and-sets among them that lost (tried
// again). Since a node's Adds of one key take turns, each write of a node beats at most one
// in-flight Add of each other node: with current reads, a node's conflicts are at most the
// other nodes' adds. A read answered by a stream replica that is behind (a key-value get may
// be served by any of the bucket's servers) loses too, with no other node involved.
func (c *Counters) Stats() (adds, conflicts uint64) { return c.adds.Load(), c.conflicts.Load() }

// NewCounters returns the shared counters of conn's cluster.
func NewCounters(conn *Conn) *Counters {
	return &Counters{conn: conn, buckets: map[time.Duration]jetstream.KeyValue{}}
}

// bucketPrefix names the counter buckets of the stream.
func (c *Counters) bucketPrefix() string { return c.conn.cfg.Stream + "_COUNTERS_" }

func (c *Counters) bucket(ctx context.Context, ttl time.Duration) (jetstream.KeyValue, error) {
	ttl = max(ttl, 0).Truncate(time.Second)
	c.mu.Lock()
	defer c.mu.Unlock()
	if kv, ok := c.buckets[ttl]; ok {
		return kv, nil
	}
	// Bound to an existing bucket first: a lookup is one server's answer, where creating (or
	// updating) a replicated bucket is a round of the cluster's meta group, seconds under load.
	kv, err := c.conn.js.KeyValue(ctx, c.bucketName(ttl))
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = c.create(ctx, ttl)
	}
	if err != nil {
		return nil, fmt.Errorf("natsjs: counters bucket: %w", err)
	}
	c.buckets[ttl] = kv
	return kv, nil
}

func (c *Counters) bucketName(ttl time.Duration) string {
	return fmt.Sprintf("%s%d", c.bucketPrefix(), int64(ttl/time.Second))
}

func (c *Counters) create(ctx context.Context, ttl time.Duration) (jetstream.KeyValue, error) {
	return c.conn.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:   c.bucketName(ttl),
		History:  1,
		TTL:      ttl,
		Storage:  jetstream.FileStorage,
		Replicas: c.conn.cfg.Replicas,
	})
}

// Prepare binds (creating them when missing) the buckets of ttls, so a node's first requests
// find them: a node calls it as it starts, before it serves.
func (c *Counters) Prepare(ctx context.Context, ttls ...time.Duration) error {
	for _, ttl := range ttls {
		if _, err := c.bucket(ctx, ttl); err != nil {
			return err
		}
	}
	return nil
}

// Add implements spac.CounterStore.
func (c *Counters) Add(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if key == "" {
		return 0, spac.InvalidParam("key", "empty counter key")
	}
	kv, err := c.bucket(ctx, ttl)
	if err != nil {
		return 0, err
	}
	mu := &c.stripes[stripe(key)]
	mu.Lock()
	defer mu.Unlock()
	c.adds.Add(1)
	k := encodeKey(key)
	for ctx.Err() == nil {
		e, err := kv.Get(ctx, k)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			_, err = kv.Create(ctx, k, encodeCount(delta))
			if err == nil {
				return delta, nil
			}
			if !errors.Is(err, jetstream.ErrKeyExists) {
				return 0, err
			}
		case err != nil:
			return 0, err
		default:
			v := decodeCount(e.Value()) + delta
			_, err = kv.Update(ctx, k, encodeCount(v), e.Revision())
			if err == nil {
				return v, nil
			}
			if !errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
				return 0, err
			}
		}
		// Another node added first: read its value and try again.
		c.conflicts.Add(1)
	}
	return 0, ctx.Err()
}

// Get implements spac.CounterStore: a missing or expired counter is 0. The counter is looked
// for in every bucket (its TTL is not known here).
func (c *Counters) Get(ctx context.Context, key string) (int64, error) {
	var total int64
	err := c.eachBucket(ctx, func(kv jetstream.KeyValue) error {
		e, err := kv.Get(ctx, encodeKey(key))
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return nil
		}
		if err == nil {
			total += decodeCount(e.Value())
		}
		return err
	})
	return total, err
}

// Scan implements spac.CounterStore (a report's path, not a request's: it lists every key).
func (c *Counters) Scan(ctx context.Context, prefix string, fn func(key string, value int64) error) error {
	return c.eachBucket(ctx, func(kv jetstream.KeyValue) error {
		keys, err := kv.ListKeys(ctx)
		if err != nil {
			return err
		}
		for k := range keys.Keys() {
			key := decodeKey(k)
			if !strings.HasPrefix(key, prefix) {
				continue
			}
			e, err := kv.Get(ctx, k)
			if errors.Is(err, jetstream.ErrKeyNotFound) {
				continue // expired meanwhile
			}
			if err != nil {
				return err
			}
			if err := fn(key, decodeCount(e.Value())); err != nil {
				return err
			}
		}
		return nil
	})
}

func (c *Counters) eachBucket(ctx context.Context, fn func(jetstream.KeyValue) error) error {
	names := c.conn.js.KeyValueStoreNames(ctx)
	for name := range names.Name() {
		if !strings.HasPrefix(name, c.bucketPrefix()) {
			continue
		}
		kv, err := c.conn.js.KeyValue(ctx, name)
		if err != nil {
			return err
		}
		if err := fn(kv); err != nil {
			return err
		}
	}
	return names.Error()
}

// encodeKey escapes what a key-value key may not hold (a client IP's colons, dots) as =XX,
// character by character, so a prefix of a key encodes to a prefix of its encoding.
func encodeKey(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		ch := key[i]
		if ch == '-' || ch == '_' || ch == '/' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' {
			b.WriteByte(ch)
			continue
		}
		fmt.Fprintf(&b, "=%02X", ch)
	}
	return b.String()
}

func decodeKey(k string) string {
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		if k[i] == '=' && i+2 < len(k) {
			var ch byte
			if _, err := fmt.Sscanf(k[i+1:i+3], "%02X", &ch); err == nil {
				b.WriteByte(ch)
				i += 2
				continue
			}
		}
		b.WriteByte(k[i])
	}
	return b.String()
}

func encodeCount(v int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(v)) }

func decodeCount(b []byte) int64 {
	if len(b) != 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(b))
}

func stripe(key string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32() % 64
}
