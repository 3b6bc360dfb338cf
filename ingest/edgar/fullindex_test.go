package edgar

import (
	"strings"
	"testing"
)

// The quarterly full-index writes its dates with dashes (the daily indexes 20221003).
func TestParseQuarterlyFormIndex(t *testing.T) {
	idx := strings.Join([]string{
		"Description:           Master Index of EDGAR Dissemination Feed by Form Type",
		"Last Data Received:    September 30, 2020",
		"Comments:              webmaster@sec.gov",
		"Anonymous FTP:         ftp://ftp.sec.gov/edgar/",
		" ", " ", " ",
		"Form Type   Company Name                                                  CIK         Date Filed  File Name",
		strings.Repeat("-", 137),
		"424B4       Vector Acquisition Corp                                       1819994     2020-09-28  edgar/data/1819994/0001104659-20-109352.txt         ",
		"S-1         Vector Acquisition Corp                                       1819994     20200908    edgar/data/1819994/0001104659-20-103116.txt         ",
	}, "\n")
	rows, err := ParseIndex([]byte(idx), IndexForm)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	r := rows[0]
	if r.Form != "424B4" || r.Company != "Vector Acquisition Corp" || r.CIK != "0001819994" || r.Date != "2020-09-28" ||
		r.Accession != "0001104659-20-109352" || r.Line != 10 {
		t.Errorf("row = %+v", r)
	}
	if rows[1].Date != "2020-09-08" {
		t.Errorf("daily-format date = %q", rows[1].Date)
	}
}

func TestParseSubmissionsFormerNamesAndPages(t *testing.T) {
	s, err := ParseSubmissions([]byte(`{"cik":"1819994","name":"Rocket Lab USA, Inc.","sic":"3760",` +
		`"formerNames":[{"name":"Vector Acquisition Corp","from":"2020-07-29T00:00:00.000Z","to":"2021-08-25T00:00:00.000Z"}],` +
		`"filings":{"recent":{"accessionNumber":[],"form":[],"filingDate":[]},` +
		`"files":[{"name":"CIK0001819994-submissions-001.json","filingCount":2,"filingFrom":"2020-09-08","filingTo":"2020-09-28"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.FormerNames) != 1 || s.FormerNames[0].Name != "Vector Acquisition Corp" || len(s.Files) != 1 || s.Files[0].FilingTo != "2020-09-28" {
		t.Fatalf("former names %+v, files %+v", s.FormerNames, s.Files)
	}
	rows, err := ParseSubmissionsPage([]byte(`{"accessionNumber":["0001104659-20-109352"],"form":["424B4"],"filingDate":["2020-09-28"],"items":[""]}`))
	if err != nil || len(rows) != 1 || rows[0].Form != "424B4" {
		t.Fatalf("page rows %+v, %v", rows, err)
	}
	if _, err := ParseSubmissionsPage([]byte(`{"accessionNumber":["a"],"form":[]}`)); err == nil {
		t.Error("ragged arrays accepted")
	}
}
