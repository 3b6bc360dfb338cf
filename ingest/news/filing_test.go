package news

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// Accessions of the fictional Maple Ridge lifecycle.
const (
	acc424B4   = "0009900001-21-000002"
	accIPO8K   = "0009900001-21-000003"
	accBCA     = "0009900001-23-000010"
	accTerm    = "0009900001-23-000011"
	accProxy   = "0009900001-24-000012"
	accVote    = "0009900001-24-000013"
	accClosing = "0009900001-24-000014"
	accLiq     = "0009900001-24-000015"
	acc10Q     = "0009900001-22-000004"
)

func cite(field, form, acc string, line int, quote string) spac.Citation {
	return spac.Citation{Field: field, Filing: form, Accession: acc, Line: line, Quote: quote,
		Excerpt: "line " + quote, Basis: spac.BasisStated}
}

func mapleProfile() spac.Profile {
	return spac.Profile{
		SPAC: spac.SPAC{CIK: cikMaple, Symbol: "MRAC", Name: "Maple Ridge Acquisition Corp.", Status: spac.StatusClosed,
			IPODate: "2021-03-15", TrustSize: "250000000.00",
			Citations: []spac.Citation{
				cite("ipo_date", "8-K", accIPO8K, 60, "March 15, 2021"),
				cite("trust_size", "8-K", accIPO8K, 61, "$250,000,000"),
				cite("name", "10-Q", acc10Q, 12, "Maple Ridge Acquisition Corp"),
			}},
		Offering: spac.Offering{GrossProceeds: "250000000.00", UnitsOffered: "25000000",
			Citations: []spac.Citation{
				cite("gross_proceeds", "424B4", acc424B4, 80, "$250,000,000"),
				cite("units_offered", "424B4", acc424B4, 81, "25,000,000 units"),
			}},
		TrustSeries: []spac.TrustPoint{{Date: "2022-03-31", Balance: "250100000.00",
			Citations: []spac.Citation{cite("balance", "10-Q", acc10Q, 300, "250,100,000")}}},
		Votes: []spac.Vote{
			{Kind: "business_combination", MeetingDate: "2024-10-10", Accession: accProxy,
				Citations: []spac.Citation{cite("meeting_date", "DEFM14A", accProxy, 40, "October 10, 2024")}},
			{Kind: "extension", For: "20000000", Accession: accVote,
				Citations: []spac.Citation{cite("for", "8-K", accVote, 70, "20,000,000")}},
		},
		Redemptions: []spac.Redemption{{SharesRedeemed: "12345678", Accession: accVote,
			Citations: []spac.Citation{cite("shares_redeemed", "8-K", accVote, 75, "12,345,678")}}},
		Combination: &spac.Combination{Target: "Nimbus Robotics", AgreementDate: "2023-06-01",
			TerminationDate: "2023-09-01", ClosingDate: "2024-10-15", NewName: "Nimbus Robotics Holdings, Inc.",
			Citations: []spac.Citation{
				cite("target", "8-K", accBCA, 30, "Nimbus Robotics"),
				cite("agreement_date", "8-K", accBCA, 29, "June 1, 2023"),
				cite("termination_date", "8-K", accTerm, 31, "September 1, 2023"),
				cite("closing_date", "8-K", accClosing, 33, "October 15, 2024"),
				cite("new_name", "8-K", accClosing, 34, "Nimbus Robotics Holdings, Inc."),
			}},
		Liquidation: &spac.Liquidation{PricePerShare: "10.2300",
			Citations: []spac.Citation{cite("price_per_share", "8-K", accLiq, 50, "$10.23")}},
		StatusHistory: []spac.StatusChange{
			{Status: spac.StatusSearching, Date: "2021-03-16", Citation: cite("status", "8-K", accIPO8K, 60, "March 15, 2021")},
			{Status: spac.StatusCombinationAnnounced, Date: "2023-06-02", Citation: cite("status", "8-K", accBCA, 29, "June 1, 2023")},
		},
	}
}

