package index

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/editdist"
)

// Search limits.
const (
	defaultSearchLimit = 10
	maxSearchLimit     = 500
	maxQueryRunes      = 200
)

// Boosts: an exact symbol beats a ticker, which beats a name or sponsor word, which beats a
// prefix, which beats a typo.
const (
	boostSymbolExact  = 20
	boostCIKExact     = 20
	boostTickerExact  = 12
	boostSymbolPrefix = 8
	boostNameMatch    = 4
	boostTickerPrefix = 4
	boostCIKPrefix    = 3
	boostWordPrefix   = 2
	boostSymbolFuzzy  = 1.5
	boostWordFuzzy    = 1
	sponsorFactor     = 0.5  // sponsor words count half as much as name words
	otherNamesFactor  = 0.75 // previous names and the target count less than the name
)

// Search ranks the SPACs matching q.Text over symbol, tickers, CIK, name and sponsor, best
// first (ties by CIK), and says which fields matched.
func (x *Index) Search(ctx context.Context, q spac.SearchQuery) ([]spac.SearchHit, error) {
	page, err := x.SearchPage(ctx, q)
	return page.Hits, err
}

// SearchPage is Search returning hits q.Offset..q.Offset+q.Limit and the number of matches.
// Bleve returns only the IDs of the page's hits; their rows come from memory.
func (x *Index) SearchPage(ctx context.Context, q spac.SearchQuery) (spac.SearchPage, error) {
	if q.Offset < 0 {
		return spac.SearchPage{}, spac.InvalidParam("offset", "negative offset %d", q.Offset)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	limit = min(limit, maxSearchLimit)
	x.rows.refresh()                                     // a new market version is a new generation
	gen, key := x.rows.generation(), searchKey(q, limit) // the generation before the query: see searchCache
	if page, ok := x.searches.get(gen, key, x.rows); ok {
		return page, nil
	}
	page, err := x.searchBleve(ctx, q, limit)
	if err == nil {
		x.searches.put(gen, key, page)
	}
	return page, err
}

// searchBleve ranks the top offset+limit matches with Bleve (a top-k collector: the
// matches past the page are counted, not sorted) and completes them from the row set.
func (x *Index) searchBleve(ctx context.Context, q spac.SearchQuery, limit int) (spac.SearchPage, error) {
	tq, err := x.textQuery(q.Text)
	if err != nil {
		return spac.SearchPage{}, err
	}
	bq := tq
	if q.Restrict != nil {
		bq = bleve.NewConjunctionQuery(tq, restrictQuery(q.Restrict))
	}
	req := bleve.NewSearchRequestOptions(bq, limit, q.Offset, false)
	req.SortBy([]string{"-_score", searchTieBreak})
	res, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		return spac.SearchPage{}, fmt.Errorf("index: search: %w", err)
	}
	x.rows.refresh()
	terms := parseTerms(q.Text)
	page := spac.SearchPage{Hits: make([]spac.SearchHit, 0, len(res.Hits)), Total: int(res.Total)}
	for _, h := range res.Hits {
		e, ok := x.rows.get(spac.CIK(h.ID))
		if !ok {
			return spac.SearchPage{}, fmt.Errorf("index: search hit %s has no row", h.ID)
		}
		page.Hits = append(page.Hits, spac.SearchHit{SPAC: e.row, Score: h.Score, Matched: terms.matched(e.row)})
	}
	return page, nil
}

// searchTieBreak orders hits of equal score: the document ID is the CIK.
const searchTieBreak = "_id"

// terms is a search text normalised for each kind of field.
type terms struct {
	symbol   string   // upper case, spaces removed
	cik      spac.CIK // when the text is a CIK
	cikShort string   // its digits without leading zeros
	words    []string // lower-case words, as the standard analyzer splits them
}

func parseTerms(text string) terms {
	t := terms{symbol: strings.ToUpper(strings.Join(strings.Fields(text), ""))}
	if c, ok := spac.ParseCIK(text); ok {
		t.cik = c
		t.cikShort = strings.TrimLeft(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(text)), "CIK"), "0")
	}
	t.words = words(text)
	return t
}

// words splits s into lower-case letter/digit runs.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// checkText refuses an empty or too long search text.
func checkText(text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return spac.InvalidParam("q", "empty search text")
	}
	if len([]rune(text)) > maxQueryRunes {
		return spac.InvalidParam("q", "search text longer than %d characters", maxQueryRunes)
	}
	return nil
}

// textQuery is the fuzzy query shared by Search and Universe.Text.
func (x *Index) textQuery(text string) (query.Query, error) {
	if err := checkText(text); err != nil {
		return nil, err
	}
	text = strings.TrimSpace(text)
	t := parseTerms(text)
	var qs []query.Query
	if t.symbol != "" {
		qs = append(qs,
			term(fSymbol, t.symbol, boostSymbolExact), prefix(fSymbol, t.symbol, boostSymbolPrefix),
			term(fTickers, t.symbol, boostTickerExact), prefix(fTickers, t.symbol, boostTickerPrefix))
		// A text longer than every symbol by more than one letter is no symbol typo.
		if fuzziness(t.symbol) > 0 && x.rows.symbolWithin(len([]rune(t.symbol)), 1) {
			qs = append(qs, x.fuzzy(fSymbol, t.symbol, 1, boostSymbolFuzzy))
		}
	}
	if t.cik != "" {
		qs = append(qs, term(fCIK, string(t.cik), boostCIKExact))
		if t.cikShort != "" {
			qs = append(qs, prefix(fCIKShort, t.cikShort, boostCIKPrefix))
		}
	}
	qs = append(qs, x.wordQueries(fName, text, t.words, 1)...)
	qs = append(qs, x.wordQueries(fSponsor, text, t.words, sponsorFactor)...)
	qs = append(qs, x.wordQueries(fOtherNames, text, t.words, otherNamesFactor)...)
	return bleve.NewDisjunctionQuery(qs...), nil
}

