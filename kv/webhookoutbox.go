package kv

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// The webhook outbox (wb/<seq>), the lane claim and owner retirement: the transactional parts
// of spac.WebhookStore. Each method is one Badger transaction, so Badger's conflict detection
// serialises it against every other write to the keys it read (a claim against a revocation,
// an expansion against an endpoint's deletion).

func wbKey(seq uint64) string { return fmt.Sprintf("%s%020d", prefixWebhookOutbox, seq) }

// refuseRetired fails when owner was retired by RetireOwner.
func refuseRetired(txn *badger.Txn, owner string) error {
	_, retired, err := getString(txn, wrKey(owner))
	if err != nil {
		return err
	}
	if retired {
		return spac.Errorf(spac.EUNAUTHORIZED, "the API key has been revoked or rotated: it can register no webhook")
	}
	return nil
}

// RetireOwner implements spac.WebhookStore.
func (s *WebhookStore) RetireOwner(ctx context.Context, owner, successor string, at time.Time) ([]spac.WebhookEndpoint, error) {
	if owner == "" || owner == successor {
		return nil, spac.InvalidParam("owner", "retiring %q for %q", owner, successor)
	}
	var out []spac.WebhookEndpoint
	err := s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		out = out[:0] // a retried transaction starts over
		ids, err := ownedIDs(ctx, txn, owner)
		if err != nil {
			return err
		}
		for _, id := range ids {
			e, err := s.db.retireEndpoint(txn, id, owner, successor, at)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return txn.Set([]byte(wrKey(owner)), []byte(successor))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ownedIDs lists the ids of owner's endpoints (keys only, iterator closed after).
func ownedIDs(ctx context.Context, txn *badger.Txn, owner string) ([]string, error) {
	var ids []string
	prefix := woPrefix(owner)
	err := eachKey(ctx, txn, prefix, false, func(key string, _ *badger.Item) error {
		ids = append(ids, key[len(prefix):])
		return nil
	})
	return ids, err
}

// retireEndpoint moves endpoint id from owner to successor, or disables it when there is none.
func (db *DB) retireEndpoint(txn *badger.Txn, id, owner, successor string, at time.Time) (spac.WebhookEndpoint, error) {
	var r endpointRecord
	if err := getRecord(txn, weKey(id), &r); err != nil {
		return spac.WebhookEndpoint{}, fmt.Errorf("kv: owner index of %q: %w", owner, err)
	}
	if successor == "" {
		if r.DisabledAt == nil {
			at := at.UTC()
			r.DisabledAt, r.DisabledReason = &at, "key revoked"
		}
	} else {
		r.OwnerKeyID = successor // writeEndpoint moves the owner entry
	}
	return spac.WebhookEndpoint(r), db.writeEndpoint(txn, id, &r)
}

// PutEvent implements spac.WebhookStore: ev is appended under the next outbox seq.
func (s *WebhookStore) PutEvent(ctx context.Context, ev spac.OutboxEvent) error {
	if err := checkEvent(ev); err != nil {
		return err
	}
	return s.db.update(ctx, func(txn *badger.Txn) error { return appendEvent(txn, ev) })
}

func checkEvent(ev spac.OutboxEvent) error {
	if ev.ID == "" || ev.Type == "" || len(ev.Payload) == 0 {
		return spac.InvalidParam("event", "an outbox event needs an id, a type and a payload")
	}
	if y := ev.CreatedAt.UTC().Year(); y < 1 || y > 9999 {
		return spac.InvalidParam("event", "outbox event %s: year %d outside 1-9999", ev.ID, y)
	}
	return nil
}

// appendEvent writes ev to the outbox inside txn: the transactional path of the alert and
// article stores (PutAlertWith, PutArticleWith) and of PutEvent.
func appendEvent(txn *badger.Txn, ev spac.OutboxEvent) error {
	seq, err := nextSeq(txn, keyWebhookSeq)
	if err != nil {
		return err
	}
	ev.Seq = seq
	return setJSON(txn, wbKey(seq), ev)
}

// Outbox implements spac.WebhookStore: up to limit (<= 0: all) events, oldest first.
func (s *WebhookStore) Outbox(ctx context.Context, limit int) ([]spac.OutboxEvent, error) {
	var out []spac.OutboxEvent
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixWebhookOutbox, true, func(_ string, item *badger.Item) error {
			var ev spac.OutboxEvent
			if err := decodeItem(item, &ev); err != nil {
				return err
			}
			out = append(out, ev)
			if limit > 0 && len(out) >= limit {
				return errStopIteration
			}
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStopIteration) {
		return nil, err
	}
	return out, nil
}

// expandBatch bounds the deliveries one transaction of Expand creates, and expandBytes the
// payload bytes it writes: every delivery holds the event's payload, and a Badger transaction
// holds about 2 MB with this store's memtables.
const (
	expandBatch = 100
	expandBytes = 1 << 20
)

// Expand implements spac.WebhookStore. The deliveries are created in transactions of at most
// expandBatch endpoints and expandBytes of payload, the last of which also takes the event out
// of the outbox: a crash in between leaves the event there, and expanding it again creates
// only the deliveries missing.
func (s *WebhookStore) Expand(ctx context.Context, ev spac.OutboxEvent, endpointIDs []string) (int, error) {
	per := max(1, min(expandBatch, expandBytes/(len(ev.Payload)+512)))
	created := 0
	for first := true; first || len(endpointIDs) > 0; first = false {
		batch := endpointIDs[:min(len(endpointIDs), per)]
		endpointIDs = endpointIDs[len(batch):]
		last := len(endpointIDs) == 0
		var n int
		err := s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
			n = 0 // a retried transaction starts over
			for _, epID := range batch {
				made, err := s.db.expandTo(txn, ev, epID)
				if err != nil {
					return err
				}
				if made {
					n++
				}
			}
			if !last || ev.Seq == 0 {
				return nil
			}
			return txn.Delete([]byte(wbKey(ev.Seq)))
		})
		if err != nil {
			return created, err
		}
		created += n
	}
	return created, nil
}

