package ingest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/htmltext"
	"github.com/spacdata/spac/ingest/sgml"
)

// DefaultMaxBytes is the default size limit of one input file (64 MiB).
//
// Size policy: a file up to the limit is read whole into memory and rendered in one
// streaming pass; document bodies are sub-slices of the input, never copies, so a 50 MB
// document costs about its size plus its rendered text (measured by TestReadLargeDocument).
// A file over the limit is rejected before it is opened (LoadFile checks its size with Stat)
// and read through a limit, so a file that grows meanwhile is still cut off, with ReasonTooLarge.
const DefaultMaxBytes int64 = 64 << 20

// Reasons recorded by the pipeline (spac.IngestError.Reason starts with one of these).
const (
	ReasonTooLarge       = "too_large"       // over the size limit
	ReasonBinary         = "binary"          // NUL-heavy junk, not a text document
	ReasonTruncated      = "truncated"       // SGML header or a <DOCUMENT> not terminated
	ReasonBadHeader      = "bad_header"      // an accession or CIK that cannot key the store
	ReasonUnsupported    = "unsupported"     // neither a full submission nor HTML
	ReasonMissingSidecar = "missing_sidecar" // bare HTML without its <file>.json metadata
	ReasonBadSidecar     = "bad_sidecar"     // sidecar is not valid JSON
	ReasonIO             = "io"              // the file (or its directory) could not be read
	ReasonInternal       = "internal"        // a reader bug (recovered panic)
)

// ReadError is the error of every Read function: Reason is a stable machine string.
type ReadError struct {
	Source string
	Reason string
	Err    error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("ingest: %s: %s: %v", e.Source, e.Reason, e.Err)
}
func (e *ReadError) Unwrap() error { return e.Err }

// ReadReason returns the Reason of a *ReadError in err's chain, ReasonInternal otherwise.
func ReadReason(err error) string {
	var re *ReadError
	if errors.As(err, &re) {
		return re.Reason
	}
	return ReasonInternal
}

// Sidecar is the metadata file <file>.json next to a bare primary HTML document.
type Sidecar struct {
	Accession   string   `json:"accession"`
	Form        string   `json:"form"`
	FiledAt     string   `json:"filedAt"` // YYYY-MM-DD
	CIK         string   `json:"cik"`
	CompanyName string   `json:"companyName"`
	SIC         string   `json:"sic,omitempty"`
	Items       []string `json:"items,omitempty"`
	Period      string   `json:"period,omitempty"`
}

// accessionInName finds an EDGAR accession number in a file name.
var accessionInName = regexp.MustCompile(`(?:^|\D)(\d{10}-\d{2}-\d{6})(?:\D|$)`)

// AccessionInName is the accession number a bare document's file name holds
// ("17_VectorAcq_8-K_0001193125-21-252860.txt"), "" when it holds none.
func AccessionInName(name string) string {
	if m := accessionInName.FindStringSubmatch(filepath.Base(name)); m != nil {
		return m[1]
	}
	return ""
}

// FilingReader reads filings with a size limit; the zero value uses DefaultMaxBytes.
type FilingReader struct {
	MaxBytes int64
}

func (fr FilingReader) limit() int64 {
	if fr.MaxBytes > 0 {
		return fr.MaxBytes
	}
	return DefaultMaxBytes
}

// Read reads a full-submission .txt, or a bare .htm/.html with its sidecar, using the defaults.
func Read(path string) (*spac.RenderedFiling, error) { return FilingReader{}.Read(path) }

// ReadBytes reads a full submission held in memory (HTML needs ReadHTML and a Sidecar).
func ReadBytes(name string, data []byte) (*spac.RenderedFiling, error) {
	return FilingReader{}.ReadBytes(name, data)
}

// ReadHTML reads a bare primary HTML/iXBRL document described by meta.
func ReadHTML(name string, html []byte, meta Sidecar) (*spac.RenderedFiling, error) {
	return FilingReader{}.ReadHTML(name, html, meta)
}

// Read reads path. The size is checked before reading; a bare HTML file takes its
// metadata from path+".json" (or, failing that, the path with its extension replaced).
func (fr FilingReader) Read(path string) (*spac.RenderedFiling, error) {
	data, err := fr.load(path, func() (fs.FileInfo, error) { return os.Stat(path) },
		func() (fs.File, error) { return os.Open(path) })
	if err != nil {
		return nil, err
	}
	if isSubmission(data) || !htmltext.IsHTML(path, data) {
		return fr.ReadBytes(path, data)
	}
	meta, err := loadSidecar(path)
	if err != nil {
		return nil, err
	}
	return fr.ReadHTML(path, data, meta)
}

