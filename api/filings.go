package api

import (
	"net/url"
	"regexp"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// MaxLinesPerCall bounds GET /filings/:accession/lines.
const MaxLinesPerCall = 1000

var accessionRe = regexp.MustCompile(`^[0-9]{10}-[0-9]{2}-[0-9]{6}$`)

// FilingView is a filing's metadata with its SEC archive URL.
type FilingView struct {
	spac.Filing
	// Link to the filing in the SEC archive (EDGAR).
	URL string `json:"url"`
}

// LinesView is a range of a filing's canonical text: rows {line, text}. Next is always null
// (ranges are addressed by from/to); a Link header points at the following range.
type LinesView struct {
	// SEC accession number of the filing.
	Accession string `json:"accession"`
	// First line of the page.
	From int `json:"from"`
	// Last line of the page.
	To int `json:"to"`
	// Number of lines of the whole filing (as total).
	LineCount int `json:"lineCount"`
	// The lines.
	Rows []LineRow `json:"rows"`
	// Lines in this page.
	Count int `json:"count"`
	// Number of lines of the whole filing.
	Total int `json:"total"`
	// Cursor of the next page; null on the last.
	Next *string `json:"next"`
}

// LineRow is one canonical line (1-based).
type LineRow struct {
	// The line number, from 1: what citations' line points to.
	Line int `json:"line"`
	// The line's text.
	Text string `json:"text"`
}

var accessionParam = Param{Name: "accession", In: InPath, Type: TypeString, Required: true,
	Description: "accession number, e.g. 0001140361-21-010426"}

func (s *Server) filing(c *gin.Context) (any, error) {
	f, err := s.lookupFiling(c)
	if err != nil {
		return nil, err
	}
	return FilingView{Filing: f, URL: f.ArchiveURL()}, nil
}

// lookupFiling validates the accession and loads the filing's metadata.
func (s *Server) lookupFiling(c *gin.Context) (spac.Filing, error) {
	return s.filingOf(c, c.Param("accession"))
}

func (s *Server) filingOf(c *gin.Context, acc string) (spac.Filing, error) {
	if !accessionRe.MatchString(acc) {
		return spac.Filing{}, spac.InvalidParam("accession", "accession must look like 0001140361-21-010426, got %q", acc)
	}
	f, err := s.d.Filings.Filing(c.Request.Context(), acc)
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return f, &spac.Error{Code: spac.ENOTFOUND, Param: "accession", Message: "no filing has the accession " + acc}
	}
	if err != nil {
		return f, unavailable(s, c, err)
	}
	return f, nil
}

func (s *Server) filingLines(c *gin.Context) (any, error) {
	f, err := s.lookupFiling(c)
	if err != nil {
		return nil, err
	}
	from, to, err := lineRange(c, f.LineCount)
	if err != nil {
		return nil, err
	}
	lines, err := s.d.Filings.Lines(c.Request.Context(), f.Accession, from, to)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	rows := make([]LineRow, 0, len(lines))
	for i, text := range lines {
		rows = append(rows, LineRow{Line: from + i, Text: text})
	}
	if to < f.LineCount {
		setNextLink(c, url.Values{"from": {strconv.Itoa(to + 1)}, "to": {strconv.Itoa(min(to+1+to-from, f.LineCount))}})
	}
	return LinesView{
		Accession: f.Accession, From: from, To: to, LineCount: f.LineCount,
		Rows: rows, Count: len(rows), Total: f.LineCount,
	}, nil
}

// lineRange reads from/to: 1-based, inclusive, at most MaxLinesPerCall lines, within the text.
func lineRange(c *gin.Context, lineCount int) (int, int, error) {
	from, err := intParam(c, "from", 1)
	if err != nil {
		return 0, 0, err
	}
	if from < 1 || (lineCount > 0 && from > lineCount) || (lineCount == 0 && from != 1) {
		return 0, 0, spac.InvalidParam("from", "from must be between 1 and %d (the filing's line count)", max(lineCount, 1))
	}
	to, err := intParam(c, "to", from+MaxLinesPerCall-1)
	if err != nil {
		return 0, 0, err
	}
	if to < from {
		return 0, 0, spac.InvalidParam("to", "to %d is before from %d", to, from)
	}
	if to-from+1 > MaxLinesPerCall {
		return 0, 0, spac.InvalidParam("to", "at most %d lines per call; ask for from=%d&to=%d", MaxLinesPerCall, from, from+MaxLinesPerCall-1)
	}
	return from, min(to, lineCount), nil
}

// The line range of GET /filings/:accession/lines.
var (
	linesFromParam = Param{Name: "from", In: InQuery, Type: TypeInteger, Description: "first line, 1-based (default 1)"}
	linesToParam   = Param{Name: "to", In: InQuery, Type: TypeInteger, Description: "last line, inclusive (default from+999, clamped to the text)"}
)
