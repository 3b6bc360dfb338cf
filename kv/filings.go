package kv

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"slices"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"

	spac "github.com/spacdata/spac"
)

// storedFiling is the f/<accession> record.
type storedFiling struct {
	Filing     spac.Filing `json:"filing"`
	Hash       string      `json:"hash"`       // content hash of filing JSON, lines and facts
	Lines      int         `json:"lines"`      // number of canonical lines stored in t/
	ChunkLines int         `json:"chunkLines"` // lines per t/ chunk
}

func filingKey(acc string) string              { return prefixFiling + acc }
func chunkPrefix(acc string) string            { return prefixText + acc + "/" }
func chunkKey(acc string, n int) string        { return fmt.Sprintf("%s%s/%06d", prefixText, acc, n) }
func factsKey(cik spac.CIK, acc string) string { return prefixFacts + string(cik) + "/" + acc }
func cikKey(cik spac.CIK, acc string) string   { return prefixFilingOfCIK + string(cik) + "/" + acc }

// PutFiling stores a filing, its canonical text and its facts. The same content stored again
// writes nothing (changed == false); different content for the same accession replaces the old.
// A changed filing leaves a fold mark (tf/) that the pipeline clears once its SPAC is refolded.
func (db *DB) PutFiling(ctx context.Context, r *spac.RenderedFiling, facts []spac.Fact) (bool, error) {
	return db.PutFilingMarked(ctx, r, facts, false)
}

// PutFilingMarked is PutFiling; historical sets the Historical flag of the fold mark.
func (db *DB) PutFilingMarked(ctx context.Context, r *spac.RenderedFiling, facts []spac.Fact, historical bool) (bool, error) {
	rec, factsJSON, err := db.newRecord(r, facts)
	if err != nil {
		return false, err
	}
	var old storedFiling
	hasSource := false
	err = db.view(ctx, func(txn *badger.Txn) error {
		if err := getJSON(txn, filingKey(rec.Filing.Accession), "filing", &old); err != nil {
			return err
		}
		_, serr := txn.Get([]byte(sourceKey(rec.Filing.Accession)))
		hasSource = serr == nil
		return nil
	})
	switch {
	case err == nil && old.Hash == rec.Hash:
		// The same facts: only the extractor's stamp or a missing source may need writing;
		// the SPAC needs no refold.
		return false, db.restamp(ctx, old, rec, r.Source, hasSource)
	case err != nil && spac.ErrorCode(err) != spac.ENOTFOUND:
		return false, err
	case err != nil:
		old = storedFiling{}
	}
	return true, db.writeFiling(ctx, old, rec, r.Lines, factsJSON, r.Source, historical)
}

// restamp records, for a filing whose content is unchanged, the extractor version that
// derived its facts again, and its source when none was kept yet.
func (db *DB) restamp(ctx context.Context, old, rec storedFiling, src *spac.Source, hasSource bool) error {
	addSource := src != nil && !hasSource
	if old.Filing.ExtractVersion == rec.Filing.ExtractVersion && !addSource {
		return nil
	}
	w := &splitWriter{db: db, ctx: ctx}
	if addSource {
		w.setSource(rec.Filing.Accession, *src)
	}
	old.Filing.ExtractVersion = rec.Filing.ExtractVersion
	w.flush()
	release := db.holdJournal() // the stamp is served (/v1/filings/{accession}): replicas take it
	w.journal(spac.ChangeFiling, spac.FilingChange{Accession: old.Filing.Accession, Version: old.version()})
	w.setJSON(filingKey(rec.Filing.Accession), old)
	err := w.commit()
	release(err == nil)
	return err
}

