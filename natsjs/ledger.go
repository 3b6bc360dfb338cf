package natsjs

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// LedgerTTL is how long a delivery's final outcome is kept: longer than the whole retry
// schedule (about 42 hours), so no node that takes over delivery still holds it pending.
const LedgerTTL = 7 * 24 * time.Hour

var _ spac.WebhookLedger = (*Ledger)(nil)

// Ledger is the spac.WebhookLedger of a cluster: a JetStream key-value bucket of delivery id
// -> final status.
type Ledger struct {
	conn *Conn
	mu   sync.Mutex
	kv   jetstream.KeyValue
}

// NewLedger returns the delivery ledger of conn's cluster.
func NewLedger(conn *Conn) *Ledger { return &Ledger{conn: conn} }

func (l *Ledger) bucket(ctx context.Context) (jetstream.KeyValue, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.kv != nil {
		return l.kv, nil
	}
	kv, err := l.conn.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: l.conn.cfg.Stream + "_WEBHOOKS_DONE", History: 1, TTL: LedgerTTL,
		Storage: jetstream.FileStorage, Replicas: l.conn.cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("natsjs: delivery ledger: %w", err)
	}
	l.kv = kv
	return kv, nil
}

// Done implements spac.WebhookLedger.
func (l *Ledger) Done(ctx context.Context, deliveryID string) (string, error) {
	kv, err := l.bucket(ctx)
	if err != nil {
		return "", err
	}
	e, err := kv.Get(ctx, deliveryID)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	return string(e.Value()), nil
}

// MarkDone implements spac.WebhookLedger.
func (l *Ledger) MarkDone(ctx context.Context, deliveryID, status string) error {
	kv, err := l.bucket(ctx)
	if err != nil {
		return err
	}
	_, err = kv.Put(ctx, deliveryID, []byte(status))
	return err
}
