package spac

import "context"

// Source is what a filing was read from, kept beside its facts so that the facts can be
// derived again when the extractor changes, without fetching the filing from EDGAR again
// (each stage derives from the one before: filing -> document -> facts -> profile).
//
// Data is the full submission with its uuencoded documents (images, PDFs) reduced to stubs
// that render the same canonical line, or, for a bare primary document, the document itself
// with Bare holding the header data its sidecar or flags gave.
type Source struct {
	Name string      `json:"name"`           // the file it was read from
	Bare *BareHeader `json:"bare,omitempty"` // nil for a full submission
	Data []byte      `json:"-"`
}

// BareHeader is the header data of a bare primary document (no SGML envelope).
type BareHeader struct {
	Accession   string   `json:"accession"`
	Form        string   `json:"form"`
	FiledAt     string   `json:"filedAt,omitempty" jsonschema:"format=date"`
	Period      string   `json:"period,omitempty"`
	CIK         string   `json:"cik"`
	CompanyName string   `json:"companyName,omitempty"`
	SIC         string   `json:"sic,omitempty"`
	Items       []string `json:"items,omitempty"`
}

// SourceStore keeps the source of every filing (see Source) and lists the stored filings,
// so that a new extractor can re-derive the facts of each.
type SourceStore interface {
	// Source returns the source a filing was read from (ENOTFOUND when none was kept: a
	// filing stored before sources were kept).
	Source(ctx context.Context, accession string) (Source, error)
	// EachFiling calls fn with every stored filing record, in accession order.
	EachFiling(ctx context.Context, fn func(Filing) error) error
}
