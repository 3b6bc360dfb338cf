package kv

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var (
	_ spac.SnapshotSource = (*DB)(nil)
	_ spac.SnapshotLoader = (*Applier)(nil)
)

// replicatedKeys are the key ranges a replica holds as its writer does: what the Applier
// writes (profiles, alerts, articles, the SSE replay log, filings, API keys, webhook
// registrations and deliveries) and nothing the writer keeps to itself (sources, fold marks,
// the webhook outbox, the journal, counters).
var replicatedKeys = []string{prefixFiling, prefixText, prefixFacts, prefixFilingOfCIK,
	prefixProfile, prefixProfileOwns, prefixSymbol, prefixEvent, prefixAlert, prefixAlertByTime,
	prefixArticle, prefixArticleByTime, prefixStreamLog, prefixStreamLast,
	prefixAPIKey, prefixAPIKeyHash, prefixEndpoint, prefixEndpointOfOwner,
	prefixDelivery, prefixDeliveryOfEndpoint, prefixDue, keyDeliverySeq,
	prefixExportLink, prefixExportLinkHash, prefixExportLinkOfKey, // the link first: loadExpiry
	keyWatermark, keyAlertSeq, keyArticleSeq}

func replicatedKey(k string) bool {
	for _, p := range replicatedKeys {
		if strings.HasPrefix(k, p) && (strings.HasSuffix(p, "/") || k == p) {
			return true
		}
	}
	return false
}

// snapshot is one read-only transaction of a writer's store.
type snapshot struct {
	ctx context.Context
	txn *badger.Txn
}

// OpenSnapshot implements spac.SnapshotSource.
func (db *DB) OpenSnapshot(ctx context.Context) (spac.Snapshot, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	txn := db.bdb.NewTransaction(false)
	pending := false
	err := eachKey(ctx, txn, prefixJournal, false, func(string, *badger.Item) error {
		pending = true
		return errStopIteration
	})
	if errors.Is(err, errStopIteration) {
		err = nil
	}
	if err != nil || pending {
		txn.Discard()
		return nil, false, err
	}
	return &snapshot{ctx: ctx, txn: txn}, true, nil
}

// WriteTo writes every replicated key and its value, length-prefixed, as a filing copy is.
func (s *snapshot) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	var buf []byte
	for _, p := range replicatedKeys {
		err := eachKey(s.ctx, s.txn, p, true, func(key string, item *badger.Item) error {
			if !replicatedKey(key) {
				return nil // a longer key under a single key's name
			}
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			buf = appendPair(buf[:0], key, v)
			m, err := bw.Write(buf)
			n += int64(m)
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, bw.Flush()
}

func (s *snapshot) Close() { s.txn.Discard() }

// LoadSnapshot implements spac.SnapshotLoader: the position goes to 0 first, every replicated
// key is dropped, the snapshot's keys are written (only replicated ones are accepted) and the
// position is written last, with the final batch.
func (a *Applier) LoadSnapshot(ctx context.Context, r io.Reader, position uint64) error {
	db := a.db
	if err := db.update(ctx, func(txn *badger.Txn) error { return txn.Set([]byte(keyApplied), []byte("0")) }); err != nil {
		return err
	}
	prefixes := make([][]byte, len(replicatedKeys))
	for i, p := range replicatedKeys {
		prefixes[i] = []byte(p)
	}
	if err := db.bdb.DropPrefix(prefixes...); err != nil {
		return fmt.Errorf("kv: drop the replica's keys: %w", err)
	}
	br := bufio.NewReaderSize(r, 1<<20)
	w := &splitWriter{db: db, ctx: ctx}
	links := linkExpiries{}
	for {
		key, err := readPrefixed(br)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		value, err := readPrefixed(br)
		if err != nil {
			return fmt.Errorf("kv: snapshot: %w", err)
		}
		if !replicatedKey(string(key)) {
			return fmt.Errorf("kv: snapshot holds %q, which no replica holds", key)
		}
		if at := links.expiry(string(key), value); at > 0 {
			w.setExpiring(string(key), value, at)
			continue
		}
		w.set(string(key), value)
	}
	w.set(keyApplied, []byte(strconv.FormatUint(position, 10)))
	return w.commit()
}

// linkExpiries gives the export links' entries loaded from a snapshot their expiry again (a
// snapshot holds keys and values only): a link's record (xl/, written first) names it, and its
// hash and owner entries name the link.
type linkExpiries map[string]uint64

func (l linkExpiries) expiry(key string, value []byte) uint64 {
	switch {
	case strings.HasPrefix(key, prefixExportLink):
		var s storedLink
		if json.Unmarshal(value, &s) != nil {
			return 0
		}
		l[s.Link.ID] = linkExpiry(s.Link)
		return l[s.Link.ID]
	case strings.HasPrefix(key, prefixExportLinkHash):
		return l[string(value)]
	case strings.HasPrefix(key, prefixExportLinkOfKey):
		return l[key[strings.LastIndexByte(key, '/')+1:]]
	}
	return 0
}

// maxSnapshotValue bounds one value read from a snapshot (Badger's own limit is lower).
const maxSnapshotValue = 1 << 30

func readPrefixed(br *bufio.Reader) ([]byte, error) {
	n, err := binary.ReadUvarint(br)
	if err != nil {
		return nil, err // io.EOF only between pairs
	}
	if n > maxSnapshotValue {
		return nil, fmt.Errorf("kv: snapshot value of %d bytes", n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(br, b); err != nil {
		return nil, fmt.Errorf("kv: truncated snapshot: %w", err)
	}
	return b, nil
}

// EachProfile implements spac.SnapshotLoader.
func (a *Applier) EachProfile(ctx context.Context, fn func(spac.Profile) error) error {
	return a.db.EachProfile(ctx, fn)
}
