package ingest

import (
	"fmt"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/htmltext"
	"github.com/spacdata/spac/ingest/ixbrl"
	"github.com/spacdata/spac/ingest/sgml"
)

// builder assembles a filing's canonical text: header lines, then per document a marker
// line and its rendered lines, recording each document's line range and its XBRL facts.
type builder struct {
	rf *spac.RenderedFiling
}

func newBuilder(f spac.Filing, source string) *builder {
	f.Documents = nil
	f.Source = source
	f.RenderVersion = spac.RenderVersion
	return &builder{rf: &spac.RenderedFiling{Filing: f}}
}

func assembleSubmission(source string, sub *sgml.Submission) *spac.RenderedFiling {
	b := newBuilder(sub.Filing(), source)
	b.addHeader(sub.HeaderLines, sub.Header.Fields)
	for _, d := range sub.Documents {
		meta := spac.Document{Type: d.Type, Sequence: d.Sequence, Filename: d.Filename, Description: d.Description, Binary: d.Binary}
		binaryName := ""
		if d.Binary {
			binaryName = d.BinaryName
		}
		b.addDocument(meta, d.Body, binaryName)
	}
	return b.done()
}

// addHeader appends the header lines and keeps their parsed fields with canonical lines, so
// that extraction reads the header the reader parsed instead of parsing it again.
func (b *builder) addHeader(lines []string, fields []sgml.Field) {
	first := len(b.rf.Lines) + 1
	b.rf.Lines = append(b.rf.Lines, lines...)
	for _, f := range fields {
		b.rf.Header = append(b.rf.Header, spac.HeaderField{
			Key: f.Key, Value: f.Value, Line: first + f.Index, Company: f.Company, Role: f.Role,
		})
	}
}

// MarkerLine is the canonical line that introduces a document.
func MarkerLine(d spac.Document) string {
	return fmt.Sprintf("<DOCUMENT> TYPE=%s SEQUENCE=%d FILENAME=%s", d.Type, d.Sequence, d.Filename)
}

// BinaryLine is the canonical line that stands for a uuencoded document.
func BinaryLine(d spac.Document, name string) string {
	if d.Filename != "" {
		name = d.Filename
	}
	return fmt.Sprintf("[binary %s omitted: %s]", d.Type, name)
}

// addDocument appends the marker line and the rendered body. FirstLine is the marker line.
func (b *builder) addDocument(d spac.Document, body []byte, binaryName string) {
	b.rf.Lines = append(b.rf.Lines, MarkerLine(d))
	d.FirstLine = len(b.rf.Lines)
	switch {
	case d.Binary:
		b.rf.Lines = append(b.rf.Lines, BinaryLine(d, binaryName))
	case htmltext.IsHTML(d.Filename, body):
		res := htmltext.Render(body)
		b.rf.XBRL = append(b.rf.XBRL, ixbrl.Extract(res, d.Filename, d.FirstLine)...)
		b.addLines(res)
	default:
		b.addLines(htmltext.RenderPlain(body))
	}
	d.LastLine = len(b.rf.Lines)
	b.rf.Filing.Documents = append(b.rf.Filing.Documents, d)
}

// addLines appends a rendered document's lines and its table rows, renumbered to the filing.
func (b *builder) addLines(res *htmltext.Result) {
	first := len(b.rf.Lines)
	b.rf.Lines = append(b.rf.Lines, res.Lines...)
	for n, cells := range res.Rows {
		if b.rf.Rows == nil {
			b.rf.Rows = map[int][]spac.Cell{}
		}
		b.rf.Rows[first+n] = cells
	}
}

func (b *builder) done() *spac.RenderedFiling {
	b.rf.Filing.LineCount = len(b.rf.Lines)
	return b.rf
}
