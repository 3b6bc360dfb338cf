package natsjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// LedgerTTL is how long a delivery's last record is kept: longer than the whole retry
// schedule (about 42 hours), so no node that takes over delivery still holds it pending.
const LedgerTTL = 7 * 24 * time.Hour

var _ spac.WebhookLedger = (*Ledger)(nil)

// Ledger is the spac.WebhookLedger of a cluster: a JetStream key-value bucket of delivery id
// -> the delivery as the node that attempted it last left it (JSON, no payload).
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

// Recorded implements spac.WebhookLedger. A value that is not a record is a status alone (the
// final status an earlier version kept).
func (l *Ledger) Recorded(ctx context.Context, deliveryID string) (spac.WebhookDelivery, bool, error) {
	kv, err := l.bucket(ctx)
	if err != nil {
		return spac.WebhookDelivery{}, false, err
	}
	e, err := kv.Get(ctx, deliveryID)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return spac.WebhookDelivery{}, false, nil
	} else if err != nil {
		return spac.WebhookDelivery{}, false, err
	}
	d := spac.WebhookDelivery{ID: deliveryID, Status: string(e.Value())}
	if v := e.Value(); len(v) > 0 && v[0] == '{' {
		d = spac.WebhookDelivery{}
		if err := json.Unmarshal(v, &d); err != nil {
			return d, false, fmt.Errorf("natsjs: delivery ledger %s: %w", deliveryID, err)
		}
	}
	return d, true, nil
}

// Record implements spac.WebhookLedger.
func (l *Ledger) Record(ctx context.Context, d spac.WebhookDelivery) error {
	kv, err := l.bucket(ctx)
	if err != nil {
		return err
	}
	b, err := json.Marshal(d) // the payload stays out (json:"-"): every node's queue has it
	if err != nil {
		return err
	}
	_, err = kv.Put(ctx, d.ID, b)
	return err
}
