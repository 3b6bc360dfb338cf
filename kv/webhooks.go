package kv

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.WebhookStore = (*WebhookStore)(nil)

// WebhookStore is the persistent spac.WebhookStore: endpoints and the delivery queue, with the
// semantics of webhook.MemStore (the in-memory fake of package webhook).
//
// Keys (see doc.go; <owner> and <endpoint> are path-escaped because a component follows them):
//
//	we/<id>                    endpoint record
//	wo/<owner>/<id>            empty: endpoints by owner key
//	wr/<owner>                 an owner retired by RetireOwner (value: the successor, or empty)
//	wd/<id>                    delivery record
//	wx/<endpoint>/<id>         empty: deliveries by endpoint
//	wq/<nextAttempt>/<seq>/<id> empty: pending deliveries by next attempt (sortableTime), then
//	                           creation order, so Due reads only the deliveries that are due
//	wb/<seq>                   the outbox (webhookoutbox.go)
type WebhookStore struct{ db *DB }

// Webhooks returns the webhook store over db.
func (db *DB) Webhooks() *WebhookStore { return &WebhookStore{db: db} }

// endpointRecord and deliveryRecord carry every field, including those webhooks hides from its
// JSON (owner, secret, payload). They are converted to and from the webhooks types with a plain
// conversion, so a field added there breaks the build here instead of being silently dropped.
type endpointRecord struct {
	ID          string     `json:"id"`
	OwnerKeyID  string     `json:"owner"`
	URL         string     `json:"url"`
	Events      []string   `json:"events"`
	Description string     `json:"description,omitempty"`
	Secret      string     `json:"secret"`
	CreatedAt   time.Time  `json:"createdAt"`
	DisabledAt  *time.Time `json:"disabledAt,omitempty"`
	// DisabledReason is the reason a disabled endpoint carries.
	DisabledReason string `json:"disabledReason,omitempty"`
	// PreviousSecret signs deliveries beside Secret until PreviousSecretExpiresAt (a rotation's
	// overlap window); kept durably so a restart inside the window still sends both signatures.
	PreviousSecret          string     `json:"previousSecret,omitempty"`
	PreviousSecretExpiresAt *time.Time `json:"previousSecretExpiresAt,omitempty"`
}

type deliveryRecord struct {
	ID          string                `json:"id"`
	Seq         uint64                `json:"seq,omitempty"`
	EndpointID  string                `json:"endpointId"`
	MessageID   string                `json:"messageId"`
	EventType   string                `json:"eventType"`
	Payload     []byte                `json:"payload"`
	Status      string                `json:"status"`
	Attempts    []spac.WebhookAttempt `json:"attempts"`
	NextAttempt time.Time             `json:"nextAttempt"`
	CreatedAt   time.Time             `json:"createdAt"`
}

func weKey(id string) string       { return prefixEndpoint + id }
func woPrefix(owner string) string { return prefixEndpointOfOwner + url.PathEscape(owner) + "/" }
func wdKey(id string) string       { return prefixDelivery + id }
func wxPrefix(endpoint string) string {
	return prefixDeliveryOfEndpoint + url.PathEscape(endpoint) + "/"
}
func wrKey(owner string) string { return prefixRetiredOwner + url.PathEscape(owner) }

// wqKey is a delivery's queue key. A delivery stored before deliveries had a seq (Seq 0) keeps
// the key it was queued under then, without one.
func wqKey(at time.Time, seq uint64, id string) string {
	if seq == 0 {
		return prefixDue + at.UTC().Format(sortableTime) + "/" + id
	}
	return fmt.Sprintf("%s%s/%020d/%s", prefixDue, at.UTC().Format(sortableTime), seq, id)
}

// PutEndpoint implements spac.WebhookStore (insert or replace by id).
func (s *WebhookStore) PutEndpoint(ctx context.Context, e spac.WebhookEndpoint) error {
	if e.ID == "" {
		return spac.InvalidParam("id", "webhook endpoint without an id")
	}
	return s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		var old endpointRecord
		switch err := getRecord(txn, weKey(e.ID), &old); {
		case errors.Is(err, spac.ErrNotFound):
			if err := refuseRetired(txn, e.OwnerKeyID); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		r := endpointRecord(e)
		return s.db.writeEndpoint(txn, r.ID, &r)
	})
}