// LoadFile reads the file name of fsys for ingest. It is refused before it is opened when
// fs.Stat says it is over the limit or not a regular file (a named pipe would block the run,
// a device never ends), and it is read through the limit in case it grew since.
func (fr FilingReader) LoadFile(fsys fs.FS, name string) ([]byte, error) {
	return fr.load(name, func() (fs.FileInfo, error) { return fs.Stat(fsys, name) },
		func() (fs.File, error) { return fsys.Open(name) })
}

func (fr FilingReader) load(name string, stat func() (fs.FileInfo, error), open func() (fs.File, error)) ([]byte, error) {
	st, err := stat()
	if err != nil {
		return nil, &ReadError{name, ReasonIO, err}
	}
	if !st.Mode().IsRegular() {
		return nil, &ReadError{name, ReasonUnsupported, fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
	}
	if st.Size() > fr.limit() {
		return nil, tooLarge(name, st.Size(), fr.limit())
	}
	f, err := open()
	if err != nil {
		return nil, &ReadError{name, ReasonIO, err}
	}
	defer f.Close()
	return fr.readLimited(name, f, st.Size())
}

// readLimited reads at most limit+1 bytes into a buffer sized from Stat, so a file read
// whole costs its size once, never the doubling of a growing buffer.
func (fr FilingReader) readLimited(name string, r io.Reader, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, fr.limit()+1)); err != nil {
		return nil, &ReadError{name, ReasonIO, err}
	}
	if int64(buf.Len()) > fr.limit() {
		return nil, tooLarge(name, int64(buf.Len()), fr.limit())
	}
	return buf.Bytes(), nil
}

// ReadBytes reads a full submission (SGML) from memory.
func (fr FilingReader) ReadBytes(name string, data []byte) (rf *spac.RenderedFiling, err error) {
	defer recoverAsError(name, &err)
	data, err = fr.admit(name, data)
	if err != nil {
		return nil, err
	}
	if !isSubmission(data) {
		if htmltext.IsHTML(name, data) {
			return nil, &ReadError{name, ReasonMissingSidecar, errors.New("bare HTML needs its sidecar metadata (use ReadHTML)")}
		}
		return nil, &ReadError{name, ReasonUnsupported, errors.New("neither an EDGAR full submission nor HTML")}
	}
	sub, err := sgml.Parse(data)
	if err != nil {
		reason := ReasonUnsupported
		if errors.Is(err, sgml.ErrTruncated) {
			reason = ReasonTruncated
		}
		return nil, &ReadError{name, reason, err}
	}
	if err := checkHeader(name, sub.Header.Accession, sub.Header.Filer().CIK); err != nil {
		return nil, err
	}
	rf = assembleSubmission(name, sub)
	rf.Source = submissionSource(name, data)
	return rf, nil
}

// ReadHTML reads a bare primary document: synthetic header lines from meta, one document.
func (fr FilingReader) ReadHTML(name string, html []byte, meta Sidecar) (rf *spac.RenderedFiling, err error) {
	defer recoverAsError(name, &err)
	html, err = fr.admit(name, html)
	if err != nil {
		return nil, err
	}
	if err := checkHeader(name, meta.Accession, meta.CIK); err != nil {
		return nil, err
	}
	cik, _ := spac.ParseCIK(meta.CIK)
	meta.CIK = string(cik) // written as a header writes it: ten digits
	f := spac.Filing{
		Accession: meta.Accession, Form: meta.Form, FiledAt: meta.FiledAt, Period: meta.Period,
		CIK: cik, CompanyName: meta.CompanyName, SIC: meta.SIC, Items: meta.Items,
	}
	b := newBuilder(f, name)
	lines := sidecarHeaderLines(meta)
	b.addHeader(lines, sgml.ParseHeader(lines).Fields)
	b.addDocument(spac.Document{Type: meta.Form, Sequence: 1, Filename: filepath.Base(name)}, html, "")
	rf = b.done()
	rf.Source = bareSource(name, html, meta)
	return rf, nil
}