// newRecord validates r and computes its content hash; it returns the facts' JSON too, which
// the hash, the size check and the write share (encoded once: it was a tenth of a store write).
func (db *DB) newRecord(r *spac.RenderedFiling, facts []spac.Fact) (storedFiling, []byte, error) {
	if r == nil {
		return storedFiling{}, nil, spac.InvalidParam("filing", "nil filing")
	}
	f := r.Filing
	if f.Accession == "" || len(f.Accession) > maxAccession || strings.ContainsAny(f.Accession, "/\x00") {
		return storedFiling{}, nil, spac.InvalidParam("accession", "invalid accession %.40q", f.Accession)
	}
	cik, err := normCIK(f.CIK)
	if err != nil {
		return storedFiling{}, nil, err
	}
	f.CIK = cik
	factsJSON, err := json.Marshal(facts)
	if err != nil {
		return storedFiling{}, nil, fmt.Errorf("kv: encode facts: %w", err)
	}
	hash, err := contentHash(f, r.Lines, factsJSON)
	if err != nil {
		return storedFiling{}, nil, err
	}
	rec := storedFiling{Filing: f, Hash: hash, Lines: len(r.Lines), ChunkLines: db.chunkLines}
	return rec, factsJSON, db.checkValues(rec, r.Lines, factsJSON)
}

// maxAccession bounds the accession in keys (an EDGAR accession has 20 characters); Badger
// refuses keys over 65,000 bytes with an error that would read as a store failure.
const maxAccession = 64

// checkValues refuses, before anything is written, a filing one of whose values Badger could
// not hold: a 20 MB line of '<' is a 120 MB JSON chunk, 2 million empty <DOCUMENT>s a filing
// record of hundreds of MB. Badger's own error aborted the whole ingest run (and dumped the
// value in hex); EINVALID says the document is at fault, and the pipeline skips it.
func (db *DB) checkValues(rec storedFiling, lines []string, factsJSON []byte) error {
	limit := db.valueLimit()
	for n := range chunkCount(rec.Lines, rec.ChunkLines) {
		chunk := lines[n*rec.ChunkLines : min(len(lines), (n+1)*rec.ChunkLines)]
		if jsonBound(chunk) > limit {
			if err := checkSize(fmt.Sprintf("text chunk %d", n), chunk, limit); err != nil {
				return err
			}
		}
	}
	if n := int64(len(factsJSON)); n > limit {
		return spac.InvalidParam("filing", "facts is %d bytes encoded, over the store's limit of %d bytes per value", n, limit)
	}
	return checkSize("filing record", rec, limit)
}

// valueLimit is the largest value Badger takes: its value log file size, or in memory (no
// value log) the value threshold badgerOptions leaves at Badger's default (Opts() then
// reports MaxInt32, not the threshold Badger checks).
func (db *DB) valueLimit() int64 {
	o := db.bdb.Opts()
	if o.InMemory {
		return min(badger.DefaultOptions("").ValueThreshold, o.ValueLogFileSize)
	}
	return o.ValueLogFileSize
}

func checkSize(what string, v any, limit int64) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("kv: encode %s: %w", what, err)
	}
	if int64(len(b)) > limit {
		return spac.InvalidParam("filing", "%s is %d bytes encoded, over the store's limit of %d bytes per value", what, len(b), limit)
	}
	return nil
}

// jsonBound bounds the JSON size of lines without encoding them: a byte encodes to at most
// 6 ("\u003c"), so most chunks need no second encoding to be checked.
func jsonBound(lines []string) int64 {
	n := int64(2)
	for _, l := range lines {
		n += 6*int64(len(l)) + 3
	}
	return n
}

// contentHash is SHA-256 over the filing JSON, every line (length-prefixed, so line breaks
// inside lines cannot alias) and the facts JSON. The extractor's version stamp is left out:
// facts derived again by a newer extractor that come out the same are no change.
func contentHash(f spac.Filing, lines []string, factsJSON []byte) (string, error) {
	f.ExtractVersion = ""
	fj, err := json.Marshal(f)
	if err != nil {
		return "", fmt.Errorf("kv: encode filing: %w", err)
	}
	h := partHasher{h: sha256.New(), buf: make([]byte, 0, 4<<10)}
	hashPart(&h, fj)
	hashPart(&h, factsJSON)
	for _, l := range lines {
		hashPart(&h, l)
	}
	h.h.Write(h.buf)
	return hex.EncodeToString(h.h.Sum(nil)), nil
}