func filing(form, acc string, items ...string) spac.Filing {
	return spac.Filing{Accession: acc, Form: form, FiledAt: "2024-01-02", CIK: cikMaple,
		CompanyName: "Maple Ridge Acquisition Corp", Items: items}
}

func TestFromFilingTitles(t *testing.T) {
	p := mapleProfile()
	tests := []struct {
		name  string
		f     spac.Filing
		title string
		cites []string // fields cited, in order
	}{
		{"424B4", filing("424B4", acc424B4), "Maple Ridge Acquisition Corp. prices $250,000,000 initial public offering",
			[]string{"gross_proceeds", "units_offered"}},
		{"IPO 8-K reporting 1.01 too", filing("8-K", accIPO8K, "1.01", "8.01", "9.01"),
			"Maple Ridge Acquisition Corp. completes initial public offering; $250,000,000 placed in trust", []string{"ipo_date", "trust_size", "status"}},
		{"agreement", filing("8-K", accBCA, "1.01", "9.01"),
			"Maple Ridge Acquisition Corp. enters business combination agreement with Nimbus Robotics",
			[]string{"target", "agreement_date", "status"}},
		{"termination", filing("8-K", accTerm, "1.02"),
			"Maple Ridge Acquisition Corp. terminates business combination agreement with Nimbus Robotics",
			[]string{"termination_date", "target"}},
		{"closing", filing("8-K", accClosing, "2.01", "5.01", "9.01"),
			"Maple Ridge Acquisition Corp. completes business combination with Nimbus Robotics; combined company named Nimbus Robotics Holdings, Inc.",
			[]string{"closing_date", "new_name", "target"}},
		{"vote results", filing("8-K", accVote, "5.07"),
			"Maple Ridge Acquisition Corp. reports results of extension meeting; 12,345,678 shares redeemed",
			[]string{"for", "shares_redeemed"}},
		{"liquidation", filing("8-K", accLiq, "8.01"),
			"Maple Ridge Acquisition Corp. announces liquidation; public shares to be redeemed at $10.23",
			[]string{"price_per_share"}},
		{"merger proxy", filing("DEFM14A", accProxy),
			"Maple Ridge Acquisition Corp. files definitive proxy for business combination with Nimbus Robotics; shareholders meet October 10, 2024",
			[]string{"meeting_date", "target"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, ok := FromFiling(p, tc.f)
			if !ok {
				t.Fatal("not notable")
			}
			if a.Title != tc.title {
				t.Errorf("title\n got %q\nwant %q", a.Title, tc.title)
			}
			var fields []string
			for _, c := range a.Citations {
				fields = append(fields, c.Field)
			}
			if !slices.Equal(fields, tc.cites) {
				t.Errorf("cited %v, want %v", fields, tc.cites)
			}
			assertFilingArticle(t, a, tc.f)
		})
	}
}

func assertFilingArticle(t *testing.T, a spac.Article, f spac.Filing) {
	t.Helper()
	if a.ID != "filing-"+f.Accession || a.Source != SourceFiling || a.URL != f.ArchiveURL() {
		t.Errorf("id %q source %q url %q", a.ID, a.Source, a.URL)
	}
	if !slices.Equal(a.CIKs, []spac.CIK{cikMaple}) || !slices.Equal(a.Symbols, []string{"MRAC"}) {
		t.Errorf("linked %v %v", a.CIKs, a.Symbols)
	}
	if want := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC); !a.PublishedAt.Equal(want) {
		t.Errorf("published %v", a.PublishedAt)
	}
	if !strings.HasPrefix(a.Summary, "From the "+f.Form+" filed 2024-01-02: line ") {
		t.Errorf("summary %q should quote the cited line", a.Summary)
	}
	own := 0
	for _, c := range a.Citations {
		if c.Accession == f.Accession {
			own++
		}
	}
	if own == 0 {
		t.Error("no citation of the filing itself")
	}
}