// writeEndpoint stores r as endpoint id (nil: deletes it) with its owner entry, replacing the
// owner entry of the record it replaces, and journals it. The writer's endpoint writes and a
// replica's ChangeEndpoint go through it.
func (db *DB) writeEndpoint(txn *badger.Txn, id string, r *endpointRecord) error {
	var old endpointRecord
	switch err := getRecord(txn, weKey(id), &old); {
	case err == nil:
		if err := txn.Delete([]byte(woPrefix(old.OwnerKeyID) + id)); err != nil {
			return err
		}
	case !errors.Is(err, spac.ErrNotFound):
		return err
	}
	var rec json.RawMessage
	if r == nil {
		if err := txn.Delete([]byte(weKey(id))); err != nil {
			return err
		}
	} else {
		var err error
		if rec, err = json.Marshal(r); err != nil {
			return err
		}
		if err := txn.Set([]byte(weKey(id)), rec); err != nil {
			return err
		}
		if err := txn.Set([]byte(woPrefix(r.OwnerKeyID)+id), nil); err != nil {
			return err
		}
	}
	return db.journalRecord(txn, spac.ChangeEndpoint, func(seq uint64) any {
		return spac.EndpointChange{ID: id, Record: rec, Seq: seq}
	})
}

// DisableEndpoint implements spac.WebhookStore: read, compare and write in one transaction
// (Badger's conflict detection fails it if another writes the endpoint meanwhile).
func (s *WebhookStore) DisableEndpoint(ctx context.Context, id string, seen spac.WebhookEndpoint, at time.Time, reason string) (bool, error) {
	disabled := false
	err := s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		disabled = false // update may run fn again after a conflict
		var r endpointRecord
		if err := getRecord(txn, weKey(id), &r); errors.Is(err, spac.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if !spac.EndpointUnchanged(seen, spac.WebhookEndpoint(r)) {
			return nil
		}
		at := at.UTC()
		r.DisabledAt, r.DisabledReason = &at, reason
		disabled = true
		return s.db.writeEndpoint(txn, id, &r)
	})
	return disabled && err == nil, err
}

// Endpoint implements spac.WebhookStore.
func (s *WebhookStore) Endpoint(ctx context.Context, id string) (spac.WebhookEndpoint, error) {
	var r endpointRecord
	err := s.db.view(ctx, func(txn *badger.Txn) error { return getRecord(txn, weKey(id), &r) })
	if err != nil {
		return spac.WebhookEndpoint{}, err
	}
	return spac.WebhookEndpoint(r), nil
}

