// Package index is the Bleve (v2) adapter of the SPAC Data API: the universe (filters, sorts,
// facets, pagination) and the fuzzy search. *Index implements spac.Index.
//
// The mapping is explicit (no dynamic fields). One document per SPAC, its ID the 10-digit CIK:
//
//	symbol       keyword, upper case        exact and prefix matches, sort
//	tickers      keyword, upper case        every current and previous ticker
//	cik          keyword                    10 digits
//	cik_short    keyword                    the CIK without leading zeros (prefix matches)
//	name         text, standard analyzer    match, fuzzy (typos) and prefix matches
//	name_sort    keyword, lower case        sort
//	sponsor      text, standard analyzer    match, fuzzy and prefix matches
//	sponsor_kw   keyword, as written        sponsor facet
//	sponsor_lc   keyword, lower case        sponsor filter (any case) and sort
//	status       keyword                    filter, facet
//	status_rank  number                     sort in lifecycle order (spac.Statuses)
//	sector       keyword, as written        sector facet
//	sector_lc    keyword, lower case        sector filter (any case) and sort
//	trust_size   number (float64)           range filter, range facet, sort
//	ipo_date     datetime                   range filter, year facet, sort
//	deadline     datetime                   "deadline before" filter, sort
//	row          stored only, not indexed   the whole spac.SPAC as JSON, so that Universe and
//	                                        Search return complete rows without the store
//
// Every row is also kept decoded in memory (rows.go), loaded from the stored rows at Open and
// updated by every write. Bleve answers the text queries (ranking, typos, prefixes); the
// universe's filters, sorts and facets run over the in-memory rows, and search hits are
// completed from them by ID, so no stored field is read per request. The filter and sort
// fields above are still indexed: they define the semantics the in-memory code follows.
//
// trust_size is indexed as a float64 (exact enough for ranges, facets and sort); the row keeps
// the exact decimal string. A change to the mapping bumps mappingVersion: an on-disk index of
// another version is dropped at Open and must be rebuilt from the store (Count == 0 tells).
package index
