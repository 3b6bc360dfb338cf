package kv

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

var (
	_ spac.FilingExporter = (*DB)(nil)
	_ spac.FilingImporter = (*Applier)(nil)
)

// version names what a copy of the filing holds: its content and the extractor stamp served
// with it (a restamp changes the second only).
func (rec storedFiling) version() string { return rec.Hash + " " + rec.Filing.ExtractVersion }

// ExportFiling implements spac.FilingExporter. The copy is the filing's served keys as stored,
// byte for byte: its text chunks (t/), facts (x/), the CIK's entry (c/) and, last, its record
// (f/), each a length-prefixed key and value. Its source and fold marks stay with the writer.
func (db *DB) ExportFiling(ctx context.Context, accession string) (string, []byte, error) {
	var version string
	var out []byte
	err := db.view(ctx, func(txn *badger.Txn) error {
		var rec storedFiling
		if err := getJSON(txn, filingKey(accession), "filing "+accession, &rec); err != nil {
			return err
		}
		version = rec.version()
		keys := []string{}
		for n := range chunkCount(rec.Lines, rec.ChunkLines) {
			keys = append(keys, chunkKey(accession, n))
		}
		keys = append(keys, factsKey(rec.Filing.CIK, accession), cikKey(rec.Filing.CIK, accession), filingKey(accession))
		for _, k := range keys {
			item, err := txn.Get([]byte(k))
			if err != nil {
				return fmt.Errorf("kv: export %s: %s: %w", accession, k, err)
			}
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			out = appendPair(out, k, v)
		}
		return nil
	})
	return version, out, err
}

func appendPair(b []byte, key string, value []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(key)))
	b = append(b, key...)
	b = binary.AppendUvarint(b, uint64(len(value)))
	return append(b, value...)
}

type pair struct {
	key   string
	value []byte
}

// filingPairs decodes a copy of accession; every key must be one of that filing's, and the
// last its record.
func filingPairs(accession string, b []byte) ([]pair, error) {
	var out []pair
	for len(b) > 0 {
		var p pair
		var k []byte
		var err error
		if k, b, err = cutPrefixed(b); err != nil {
			return nil, err
		}
		if p.value, b, err = cutPrefixed(b); err != nil {
			return nil, err
		}
		p.key = string(k)
		if !ownedByFiling(p.key, accession) {
			return nil, fmt.Errorf("kv: copy of %s holds %q", accession, p.key)
		}
		out = append(out, p)
	}
	if len(out) == 0 || out[len(out)-1].key != filingKey(accession) {
		return nil, fmt.Errorf("kv: copy of %s does not end with its record", accession)
	}
	return out, nil
}

func cutPrefixed(b []byte) ([]byte, []byte, error) {
	n, w := binary.Uvarint(b)
	if w <= 0 || uint64(len(b)-w) < n {
		return nil, nil, errors.New("kv: truncated filing copy")
	}
	return b[w : w+int(n)], b[w+int(n):], nil
}

func ownedByFiling(key, acc string) bool {
	return key == filingKey(acc) || strings.HasPrefix(key, chunkPrefix(acc)) ||
		(strings.HasPrefix(key, prefixFacts) || strings.HasPrefix(key, prefixFilingOfCIK)) && strings.HasSuffix(key, "/"+acc)
}

// ImportFiling implements spac.FilingImporter: the replica's keys of the filing become the
// copy's (what the previous version held beyond them is deleted), and the change's watermark
// and position are written with the record, last. The text may take several transactions:
// a replica killed between them has not recorded the position and imports the copy again.
func (a *Applier) ImportFiling(ctx context.Context, c spac.Change, copy []byte, position uint64) error {
	applied, err := a.Applied(ctx)
	if err != nil || position <= applied {
		return err
	}
	var fc spac.FilingChange
	if err := json.Unmarshal(c.Data, &fc); err != nil {
		return fmt.Errorf("kv: filing change %d: %w", position, err)
	}
	w := &splitWriter{db: a.db, ctx: ctx}
	if copy != nil {
		pairs, err := filingPairs(fc.Accession, copy)
		if err != nil {
			return err
		}
		if err := a.dropOldVersion(ctx, w, fc.Accession, pairs); err != nil {
			return err
		}
		for _, p := range pairs {
			w.set(p.key, p.value)
		}
	}
	if fc.Watermark != "" {
		w.set(keyWatermark, []byte(fc.Watermark))
	}
	w.set(keyApplied, []byte(strconv.FormatUint(position, 10)))
	return w.commit()
}

// dropOldVersion deletes the stored version's keys the copy does not overwrite (chunks past
// its end, the facts and CIK entry of another CIK), its record first, as writeFiling does.
func (a *Applier) dropOldVersion(ctx context.Context, w *splitWriter, acc string, pairs []pair) error {
	var old storedFiling
	err := a.db.view(ctx, func(txn *badger.Txn) error { return getJSON(txn, filingKey(acc), "filing", &old) })
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, p := range pairs {
		keep[p.key] = true
	}
	w.del(filingKey(acc))
	for n := range chunkCount(old.Lines, old.ChunkLines) {
		if !keep[chunkKey(acc, n)] {
			w.del(chunkKey(acc, n))
		}
	}
	for _, k := range []string{factsKey(old.Filing.CIK, acc), cikKey(old.Filing.CIK, acc)} {
		if !keep[k] {
			w.del(k)
		}
	}
	return nil
}