// partHasher hashes length-prefixed parts through one buffer: converting each line to bytes
// for the hash allocated the filing's text once more.
type partHasher struct {
	h   hash.Hash
	buf []byte
}

func hashPart[T string | []byte](p *partHasher, s T) {
	if len(p.buf)+8 > cap(p.buf) {
		p.h.Write(p.buf)
		p.buf = p.buf[:0]
	}
	p.buf = binary.BigEndian.AppendUint64(p.buf, uint64(len(s)))
	for len(s) > 0 {
		if len(p.buf) == cap(p.buf) {
			p.h.Write(p.buf)
			p.buf = p.buf[:0]
		}
		n := min(len(s), cap(p.buf)-len(p.buf))
		p.buf = append(p.buf, s[:n]...)
		s = s[n:]
	}
}

// writeFiling replaces old (zero when absent) by rec. The text of a large filing may not fit one
// Badger transaction, so the writes are split over as many transactions as needed; the f/
// record (which holds the hash) is written last, so an interrupted write is redone next time.
// The fold marks are written just before it: in its transaction, or in an earlier one when the
// writes were split there, never after it, so a stored filing always has its mark until the
// pipeline folds it (a mark without its filing only causes a harmless refold).
func (db *DB) writeFiling(ctx context.Context, old, rec storedFiling, lines []string, factsJSON []byte, src *spac.Source, historical bool) error {
	w := &splitWriter{db: db, ctx: ctx}
	acc := rec.Filing.Accession
	if old.Hash != "" {
		w.del(filingKey(acc)) // not served half-written while chunks are replaced
		if old.Filing.CIK != rec.Filing.CIK {
			w.del(factsKey(old.Filing.CIK, acc))
			w.del(cikKey(old.Filing.CIK, acc))
		}
		for n := chunkCount(old.Lines, old.ChunkLines); n > chunkCount(rec.Lines, rec.ChunkLines); n-- {
			w.del(chunkKey(acc, n-1))
		}
	}
	for n := range chunkCount(rec.Lines, rec.ChunkLines) {
		w.setJSON(chunkKey(acc, n), lines[n*rec.ChunkLines:min(len(lines), (n+1)*rec.ChunkLines)])
	}
	w.set(factsKey(rec.Filing.CIK, acc), factsJSON)
	w.set(cikKey(rec.Filing.CIK, acc), nil)
	if src != nil {
		w.setSource(acc, *src)
	}
	mark := foldMarkValue{Hash: rec.Hash, Historical: historical}
	if old.Hash != "" && old.Filing.CIK != rec.Filing.CIK {
		w.setJSON(foldMarkKey(old.Filing.CIK, acc), mark) // the old SPAC loses the filing
	}
	w.setJSON(foldMarkKey(rec.Filing.CIK, acc), mark)
	// The journal entry shares the f/ record's transaction (unless Badger splits exactly
	// between them: the entry then commits first, and a filing it names that is missing
	// is published without a copy and stored again by the next ingest). That transaction
	// starts once the journal is held: one started before would read a stale journal seq
	// and conflict at its commit.
	w.flush()
	release := db.holdJournal()
	wm := watermarkValue()
	w.journal(spac.ChangeFiling, spac.FilingChange{Accession: acc, Version: rec.version(), Watermark: string(wm)})
	w.setJSON(filingKey(acc), rec)
	w.set(keyWatermark, wm)
	err := w.commit()
	release(err == nil)
	return err
}

func chunkCount(lines, per int) int {
	if per < 1 {
		return 0
	}
	return (lines + per - 1) / per
}

// Filing returns the metadata of one filing.
func (db *DB) Filing(ctx context.Context, accession string) (spac.Filing, error) {
	var rec storedFiling
	err := db.view(ctx, func(txn *badger.Txn) error {
		return getJSON(txn, filingKey(accession), "filing "+accession, &rec)
	})
	return rec.Filing, err
}

