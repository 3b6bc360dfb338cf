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
	Field     string     `json:"field"`
	Filing    string     `json:"filing"` // form type, e.g. "10-Q"
	Accession string     `json:"accession"`
	Line      int        `json:"line,omitempty"`                             // 0 (absent) for derived and modeled values
	Document  string     `json:"document,omitempty"`                         // file name inside the submission
	URL       string     `json:"url,omitempty"`                              // SEC archive URL of the submission
	FiledAt   string     `json:"filedAt,omitempty" jsonschema:"format=date"` // YYYY-MM-DD
	Excerpt   string     `json:"excerpt,omitempty"`                          // the cited line, trimmed (a window around the quote when long)
	Quote     string     `json:"quote,omitempty"`                            // the exact text on the line the value was read from
	Basis     Basis      `json:"basis,omitempty"`
	Inputs    []Citation `json:"inputs,omitempty"`
	// Source and AsOf cite a value that is not from a filing (basis "quoted"): the quotes
	// source (a file name), and the date the quote is as of (YYYY-MM-DD); Line is then the
	// source's line, Quote the value as written there and Excerpt the whole line.
	Source string `json:"source,omitempty"`
	AsOf   string `json:"asOf,omitempty" jsonschema:"format=date"`
}

// WithField returns a copy of c citing field f.
func (c Citation) WithField(f string) Citation {
	c.Field = f
	return c
}
