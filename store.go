package spac

import (
	"context"
	"time"
)

// FilingStore keeps filings (metadata + canonical text) and the facts extracted from them.
// PutFiling is idempotent per accession: storing the same filing again changes nothing and
// reports changed == false.
type FilingStore interface {
	PutFiling(ctx context.Context, r *RenderedFiling, facts []Fact) (changed bool, err error)
	Filing(ctx context.Context, accession string) (Filing, error)
	// Lines returns canonical lines from..to (1-based, inclusive, clamped to the text).
	Lines(ctx context.Context, accession string, from, to int) ([]string, error)
	FilingsOf(ctx context.Context, cik CIK) ([]Filing, error)
	FactsOf(ctx context.Context, cik CIK) ([]Fact, error)
	EachCIK(ctx context.Context, fn func(CIK) error) error // every CIK with at least one filing
	PutIngestError(ctx context.Context, e IngestError) error
	IngestErrors(ctx context.Context) ([]IngestError, error)
}

// ProfileStore keeps folded profiles, the ticker -> CIK map and calendar events.
type ProfileStore interface {
	// PutProfile replaces the profile of p.CIK, its ticker entries and its calendar events.
	PutProfile(ctx context.Context, p Profile, events []Event) error
	Profile(ctx context.Context, cik CIK) (Profile, error)
	// ResolveSymbol maps any current or previous ticker (any case) or a CIK to the CIK.
	ResolveSymbol(ctx context.Context, symbolOrCIK string) (CIK, error)
	EachProfile(ctx context.Context, fn func(Profile) error) error
	Events(ctx context.Context, q EventQuery) ([]Event, error) // ordered by date, then id
	// Watermark is the time the served data last changed (the "asOf" of responses).
	Watermark(ctx context.Context) (time.Time, error)
	Ping(ctx context.Context) error
}

// EventQuery filters calendar events; empty fields do not filter. From/To are inclusive dates.
type EventQuery struct {
	From, To string
	Types    []EventType
	CIKs     []CIK
}

// Index is the search index over SPAC records.
type Index interface {
	Put(ctx context.Context, s SPAC) error // insert or replace by CIK
	Delete(ctx context.Context, cik CIK) error
	Reset(ctx context.Context) error // drop every document (rebuild)
	Universe(ctx context.Context, q UniverseQuery) (UniversePage, error)
	Search(ctx context.Context, q SearchQuery) ([]SearchHit, error)
	// SearchPage is Search returning hits Offset..Offset+Limit and the number of matches.
	SearchPage(ctx context.Context, q SearchQuery) (SearchPage, error)
	Count(ctx context.Context) (uint64, error)
}

// UniverseQuery selects universe rows. Empty fields do not filter; several values of one
// filter are OR-ed, different filters AND-ed. Money bounds are decimal strings, dates YYYY-MM-DD.
type UniverseQuery struct {
	Statuses []Status
	Sectors  []string
	Sponsors []string
	MinTrust string
	MaxTrust string
	// Bounds of the per-share and percentage fields (decimal strings, inclusive): trust per
	// share, redeemed percentage and the simple yield to maturity (joined market data).
	MinTrustPerShare, MaxTrustPerShare string
	MinRedeemedPct, MaxRedeemedPct     string
	MinYTM, MaxYTM                     string
	IPOFrom                            string
	IPOTo                              string
	DeadlineBefore                     string
	Text                               string // free text over symbol, name, sponsor, CIK
	Restrict                           []CIK  // only these CIKs (anonymous sample scope); nil = all
	Sort                               string // field name, "-" prefix for descending; ties broken by CIK
	Offset                             int
	Limit                              int
	Facets                             []string // "status", "sector", "sponsor", "trust_size", "ipo_year"
}

// UniversePage is one page of universe rows plus facet counts over all matches.
type UniversePage struct {
	Rows   []SPAC
	Total  int
	Facets map[string][]FacetCount
}

// FacetCount is one bucket of a facet.
type FacetCount struct {
	// One value of the facet (e.g. a status).
	Value string `json:"value"`
	// Number of rows matching the query that have that value.
	Count int `json:"count"`
}

// SearchQuery is a fuzzy search over symbol, name, sponsor and CIK.
type SearchQuery struct {
	Text     string
	Offset   int // hits to skip (SearchPage)
	Limit    int
	Restrict []CIK
}

// SearchPage is one page of ranked search hits and the number of all matches.
type SearchPage struct {
	Hits  []SearchHit
	Total int
}

// SearchHit is one ranked search result and the fields that matched.
type SearchHit struct {
	SPAC    SPAC     `json:"spac"`
	Score   float64  `json:"score"`
	Matched []string `json:"matched"` // e.g. ["symbol", "name"]
}