// Lines returns canonical lines from..to (1-based, inclusive), clamped to the text; an empty
// range gives an empty slice. Only the chunks holding the range are read.
func (db *DB) Lines(ctx context.Context, accession string, from, to int) ([]string, error) {
	out := []string{}
	err := db.view(ctx, func(txn *badger.Txn) error {
		var rec storedFiling
		if err := getJSON(txn, filingKey(accession), "filing "+accession, &rec); err != nil {
			return err
		}
		from, to = max(from, 1), min(to, rec.Lines)
		if from > to {
			return nil
		}
		per := rec.ChunkLines
		if per < 1 {
			return fmt.Errorf("kv: filing %s: corrupt record (chunk size %d)", accession, per)
		}
		for n := (from - 1) / per; n <= (to-1)/per; n++ {
			var chunk []string
			if err := getJSON(txn, chunkKey(accession, n), "text of "+accession, &chunk); err != nil {
				return err
			}
			first := n*per + 1 // canonical number of chunk[0]
			lo, hi := max(from, first)-first, min(to, first+len(chunk)-1)-first
			if lo <= hi {
				out = append(out, chunk[lo:hi+1]...)
			}
		}
		return nil
	})
	return out, err
}

// FilingsOf returns the filings of a CIK ordered by filing date, then accession.
func (db *DB) FilingsOf(ctx context.Context, cik spac.CIK) ([]spac.Filing, error) {
	cik, err := normCIK(cik)
	if err != nil {
		return nil, err
	}
	var out []spac.Filing
	err = db.view(ctx, func(txn *badger.Txn) error {
		prefix := prefixFilingOfCIK + string(cik) + "/"
		return eachKey(ctx, txn, prefix, false, func(key string, _ *badger.Item) error {
			var rec storedFiling
			err := getJSON(txn, filingKey(strings.TrimPrefix(key, prefix)), "filing", &rec)
			if spac.ErrorCode(err) == spac.ENOTFOUND {
				return nil // being replaced right now
			}
			out = append(out, rec.Filing)
			return err
		})
	})
	slices.SortFunc(out, func(a, b spac.Filing) int {
		return cmp.Or(cmp.Compare(a.FiledAt, b.FiledAt), cmp.Compare(a.Accession, b.Accession))
	})
	return out, err
}

// FactsOf returns every fact of a CIK, grouped by filing in accession order.
func (db *DB) FactsOf(ctx context.Context, cik spac.CIK) ([]spac.Fact, error) {
	cik, err := normCIK(cik)
	if err != nil {
		return nil, err
	}
	var out []spac.Fact
	err = db.view(ctx, func(txn *badger.Txn) error {
		// no prefetch: each value is read once, in place, not copied ahead
		return eachKey(ctx, txn, prefixFacts+string(cik)+"/", false, func(_ string, item *badger.Item) error {
			return item.Value(func(b []byte) error {
				var err error
				if out, err = appendFacts(out, b); err != nil {
					return fmt.Errorf("kv: decode %s: %w", item.Key(), err)
				}
				return nil
			})
		})
	})
	return out, err
}

// EachCIK calls fn once per CIK with at least one filing, in CIK order. An error from fn stops
// the walk and is returned as is.
func (db *DB) EachCIK(ctx context.Context, fn func(spac.CIK) error) error {
	var ciks []spac.CIK
	err := db.view(ctx, func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.Prefix, opts.PrefetchValues = []byte(prefixFilingOfCIK), false
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Seek(opts.Prefix); it.ValidForPrefix(opts.Prefix); {
			cik, _, _ := strings.Cut(strings.TrimPrefix(string(it.Item().Key()), prefixFilingOfCIK), "/")
			ciks = append(ciks, spac.CIK(cik))
			it.Seek([]byte(prefixFilingOfCIK + cik + "/\xff")) // skip the CIK's other filings
		}
		return nil
	})
	if err != nil {
		return err
	}
	// fn runs outside the transaction so that it may write to the store.
	for _, c := range ciks {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return nil
}

