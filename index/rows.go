package index

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/editdist"
)

// entry is one decoded row with the keys the universe filters, sorts and facets on, computed
// once when the row is written. The keys equal the index document's fields (toDocument): an
// empty key is a missing field. row is the stored row joined with the market's data (the
// rowSet's Market; the same as base without one); base is the row as stored.
type entry struct {
	row        spac.SPAC
	base       spac.SPAC
	symbol     string  // upper case
	nameSort   string  // lower case
	status     string  // as written
	statusRank float64 // index in spac.Statuses; -1 = unknown status
	sector     string  // trimmed, as written (facet)
	sectorLC   string  // trimmed, lower case (filter, sort)
	sponsorKW  string  // trimmed, as written (facet)
	sponsorLC  string  // trimmed, lower case (filter, sort)
	trust      float64 // valid when hasTrust
	hasTrust   bool
	ipoDate    string // YYYY-MM-DD (validated), "" = none
	deadline   string // YYYY-MM-DD (validated), "" = none
	// numbers of the row that filter and sort (the market's among them)
	trustPerShare, redeemedPct, ytm, ytmCompounded number
}

// number is an optional numeric key.
type number struct {
	v  float64
	ok bool
}

func numberOf(s string) number {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return number{v: v, ok: err == nil && s != ""}
}

// newEntry derives the keys of a row already validated by toDocument.
func newEntry(s spac.SPAC) *entry {
	return joinedEntry(s, s)
}

// joinedEntry derives the keys of the joined row of base.
func joinedEntry(base, s spac.SPAC) *entry {
	e := &entry{
		row: s, base: base, symbol: upper(s.Symbol), nameSort: strings.ToLower(strings.TrimSpace(s.Name)),
		status: strings.TrimSpace(string(s.Status)), statusRank: float64(slices.Index(spac.Statuses, s.Status)),
		sector: strings.TrimSpace(s.Sector), sponsorKW: strings.TrimSpace(s.Sponsor),
		ipoDate: s.IPODate, deadline: s.Deadline,
	}
	if e.status != "" {
		e.status = string(s.Status) // the keyword field keeps the value as written
	}
	e.sectorLC, e.sponsorLC = strings.ToLower(e.sector), strings.ToLower(e.sponsorKW)
	if s.TrustSize != "" {
		e.trust, _ = strconv.ParseFloat(s.TrustSize, 64) // toDocument refused values that do not parse
		e.hasTrust = true
	}
	e.trustPerShare, e.redeemedPct = numberOf(s.TrustPerShare), numberOf(s.RedeemedPct)
	e.ytm, e.ytmCompounded = numberOf(s.YTMPct), numberOf(s.YTMCompoundedPct)
	return e
}

// rowSet is the in-memory copy of every indexed row, kept in step with the Bleve index by
// Put, PutAll, Delete and Reset and rebuilt from the stored rows at Open. The universe is
// filtered, sorted and faceted here (a few thousand rows take microseconds; Bleve reads the
// doc values of every match to sort, which costs milliseconds), and search hits are
// completed from it, so no stored field is read per hit.
type rowSet struct {
	analyzer analysis.Analyzer // the analyzer of the name and sponsor fields
	market   spac.Market       // joined to every row; nil: none
	version  string            // the market version the entries were joined at

	mu     sync.RWMutex
	byCIK  map[spac.CIK]*entry
	sorted []*entry                  // every entry by CIK; nil = to rebuild
	orders map[string][]*entry       // every entry in a universe sort order, by sort name
	gen    uint64                    // write generation: a cached order of an older one is dropped
	maxSym int                       // the longest symbol written since the last reset (runes)
	vocab  map[string]map[string]int // name, sponsor, symbol -> term as indexed -> rows holding it
}

func newRowSet(a analysis.Analyzer) *rowSet {
	return &rowSet{analyzer: a, byCIK: map[spac.CIK]*entry{}, vocab: newVocab()}
}

// setMarket joins m to every row from now on (nil: none).
func (r *rowSet) setMarket(m spac.Market) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.market = m
	r.rejoin()
}