// expandTo creates the delivery of ev to endpoint epID unless the endpoint is gone or disabled
// or the delivery exists.
func (db *DB) expandTo(txn *badger.Txn, ev spac.OutboxEvent, epID string) (bool, error) {
	var ep endpointRecord
	switch err := getRecord(txn, weKey(epID), &ep); {
	case errors.Is(err, spac.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	case ep.DisabledAt != nil:
		return false, nil
	}
	id := spac.WebhookDeliveryID(ev.ID, epID)
	switch _, err := txn.Get([]byte(wdKey(id))); {
	case err == nil:
		return false, nil
	case !errors.Is(err, badger.ErrKeyNotFound):
		return false, err
	}
	seq, err := nextSeq(txn, keyDeliverySeq)
	if err != nil {
		return false, err
	}
	at := ev.CreatedAt.UTC()
	return true, db.writeDelivery(txn, deliveryRecord{
		ID: id, Seq: seq, EndpointID: epID, MessageID: ev.ID, EventType: ev.Type, Payload: ev.Payload,
		Status: spac.DeliveryPending, NextAttempt: at, CreatedAt: at, Attempts: []spac.WebhookAttempt{},
	})
}

// Claim implements spac.WebhookStore.
func (s *WebhookStore) Claim(ctx context.Context, id string, now, until time.Time) (spac.WebhookDelivery, spac.WebhookEndpoint, bool, error) {
	var d deliveryRecord
	var ep endpointRecord
	var ok bool
	err := s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		ok = false
		switch err := getRecord(txn, wdKey(id), &d); {
		case errors.Is(err, spac.ErrNotFound):
			return nil
		case err != nil:
			return err
		}
		if d.Status != spac.DeliveryPending || d.NextAttempt.After(now) {
			return nil
		}
		if err := getRecord(txn, weKey(d.EndpointID), &ep); err != nil {
			return err // a delivery of a deleted endpoint was deleted with it
		}
		if ep.DisabledAt != nil {
			d.Status, d.NextAttempt = spac.DeliveryFailed, time.Time{}
			d.Attempts = append(d.Attempts, spac.WebhookAttempt{At: now.UTC(), Error: spac.WebhookEndpointDisabled})
			return s.db.writeDelivery(txn, d)
		}
		d.NextAttempt, ok = until.UTC(), true
		return s.db.writeDelivery(txn, d)
	})
	if err != nil {
		return spac.WebhookDelivery{}, spac.WebhookEndpoint{}, false, err
	}
	return spac.WebhookDelivery(d), spac.WebhookEndpoint(ep), ok, nil
}