// admit applies the guard rails every input passes: size, binary junk, encoding.
func (fr FilingReader) admit(name string, data []byte) ([]byte, error) {
	if int64(len(data)) > fr.limit() {
		return nil, tooLarge(name, int64(len(data)), fr.limit())
	}
	if nulHeavy(data) {
		return nil, &ReadError{name, ReasonBinary, errors.New("input is binary (NUL bytes), not a text filing")}
	}
	if !utf8.Valid(data) {
		// Old EDGAR text is often Windows-1252; decoding it never fails.
		if dec, err := charmap.Windows1252.NewDecoder().Bytes(data); err == nil {
			data = dec
		}
	}
	return data, nil
}

// accessionRe is an EDGAR accession number: filer id, year, sequence (what the API accepts).
var accessionRe = regexp.MustCompile(`^[0-9]{10}-[0-9]{2}-[0-9]{6}$`)

// checkHeader refuses, per file, the header values that key the store: the accession
// (f/<accession>, t/<accession>/<chunk>) and the filer's CIK. A '/' or a NUL used to reach the
// store, which refused the key and so aborted the whole run. Absent values are the caller's
// call: the pipeline skips a filing without them, `spacd extract --form` reads bare documents.
func checkHeader(name, accession, cik string) error {
	if accession != "" && !accessionRe.MatchString(accession) {
		return &ReadError{name, ReasonBadHeader, fmt.Errorf("accession %s is not an EDGAR accession number (0000000000-00-000000)", clip(accession))}
	}
	if _, ok := spac.ParseCIK(cik); cik != "" && !ok {
		return &ReadError{name, ReasonBadHeader, fmt.Errorf("filer CENTRAL INDEX KEY %s is not a CIK (1 to 10 digits)", clip(cik))}
	}
	return nil
}

// clip quotes a header value for a reason, cut so that a 70 KB value stays readable.
func clip(v string) string {
	if len(v) > 40 {
		return strconv.Quote(v[:40]) + "..."
	}
	return strconv.Quote(v)
}

func tooLarge(name string, size, limit int64) error {
	return &ReadError{name, ReasonTooLarge, fmt.Errorf("%d bytes exceeds the limit of %d bytes", size, limit)}
}

// nulHeavy reports whether more than 1% of the first 64 KiB are NUL bytes.
func nulHeavy(data []byte) bool {
	sample := data[:min(len(data), 64<<10)]
	return len(sample) > 0 && bytes.Count(sample, []byte{0})*100 > len(sample)
}

// isSubmission reports whether data starts (after white space / BOM) like a full submission.
func isSubmission(data []byte) bool {
	head := bytes.TrimLeft(data[:min(len(data), 1024)], "\ufeff \t\r\n")
	return bytes.HasPrefix(head, []byte("<SEC-DOCUMENT>")) || bytes.HasPrefix(head, []byte("<IMS-DOCUMENT>"))
}

func recoverAsError(name string, err *error) {
	if p := recover(); p != nil {
		*err = &ReadError{name, ReasonInternal, fmt.Errorf("panic: %v", p)}
	}
}

func loadSidecar(path string) (Sidecar, error) {
	var meta Sidecar
	candidates := []string{path + ".json", strings.TrimSuffix(path, filepath.Ext(path)) + ".json"}
	for _, c := range candidates {
		data, err := os.ReadFile(c)
		if err != nil {
			continue
		}
		if err := json.Unmarshal(data, &meta); err != nil {
			return meta, &ReadError{path, ReasonBadSidecar, err}
		}
		return meta, nil
	}
	return meta, &ReadError{path, ReasonMissingSidecar, fmt.Errorf("no sidecar %s", candidates[0])}
}

// sidecarHeaderLines stands in for the SGML header of a bare document, in the same
// "KEY:<tab>value" style, so header-reading extractors work on both inputs.
func sidecarHeaderLines(m Sidecar) []string {
	lines := []string{"<SEC-HEADER>"}
	add := func(key, value string) {
		if value != "" {
			lines = append(lines, key+":\t"+value)
		}
	}
	add("ACCESSION NUMBER", m.Accession)
	add("CONFORMED SUBMISSION TYPE", m.Form)
	add("CONFORMED PERIOD OF REPORT", m.Period)
	add("ITEMS", strings.Join(m.Items, ", "))
	add("FILED AS OF DATE", m.FiledAt)
	// The company's data sit in a filer block, as in a real header, so that they are read as
	// the filer's (its name, CIK and SIC) and not as loose header lines.
	lines = append(lines, "FILER:", "COMPANY DATA:")
	add("COMPANY CONFORMED NAME", m.CompanyName)
	add("CENTRAL INDEX KEY", m.CIK)
	add("STANDARD INDUSTRIAL CLASSIFICATION", m.SIC)
	return append(lines, "</SEC-HEADER>")
}
