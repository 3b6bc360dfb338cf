package emit

import (
	"regexp"
	"testing"

	"github.com/spacdata/spac"
)

// filing425 has two COMPANY DATA blocks (subject company and filer), as a 425 does.
func filing425(cik spac.CIK) *spac.RenderedFiling {
	lines := []string{
		"<SEC-DOCUMENT>x.txt : 20250310",
		"CONFORMED SUBMISSION TYPE:\t425",
		"FILED AS OF DATE:\t\t20250310",
		"SUBJECT COMPANY:",
		"\tCOMPANY DATA:",
		"\t\tCOMPANY CONFORMED NAME:\t\t\tMaple Ridge Acquisition Corp",
		"\t\tCENTRAL INDEX KEY:\t\t\t0009900001",
		"\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tBLANK CHECKS [6770]",
		"FILED BY:",
		"\tCOMPANY DATA:",
		"\t\tCOMPANY CONFORMED NAME:\t\t\tNimbus Robotics Inc",
		"\t\tCENTRAL INDEX KEY:\t\t\t0009900002",
		"\t\tSTATE OF INCORPORATION:\t\t\tDE",
		"</SEC-HEADER>",
		"<DOCUMENT> TYPE=425 SEQUENCE=1 FILENAME=d.htm",
		"Body line with $10.00",
	}
	return &spac.RenderedFiling{
		Filing: spac.Filing{Form: "425", CIK: cik, Accession: "a", Documents: []spac.Document{{Type: "425", Sequence: 1, FirstLine: 15, LastLine: 16}}},
		Lines:  lines,
	}
}

func TestHeaderPicksOwnCompany(t *testing.T) {
	for cik, want := range map[spac.CIK]string{"0009900001": "Maple Ridge Acquisition Corp", "0009900002": "Nimbus Robotics Inc", "0000000009": "Maple Ridge Acquisition Corp"} {
		e := New(filing425(cik))
		e.Header()
		var name string
		for _, f := range e.Facts() {
			if f.Field == spac.FieldName {
				name = f.Value
			}
		}
		if name != want {
			t.Errorf("CIK %s: name %q, want %q", cik, name, want)
		}
	}
}

func TestAddRefusesUncitable(t *testing.T) {
	e := New(filing425("0009900001"))
	if e.Money(spac.FieldTrustSize, 16, "$250,000,000") {
		t.Error("quote not on the line was accepted")
	}
	if e.Price(spac.FieldUnitPrice, 99, "$10.00") {
		t.Error("out-of-range line was accepted")
	}
	if e.Date(spac.FieldIPODate, 16, "$10.00") {
		t.Error("unparsable quote was accepted")
	}
	if !e.Price(spac.FieldUnitPrice, 16, "$10.00") || e.Facts()[0].Value != "10.0000" || e.Facts()[0].CIK != "0009900001" {
		t.Errorf("valid price rejected or wrong: %+v", e.Facts())
	}
	if !e.FormStatus(spac.StatusCombinationAnnounced) || e.Status(spac.StatusSearching, 16, "Body") {
		t.Error("a filing sets one status: the first")
	}
	if !e.FiledDate(spac.FieldDelistingDate) {
		t.Error("filed date not cited")
	}
	if m, ok := e.Find(reDollar); !ok || m.Line != 16 {
		t.Errorf("scope should be the document: %+v", m)
	}
}

var reDollar = regexp.MustCompile(`\$\d+`)
