package ingest

import (
	"errors"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/sgml"
)

// submissionSource is the source kept for a full submission: its text with the uuencoded
// documents reduced to stubs that render the same lines.
func submissionSource(name string, data []byte) *spac.Source {
	return &spac.Source{Name: name, Data: sgml.StubBinaries(data)}
}

// bareSource is the source kept for a bare primary document: the document and its header data.
func bareSource(name string, data []byte, m Sidecar) *spac.Source {
	return &spac.Source{Name: name, Data: data, Bare: &spac.BareHeader{
		Accession: m.Accession, Form: m.Form, FiledAt: m.FiledAt, Period: m.Period, CIK: m.CIK,
		CompanyName: m.CompanyName, SIC: m.SIC, Items: m.Items,
	}}
}

// ReadSource reads a filing again from the source it was stored with: the same canonical text,
// table grids and XBRL facts as when it was first read, so its facts can be derived again.
func (fr FilingReader) ReadSource(src spac.Source) (*spac.RenderedFiling, error) {
	if len(src.Data) == 0 {
		return nil, &ReadError{src.Name, ReasonUnsupported, errors.New("empty source")}
	}
	if b := src.Bare; b != nil {
		return fr.ReadHTML(src.Name, src.Data, Sidecar{
			Accession: b.Accession, Form: b.Form, FiledAt: b.FiledAt, Period: b.Period, CIK: b.CIK,
			CompanyName: b.CompanyName, SIC: b.SIC, Items: b.Items,
		})
	}
	return fr.ReadBytes(src.Name, src.Data)
}

// ReadSource reads a stored source with the default limits.
func ReadSource(src spac.Source) (*spac.RenderedFiling, error) { return FilingReader{}.ReadSource(src) }
