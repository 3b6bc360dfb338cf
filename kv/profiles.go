package kv

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// storedProfile is the p/<cik> record. Sample is kept beside the profile because
// spac.SPAC.Sample is not part of its JSON.
type storedProfile struct {
	Profile spac.Profile `json:"profile"`
	Sample  bool         `json:"sample,omitempty"`
}

// ownedKeys is the pk/<cik> record: what the last PutProfile of the CIK wrote besides p/.
type ownedKeys struct {
	Symbols []string `json:"symbols"`
	Events  []string `json:"events"`
}

// Symbol values: the CIK followed by whether the ticker is current or previous.
const (
	symbolCurrent  = "c"
	symbolPrevious = "p"
)

func profileKey(cik spac.CIK) string { return prefixProfile + string(cik) }
func ownedKey(cik spac.CIK) string   { return prefixProfileOwns + string(cik) }
func symbolKey(t string) string      { return prefixSymbol + strings.ToUpper(strings.TrimSpace(t)) }

func eventKey(e spac.Event) string {
	return prefixEvent + e.Date + "/" + string(e.CIK) + "/" + e.ID
}

func watermarkValue() []byte { return []byte(time.Now().UTC().Format(time.RFC3339Nano)) }

// PutProfile replaces the profile of p.CIK, its ticker entries and its calendar events, and
// advances the watermark, in one transaction.
func (db *DB) PutProfile(ctx context.Context, p spac.Profile, events []spac.Event) error {
	p, events, err := normProfile(p, events)
	if err != nil {
		return err
	}
	return db.updateJournaled(ctx, func(txn *badger.Txn) error {
		wm := watermarkValue()
		if err := writeProfile(txn, p, events, wm); err != nil {
			return err
		}
		return db.journalProfile(txn, p, events, wm)
	})
}

// normProfile validates p and its events and returns them with the CIK normalised (on copies).
func normProfile(p spac.Profile, events []spac.Event) (spac.Profile, []spac.Event, error) {
	cik, err := normCIK(p.CIK)
	if err != nil {
		return p, nil, err
	}
	p.CIK = cik
	events = slices.Clone(events) // the CIK is normalised on a copy, not the caller's slice
	for i := range events {
		if events[i].ID == "" || events[i].Date == "" {
			return p, nil, spac.InvalidParam("event", "event %d of %s has no id or date", i, cik)
		}
		events[i].CIK = cik
	}
	return p, events, nil
}

// writeProfile is the body of PutProfile's transaction (p and events normalised); wm is the
// watermark it sets (a replica sets its writer's).
func writeProfile(txn *badger.Txn, p spac.Profile, events []spac.Event, wm []byte) error {
	cik := p.CIK
	var old ownedKeys
	if err := getJSON(txn, ownedKey(cik), "owned keys", &old); err != nil && spac.ErrorCode(err) != spac.ENOTFOUND {
		return err
	}
	if err := dropOwned(txn, cik, old); err != nil {
		return err
	}
	owned, err := putSymbols(txn, cik, p.SPAC)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := setJSON(txn, eventKey(e), e); err != nil {
			return err
		}
		owned.Events = append(owned.Events, eventKey(e))
	}
	if err := setJSON(txn, ownedKey(cik), owned); err != nil {
		return err
	}
	if err := setJSON(txn, profileKey(cik), storedProfile{Profile: p, Sample: p.Sample}); err != nil {
		return err
	}
	return txn.Set([]byte(keyWatermark), wm)
}

// dropOwned deletes the events and the symbols a previous PutProfile wrote, except symbols
// that another SPAC has taken over since.
func dropOwned(txn *badger.Txn, cik spac.CIK, old ownedKeys) error {
	for _, k := range old.Events {
		if err := txn.Delete([]byte(k)); err != nil {
			return err
		}
	}
	for _, t := range old.Symbols {
		v, ok, err := getString(txn, symbolKey(t))
		if err != nil {
			return err
		}
		if ok && strings.HasPrefix(v, string(cik)) {
			if err := txn.Delete([]byte(symbolKey(t))); err != nil {
				return err
			}
		}
	}
	return nil
}