func TestFromFilingNotNotable(t *testing.T) {
	p := mapleProfile()
	for name, f := range map[string]spac.Filing{
		"10-Q":                  filing("10-Q", acc10Q),
		"8-K nothing cited":     filing("8-K", "0009900001-24-000099", "1.01", "2.01"),
		"8-K 1.01 with no deal": filing("8-K", acc10Q, "1.01"),
		"no accession":          filing("8-K", "", "2.01"),
		"5.07 without vote":     filing("8-K", acc10Q, "5.07"),
		"S-1 (not in the list)": filing("S-1", acc10Q),
	} {
		if a, ok := FromFiling(p, f); ok {
			t.Errorf("%s: wrote %q", name, a.Title)
		}
	}
}

func TestFromFilingDegradesWithoutValues(t *testing.T) {
	p := mapleProfile()
	p.Combination.Citations = slices.DeleteFunc(p.Combination.Citations, func(c spac.Citation) bool { return c.Field == "target" })
	a, ok := FromFiling(p, filing("8-K", accBCA, "1.01"))
	if !ok || a.Title != "Maple Ridge Acquisition Corp. enters business combination agreement" {
		t.Fatalf("an uncited target is not written: %q %v", a.Title, ok)
	}
	p.Offering = spac.Offering{}
	a, _ = FromFiling(p, filing("8-K", accIPO8K, "8.01"))
	if a.Title != "Maple Ridge Acquisition Corp. completes initial public offering; $250,000,000 placed in trust" {
		t.Fatalf("ipo without proceeds: %q", a.Title)
	}
}

func TestFromFilingNameAfterRename(t *testing.T) {
	p := mapleProfile()
	p.Name = "Nimbus Robotics Holdings, Inc."
	a, _ := FromFiling(p, filing("8-K", accClosing, "2.01"))
	if !strings.HasPrefix(a.Title, "Maple Ridge Acquisition Corp completes business combination") {
		t.Fatalf("closing headline should name the SPAC as filed: %q", a.Title)
	}
}

func TestFromFilingAcceptedAt(t *testing.T) {
	f := filing("8-K", accBCA, "1.01")
	f.AcceptedAt = time.Date(2024, 1, 2, 16, 5, 0, 0, time.FixedZone("EST", -5*3600))
	a, _ := FromFiling(mapleProfile(), f)
	if !a.PublishedAt.Equal(f.AcceptedAt) || a.PublishedAt.Location() != time.UTC {
		t.Fatalf("published %v", a.PublishedAt)
	}
}

func TestMoneyFormats(t *testing.T) {
	for in, want := range map[string]string{"250000000.00": "$250,000,000", "1500.50": "$1,500.50", "999": "$999"} {
		if got := money(in); got != want {
			t.Errorf("money(%q) = %q, want %q", in, got, want)
		}
	}
	if got := price("10.2345"); got != "$10.23" {
		t.Errorf("price = %q", got)
	}
}

// A vote table's row read alone says nothing ("20,000,000 | 1,000 | 0"): the summary quotes
// a prose line of the same filing instead, or no line at all.
func TestFromFilingSummaryIsNeverATableRow(t *testing.T) {
	p := mapleProfile()
	p.Votes[1].Citations[0].Excerpt = "20,000,000 | 1,000 | 0"
	p.Redemptions[0].Citations[0].Excerpt = "12,345,678 | $10.23"
	f := filing("8-K", accVote, "5.07")
	a, ok := FromFiling(p, f)
	if !ok {
		t.Fatal("no article for the vote 8-K")
	}
	if a.Summary != "From the 8-K filed 2024-01-02." {
		t.Errorf("summary %q: with only table rows cited, no line should be quoted", a.Summary)
	}
	p.Redemptions[0].Citations[0].Excerpt = "holders of 12,345,678 shares exercised their right to redeem"
	a, _ = FromFiling(p, f)
	if want := "From the 8-K filed 2024-01-02: holders of 12,345,678 shares exercised their right to redeem"; a.Summary != want {
		t.Errorf("summary %q, want the prose line %q", a.Summary, want)
	}
}
