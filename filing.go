package spac

import (
	"strings"
	"time"
	"unicode/utf8"
)

// RenderVersion is the version of the canonical-text rendering. Citations are only valid
// against text rendered by the same version; bump it whenever rendering output changes.
const RenderVersion = 1

// Filing is the metadata of one EDGAR submission. Its canonical text is stored beside it as
// lines (1-based): the SGML header lines first, then each document in sequence order, each
// introduced by a marker line, HTML and iXBRL flattened to text, binaries replaced by a note.
type Filing struct {
	// SEC accession number, the filing's id, e.g. "0001140361-21-010426".
	Accession string `json:"accession"`
	// The form type as EDGAR gives it (CONFORMED SUBMISSION TYPE), e.g. "8-K", "DEF 14A".
	Form string `json:"form"`
	// Date it was filed with the SEC (YYYY-MM-DD).
	FiledAt string `json:"filedAt" jsonschema:"format=date"`
	// When EDGAR accepted the submission (UTC), when known.
	AcceptedAt time.Time `json:"acceptedAt,omitzero"`
	// The period the report covers (CONFORMED PERIOD OF REPORT), YYYY-MM-DD; e.g. the quarter end
	// of a 10-Q.
	Period string `json:"period,omitempty"`
	// The filer's SEC Central Index Key, 10 digits with leading zeros.
	CIK CIK `json:"cik"`
	// The filer's name as the filing's header gives it.
	CompanyName string `json:"companyName"`
	// The filer's Standard Industrial Classification code (6770 for blank checks).
	SIC string `json:"sic,omitempty"`
	// Where the filer is incorporated, as the header gives it (e.g. "DE", "E9" for the Cayman
	// Islands).
	StateOfInc string `json:"stateOfIncorporation,omitempty"`
	// For an 8-K, the items it reports, e.g. ["1.01", "9.01"].
	Items []string `json:"items,omitempty"`
	// For an amendment (/A), the accession number of the filing it amends.
	Amends string `json:"amends,omitempty"`
	// The files of the submission, with the lines each occupies in the text.
	Documents []Document `json:"documents"`
	// Number of lines of the filing's rendered text, which citations point into.
	LineCount int `json:"lineCount"`
	// Version of the text rendering the lines come from; line numbers are stable within it.
	RenderVersion int `json:"renderVersion"`
	// Version of the extractor that read the filing's facts; a filing read by an older one is
	// re-read when the server reextracts.
	ExtractVersion string `json:"extractVersion,omitempty"`
	// The file the filing was read from.
	Source string `json:"source,omitempty"`
}

// Document is one <DOCUMENT> of a submission. FirstLine..LastLine is its range in the
// filing's canonical text.
type Document struct {
	// The document's type in the submission, e.g. "S-1", "EX-99.1", "GRAPHIC".
	Type string `json:"type"`
	// Its position in the submission, from 1.
	Sequence int `json:"sequence"`
	// The file name inside the submission.
	Filename string `json:"filename"`
	// The description the filer gave it, e.g. "PRESS RELEASE".
	Description string `json:"description,omitempty"`
	// First line of the document in the filing's text (GET /v1/filings/{accession}/lines).
	FirstLine int `json:"firstLine"`
	// Last line of the document in the filing's text.
	LastLine int `json:"lastLine"`
	// True for an encoded file (an image, a PDF) whose content is not rendered as lines.
	Binary bool `json:"binary,omitempty"`
}

// IsAmendment reports whether the form is an amendment ("S-1/A", "10-K/A").
func (f Filing) IsAmendment() bool { return strings.HasSuffix(f.Form, "/A") }

// BaseForm is the form a filing stands for: without its amendment suffix ("S-1" for "S-1/A"),
// and a small business report as the report it stands for ("10-Q" for "10-QSB/A"), so that
// extraction, the fold and the news read a 2004-2008 blank check's reports as the later ones.
func (f Filing) BaseForm() string {
	base := strings.TrimSuffix(f.Form, "/A")
	if std, ok := smallBusinessForms[base]; ok {
		return std
	}
	return base
}

// smallBusinessForms are the reports a small business issuer filed under Regulation S-B until
// 2008 (many blank check companies of 2004-2008 did): the same quarterly and annual reports as
// the 10-Q and 10-K, with the same cover, balance sheet and notes.
var smallBusinessForms = map[string]string{"10-QSB": "10-Q", "10-KSB": "10-K", "10-KSB40": "10-K"}

// HasItem reports whether an 8-K reports the given item ("1.01").
func (f Filing) HasItem(item string) bool {
	for _, it := range f.Items {
		if it == item {
			return true
		}
	}
	return false
}

// DocumentAt returns the document whose range holds canonical line n.
func (f Filing) DocumentAt(n int) (Document, bool) {
	for _, d := range f.Documents {
		if n >= d.FirstLine && n <= d.LastLine {
			return d, true
		}
	}
	return Document{}, false
}

// ArchiveURL is the SEC archive address of the full submission.
func (f Filing) ArchiveURL() string {
	cik := strings.TrimLeft(string(f.CIK), "0")
	return "https://www.sec.gov/Archives/edgar/data/" + cik + "/" + f.Accession + ".txt" // called per citation
}

