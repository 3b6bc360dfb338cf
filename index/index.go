package index

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/standard"

	spac "github.com/spacdata/spac"
)

var _ spac.Index = (*Index)(nil)

// internalVersionKey is where the mapping version is kept inside the Bleve index.
var internalVersionKey = []byte("spac.mapping_version")

// Index is the Bleve index of SPAC records. It is safe for concurrent use.
type Index struct {
	bi   bleve.Index
	rows *rowSet // every row, decoded (rows.go)
	// searches answers a search repeated before the next write (searchcache.go).
	searches searchCache
	// wmu serialises writes so that the row set and Bleve apply them in the same order.
	wmu sync.Mutex
	dir string // on disk; "" for an in-memory index
}

// newIndex wraps an open Bleve index, loading its stored rows into memory.
func newIndex(bi bleve.Index) (*Index, error) {
	a := bi.Mapping().AnalyzerNamed(standard.Name)
	if a == nil {
		return nil, errors.New("index: no standard analyzer")
	}
	x := &Index{bi: bi, rows: newRowSet(a)}
	if err := x.loadRows(); err != nil {
		return nil, err
	}
	return x, nil
}

// loadRows reads every stored row into the row set (at Open).
func (x *Index) loadRows() error {
	n, err := x.bi.DocCount()
	if err != nil || n == 0 {
		return err
	}
	req := bleve.NewSearchRequestOptions(bleve.NewMatchAllQuery(), int(n), 0, false)
	req.Fields = []string{fRow}
	req.SortBy([]string{"_id"})
	res, err := x.bi.Search(req)
	if err != nil {
		return fmt.Errorf("index: load rows: %w", err)
	}
	es := make([]*entry, 0, len(res.Hits))
	for _, h := range res.Hits {
		s, err := decodeRow(h.Fields)
		if err != nil {
			return fmt.Errorf("index: load row %s: %w", h.ID, err)
		}
		es = append(es, newEntry(s))
	}
	x.rows.put(es...)
	return nil
}

// Open opens (creating if needed) the index in dir; dir "" opens an in-memory index. An on-disk
// index written with another mapping version is dropped and recreated empty.
func Open(dir string) (*Index, error) {
	if dir == "" {
		bi, err := bleve.NewMemOnly(buildMapping())
		if err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		return newIndexOrClose(bi)
	}
	x, err := openDir(dir)
	if x != nil {
		x.dir = dir
	}
	return x, err
}

// openDir opens or creates the on-disk index in dir.
func openDir(dir string) (*Index, error) {
	if _, err := os.Stat(filepath.Join(dir, "index_meta.json")); err == nil {
		bi, err := bleve.Open(dir)
		if err != nil {
			return nil, fmt.Errorf("index: open %q: %w", dir, err)
		}
		if v, err := bi.GetInternal(internalVersionKey); err == nil && string(v) == mappingVersion {
			return newIndexOrClose(bi)
		}
		bi.Close()
		if err := os.RemoveAll(dir); err != nil {
			return nil, fmt.Errorf("index: drop outdated index: %w", err)
		}
	}
	bi, err := bleve.New(dir, buildMapping())
	if err != nil {
		return nil, fmt.Errorf("index: create %q: %w", dir, err)
	}
	if err := bi.SetInternal(internalVersionKey, []byte(mappingVersion)); err != nil {
		bi.Close()
		return nil, fmt.Errorf("index: %w", err)
	}
	return newIndexOrClose(bi)
}

func newIndexOrClose(bi bleve.Index) (*Index, error) {
	x, err := newIndex(bi)
	if err != nil {
		bi.Close()
		return nil, err
	}
	return x, nil
}

// Generation counts the changes to the rows the index serves: every Put, PutAll, Delete and
// Reset, and a new market version joined to the rows (it restarts with the process). The API
// keys its caches of row bytes on it.
func (x *Index) Generation() uint64 {
	x.rows.refresh()
	return x.rows.generation()
}

// Close closes the index.
func (x *Index) Close() error { return x.bi.Close() }

