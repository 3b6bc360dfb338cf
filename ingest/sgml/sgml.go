// Package sgml reads EDGAR full-submission .txt files: the SGML header (<SEC-HEADER>) and
// every <DOCUMENT>. Parse returns the raw Submission (bodies are sub-slices of the input, no
// copy); Submission.Filing adapts it to spac.Filing. Canonical-text assembly lives in ingest.
package sgml

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Errors returned by Parse; test with errors.Is.
var (
	ErrNotSGML   = errors.New("sgml: not an EDGAR full submission (no <SEC-DOCUMENT>)")
	ErrTruncated = errors.New("sgml: truncated submission")
)

// Submission is a parsed full-submission file.
type Submission struct {
	HeaderLines []string // <SEC-DOCUMENT> .. </SEC-HEADER>, right-trimmed, blank lines dropped
	Header      Header
	Documents   []Document
}

// Header holds the values of the SGML header.
type Header struct {
	Accession          string    // ACCESSION NUMBER
	Form               string    // CONFORMED SUBMISSION TYPE
	DocumentCount      int       // PUBLIC DOCUMENT COUNT
	Period             string    // CONFORMED PERIOD OF REPORT, YYYY-MM-DD
	FiledAsOf          string    // FILED AS OF DATE, YYYY-MM-DD
	AcceptanceDateTime string    // <ACCEPTANCE-DATETIME>, YYYYMMDDhhmmss (US Eastern)
	ItemNames          []string  // ITEM INFORMATION values as written
	Items              []string  // 8-K item numbers ("1.01"), from ITEM INFORMATION / ITEMS
	Companies          []Company // FILER, SUBJECT COMPANY, FILED BY, ... in header order
	Fields             []Field   // every "KEY: value" line, with its position
}

// Company is one company block of the header.
type Company struct {
	Role       string // "FILER", "SUBJECT COMPANY", "FILED BY", "REPORTING-OWNER", "ISSUER"
	Name       string // COMPANY CONFORMED NAME
	CIK        string // CENTRAL INDEX KEY as written (10 digits)
	SIC        string // code of STANDARD INDUSTRIAL CLASSIFICATION ("6770")
	SICName    string // its description ("BLANK CHECKS")
	StateOfInc string // STATE OF INCORPORATION ("E9" = Cayman Islands)
	FiscalYear string // FISCAL YEAR END ("1231")
}

// Document is one <DOCUMENT> of the submission.
type Document struct {
	Type        string
	Sequence    int
	Filename    string
	Description string
	Body        []byte // content of <TEXT>, without wrapper tags such as <XBRL> or <PDF>
	Binary      bool   // uuencoded ("begin 644 name"); Body is not meant to be rendered
	BinaryName  string // file name from the "begin" line
}

// Parse reads a full submission. It fails with ErrNotSGML when there is no <SEC-DOCUMENT>
// (or <IMS-DOCUMENT>) and with ErrTruncated when the header or a document is not terminated.
func Parse(data []byte) (*Submission, error) {
	start := headerStart(data)
	if start < 0 {
		return nil, ErrNotSGML
	}
	data = data[start:]
	end := headerEnd(data)
	if end < 0 {
		return nil, fmt.Errorf("%w: no </SEC-HEADER>", ErrTruncated)
	}
	s := &Submission{}
	s.HeaderLines = headerLines(data[:end])
	s.Header = ParseHeader(s.HeaderLines)
	docs, err := parseDocuments(data[end:])
	if err != nil {
		return nil, err
	}
	s.Documents = docs
	return s, nil
}

func headerStart(data []byte) int {
	for _, tag := range []string{"<SEC-DOCUMENT>", "<IMS-DOCUMENT>"} {
		if i := bytes.Index(data, []byte(tag)); i >= 0 {
			return i
		}
	}
	return -1
}

// headerEnd returns the offset just past the line holding </SEC-HEADER>, or -1.
func headerEnd(data []byte) int {
	i := -1
	for _, tag := range []string{"</SEC-HEADER>", "</IMS-HEADER>"} {
		if i = bytes.Index(data, []byte(tag)); i >= 0 {
			break
		}
	}
	if i < 0 {
		return -1
	}
	if nl := bytes.IndexByte(data[i:], '\n'); nl >= 0 {
		return i + nl + 1
	}
	return len(data)
}

