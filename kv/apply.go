package kv

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var _ spac.ChangeApplier = (*Applier)(nil)

// Applier applies a writer's changes to a replica's store: each change and the replica's
// position in the stream (m/applied) commit in one transaction, so a replica killed at any
// point resumes after the last change it holds, and a change delivered again is skipped.
type Applier struct {
	db  *DB
	log *EventLog // trims the stream log as the writer's does
}

// Applier returns the replica side of the change journal; streamCapPerTopic is the stream
// log's retention (the writer's EventLog cap).
func (db *DB) Applier(streamCapPerTopic int) *Applier {
	return &Applier{db: db, log: db.EventLog(streamCapPerTopic)}
}

// Applied implements spac.ChangeApplier.
func (a *Applier) Applied(ctx context.Context) (uint64, error) {
	var n uint64
	err := a.db.view(ctx, func(txn *badger.Txn) error {
		var err error
		n, err = readApplied(txn)
		return err
	})
	return n, err
}

// ApplyChange implements spac.ChangeApplier. A change at or before the recorded position is a
// redelivery and changes nothing.
func (a *Applier) ApplyChange(ctx context.Context, c spac.Change, position uint64) error {
	return a.db.update(ctx, func(txn *badger.Txn) error {
		applied, err := readApplied(txn)
		if err != nil || position <= applied {
			return err
		}
		if err := a.apply(ctx, txn, c); err != nil {
			return fmt.Errorf("kv: apply change %d (%s %s): %w", position, c.Kind, c.ID, err)
		}
		return txn.Set([]byte(keyApplied), []byte(strconv.FormatUint(position, 10)))
	})
}

func (a *Applier) apply(ctx context.Context, txn *badger.Txn, c spac.Change) error {
	switch c.Kind {
	case spac.ChangeProfile:
		var pc spac.ProfileChange
		if err := json.Unmarshal(c.Data, &pc); err != nil {
			return err
		}
		pc.Profile.Sample = pc.Sample
		p, events, err := normProfile(pc.Profile, pc.Events)
		if err != nil {
			return err
		}
		return writeProfile(txn, p, events, []byte(pc.Watermark))
	case spac.ChangeAlert:
		var al spac.Alert
		if err := json.Unmarshal(c.Data, &al); err != nil {
			return err
		}
		return applyTimeline(txn, alertTimeline, al.ID, al.FiredAt, al.Seq, c.Data)
	case spac.ChangeArticle:
		var ar spac.Article
		if err := json.Unmarshal(c.Data, &ar); err != nil {
			return err
		}
		return applyTimeline(txn, articleTimeline, ar.ID, ar.PublishedAt, ar.Seq, c.Data)
	case spac.ChangeStream:
		var sc spac.StreamChange
		if err := json.Unmarshal(c.Data, &sc); err != nil {
			return err
		}
		return a.applyStream(ctx, txn, sc)
	case spac.ChangeKey:
		var kc spac.KeyChange
		if err := json.Unmarshal(c.Data, &kc); err != nil {
			return err
		}
		kc.Key.Hash = kc.Hash
		return writeKey(txn, kc.Key)
	case spac.ChangeEndpoint:
		return a.applyEndpoint(ctx, txn, c.Data)
	case spac.ChangeDelivery:
		return a.applyDelivery(txn, c.Data)
	case spac.ChangeExportLink:
		return applyLink(txn, c.Data)
	}
	return fmt.Errorf("unknown change kind %q (a newer writer?)", c.Kind)
}

// applyTimeline stores an alert or article as the writer stored it (the same JSON, the same
// Seq); one already stored is kept, as timeline.put keeps the first.
func applyTimeline(txn *badger.Txn, tl timeline, id string, at time.Time, seq uint64, data []byte) error {
	if _, err := txn.Get([]byte(tl.rec + id)); err == nil {
		return nil
	} else if !errors.Is(err, badger.ErrKeyNotFound) {
		return err
	}
	when, err := descTime(at)
	if err != nil {
		return err
	}
	if err := txn.Set([]byte(tl.rec+id), data); err != nil {
		return err
	}
	if err := txn.Set([]byte(tl.idx+when+"/"+id), nil); err != nil {
		return err
	}
	return raiseSeq(txn, tl.seq, seq)
}

// applyStream stores a stream event under the id the writer's log gave it.
func (a *Applier) applyStream(ctx context.Context, txn *badger.Txn, sc spac.StreamChange) error {
	if sc.Event.ID == 0 {
		return errors.New("stream event without an id")
	}
	if err := setJSON(txn, logKey(sc.Topic, sc.Event.ID), sc.Event); err != nil {
		return err
	}
	if err := raiseSeq(txn, logLastKey(sc.Topic), sc.Event.ID); err != nil {
		return err
	}
	return a.log.trim(ctx, txn, sc.Topic, sc.Event.ID)
}

// applyEndpoint stores a webhook registration as the writer stored it, or deletes it.
func (a *Applier) applyEndpoint(ctx context.Context, txn *badger.Txn, data []byte) error {
	var ec spac.EndpointChange
	if err := json.Unmarshal(data, &ec); err != nil {
		return err
	}
	if ec.ID == "" {
		return errors.New("endpoint change without an id")
	}
	if len(ec.Record) == 0 { // deleted with its deliveries, as DeleteEndpoint does
		ids, err := deliveryIDs(ctx, txn, ec.ID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := deleteDelivery(txn, id); err != nil {
				return err
			}
		}
		return a.db.writeEndpoint(txn, ec.ID, nil)
	}
	var r endpointRecord
	if err := json.Unmarshal(ec.Record, &r); err != nil {
		return err
	}
	return a.db.writeEndpoint(txn, ec.ID, &r)
}

// applyDelivery stores a webhook delivery as the writer stored it (its seq, so its place in the
// queue, included).
func (a *Applier) applyDelivery(txn *badger.Txn, data []byte) error {
	var dc spac.DeliveryChange
	if err := json.Unmarshal(data, &dc); err != nil {
		return err
	}
	var r deliveryRecord
	if err := json.Unmarshal(dc.Record, &r); err != nil {
		return err
	}
	if r.ID == "" || r.ID != dc.ID {
		return fmt.Errorf("delivery change %q holds delivery %q", dc.ID, r.ID)
	}
	if err := a.db.writeDelivery(txn, r); err != nil {
		return err
	}
	return raiseSeq(txn, keyDeliverySeq, r.Seq)
}

// raiseSeq sets the counter under key to n unless it is already higher.
func raiseSeq(txn *badger.Txn, key string, n uint64) error {
	v, ok, err := getString(txn, key)
	if err != nil {
		return err
	}
	if ok {
		if cur, err := strconv.ParseUint(v, 10, 64); err == nil && cur >= n {
			return nil
		}
	}
	return txn.Set([]byte(key), []byte(strconv.FormatUint(n, 10)))
}