// storedRow is the JSON kept in the row field; SPAC.Sample is not part of SPAC's JSON.
type storedRow struct {
	SPAC   spac.SPAC `json:"spac"`
	Sample bool      `json:"sample,omitempty"`
}

// SetMarket joins m's market data (quotes, yields) to every row Universe and Search return,
// and lets the universe filter and sort on it; the stored rows never hold it. Rows are joined
// again whenever m's version changes.
func (x *Index) SetMarket(m spac.Market) { x.rows.setMarket(m) }

// Put inserts or replaces the document of s.CIK. On disk each write waits until Bleve has
// fsynced it (tens of ms on a slow disk; writes are serialised to keep the in-memory rows in
// step); use PutAll to index many rows. (Bleve's "unsafe_batch" would not wait, but loses unpersisted writes on Close.)
func (x *Index) Put(ctx context.Context, s spac.SPAC) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	doc, e, err := toDocument(s)
	if err != nil {
		return err
	}
	x.wmu.Lock()
	defer x.wmu.Unlock()
	if err := x.bi.Index(doc[fCIK].(string), doc); err != nil {
		return err
	}
	x.rows.put(e)
	return nil
}

// PutAll inserts or replaces many documents in one Bleve batch: much faster than one Put per
// SPAC when rebuilding (one index segment instead of one per document). Nothing is written
// when a row is invalid.
func (x *Index) PutAll(ctx context.Context, rows []spac.SPAC) error {
	b := x.bi.NewBatch()
	es := make([]*entry, 0, len(rows))
	for _, s := range rows {
		if err := ctx.Err(); err != nil {
			return err
		}
		doc, e, err := toDocument(s)
		if err != nil {
			return err
		}
		if err := b.Index(doc[fCIK].(string), doc); err != nil {
			return fmt.Errorf("index: batch %s: %w", s.CIK, err)
		}
		es = append(es, e)
	}
	x.wmu.Lock()
	defer x.wmu.Unlock()
	if err := x.bi.Batch(b); err != nil {
		return err
	}
	x.rows.put(es...)
	return nil
}

// Delete removes the document of a CIK (a missing one is not an error).
func (x *Index) Delete(ctx context.Context, cik spac.CIK) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c, ok := spac.ParseCIK(string(cik))
	if !ok {
		return spac.InvalidParam("cik", "invalid CIK %q", cik)
	}
	x.wmu.Lock()
	defer x.wmu.Unlock()
	if err := x.bi.Delete(string(c)); err != nil {
		return err
	}
	x.rows.delete(c)
	return nil
}

// Reset deletes every document.
func (x *Index) Reset(ctx context.Context) error {
	x.wmu.Lock()
	defer x.wmu.Unlock()
	defer x.rows.reset() // also after a partial failure: a rebuild follows
	for {
		req := bleve.NewSearchRequestOptions(bleve.NewMatchAllQuery(), 1000, 0, false)
		res, err := x.bi.SearchInContext(ctx, req)
		if err != nil {
			return fmt.Errorf("index: reset: %w", err)
		}
		if len(res.Hits) == 0 {
			return nil
		}
		b := x.bi.NewBatch()
		for _, h := range res.Hits {
			b.Delete(h.ID)
		}
		if err := x.bi.Batch(b); err != nil {
			return fmt.Errorf("index: reset: %w", err)
		}
	}
}

// Count returns the number of documents.
func (x *Index) Count(ctx context.Context) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return x.bi.DocCount()
}