// putSymbols maps every ticker of s to its CIK. Tickers are recycled by exchanges: a ticker that
// is current for another SPAC is not taken over by this SPAC's previous one.
func putSymbols(txn *badger.Txn, cik spac.CIK, s spac.SPAC) (ownedKeys, error) {
	var owned ownedKeys
	current := append([]string{s.Symbol}, s.Tickers.Shares, s.Tickers.Units, s.Tickers.Warrants, s.Tickers.Rights)
	kinds := map[string]string{}
	for _, t := range s.Tickers.Previous {
		if t = strings.ToUpper(strings.TrimSpace(t)); t != "" {
			kinds[t] = symbolPrevious
		}
	}
	for _, t := range current {
		if t = strings.ToUpper(strings.TrimSpace(t)); t != "" {
			kinds[t] = symbolCurrent
		}
	}
	for _, t := range slices.Sorted(maps.Keys(kinds)) {
		v, ok, err := getString(txn, symbolKey(t))
		if err != nil {
			return owned, err
		}
		if ok && !strings.HasPrefix(v, string(cik)) && strings.HasSuffix(v, symbolCurrent) && kinds[t] == symbolPrevious {
			continue // another SPAC trades under it now
		}
		if err := txn.Set([]byte(symbolKey(t)), []byte(string(cik)+kinds[t])); err != nil {
			return owned, err
		}
		owned.Symbols = append(owned.Symbols, t)
	}
	return owned, nil
}

// Profile returns the profile of a CIK.
func (db *DB) Profile(ctx context.Context, cik spac.CIK) (spac.Profile, error) {
	cik, err := normCIK(cik)
	if err != nil {
		return spac.Profile{}, err
	}
	var sp storedProfile
	err = db.view(ctx, func(txn *badger.Txn) error {
		return getJSON(txn, profileKey(cik), "SPAC "+string(cik), &sp)
	})
	sp.Profile.Sample = sp.Sample
	return sp.Profile, err
}

// ResolveSymbol maps a current or previous ticker (any case) or a CIK (with or without leading
// zeros) of a stored profile to its CIK.
func (db *DB) ResolveSymbol(ctx context.Context, symbolOrCIK string) (spac.CIK, error) {
	s := strings.ToUpper(strings.TrimSpace(symbolOrCIK))
	if s == "" {
		return "", spac.InvalidParam("symbol", "empty symbol")
	}
	var cik spac.CIK
	err := db.view(ctx, func(txn *badger.Txn) error {
		v, ok, err := getString(txn, symbolKey(s))
		if err != nil || ok {
			cik = spac.CIK(strings.TrimRight(v, symbolCurrent+symbolPrevious))
			return err
		}
		c, isCIK := spac.ParseCIK(s)
		if !isCIK {
			return spac.Errorf(spac.ENOTFOUND, "unknown symbol %q", symbolOrCIK)
		}
		if _, err := txn.Get([]byte(profileKey(c))); errors.Is(err, badger.ErrKeyNotFound) {
			return spac.Errorf(spac.ENOTFOUND, "unknown CIK %q", symbolOrCIK)
		} else if err != nil {
			return err
		}
		cik = c
		return nil
	})
	return cik, err
}

// EachProfile calls fn with every profile in CIK order; an error from fn stops the walk and is
// returned as is.
func (db *DB) EachProfile(ctx context.Context, fn func(spac.Profile) error) error {
	return db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixProfile, true, func(_ string, item *badger.Item) error {
			var sp storedProfile
			if err := decodeItem(item, &sp); err != nil {
				return err
			}
			sp.Profile.Sample = sp.Sample
			return fn(sp.Profile)
		})
	})
}

// Events returns the calendar events matching q, ordered by date, then id. From and To are
// inclusive YYYY-MM-DD dates.
func (db *DB) Events(ctx context.Context, q spac.EventQuery) ([]spac.Event, error) {
	types := map[spac.EventType]bool{}
	for _, t := range q.Types {
		types[t] = true
	}
	ciks := map[spac.CIK]bool{}
	for _, c := range q.CIKs {
		n, err := normCIK(c)
		if err != nil {
			return nil, err
		}
		ciks[n] = true
	}
	out := []spac.Event{}
	err := db.view(ctx, func(txn *badger.Txn) error {
		err := eachKeyFrom(ctx, txn, prefixEvent, prefixEvent+q.From, true, func(key string, item *badger.Item) error {
			date, _, _ := strings.Cut(strings.TrimPrefix(key, prefixEvent), "/")
			if q.To != "" && date > q.To {
				return errStopIteration
			}
			var e spac.Event
			if err := decodeItem(item, &e); err != nil {
				return err
			}
			if (len(types) == 0 || types[e.Type]) && (len(ciks) == 0 || ciks[e.CIK]) {
				out = append(out, e)
			}
			return nil
		})
		if errors.Is(err, errStopIteration) {
			return nil
		}
		return err
	})
	slices.SortFunc(out, func(a, b spac.Event) int { return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.ID, b.ID)) })
	return out, err
}

// Watermark returns the time the served data last changed; zero before anything was stored.
// It is read from the store once per commit (every request asks for it).
func (db *DB) Watermark(ctx context.Context) (time.Time, error) {
	v, err := db.watermark.get(ctx, db, keyWatermark)
	if err != nil || v == "" {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("kv: watermark %q: %w", v, err)
	}
	return t, nil
}
