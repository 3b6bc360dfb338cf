package index

import (
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/standard"
	"github.com/blevesearch/bleve/v2/mapping"
)

// mappingVersion versions buildMapping and the document layout of toDocument.
const mappingVersion = "2"

// Field names of the index documents (see doc.go).
const (
	fSymbol     = "symbol"
	fTickers    = "tickers"
	fCIK        = "cik"
	fCIKShort   = "cik_short"
	fName       = "name"
	fNameSort   = "name_sort"
	fSponsor    = "sponsor"
	fOtherNames = "other_names"
	fSponsorKW  = "sponsor_kw"
	fSponsorLC  = "sponsor_lc"
	fStatus     = "status"
	fStatusRank = "status_rank"
	fSector     = "sector"
	fSectorLC   = "sector_lc"
	fTrustSize  = "trust_size"
	fIPODate    = "ipo_date"
	fDeadline   = "deadline"
	fRow        = "row"
)

// buildMapping is the explicit index mapping: nothing is indexed that is not named here.
func buildMapping() *mapping.IndexMappingImpl {
	doc := mapping.NewDocumentStaticMapping()
	for _, f := range []string{fSymbol, fTickers, fCIK, fCIKShort, fNameSort, fSponsorKW, fSponsorLC, fStatus, fSector, fSectorLC} {
		doc.AddFieldMappingsAt(f, field(mapping.NewKeywordFieldMapping(), keyword.Name))
	}
	for _, f := range []string{fName, fSponsor, fOtherNames} {
		doc.AddFieldMappingsAt(f, field(mapping.NewTextFieldMapping(), standard.Name))
	}
	for _, f := range []string{fTrustSize, fStatusRank} {
		doc.AddFieldMappingsAt(f, field(mapping.NewNumericFieldMapping(), ""))
	}
	for _, f := range []string{fIPODate, fDeadline} {
		doc.AddFieldMappingsAt(f, field(mapping.NewDateTimeFieldMapping(), ""))
	}
	row := mapping.NewTextFieldMapping()
	row.Index, row.Store, row.DocValues, row.IncludeInAll, row.IncludeTermVectors = false, true, false, false, false
	doc.AddFieldMappingsAt(fRow, row)

	m := mapping.NewIndexMapping()
	m.DefaultMapping = doc
	m.DefaultAnalyzer = standard.Name
	m.IndexDynamic, m.StoreDynamic, m.DocValuesDynamic = false, false, false
	return m
}

// field sets what every indexed field shares: not stored (the row is), no _all, no term
// vectors (matched fields are computed from the row), doc values for sorts and facets.
func field(fm *mapping.FieldMapping, analyzer string) *mapping.FieldMapping {
	fm.Store, fm.IncludeInAll, fm.IncludeTermVectors, fm.DocValues = false, false, false, true
	if analyzer != "" {
		fm.Analyzer = analyzer
	}
	return fm
}