// Endpoints implements spac.WebhookStore: every endpoint, ordered by creation then id.
func (s *WebhookStore) Endpoints(ctx context.Context) ([]spac.WebhookEndpoint, error) {
	out := []spac.WebhookEndpoint{} // as MemStore: empty, not nil
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixEndpoint, true, func(_ string, item *badger.Item) error {
			var r endpointRecord
			if err := decodeItem(item, &r); err != nil {
				return err
			}
			out = append(out, spac.WebhookEndpoint(r))
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	sortEndpoints(out)
	return out, nil
}

// EndpointsOf returns the endpoints owned by the API key ownerKeyID, ordered by creation then id.
func (s *WebhookStore) EndpointsOf(ctx context.Context, ownerKeyID string) ([]spac.WebhookEndpoint, error) {
	var out []spac.WebhookEndpoint
	prefix := woPrefix(ownerKeyID)
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefix, false, func(key string, _ *badger.Item) error {
			var r endpointRecord
			if err := getRecord(txn, weKey(key[len(prefix):]), &r); err != nil {
				return fmt.Errorf("kv: owner index %q: %w", key, err)
			}
			out = append(out, spac.WebhookEndpoint(r))
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	sortEndpoints(out)
	return out, nil
}

func sortEndpoints(es []spac.WebhookEndpoint) {
	slices.SortFunc(es, func(a, b spac.WebhookEndpoint) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// DeleteEndpoint implements spac.WebhookStore: the endpoint and all its deliveries go in one
// transaction, so the queue never holds deliveries of a deleted endpoint.
func (s *WebhookStore) DeleteEndpoint(ctx context.Context, id string) error {
	return s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		var e endpointRecord
		if err := getRecord(txn, weKey(id), &e); err != nil {
			return err
		}
		ids, err := deliveryIDs(ctx, txn, id)
		if err != nil {
			return err
		}
		for _, did := range ids {
			if err := deleteDelivery(txn, did); err != nil {
				return err
			}
		}
		return s.db.writeEndpoint(txn, id, nil)
	})
}

// deliveryIDs lists the ids of the deliveries of an endpoint (keys only, iterator closed after).
func deliveryIDs(ctx context.Context, txn *badger.Txn, endpointID string) ([]string, error) {
	var ids []string
	prefix := wxPrefix(endpointID)
	err := eachKey(ctx, txn, prefix, false, func(key string, _ *badger.Item) error {
		ids = append(ids, key[len(prefix):])
		return nil
	})
	return ids, err
}

// deleteDelivery removes a delivery and its index keys; a missing delivery is not an error.
func deleteDelivery(txn *badger.Txn, id string) error {
	var old deliveryRecord
	switch err := getRecord(txn, wdKey(id), &old); {
	case errors.Is(err, spac.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	for _, k := range deliveryKeys(old) {
		if err := txn.Delete([]byte(k)); err != nil {
			return err
		}
	}
	return nil
}

// deliveryKeys are every key a stored delivery occupies.
func deliveryKeys(d deliveryRecord) []string {
	keys := []string{wdKey(d.ID), wxPrefix(d.EndpointID) + d.ID}
	if d.Status == spac.DeliveryPending {
		keys = append(keys, wqKey(d.NextAttempt, d.Seq, d.ID))
	}
	return keys
}

// PutDelivery implements spac.WebhookStore (insert or replace by id). The old index keys are
// dropped first: a retried delivery moves in the queue, a finished one leaves it. A new
// delivery is given the next delivery seq; a replaced one keeps its own.
func (s *WebhookStore) PutDelivery(ctx context.Context, d spac.WebhookDelivery) error {
	if d.ID == "" {
		return spac.InvalidParam("id", "webhook delivery without an id")
	}
	for _, t := range []time.Time{d.NextAttempt, d.CreatedAt} {
		if y := t.UTC().Year(); y < 0 || y > 9999 {
			return spac.InvalidParam("time", "delivery %s: year %d outside 0-9999", d.ID, y)
		}
	}
	return s.db.updateJournaled(ctx, func(txn *badger.Txn) error {
		r := deliveryRecord(d)
		var old deliveryRecord
		switch err := getRecord(txn, wdKey(d.ID), &old); {
		case err == nil:
			r.Seq = old.Seq
		case !errors.Is(err, spac.ErrNotFound):
			return err
		default:
			seq, err := nextSeq(txn, keyDeliverySeq)
			if err != nil {
				return err
			}
			r.Seq = seq
		}
		return s.db.writeDelivery(txn, r)
	})
}

// writeDelivery replaces the stored delivery r.ID (if any) and its index keys with r, and
// journals it: a replica holds the queue as the writer left it, so the node that takes over
// delivery (docs/operating.md, "Cluster") resumes where the writer stopped.
func (db *DB) writeDelivery(txn *badger.Txn, r deliveryRecord) error {
	if err := deleteDelivery(txn, r.ID); err != nil {
		return err
	}
	rec, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := txn.Set([]byte(wdKey(r.ID)), rec); err != nil {
		return err
	}
	for _, k := range deliveryKeys(r)[1:] { // index keys, empty values
		if err := txn.Set([]byte(k), nil); err != nil {
			return err
		}
	}
	return db.journalRecord(txn, spac.ChangeDelivery, func(seq uint64) any {
		return spac.DeliveryChange{ID: r.ID, Record: rec, Seq: seq}
	})
}

// Delivery implements spac.WebhookStore.
func (s *WebhookStore) Delivery(ctx context.Context, id string) (spac.WebhookDelivery, error) {
	var r deliveryRecord
	err := s.db.view(ctx, func(txn *badger.Txn) error { return getRecord(txn, wdKey(id), &r) })
	if err != nil {
		return spac.WebhookDelivery{}, err
	}
	return spac.WebhookDelivery(r), nil
}

// Deliveries implements spac.WebhookStore: the deliveries of an endpoint, newest first (creation
// descending, then id descending).
func (s *WebhookStore) Deliveries(ctx context.Context, endpointID string) ([]spac.WebhookDelivery, error) {
	var out []spac.WebhookDelivery
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		ids, err := deliveryIDs(ctx, txn, endpointID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			var r deliveryRecord
			if err := getRecord(txn, wdKey(id), &r); err != nil {
				return fmt.Errorf("kv: delivery index of %q: %w", endpointID, err)
			}
			out = append(out, spac.WebhookDelivery(r))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b spac.WebhookDelivery) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// Due implements spac.WebhookStore: up to limit (<= 0: all) pending deliveries with
// NextAttempt <= now, oldest first (then by seq). The wq/ index is in exactly that order.
func (s *WebhookStore) Due(ctx context.Context, now time.Time, limit int) ([]spac.WebhookDelivery, error) {
	var out []spac.WebhookDelivery
	bound := now.UTC().Format(sortableTime)
	err := s.db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixDue, false, func(key string, _ *badger.Item) error {
			when, id, ok := strings.Cut(key[len(prefixDue):], "/")
			if !ok {
				return fmt.Errorf("kv: bad queue key %q", key)
			}
			if _, afterSeq, seqd := strings.Cut(id, "/"); seqd {
				id = afterSeq
			}
			if when > bound {
				return errStopIteration
			}
			var r deliveryRecord
			if err := getRecord(txn, wdKey(id), &r); err != nil {
				return fmt.Errorf("kv: queue key %q: %w", key, err)
			}
			out = append(out, spac.WebhookDelivery(r))
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

// getRecord decodes the JSON under key into v; spac.ErrNotFound when it is missing (the
// spac.WebhookStore contract).
func getRecord(txn *badger.Txn, key string, v any) error {
	item, err := txn.Get([]byte(key))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return spac.ErrNotFound
	}
	if err != nil {
		return err
	}
	return decodeItem(item, v)
}
