package spac

// Basis says how a value was obtained.
type Basis string

const (
	BasisStated  Basis = "stated"  // read from the cited line as written
	BasisDerived Basis = "derived" // computed from other cited values (see Inputs)
	BasisModeled Basis = "modeled" // estimated (e.g. a projected trust value)
	BasisQuoted  Basis = "quoted"  // a market price: Source names the quotes source, Line its row
)

// Citation anchors a value to one line of a filing's canonical text. Line is 1-based in the
// filing's canonical text (see Filing), which GET /v1/filings/{accession}/lines serves back.
type Citation struct {
	// The property this citation backs, by its JSON name (e.g. "trust_size").
	Field string `json:"field"`
	// The form type of the cited filing, e.g. "10-Q", "8-K", "DEF 14A".
	Filing string `json:"filing"`
	// SEC accession number of the cited filing (e.g. 0001193125-24-012345); GET
	// /v1/filings/{accession} opens it.
	Accession string `json:"accession"`
	// The line of the filing's text (GET /v1/filings/{accession}/lines) the value is on; absent
	// for derived and modeled values, which cite their inputs instead.
	Line int `json:"line,omitempty"`
	// The file inside the SEC submission the line is in (e.g. "d123456d8k.htm").
	Document string `json:"document,omitempty"`
	// Link to the submission in the SEC archive (EDGAR).
	URL string `json:"url,omitempty"`
	// Date the cited filing was filed with the SEC (YYYY-MM-DD).
	FiledAt string `json:"filedAt,omitempty" jsonschema:"format=date"`
	// The cited line, trimmed (a window around the quote when the line is long).
	Excerpt string `json:"excerpt,omitempty"`
	// The exact words on the line the value was read from, as the filing writes them.
	Quote string `json:"quote,omitempty"`
	// How the value was obtained: stated (written in the filing), derived (computed from the
	// inputs cited), modeled (estimated by a stated method) or quoted (a market quote).
	Basis Basis `json:"basis,omitempty"`
	// For a derived or modeled value, the citations of the values it was computed from, each
	// checkable in turn.
	Inputs []Citation `json:"inputs,omitempty"`
	// For a quoted value (not from a filing): the quotes source, a file name; line is then its
	// line and quote the value as written there.
	Source string `json:"source,omitempty"`
	// For a quoted value: the date the quote is as of (YYYY-MM-DD).
	AsOf string `json:"asOf,omitempty" jsonschema:"format=date"`
}

// WithField returns a copy of c citing field f.
func (c Citation) WithField(f string) Citation {
	c.Field = f
	return c
}
