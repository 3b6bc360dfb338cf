package kv

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// seedPage bounds the changes one seeding transaction journals.
const seedPage = 100

// SeedJournal journals, once, everything a store held before its journal was ever on (a
// single process's data directory turned into a writer's): every profile (with its events and
// the current watermark), filing, alert, article, stream event, API key and webhook registration, so replicas reading the stream from
// its start hold what the writer serves (filings first: profiles cite them). A store whose journal has a sequence (it journaled
// before, or was seeded) is left alone, but for its keys and webhook registrations when it
// journaled before they were (keyAccessSeeded); seeded reports how many changes it journaled.
func (db *DB) SeedJournal(ctx context.Context) (seeded int, err error) {
	if !db.journal.on {
		return 0, errors.New("kv: SeedJournal needs WithJournal")
	}
	n, err := db.LastJournaled(ctx)
	if err != nil {
		return 0, err
	}
	prefixes := []string{prefixFiling, prefixProfile, prefixAlert, prefixArticle, prefixStreamLog, prefixAPIKey, prefixEndpoint, prefixDelivery, prefixExportLink}
	if n > 0 { // a writer's store already: only what it journals since keys (links) were replicated
		if prefixes, err = db.unseeded(ctx); err != nil {
			return 0, err
		}
	}
	for _, prefix := range prefixes {
		n, err := db.seedPrefix(ctx, prefix)
		seeded += n
		if err != nil {
			return seeded, err
		}
	}
	return seeded, db.update(ctx, func(txn *badger.Txn) error {
		if err := txn.Set([]byte(keyAccessSeeded), nil); err != nil {
			return err
		}
		return txn.Set([]byte(keyLinksSeeded), nil)
	})
}

// unseeded lists what a writer's store journaled before it was replicated: keys, webhook
// registrations and deliveries (m/accessseeded), export links (m/linksseeded).
func (db *DB) unseeded(ctx context.Context) ([]string, error) {
	var out []string
	for _, m := range []struct {
		mark     string
		prefixes []string
	}{
		{keyAccessSeeded, []string{prefixAPIKey, prefixEndpoint, prefixDelivery}},
		{keyLinksSeeded, []string{prefixExportLink}},
	} {
		_, done, err := db.getState(ctx, m.mark)
		if err != nil {
			return nil, err
		}
		if !done {
			out = append(out, m.prefixes...)
		}
	}
	return out, nil
}

// getState reads a mark under key.
func (db *DB) getState(ctx context.Context, key string) (string, bool, error) {
	var v string
	var ok bool
	err := db.view(ctx, func(txn *badger.Txn) error {
		var err error
		v, ok, err = getString(txn, key)
		return err
	})
	return v, ok, err
}

// seedPrefix journals every record under prefix, a page per transaction.
func (db *DB) seedPrefix(ctx context.Context, prefix string) (int, error) {
	total, start := 0, prefix
	for {
		n, next := 0, ""
		err := db.updateJournaled(ctx, func(txn *badger.Txn) error {
			n, next = 0, ""
			err := eachKeyFrom(ctx, txn, prefix, start, true, func(key string, item *badger.Item) error {
				if n == seedPage {
					next = key
					return errStopIteration
				}
				n++
				return db.seedOne(txn, prefix, key, item)
			})
			if errors.Is(err, errStopIteration) {
				return nil
			}
			return err
		})
		total += n
		if err != nil || next == "" {
			return total, err
		}
		start = next
	}
}

// seedOne journals the record under key as the change its write would have journaled.
func (db *DB) seedOne(txn *badger.Txn, prefix, key string, item *badger.Item) error {
	raw, err := item.ValueCopy(nil)
	if err != nil {
		return err
	}
	switch prefix {
	case prefixAlert:
		return db.journalChange(txn, spac.ChangeAlert, json.RawMessage(raw))
	case prefixArticle:
		return db.journalChange(txn, spac.ChangeArticle, json.RawMessage(raw))
	case prefixFiling:
		var rec storedFiling
		if err := json.Unmarshal(raw, &rec); err != nil {
			return err
		}
		wm, _, err := getString(txn, keyWatermark)
		if err != nil {
			return err
		}
		return db.journalChange(txn, spac.ChangeFiling, spac.FilingChange{Accession: rec.Filing.Accession, Version: rec.version(), Watermark: wm})
	case prefixStreamLog:
		var ev spac.StreamEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			return err
		}
		escaped, _, _ := strings.Cut(key[len(prefixStreamLog):], "/")
		topic, err := url.PathUnescape(escaped)
		if err != nil {
			return err
		}
		return db.journalChange(txn, spac.ChangeStream, spac.StreamChange{Topic: topic, Event: ev})
	case prefixAPIKey:
		var sk storedKey
		if err := json.Unmarshal(raw, &sk); err != nil {
			return err
		}
		return db.journalRecord(txn, spac.ChangeKey, func(seq uint64) any { return spac.KeyChange{Key: sk.Key, Hash: sk.Hash, Seq: seq} })
	case prefixDelivery:
		id := key[len(prefixDelivery):]
		return db.journalRecord(txn, spac.ChangeDelivery, func(seq uint64) any { return spac.DeliveryChange{ID: id, Record: raw, Seq: seq} })
	case prefixExportLink:
		var sl storedLink
		if err := json.Unmarshal(raw, &sl); err != nil {
			return err
		}
		return db.journalRecord(txn, spac.ChangeExportLink, func(seq uint64) any { return spac.ExportLinkChange{Link: sl.Link, Hash: sl.Hash, Seq: seq} })
	case prefixEndpoint:
		id := key[len(prefixEndpoint):]
		return db.journalRecord(txn, spac.ChangeEndpoint, func(seq uint64) any { return spac.EndpointChange{ID: id, Record: raw, Seq: seq} })
	}
	return db.seedProfile(txn, raw)
}

// seedProfile journals a stored profile with the events its last PutProfile wrote.
func (db *DB) seedProfile(txn *badger.Txn, raw []byte) error {
	var sp storedProfile
	if err := json.Unmarshal(raw, &sp); err != nil {
		return err
	}
	var owned ownedKeys
	if err := getJSON(txn, ownedKey(sp.Profile.CIK), "owned keys", &owned); err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		return err
	}
	events := []spac.Event{}
	for _, k := range owned.Events {
		var e spac.Event
		if err := getJSON(txn, k, "event", &e); err != nil {
			return err
		}
		events = append(events, e)
	}
	wm, _, err := getString(txn, keyWatermark)
	if err != nil {
		return err
	}
	sp.Profile.Sample = sp.Sample
	return db.journalProfile(txn, sp.Profile, events, []byte(wm))
}
