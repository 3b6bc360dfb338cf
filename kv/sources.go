package kv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	spac "github.com/spacdata/spac"
)

// Sources (src/<accession>): what each filing was read from, so that its facts can be derived
// again by a newer extractor (spac.Source). The value is one line of JSON (name and, for a
// bare document, its header data), a newline, then the data compressed with zstd: EDGAR text
// compresses about tenfold, and a source is read only when its filing is re-extracted.

func sourceKey(acc string) string { return prefixSource + acc }

// One encoder and one decoder serve every goroutine (EncodeAll and DecodeAll are safe for
// concurrent use). The fastest level: a source is written for every filing and read only when
// its filing is re-extracted, so its CPU counts more than its bytes. On 600 generated filings
// (5.0 MB) it kept 30.5 % of the text against the default level's 29.3 % in about half the
// CPU; on the Learn CW S-1 12.0 % against 10.8 % (the default level had itself replaced the
// better-compression one, 17 % against 19 % of the real filings, for half the CPU). Any level
// decodes alike, so sources stored before read as they did.
var (
	zenc, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(2))
	zdec, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(2), zstd.WithDecoderMaxMemory(512<<20))
)

// encodeSource frames a source for the store.
func encodeSource(src spac.Source) ([]byte, error) {
	head, err := json.Marshal(src)
	if err != nil {
		return nil, fmt.Errorf("kv: encode source: %w", err)
	}
	out := append(head, '\n')
	return zenc.EncodeAll(src.Data, out), nil
}

// decodeSource reads a framed source.
func decodeSource(b []byte) (spac.Source, error) {
	var src spac.Source
	head, body, ok := bytes.Cut(b, []byte("\n"))
	if !ok {
		return src, fmt.Errorf("kv: corrupt source record")
	}
	if err := json.Unmarshal(head, &src); err != nil {
		return src, fmt.Errorf("kv: decode source: %w", err)
	}
	data, err := zdec.DecodeAll(body, nil)
	if err != nil {
		return src, fmt.Errorf("kv: decompress source: %w", err)
	}
	src.Data = data
	return src, nil
}

// Source returns the source a filing was read from; ENOTFOUND when none was kept (a filing
// stored before sources were kept, schema version 1).
func (db *DB) Source(ctx context.Context, accession string) (spac.Source, error) {
	var src spac.Source
	err := db.view(ctx, func(txn *badger.Txn) error {
		item, err := txn.Get([]byte(sourceKey(accession)))
		if err == badger.ErrKeyNotFound {
			return spac.Errorf(spac.ENOTFOUND, "no source kept for filing %s", accession)
		}
		if err != nil {
			return err
		}
		return item.Value(func(b []byte) error {
			src, err = decodeSource(b)
			return err
		})
	})
	return src, err
}

// EachFiling calls fn with every stored filing record in accession order. fn runs outside
// any transaction (it may write), on records read in batches.
func (db *DB) EachFiling(ctx context.Context, fn func(spac.Filing) error) error {
	const batch = 512
	after := prefixFiling
	for {
		var recs []spac.Filing
		err := db.view(ctx, func(txn *badger.Txn) error {
			return eachKeyFrom(ctx, txn, prefixFiling, after, true, func(key string, item *badger.Item) error {
				if key == after {
					return nil
				}
				if len(recs) == batch {
					return errStopIteration
				}
				var rec storedFiling
				if err := decodeItem(item, &rec); err != nil {
					return err
				}
				recs = append(recs, rec.Filing)
				after = key
				return nil
			})
		})
		if err != nil && err != errStopIteration {
			return err
		}
		for _, f := range recs {
			if err := fn(f); err != nil {
				return err
			}
		}
		if len(recs) < batch {
			return nil
		}
	}
}

// HasSource reports whether a source is kept for a filing (without reading it).
func (db *DB) HasSource(ctx context.Context, accession string) (bool, error) {
	ok := false
	err := db.view(ctx, func(txn *badger.Txn) error {
		_, err := txn.Get([]byte(sourceKey(accession)))
		if err == badger.ErrKeyNotFound {
			return nil
		}
		ok = err == nil
		return err
	})
	return ok, err
}

// Unstamp clears the extractor version of every stored filing (they all read as stale), in
// batches; it returns how many it cleared.
func (db *DB) Unstamp(ctx context.Context) (int, error) {
	var accs []string
	err := db.EachFiling(ctx, func(f spac.Filing) error {
		if f.ExtractVersion != "" {
			accs = append(accs, f.Accession)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	w := &splitWriter{db: db, ctx: ctx}
	for _, acc := range accs {
		w.do(func(txn *badger.Txn) error {
			var rec storedFiling
			err := getJSON(txn, filingKey(acc), "filing "+acc, &rec)
			if spac.ErrorCode(err) == spac.ENOTFOUND {
				return nil // being replaced right now: it is written with its new stamp
			}
			if err != nil {
				return err
			}
			rec.Filing.ExtractVersion = ""
			return setJSON(txn, filingKey(acc), rec)
		})
	}
	return len(accs), w.commit()
}

// EachUnrecorded calls fn with the CIK and accession of every filing a SPAC's list names but
// whose record is missing. Replacing a filing deletes its record first, so that its text is not
// served half-written, and writes it again in the last transaction: a process killed between
// the two leaves the filing unrecorded. Its source is still kept, so re-extraction can restore
// it; EachFiling, which walks the records, would never see it.
func (db *DB) EachUnrecorded(ctx context.Context, fn func(cik spac.CIK, accession string) error) error {
	type entry struct {
		cik spac.CIK
		acc string
	}
	var lost []entry
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixFilingOfCIK, false, func(key string, _ *badger.Item) error {
			cik, acc, ok := strings.Cut(strings.TrimPrefix(key, prefixFilingOfCIK), "/")
			if !ok {
				return nil
			}
			if _, err := txn.Get([]byte(filingKey(acc))); errors.Is(err, badger.ErrKeyNotFound) {
				lost = append(lost, entry{spac.CIK(cik), acc})
			} else if err != nil {
				return err
			}
			return nil
		})
	})
	for _, e := range lost {
		if err == nil {
			err = fn(e.cik, e.acc)
		}
	}
	return err
}