// XBRLFact is one inline XBRL fact (ix:nonFraction or ix:nonNumeric) with the canonical line
// where its text appears. Value is normalised: numbers as plain decimals after scale and sign.
type XBRLFact struct {
	Concept  string `json:"concept"` // prefixed QName, e.g. "us-gaap:AssetsHeldInTrustNoncurrent"
	Context  string `json:"context"`
	Period   string `json:"period,omitempty"` // instant or end date, YYYY-MM-DD
	Unit     string `json:"unit,omitempty"`
	Value    string `json:"value"`
	Raw      string `json:"raw"` // text as displayed, e.g. "251,234,567"
	Numeric  bool   `json:"numeric"`
	Line     int    `json:"line"`             // canonical line, 0 when hidden
	Hidden   bool   `json:"hidden,omitempty"` // from ix:hidden (not in canonical text)
	Member   string `json:"member,omitempty"` // dimension member of the context, if any
	Document string `json:"document,omitempty"`
}

// RenderedFiling is a filing after reading: metadata, canonical text and inline XBRL facts.
// It is the input of every extractor.
type RenderedFiling struct {
	Filing Filing
	Lines  []string // Lines[0] is canonical line 1
	XBRL   []XBRLFact
	// Rows gives the cells of the canonical lines that render a table row (key: line number).
	// The canonical text drops empty cells and collapses spacing; extractors that read tables
	// need the grid, so rendering keeps it here. It is not stored: it is rebuilt on reading.
	Rows map[int][]Cell
	// Header is the SGML header's "KEY: value" lines, parsed once by the reader, each with its
	// canonical line (a bare document's header data is set out the same way). Not stored:
	// rebuilt on reading.
	Header []HeaderField
	// Source is what the filing was read from (nil when the reader was given no bytes to
	// keep); the store keeps it so that the facts can be derived again.
	Source *Source
}

// HeaderField is one "KEY: value" line of a filing's SGML header.
type HeaderField struct {
	Key   string // upper case, as EDGAR writes it ("COMPANY CONFORMED NAME")
	Value string // trimmed
	Line  int    // canonical line
	// Company numbers the company block the line is in ("FILER:", "SUBJECT COMPANY:", ...),
	// from 1; 0 for the submission's own lines (accession, form, dates, items).
	Company int
	Role    string // the block's role ("FILER"), "" for the submission's lines
}

// Cell is one cell of a table row as the source laid it out. Empty cells are kept, so
// columns stay aligned. Text is whitespace-collapsed, as on the canonical line.
type Cell struct {
	Text string `json:"text"`
	// Col and Span place the cell: in an HTML table the grid column (colspans expanded) and
	// its colspan; in column-aligned plain text the character column and width.
	Col  int `json:"col"`
	Span int `json:"span"`
}

// Line returns canonical line n (1-based), or "" when out of range.
func (r *RenderedFiling) Line(n int) string {
	if n < 1 || n > len(r.Lines) {
		return ""
	}
	return r.Lines[n-1]
}

// Cite builds a stated citation of canonical line n for field, quoting quote.
func (r *RenderedFiling) Cite(field string, n int, quote string) Citation {
	return r.CiteAt(field, n, strings.Index(r.Line(n), quote), quote)
}

// CiteAt is Cite for a quote known to start at byte col of line n (-1 when unknown): the
// excerpt is cut around it without scanning the line, so citing stays cheap on long lines.
func (r *RenderedFiling) CiteAt(field string, n, col int, quote string) Citation {
	c := Citation{
		Field: field, Filing: r.Filing.Form, Accession: r.Filing.Accession, Line: n,
		URL: r.Filing.ArchiveURL(), FiledAt: r.Filing.FiledAt,
		Excerpt: excerptAt(r.Line(n), col, quote), Quote: quote, Basis: BasisStated,
	}
	if d, ok := r.Filing.DocumentAt(n); ok {
		c.Document = d.Filename
	}
	return c
}

// excerptRunes bounds Citation.Excerpt; a rendered paragraph can be thousands of characters.
const excerptRunes = 400

// Excerpt is the cited line, trimmed; a longer line is cut to a window of excerptRunes around
// the quote, with "…" marking each cut, so the excerpt always shows the quoted value.
func Excerpt(line, quote string) string {
	return excerptAt(line, strings.Index(line, quote), quote)
}

// excerptAt cuts the excerpt around byte at (the quote's start; -1: the line's start). Only
// a window of the line is read, at most 4 bytes a rune.
func excerptAt(line string, at int, quote string) string {
	t := strings.TrimSpace(line)
	if len(t) <= excerptRunes {
		return t
	}
	at = max(0, min(at-(len(line)-len(strings.TrimLeft(line, " \t"))), len(t)))
	half := (excerptRunes - utf8.RuneCountInString(quote)) / 2
	start := runeBack(t, at, max(half, 0))
	end := runeForward(t, start, excerptRunes)
	if end == len(t) {
		start = runeBack(t, end, excerptRunes)
	}
	out := t[start:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(t) {
		out += "…"
	}
	return out
}

// runeBack moves back n runes from byte i of s.
func runeBack(s string, i, n int) int {
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return i
}

// runeForward moves forward n runes from byte i of s.
func runeForward(s string, i, n int) int {
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// IngestError records a document that could not be ingested; it is skipped, never fatal.
type IngestError struct {
	Source    string    `json:"source"`
	Accession string    `json:"accession,omitempty"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
}
