package sgml

import (
	"time"
	_ "time/tzdata" // EDGAR acceptance times are US Eastern; embed the zone for determinism

	"github.com/spacdata/spac"
)

var eastern = mustLoad("America/New_York")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.FixedZone("EST", -5*3600)
	}
	return loc
}

// Filer returns the company the filing is about: the first FILER block, else the first
// SUBJECT COMPANY, else the first company of any role.
func (h Header) Filer() Company {
	for _, role := range []string{"FILER", "SUBJECT COMPANY"} {
		for _, c := range h.Companies {
			if c.Role == role {
				return c
			}
		}
	}
	if len(h.Companies) > 0 {
		return h.Companies[0]
	}
	return Company{}
}

// AcceptedAt parses <ACCEPTANCE-DATETIME> (US Eastern) into UTC; zero when absent or bad.
func (h Header) AcceptedAt() time.Time {
	t, err := time.ParseInLocation("20060102150405", h.AcceptanceDateTime, eastern)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// Filing adapts the submission to spac.Filing: metadata and documents. Line ranges, line
// count and render version are filled by whoever renders the canonical text (ingest.Read).
func (s *Submission) Filing() spac.Filing {
	h := s.Header
	c := h.Filer()
	cik, _ := spac.ParseCIK(c.CIK)
	f := spac.Filing{
		Accession: h.Accession, Form: h.Form, FiledAt: h.FiledAsOf, AcceptedAt: h.AcceptedAt(),
		Period: h.Period, CIK: cik, CompanyName: c.Name, SIC: c.SIC, StateOfInc: c.StateOfInc,
		Items: append([]string(nil), h.Items...),
	}
	for _, d := range s.Documents {
		f.Documents = append(f.Documents, spac.Document{
			Type: d.Type, Sequence: d.Sequence, Filename: d.Filename,
			Description: d.Description, Binary: d.Binary,
		})
	}
	return f
}