// refresh joins the rows again when the market's version moved (new quotes, a new day).
func (r *rowSet) refresh() {
	r.mu.RLock()
	m, v := r.market, r.version
	r.mu.RUnlock()
	if m == nil || m.Version() == v {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rejoin()
}

// rejoin joins every row with the current market; r.mu is held.
func (r *rowSet) rejoin() {
	r.version = ""
	if r.market != nil {
		r.version = r.market.Version()
	}
	for cik, e := range r.byCIK {
		r.byCIK[cik] = r.join(e)
	}
	r.changed()
}

// join returns the entry of e's stored row joined with the market; r.mu is held.
func (r *rowSet) join(e *entry) *entry {
	if r.market == nil {
		return joinedEntry(e.base, e.base)
	}
	return joinedEntry(e.base, r.market.Join(e.base))
}

// put inserts or replaces entries.
func (r *rowSet) put(es ...*entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range es {
		e = r.join(e)
		if old, ok := r.byCIK[e.row.CIK]; ok {
			r.count(old, -1)
		}
		r.byCIK[e.row.CIK] = e
		r.count(e, 1)
		r.maxSym = max(r.maxSym, len([]rune(e.symbol)))
	}
	r.changed()
}

// changed drops the cached orders; r.mu is held.
func (r *rowSet) changed() {
	r.sorted, r.orders = nil, nil
	r.gen++
}

func (r *rowSet) delete(cik spac.CIK) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.byCIK[cik]; ok {
		r.count(old, -1)
		delete(r.byCIK, cik)
		r.changed()
	}
}

func (r *rowSet) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byCIK, r.maxSym = map[spac.CIK]*entry{}, 0
	r.changed()
	r.vocab = newVocab()
}

func newVocab() map[string]map[string]int {
	return map[string]map[string]int{fName: {}, fSponsor: {}, fOtherNames: {}, fSymbol: {}}
}

// count adds delta to the vocabulary counts of e's name, sponsor and other names' terms and
// its symbol.
func (r *rowSet) count(e *entry, delta int) {
	for field, text := range map[string]string{fName: e.row.Name, fSponsor: e.row.Sponsor, fOtherNames: otherNames(e.row)} {
		for _, term := range r.terms(text) {
			r.countTerm(field, term, delta)
		}
	}
	if e.symbol != "" {
		r.countTerm(fSymbol, e.symbol, delta)
	}
}

func (r *rowSet) countTerm(field, term string, delta int) {
	v := r.vocab[field]
	if v[term] += delta; v[term] <= 0 {
		delete(v, term)
	}
}

// nearTerm is a term of the vocabulary and its edit distance to a searched word.
type nearTerm struct {
	term string
	dist int
}

// near returns the terms of field within n edits (Levenshtein, in runes, as Bleve's fuzzy
// query counts) of w, in term order: the candidates Bleve's Levenshtein automaton would find
// in the field's term dictionary, without building the automaton.
func (r *rowSet) near(field, w string, n int) []nearTerm {
	runes := utf8.RuneCountInString(w)
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []nearTerm
	for t := range r.vocab[field] {
		if abs(utf8.RuneCountInString(t)-runes) > n {
			continue
		}
		if d := editdist.Levenshtein(w, t); d <= n {
			out = append(out, nearTerm{t, d})
		}
	}
	slices.SortFunc(out, func(a, b nearTerm) int { return cmp.Compare(a.term, b.term) })
	return out
}

// terms are the distinct terms the index holds for text in an analysed field.
func (r *rowSet) terms(text string) []string {
	var out []string
	for _, tok := range r.analyzer.Analyze([]byte(text)) {
		out = append(out, string(tok.Term))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// generation is the write generation: it moves with every put, delete and reset.
func (r *rowSet) generation() uint64 {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.gen
}

// hasWord reports whether some row holds word as a term of its name or sponsor.
func (r *rowSet) hasWord(word string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.vocab[fName][word] > 0 || r.vocab[fSponsor][word] > 0 || r.vocab[fOtherNames][word] > 0
}

// symbolWithin reports whether some symbol may be within n edits of a text of that many
// runes (edits change the length by at most n).
func (r *rowSet) symbolWithin(runes, n int) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return runes-n <= r.maxSym
}

// get returns the row of cik.
func (r *rowSet) get(cik spac.CIK) (*entry, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.byCIK[cik]
	return e, ok
}

// all returns every entry ordered by CIK. The slice is shared: callers must not modify it.
func (r *rowSet) all() []*entry {
	r.mu.RLock()
	s := r.sorted
	r.mu.RUnlock()
	if s != nil {
		return s
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sorted == nil {
		r.sorted = make([]*entry, 0, len(r.byCIK))
		for _, e := range r.byCIK {
			r.sorted = append(r.sorted, e)
		}
		slices.SortFunc(r.sorted, func(a, b *entry) int { return cmp.Compare(a.row.CIK, b.row.CIK) })
	}
	return r.sorted
}

// sortedBy returns every entry in the order o (named name), computed once per write
// generation: a universe page is then one filtering pass, without a sort. The slice is
// shared: callers must not modify it.
func (r *rowSet) sortedBy(name string, o rowOrder) []*entry {
	r.mu.RLock()
	s, gen := r.orders[name], r.gen
	r.mu.RUnlock()
	if s != nil {
		return s
	}
	s = slices.Clone(r.all())
	o.sort(s, nil)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gen == gen {
		if r.orders == nil {
			r.orders = map[string][]*entry{}
		}
		r.orders[name] = s
	}
	return s
}