// PutIngestError records a document skipped at ingest. A zero At is set to now.
func (db *DB) PutIngestError(ctx context.Context, e spac.IngestError) error {
	if e.At.IsZero() {
		e.At = time.Now()
	}
	e.At = e.At.UTC()
	key := prefixIngestError + e.At.Format(sortableTime) + "/" + e.Source
	return db.update(ctx, func(txn *badger.Txn) error { return setJSON(txn, key, e) })
}

// sortableTime is fixed width so that keys sort chronologically.
const sortableTime = "20060102T150405.000000000Z"

// IngestErrors returns every recorded ingest error, oldest first.
func (db *DB) IngestErrors(ctx context.Context) ([]spac.IngestError, error) {
	var out []spac.IngestError
	err := db.view(ctx, func(txn *badger.Txn) error {
		return eachKey(ctx, txn, prefixIngestError, true, func(_ string, item *badger.Item) error {
			var e spac.IngestError
			err := decodeItem(item, &e)
			out = append(out, e)
			return err
		})
	})
	return out, err
}

// splitWriter writes a sequence of sets and deletes in as few transactions as Badger allows:
// when one grows too big it is committed and a new one started. The first error sticks.
type splitWriter struct {
	db  *DB
	ctx context.Context
	txn *badger.Txn
	err error
}

func (w *splitWriter) set(key string, val []byte) {
	w.do(func(txn *badger.Txn) error { return txn.Set([]byte(key), val) })
}

// setExpiring is set with a Badger expiry (unix seconds).
func (w *splitWriter) setExpiring(key string, val []byte, expiresAt uint64) {
	w.do(func(txn *badger.Txn) error {
		e := badger.NewEntry([]byte(key), val)
		e.ExpiresAt = expiresAt
		return txn.SetEntry(e)
	})
}

func (w *splitWriter) del(key string) {
	w.do(func(txn *badger.Txn) error { return txn.Delete([]byte(key)) })
}

func (w *splitWriter) setJSON(key string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		w.err = cmp.Or(w.err, fmt.Errorf("kv: encode %s: %w", key, err))
		return
	}
	w.set(key, b)
}

// setSource writes the source of a filing, compressed.
func (w *splitWriter) setSource(acc string, src spac.Source) {
	b, err := encodeSource(src)
	if err != nil {
		w.err = cmp.Or(w.err, err)
		return
	}
	if int64(len(b)) > w.db.valueLimit() {
		return // kept without a source: its facts stand, they cannot be derived again
	}
	w.set(sourceKey(acc), b)
}

// journal journals data as the next change of kind (when the store's journal is on); the
// caller holds the journal (holdJournal) until the commit.
func (w *splitWriter) journal(kind spac.ChangeKind, data any) {
	if w.db.journal.on {
		w.do(func(txn *badger.Txn) error { return w.db.journalChange(txn, kind, data) })
	}
}

func (w *splitWriter) do(op func(*badger.Txn) error) {
	if w.err != nil {
		return
	}
	if w.err = w.ctx.Err(); w.err != nil {
		return
	}
	if w.txn == nil {
		w.txn = w.db.bdb.NewTransaction(true)
	}
	err := op(w.txn)
	if errors.Is(err, badger.ErrTxnTooBig) {
		if err = w.txn.Commit(); err == nil {
			w.db.commits.Add(1)
			w.txn = w.db.bdb.NewTransaction(true)
			err = op(w.txn)
		}
	}
	w.err = err
}

// flush commits what was written so far; the next write starts a new transaction.
func (w *splitWriter) flush() {
	if w.err = w.commit(); w.err == nil {
		w.txn = nil
	}
}

func (w *splitWriter) commit() error {
	if w.txn == nil {
		return w.err
	}
	if w.err != nil {
		w.txn.Discard()
		return w.err
	}
	err := w.txn.Commit()
	if err == nil {
		w.db.commits.Add(1)
	}
	return err
}
