package edgar

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readReal(t *testing.T, parts ...string) []byte {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "realdata")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real data not available at %s: %v", dir, err)
	}
	data, err := os.ReadFile(filepath.Join(append([]string{dir}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestParseFeedStart200(t *testing.T) {
	feed, err := ParseFeed(readReal(t, "atom_feeds", "getcurrent_atom_start200.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if feed.Title != "Latest Filings - Fri, 12 Dec 2025 18:03:31 EST" || len(feed.Entries) != 100 {
		t.Fatalf("title %q, %d entries", feed.Title, len(feed.Entries))
	}
	var iris *FeedEntry
	for i := range feed.Entries {
		if feed.Entries[i].Accession == "0001185185-25-002042" {
			iris = &feed.Entries[i]
		}
	}
	if iris == nil {
		t.Fatal("Iris Acquisition Corp II entry (MANIFEST B1, line 306) missing")
	}
	want := FeedEntry{Form: "S-1/A", Company: "Iris Acquisition Corp II", CIK: "0002077785", Role: "Filer",
		Accession: "0001185185-25-002042", FiledAt: "2025-12-12", Size: "5 MB",
		Link:    "https://www.sec.gov/Archives/edgar/data/2077785/000118518525002042/0001185185-25-002042-index.htm",
		Updated: "2025-12-12T17:21:19-05:00"}
	if iris.Form != want.Form || iris.Company != want.Company || iris.CIK != want.CIK || iris.Role != want.Role ||
		iris.FiledAt != want.FiledAt || iris.Size != want.Size || iris.Link != want.Link || iris.Updated != want.Updated || len(iris.Items) != 0 {
		t.Errorf("entry = %+v\nwant %+v", *iris, want)
	}
	for _, e := range feed.Entries {
		if e.Form == "" || e.CIK == "" || e.Accession == "" || e.FiledAt == "" {
			t.Errorf("incomplete entry %+v", e)
		}
	}
}

func TestParseFeedStart4700Items(t *testing.T) {
	feed, err := ParseFeed(readReal(t, "atom_feeds", "getcurrent_atom_start4700.xml"))
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]FeedEntry{}
	for _, e := range feed.Entries {
		found[e.Accession] = e
	}
	na := found["0001493152-25-027281"]
	if na.Form != "8-K" || na.Company != "New America Acquisition I Corp." || na.CIK != "0002074878" ||
		na.Size != "451 KB" || strings.Join(na.Items, ",") != "8.01,9.01" {
		t.Errorf("New America entry = %+v", na)
	}
	var hall bool
	for _, e := range feed.Entries {
		if e.Company == "Hall Chadwick Acquisition Corp" && e.Form == "3" && e.Role == "Issuer" && e.CIK == "0002079013" {
			hall = true
		}
	}
	if !hall {
		t.Error("Hall Chadwick Form 3 (Issuer) entry missing")
	}
}

func TestParseFeedNotAtom(t *testing.T) {
	_, err := ParseFeed(readReal(t, "atom_feeds", "getcurrent_start5100_nonatom_response.html"))
	if !errors.Is(err, ErrNotAtom) || !strings.Contains(err.Error(), "SEC.gov | File Unavailable") {
		t.Errorf("err = %v", err)
	}
	for _, bad := range []string{"", "not xml", `<?xml version="1.0"?><rss></rss>`} {
		if _, err := ParseFeed([]byte(bad)); !errors.Is(err, ErrNotAtom) {
			t.Errorf("ParseFeed(%q) err = %v", bad, err)
		}
	}
}

func rowAt(rows []IndexRow, line int) IndexRow {
	for _, r := range rows {
		if r.Line == line {
			return r
		}
	}
	return IndexRow{}
}

func TestParseCompanyIndex(t *testing.T) {
	rows, err := ParseIndex(readReal(t, "edgar_index", "company.20221003.idx"), IndexCompany)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4936-11 {
		t.Errorf("%d rows", len(rows))
	}
	cases := map[int]IndexRow{
		113:  {CIK: "0001843724", Company: "AMCI Acquisition Corp. II", Form: "425", Date: "2022-10-03", Path: "edgar/data/1843724/0001104659-22-104921.txt", Accession: "0001104659-22-104921"},
		114:  {CIK: "0001843724", Company: "AMCI Acquisition Corp. II", Form: "8-K", Date: "2022-10-03", Accession: "0001104659-22-104917"},
		370:  {CIK: "0001838207", Company: "Austerlitz Acquisition Corp I", Form: "PRE 14A"},
		382:  {Company: "Avista Public Acquisition Corp. II", Form: "EFFECT", Date: "2022-09-30"},
		3698: {Company: "PMV Consumer Acquisition Corp.", Form: "10-K/A"},
		3854: {CIK: "0001894210", Company: "Qomolangma Acquisition Corp.", Form: "424B4", Accession: "0001213900-22-061324"},
	}
	checkRows(t, rows, cases)
}

func TestParseFormIndex(t *testing.T) {
	rows, err := ParseIndex(readReal(t, "edgar_index", "form.20200318.idx"), IndexForm)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, rows, map[int]IndexRow{
		2673: {CIK: "0001746037", Company: "ARYA SCIENCES ACQUISITION CORP.", Form: "425", Accession: "0001193125-20-077339"},
		2680: {CIK: "0001720353", Company: "Nebula Acquisition Corp", Form: "425"},
		3190: {Company: "ARYA SCIENCES ACQUISITION CORP.", Form: "8-K"},
		3417: {CIK: "0001704760", Company: "PENSARE ACQUISITION Corp", Form: "8-K/A"},
		3442: {Company: "East Stone Acquisition Corp", Form: "CORRESP", Date: "2020-02-05"},
	})
}

func TestParseMasterIndex(t *testing.T) {
	rows, err := ParseIndex(readReal(t, "edgar_index", "master.20181231.idx"), IndexMaster)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 10 {
		t.Errorf("%d rows", len(rows))
	}
	checkRows(t, rows, map[int]IndexRow{
		11: {CIK: "0001000694", Company: "NOVAVAX INC", Form: "8-K", Date: "2018-12-31", Accession: "0001144204-18-066755"},
		14: {CIK: "0000100334", Company: "AMERICAN CENTURY MUTUAL FUNDS, INC.", Form: "497"},
	})
	if _, err := ParseIndex([]byte("header\n----\n1|a|b\n"), IndexMaster); err == nil {
		t.Error("malformed master row accepted")
	}
}

// checkRows compares the non-empty fields of each wanted row with the row parsed at that line.
func checkRows(t *testing.T, rows []IndexRow, want map[int]IndexRow) {
	t.Helper()
	for line, w := range want {
		g := rowAt(rows, line)
		if g.Company != w.Company || g.Form != w.Form || (w.CIK != "" && g.CIK != w.CIK) ||
			(w.Date != "" && g.Date != w.Date) || (w.Path != "" && g.Path != w.Path) ||
			(w.Accession != "" && g.Accession != w.Accession) {
			t.Errorf("line %d = %+v\nwant %+v", line, g, w)
		}
	}
}

func TestParseSubmissionsLearnCW(t *testing.T) {
	s, err := ParseSubmissions(readReal(t, "submissions_json", "CIK0001847577_LearnCW.json"))
	if err != nil {
		t.Fatal(err)
	}
	if s.CIK != "0001847577" || s.Name != "Learn CW Investment Corp" || s.SIC != "6770" || s.StateOfInc != "E9" || len(s.Recent) != 124 {
		t.Errorf("submissions = %+v (%d recent)", s.CIK, len(s.Recent))
	}
	byAcc := map[string]SubmissionRow{}
	counts := map[string]int{}
	for _, r := range s.Recent {
		byAcc[r.Accession] = r
		counts[r.Form]++
	}
	if r := byAcc["0001140361-21-034373"]; r.Form != "424B4" || r.FilingDate != "2021-10-12" || r.PrimaryDocument != "nt10022269x9_424b4.htm" {
		t.Errorf("424B4 = %+v", r)
	}
	if r := byAcc["0001140361-23-048082"]; r.Form != "8-K" || r.ReportDate != "2023-10-11" || strings.Join(r.Items, ",") != "5.03,5.07,9.01" || !r.IsInlineXBRL {
		t.Errorf("extension 8-K = %+v", r)
	}
	if r := byAcc["0001354457-24-000744"]; r.Form != "25-NSE" || r.FilingDate != "2024-10-03" {
		t.Errorf("25-NSE = %+v", r)
	}
	for form, n := range map[string]int{"8-K": 24, "425": 9, "10-Q": 9, "10-K": 3, "DEFM14A": 1, "DEF 14A": 1, "PRE 14A": 2, "25-NSE": 1, "15-12G": 1, "424B4": 1, "S-1": 1} {
		if counts[form] != n {
			t.Errorf("%d %s filings, want %d", counts[form], form, n)
		}
	}
	if _, err := ParseSubmissions([]byte(`{"cik":"x"}`)); err == nil {
		t.Error("bad cik accepted")
	}
}

func TestParseTickers(t *testing.T) {
	tickers, err := ParseTickers(readReal(t, "tickers", "company_tickers.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tickers) != 9610 || tickers[0].Ticker != "MSFT" || tickers[2952].Ticker != "AACT" || tickers[2952].CIK != "0001853138" {
		t.Errorf("%d tickers, first %+v, 2952 %+v", len(tickers), tickers[0], tickers[2952])
	}
	var lcw []string
	for _, tk := range tickers {
		if tk.CIK == "0001847577" {
			lcw = append(lcw, tk.Ticker)
			if tk.Title != "Learn CW Investment Corp" {
				t.Errorf("title %q", tk.Title)
			}
		}
	}
	if strings.Join(lcw, ",") != "LCW,LCW-UN,LCW-WT" {
		t.Errorf("LearnCW tickers = %v", lcw)
	}
}

func FuzzParseFeed(f *testing.F) {
	f.Add([]byte(`<feed><entry><title>8-K - X (1) (Filer)</title><summary>Filed: 2025-01-01 AccNo: 0000000001-25-000001 &lt;br&gt;Item 1.01: x</summary></entry></feed>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		feed, err := ParseFeed(data)
		if err == nil && feed == nil {
			t.Fatal("nil feed without error")
		}
	})
}
