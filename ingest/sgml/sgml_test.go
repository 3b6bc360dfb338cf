package sgml

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// realdata returns ../shared/realdata relative to the repository root, or skips.
func realdata(t testing.TB) string {
	dir := filepath.Join("..", "..", "..", "shared", "realdata")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real data not available at %s: %v", dir, err)
	}
	return dir
}

func TestParseLearnCW(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(realdata(t), "full_submission_txt", "LearnCW_S-1_0001140361-21-010426.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header
	if h.Accession != "0001140361-21-010426" || h.Form != "S-1" || h.DocumentCount != 7 || h.FiledAsOf != "2021-03-29" {
		t.Errorf("header = %+v", h)
	}
	want := time.Date(2021, 3, 29, 17, 34, 51, 0, time.UTC) // 13:34:51 EDT
	if !h.AcceptedAt().Equal(want) {
		t.Errorf("AcceptedAt = %v, want %v", h.AcceptedAt(), want)
	}
	c := h.Filer()
	if c.Name != "Learn CW Investment Corp" || c.CIK != "0001847577" || c.StateOfInc != "E9" || c.SIC != "" {
		t.Errorf("filer = %+v", c)
	}
	if s.HeaderLines[0] != "<SEC-DOCUMENT>0001140361-21-010426.txt : 20210329" || s.HeaderLines[len(s.HeaderLines)-1] != "</SEC-HEADER>" {
		t.Errorf("header lines %q .. %q", s.HeaderLines[0], s.HeaderLines[len(s.HeaderLines)-1])
	}
	wantDocs := []struct {
		typ, file string
		binary    bool
	}{
		{"S-1", "nt10022269x1_s1.htm", false}, {"EX-3.1", "nt10022269x1_ex3-1.htm", false},
		{"EX-10.2", "nt10022269x1_ex10-2.htm", false}, {"EX-10.8", "nt10022269x1_ex10-8.htm", false},
		{"EX-23.1", "nt10022269x1_ex23-1.htm", false}, {"GRAPHIC", "nt10022269x1ex3-1_image01.jpg", true},
		{"GRAPHIC", "nt10022269x1ex3-1_image02.jpg", true},
	}
	if len(s.Documents) != len(wantDocs) {
		t.Fatalf("%d documents, want %d", len(s.Documents), len(wantDocs))
	}
	for i, w := range wantDocs {
		d := s.Documents[i]
		if d.Type != w.typ || d.Filename != w.file || d.Binary != w.binary || d.Sequence != i+1 {
			t.Errorf("doc %d = %s %s seq %d binary %v, want %+v", i, d.Type, d.Filename, d.Sequence, d.Binary, w)
		}
	}
	if s.Documents[5].BinaryName != "nt10022269x1ex3-1_image01.jpg" {
		t.Errorf("binary name %q", s.Documents[5].BinaryName)
	}
	if !strings.HasPrefix(string(s.Documents[0].Body), "<html>") || !strings.HasSuffix(strings.TrimSpace(string(s.Documents[0].Body)), "</html>") {
		t.Errorf("S-1 body not bounded by <TEXT>: %.40q", s.Documents[0].Body)
	}
	f := s.Filing()
	if f.CIK != "0001847577" || f.CompanyName != "Learn CW Investment Corp" || len(f.Documents) != 7 || !f.Documents[6].Binary {
		t.Errorf("filing = %+v", f)
	}
}

const eightK = `<SEC-DOCUMENT>0000000000-24-000001.txt : 20240102
<SEC-HEADER>0000000000-24-000001.hdr.sgml : 20240102
<ACCEPTANCE-DATETIME>20240102160501
ACCESSION NUMBER:		0000000000-24-000001
CONFORMED SUBMISSION TYPE:	8-K
PUBLIC DOCUMENT COUNT:		2
CONFORMED PERIOD OF REPORT:	20231229
ITEM INFORMATION:		Entry into a Material Definitive Agreement
ITEM INFORMATION:		Regulation FD Disclosure
ITEM INFORMATION:		Financial Statements and Exhibits
ITEMS:		1.01, 9.01
FILED AS OF DATE:		20240102

FILER:

	COMPANY DATA:	
		COMPANY CONFORMED NAME:			Example Acquisition Corp
		CENTRAL INDEX KEY:			0001234567
		STANDARD INDUSTRIAL CLASSIFICATION:	BLANK CHECKS [6770]
		STATE OF INCORPORATION:			DE

SUBJECT COMPANY:

	COMPANY DATA:	
		COMPANY CONFORMED NAME:			Target Inc
		CENTRAL INDEX KEY:			0007654321
</SEC-HEADER>
<DOCUMENT>
<TYPE>8-K
<SEQUENCE>1
<FILENAME>ex.htm
<DESCRIPTION>8-K
<TEXT>
<html><body><p>Item 1.01</p></body></html>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-101.SCH
<SEQUENCE>2
<FILENAME>ex-20231229.xsd
<TEXT>
<XBRL>
<schema/>
</XBRL>
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
`

func TestParseHeaderValues(t *testing.T) {
	s, err := Parse([]byte(eightK))
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header
	if strings.Join(h.Items, ",") != "1.01,7.01,9.01" {
		t.Errorf("items = %v", h.Items)
	}
	if h.Period != "2023-12-29" || h.FiledAsOf != "2024-01-02" {
		t.Errorf("dates %q %q", h.Period, h.FiledAsOf)
	}
	if len(h.Companies) != 2 || h.Companies[1].Role != "SUBJECT COMPANY" || h.Companies[1].CIK != "0007654321" {
		t.Errorf("companies = %+v", h.Companies)
	}
	c := h.Filer()
	if c.SIC != "6770" || c.SICName != "BLANK CHECKS" || c.StateOfInc != "DE" || c.Name != "Example Acquisition Corp" {
		t.Errorf("filer = %+v", c)
	}
	if got := strings.TrimSpace(string(s.Documents[1].Body)); got != "<schema/>" {
		t.Errorf("XBRL wrapper not removed: %q", got)
	}
}

func TestItemNumber(t *testing.T) {
	for in, want := range map[string]string{
		"Entry into a Material Definitive Agreement":                        "1.01",
		"entry into a material definitive agreement.":                       "1.01",
		"Submission of Matters to a Vote of Security Holders":               "5.07",
		"Completion of Acquisition or Disposition of Assets":                "2.01",
		"Item 8.01: Other Events":                                           "8.01",
		"1.02":                                                              "1.02",
		"Departure of Directors or Certain Officers; Election of Directors": "5.02",
		"Something else entirely":                                           "",
		"":                                                                  "",
	} {
		got, ok := ItemNumber(in)
		if got != want || ok != (want != "") {
			t.Errorf("ItemNumber(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestParseMalformed(t *testing.T) {
	full := eightK
	cases := map[string]struct {
		in   string
		want error
	}{
		"empty":           {"", ErrNotSGML},
		"html":            {"<html><body>x</body></html>", ErrNotSGML},
		"no header end":   {full[:strings.Index(full, "</SEC-HEADER>")], ErrTruncated},
		"no document end": {full[:strings.Index(full, "</DOCUMENT>")], ErrTruncated},
		"no text end":     {full[:strings.Index(full, "</TEXT>")] + "</DOCUMENT>", ErrTruncated},
		"no text":         {full[:strings.Index(full, "<TEXT>")] + "</DOCUMENT>", ErrTruncated},
	}
	for name, c := range cases {
		_, err := Parse([]byte(c.in))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
}

func TestUuencodedDetection(t *testing.T) {
	for body, want := range map[string]bool{
		"begin 644 a.jpg\nM_]C_X``0\n`\nend\n": true,
		"\n\nbegin 0644 b c.pdf\n":             true,
		"begin the agreement\n":                false,
		"<html>begin 644 x</html>":             false,
	} {
		if _, got := uuencoded([]byte(body)); got != want {
			t.Errorf("uuencoded(%q) = %v, want %v", body, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(eightK))
	f.Add([]byte("<SEC-DOCUMENT>\n</SEC-HEADER>\n<DOCUMENT>\n<TEXT>\nbegin 644 x\n</TEXT>\n</DOCUMENT>"))
	f.Add([]byte("<SEC-DOCUMENT><DOCUMENT></SEC-HEADER>"))
	// A 1 MB body on one line, generated rather than committed.
	f.Add([]byte(strings.Replace(eightK, "<TEXT>\n", "<TEXT>\n"+strings.Repeat("Trust Account $10.05 per share. ", 1<<15), 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		_ = s.Filing()
		for _, d := range s.Documents {
			if len(d.Body) > len(data) {
				t.Fatalf("body longer than input")
			}
		}
	})
}