// wordQueries match an analysed text field: the words as written, each word with typos, and
// the last word as a prefix (the user may still be typing it). A word that some row's name or
// sponsor holds as written is taken as no typo: its fuzzy queries, the dearest part of a
// search (Bleve builds a Levenshtein automaton per word and walks the term dictionary with
// it), are left out.
func (x *Index) wordQueries(field, text string, ws []string, factor float64) []query.Query {
	if len(ws) == 0 {
		return nil
	}
	mq := bleve.NewMatchQuery(text)
	mq.SetField(field)
	mq.SetBoost(boostNameMatch * factor)
	qs := []query.Query{mq}
	for _, w := range ws {
		if n := fuzziness(w); n > 0 && !x.rows.hasWord(w) {
			qs = append(qs, x.fuzzy(field, w, n, boostWordFuzzy*factor))
		}
	}
	if last := ws[len(ws)-1]; len(last) >= 2 {
		qs = append(qs, prefix(field, last, boostWordPrefix*factor))
	}
	return qs
}

// fuzziness is the edit distance allowed for a word: none below 4 letters (too many false
// friends), 1 for 4 letters, 2 from 5. Bleve counts Levenshtein distance, where swapping two
// letters ("mapel" for "maple") costs 2, so 5-letter words need 2 to forgive the commonest typo.
func fuzziness(w string) int {
	switch n := len([]rune(w)); {
	case n < 4:
		return 0
	case n < 5:
		return 1
	default:
		return 2
	}
}

func term(field, v string, boost float64) query.Query {
	q := bleve.NewTermQuery(v)
	q.SetField(field)
	q.SetBoost(boost)
	return q
}

func prefix(field, v string, boost float64) query.Query {
	q := bleve.NewPrefixQuery(v)
	q.SetField(field)
	q.SetBoost(boost)
	return q
}

// fuzzy matches the terms of field within n edits of v. It is what Bleve's fuzzy query
// searches (each candidate term boosted by 1/(1+its distance); no candidate but v itself: v
// at the full boost), with the candidates read from the in-memory vocabulary: Bleve would
// build a Levenshtein automaton per word and field and walk the term dictionary with it,
// which was most of the time of a search with a typo.
func (x *Index) fuzzy(field, v string, n int, boost float64) query.Query {
	cands := x.rows.near(field, v, n)
	if len(cands) == 0 || (len(cands) == 1 && cands[0].term == v) {
		return term(field, v, boost)
	}
	qs := make([]query.Query, len(cands))
	for i, c := range cands {
		qs[i] = term(field, c.term, boost/float64(c.dist+1))
	}
	return bleve.NewDisjunctionQuery(qs...)
}

// matched re-checks a hit's row against the normalised terms, with the same rules as the
// query (exact, prefix, typo), and names the fields that match. This is cheaper and simpler
// than asking Bleve for explanations or term locations.
func (t terms) matched(s spac.SPAC) []string {
	out := []string{}
	sym := upper(s.Symbol)
	if t.symbol != "" && sym != "" && (strings.HasPrefix(sym, t.symbol) || (fuzziness(t.symbol) > 0 && editdist.Levenshtein(sym, t.symbol) <= 1)) {
		out = append(out, "symbol")
	}
	for _, tk := range tickersOf(s) {
		if t.symbol != "" && tk != sym && strings.HasPrefix(tk, t.symbol) {
			out = append(out, "tickers")
			break
		}
	}
	if t.cik != "" && (s.CIK == t.cik || (t.cikShort != "" && strings.HasPrefix(strings.TrimLeft(string(s.CIK), "0"), t.cikShort))) {
		out = append(out, "cik")
	}
	if wordsMatch(t.words, words(s.Name)) {
		out = append(out, "name")
	}
	if s.Sponsor != "" && wordsMatch(t.words, words(s.Sponsor)) {
		out = append(out, "sponsor")
	}
	for _, prev := range s.PreviousNames {
		if wordsMatch(t.words, words(prev)) {
			out = append(out, "previous_names")
			break
		}
	}
	if s.Target != "" && wordsMatch(t.words, words(s.Target)) {
		out = append(out, "target")
	}
	return out
}

// wordsMatch reports whether a query word equals, starts, or is a typo of a field word.
func wordsMatch(query, field []string) bool {
	for i, q := range query {
		last := i == len(query)-1
		for _, f := range field {
			if q == f || (last && len(q) >= 2 && strings.HasPrefix(f, q)) {
				return true
			}
			// Lengths further apart than n are more than n edits apart: skip the distance.
			if n := fuzziness(q); n > 0 && abs(utf8.RuneCountInString(q)-utf8.RuneCountInString(f)) <= n && editdist.Levenshtein(q, f) <= n {
				return true
			}
		}
	}
	return false
}

func abs(n int) int { return max(n, -n) }