func headerLines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimRight(l, " \t\r\f\v"); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// parseDocuments walks every <DOCUMENT> ... </DOCUMENT> after the header.
func parseDocuments(data []byte) ([]Document, error) {
	var docs []Document
	for {
		i := bytes.Index(data, []byte("<DOCUMENT>"))
		if i < 0 {
			return docs, nil
		}
		data = data[i+len("<DOCUMENT>"):]
		end := bytes.Index(data, []byte("</DOCUMENT>"))
		if end < 0 {
			return nil, fmt.Errorf("%w: <DOCUMENT> %d has no </DOCUMENT>", ErrTruncated, len(docs)+1)
		}
		d, err := parseDocument(data[:end])
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", len(docs)+1, err)
		}
		docs = append(docs, d)
		data = data[end+len("</DOCUMENT>"):]
	}
}

// parseDocument reads the tag lines before <TEXT> and the body up to </TEXT>.
func parseDocument(data []byte) (Document, error) {
	var d Document
	t := bytes.Index(data, []byte("<TEXT>"))
	if t < 0 {
		return d, fmt.Errorf("%w: no <TEXT>", ErrTruncated)
	}
	for _, l := range strings.Split(string(data[:t]), "\n") {
		d.setTag(strings.TrimSpace(l))
	}
	body := data[t+len("<TEXT>"):]
	e := bytes.LastIndex(body, []byte("</TEXT>"))
	if e < 0 {
		return d, fmt.Errorf("%w: no </TEXT>", ErrTruncated)
	}
	d.Body = unwrap(trimLeadingNewline(body[:e]))
	if name, ok := uuencoded(d.Body); ok {
		d.Binary, d.BinaryName = true, name
	}
	return d, nil
}

func (d *Document) setTag(line string) {
	tag, value, ok := splitTag(line)
	if !ok {
		return
	}
	switch tag {
	case "TYPE":
		d.Type = value
	case "SEQUENCE":
		d.Sequence, _ = strconv.Atoi(value)
	case "FILENAME":
		d.Filename = value
	case "DESCRIPTION":
		d.Description = value
	}
}

// splitTag splits "<TYPE>S-1" into ("TYPE", "S-1").
func splitTag(line string) (tag, value string, ok bool) {
	if !strings.HasPrefix(line, "<") {
		return "", "", false
	}
	end := strings.IndexByte(line, '>')
	if end < 0 {
		return "", "", false
	}
	return strings.ToUpper(line[1:end]), strings.TrimSpace(line[end+1:]), true
}

func trimLeadingNewline(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\r"))
	return bytes.TrimPrefix(b, []byte("\n"))
}

// unwrap removes the <XBRL>, <XML>, <PDF> or <JSON> wrapper EDGAR puts around some bodies.
func unwrap(b []byte) []byte {
	trimmed := bytes.TrimSpace(b)
	for _, tag := range []string{"XBRL", "XML", "PDF", "JSON"} {
		open, closing := []byte("<"+tag+">"), []byte("</"+tag+">")
		if bytes.HasPrefix(trimmed, open) && bytes.HasSuffix(trimmed, closing) {
			return trimLeadingNewline(trimmed[len(open) : len(trimmed)-len(closing)])
		}
	}
	return b
}

// uuencoded reports whether the body is a uuencoded file ("begin 644 name.jpg").
func uuencoded(b []byte) (string, bool) {
	b = bytes.TrimLeft(b, " \t\r\n")
	if !bytes.HasPrefix(b, []byte("begin ")) {
		return "", false
	}
	line := b
	if nl := bytes.IndexByte(b, '\n'); nl >= 0 {
		line = b[:nl]
	}
	f := strings.Fields(string(line))
	if len(f) < 3 || !isOctal(f[1]) {
		return "", false
	}
	return strings.Join(f[2:], " "), true
}

func isOctal(s string) bool {
	for _, r := range s {
		if r < '0' || r > '7' {
			return false
		}
	}
	return s != ""
}