// toDocument is the index document of s (see doc.go) and its in-memory entry. Empty values
// are left out so that they sort last and match no filter.
func toDocument(s spac.SPAC) (map[string]any, *entry, error) {
	cik, ok := spac.ParseCIK(string(s.CIK))
	if !ok {
		return nil, nil, spac.InvalidParam("cik", "invalid CIK %q", s.CIK)
	}
	s.CIK = cik
	s = withoutMarket(s)
	row, err := json.Marshal(storedRow{SPAC: s, Sample: s.Sample})
	if err != nil {
		return nil, nil, fmt.Errorf("index: encode %s: %w", cik, err)
	}
	doc := map[string]any{fCIK: string(cik), fCIKShort: strings.TrimLeft(string(cik), "0"), fRow: string(row)}
	symbol := upper(s.Symbol)
	setString(doc, fSymbol, symbol)
	if tickers := tickersOf(s); len(tickers) > 0 {
		doc[fTickers] = tickers
	}
	setString(doc, fName, s.Name)
	setString(doc, fNameSort, strings.ToLower(strings.TrimSpace(s.Name)))
	setString(doc, fSponsor, s.Sponsor)
	setString(doc, fOtherNames, otherNames(s))
	setString(doc, fSponsorKW, strings.TrimSpace(s.Sponsor))
	setString(doc, fSponsorLC, strings.ToLower(strings.TrimSpace(s.Sponsor)))
	setString(doc, fStatus, string(s.Status))
	if r := slices.Index(spac.Statuses, s.Status); r >= 0 {
		doc[fStatusRank] = float64(r)
	}
	setString(doc, fSector, strings.TrimSpace(s.Sector))
	setString(doc, fSectorLC, strings.ToLower(strings.TrimSpace(s.Sector)))
	if err := addTypedFields(doc, s); err != nil {
		return nil, nil, err
	}
	// The entry holds the row as decoded from its stored JSON, exactly what Open reloads (and
	// a copy the caller cannot change afterwards).
	stored, err := decodeRow(map[string]any{fRow: string(row)})
	if err != nil {
		return nil, nil, err
	}
	return doc, newEntry(stored), nil
}

// addTypedFields adds the numeric and date fields, refusing values that do not parse.
func addTypedFields(doc map[string]any, s spac.SPAC) error {
	if s.TrustSize != "" {
		v, err := strconv.ParseFloat(s.TrustSize, 64)
		if err != nil {
			return spac.InvalidParam("trust_size", "SPAC %s: trust size %q is not a decimal", s.CIK, s.TrustSize)
		}
		doc[fTrustSize] = v
	}
	for f, v := range map[string]string{fIPODate: s.IPODate, fDeadline: s.Deadline} {
		if v == "" {
			continue
		}
		t, err := parseDate(f, v)
		if err != nil {
			return err
		}
		doc[f] = t
	}
	return nil
}

// withoutMarket drops the market fields and their citations: market data is joined when a
// row is served, never stored.
func withoutMarket(s spac.SPAC) spac.SPAC {
	s.Price, s.PriceDate, s.YTMPct, s.YTMCompoundedPct = "", "", "", ""
	s.Citations = slices.DeleteFunc(slices.Clone(s.Citations), func(c spac.Citation) bool {
		return slices.Contains(spac.MarketFields, c.Field)
	})
	return s
}

// otherNames are the names a SPAC is also known by: the names it filed under before (the SPAC's
// own name after a de-SPAC) and its business combination's target, one per line.
func otherNames(s spac.SPAC) string {
	return strings.Join(append(slices.Clone(s.PreviousNames), s.Target), "\n")
}

// tickersOf is every ticker of s, the symbol included, upper case, without duplicates.
func tickersOf(s spac.SPAC) []string {
	all := s.Tickers.All()
	if sym := upper(s.Symbol); sym != "" {
		all = append(all, sym)
	}
	slices.Sort(all)
	return slices.Compact(all)
}

func setString(doc map[string]any, field, v string) {
	if strings.TrimSpace(v) != "" {
		doc[field] = v
	}
}

func upper(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// parseDate parses a YYYY-MM-DD value of param.
func parseDate(param, v string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, spac.InvalidParam(param, "%q is not a YYYY-MM-DD date", v)
	}
	return t, nil
}

// decodeRow returns the SPAC stored in a hit's row field.
func decodeRow(fields map[string]any) (spac.SPAC, error) {
	raw, ok := fields[fRow].(string)
	if !ok {
		return spac.SPAC{}, errors.New("index: hit without a stored row")
	}
	var r storedRow
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		return spac.SPAC{}, fmt.Errorf("index: decode row: %w", err)
	}
	r.SPAC.Sample = r.Sample
	return r.SPAC, nil
}
