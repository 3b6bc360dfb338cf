package extract

import (
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// factsOf extracts the facts of a filing of form with the body lines, field -> value.
func factsOf(form string, body ...string) map[string]string {
	got := map[string]string{}
	for _, f := range Facts(extracttest.Filing(form, nil, body...)) {
		got[f.Field] = f.Value
	}
	return got
}

// wantFacts checks the fields of want ("" for a field that must be absent).
func wantFacts(t *testing.T, name string, got, want map[string]string) {
	t.Helper()
	for field, v := range want {
		if got[field] != v {
			t.Errorf("%s: %s = %q, want %q", name, field, got[field], v)
		}
	}
}

// TestCoverWrappedTitleRow: a unit's title wraps onto two lines and its row keeps only the
// symbol and the exchange; the symbol is the units'. Heading words wrapped under the headings
// row are not part of the title.
func TestCoverWrappedTitleRow(t *testing.T) {
	got := factsOf("10-K",
		"Securities registered pursuant to Section 12(b) of the Act:",
		"Title of each class | Trading Symbol(s)",
		"Name of each exchange on",
		"which registered",
		"Units, each consisting of one share of",
		"Class A common stock and one Warrant",
		"| KLMOU | The Nasdaq Stock Market LLC",
		"Class A common stock, par value $0.0001 per share | KLMO | The Nasdaq Stock Market LLC",
		"Warrants, each exercisable for one share of Class A common stock | KLMOW | The Nasdaq Stock Market LLC",
		"Indicate by check mark if the registrant is a well-known seasoned issuer.")
	wantFacts(t, "wrapped units title", got, map[string]string{
		"ticker_units": "KLMOU", "ticker_shares": "KLMO", "ticker_warrants": "KLMOW", "exchange": "Nasdaq",
	})
}

// TestCoverStackedColumns: titles, symbols and exchanges each in a column of their own, one
// cell per line; the i-th symbol is the i-th title's. A title wrapped onto two lines makes
// the counts differ, and then no symbol is paired.
func TestCoverStackedColumns(t *testing.T) {
	got := factsOf("10-K",
		"Securities registered pursuant to Section 12(b) of the Act:",
		"Title of each class",
		"Units, each consisting of one share of Class A common stock, $0.0001 par value, and one-third of one warrant",
		"Shares of Class A common stock",
		"Warrants",
		"Trading Symbol(s)",
		"PQRSU",
		"PQRS",
		"PQRSW",
		"Name of each exchange on which registered",
		"New York Stock Exchange",
		"New York Stock Exchange",
		"New York Stock Exchange",
		"Indicate by check mark if the registrant is a well-known seasoned issuer.")
	wantFacts(t, "stacked", got, map[string]string{
		"ticker_units": "PQRSU", "ticker_shares": "PQRS", "ticker_warrants": "PQRSW", "exchange": "NYSE",
		"unit_structure": "one share of Class A common stock and one-third of one warrant",
	})
	got = factsOf("10-K",
		"Title of each class",
		"Units, each consisting of one share of Class A common stock and",
		"one-half of one warrant",
		"Warrants",
		"Trading Symbol(s)",
		"TUVWU",
		"TUVWW",
		"Name of each exchange on which registered",
		"The Nasdaq Stock Market LLC",
		"Indicate by check mark if the registrant is a well-known seasoned issuer.")
	wantFacts(t, "stacked, a title wrapped", got, map[string]string{"ticker_units": "", "ticker_warrants": ""})
}

// TestCoverYearEnded: an annual report's cover may write "For the year ended <date>"; the
// same words as a statement's column heading, with no annual report's lines above, are no
// period of report.
func TestCoverYearEnded(t *testing.T) {
	got := factsOf("10-K",
		"FORM 10-K",
		"ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF",
		"THE SECURITIES EXCHANGE ACT OF 1934",
		"For the year ended December 31, 2009",
		"Commission File Number 001-33000")
	wantFacts(t, "annual cover", got, map[string]string{"period_of_report": "2009-12-31"})
	got = factsOf("10-K",
		"STATEMENTS OF OPERATIONS",
		"For the year ended December 31, 2008",
		"Formation and operating costs | 412,003")
	wantFacts(t, "statement heading", got, map[string]string{"period_of_report": ""})
}

// TestCoverComparedYears: a comparison copy of two reports prints the old cover's period and,
// under it, the new one's year alone on its line; the period of report is not told. A lone
// line with the date's own year, or the next line's check box, leaves the period as written.
func TestCoverComparedYears(t *testing.T) {
	got := factsOf("10-Q",
		"FORM 10-Q",
		"QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
		"For the quarterly period ended June 30, 2022",
		"",
		"2024",
		"OR")
	wantFacts(t, "two years", got, map[string]string{"period_of_report": ""})
	got = factsOf("10-Q",
		"FORM 10-Q",
		"For the quarterly period ended March 31, 2021",
		"",
		"2023",
		"",
		"OR",
		"PLUM TREE ACQUISITION CORP.",
		"(Exact name of registrant as specified in its charter)")
	wantFacts(t, "two years above the registrant", got, map[string]string{"period_of_report": ""})
	got = factsOf("10-Q",
		"FORM 10-Q",
		"For the quarterly period ended June 30, 2024",
		"",
		"OR")
	wantFacts(t, "one period", got, map[string]string{"period_of_report": "2024-06-30"})
}

// TestFormHeadingPeriod: a contents page's heading "FORM 10-Q FOR THE QUARTER ENDED <date>",
// alone on its line, dates a report whose cover lost its words; another form's heading, or a
// sentence that names an earlier report, does not.
func TestFormHeadingPeriod(t *testing.T) {
	cases := []struct {
		name, form, line, want string
	}{
		{"quarterly heading", "10-Q", "FORM 10-Q FOR THE QUARTER ENDED SEPTEMBER 30, 2022", "2022-09-30"},
		{"mixed case", "10-Q", "Form 10-Q for the quarterly period ended June 30, 2023", "2023-06-30"},
		{"annual heading", "10-K", "FORM 10-K FOR THE FISCAL YEAR ENDED DECEMBER 31, 2021", "2021-12-31"},
		{"another form's heading", "10-K", "FORM 10-Q FOR THE QUARTER ENDED SEPTEMBER 30, 2021", ""},
		{"a sentence on an earlier report", "10-Q", "Form 10-Q for the quarter ended March 31, 2022 filed with the SEC on May 16, 2022.", ""},
	}
	for _, c := range cases {
		got := factsOf(c.form, "TABLE OF CONTENTS", c.line, "PART I - FINANCIAL INFORMATION")
		wantFacts(t, c.name, got, map[string]string{"period_of_report": c.want})
	}
}

// TestCoverTwoSpaceRows: a cover table copied with two spaces between its columns (a
// rendering keeps them as one run of words); each row is title, symbol, exchange, the
// symbol the capitals before the exchange that ends the row. A row of the 12(g) part (no symbol, "None")
// and a title alone give no symbol.
func TestCoverTwoSpaceRows(t *testing.T) {
	got := factsOf("10-K",
		"Securities registered pursuant to Section 12(b) of the Act:",
		"Title of each class  Trading Symbol(s)  Name of each exchange on which registered",
		"Units, each consisting of one Class A ordinary share and one-half of one warrant  WXYZ.U  New York Stock Exchange",
		"Class A ordinary shares, par value $0.0001 per share  WXYZ  New York Stock Exchange",
		"Warrants, each whole warrant exercisable for one Class A ordinary share  WXYZ WS  New York Stock Exchange",
		"Securities registered pursuant to Section 12(g) of the Act:  None")
	wantFacts(t, "two-space rows", got, map[string]string{
		"ticker_units": "WXYZ.U", "ticker_shares": "WXYZ", "ticker_warrants": "WXYZ WS", "exchange": "NYSE",
	})
	got = factsOf("10-K",
		"Title of each class  Name of each exchange on which registered  Trading Symbol(s)",
		"Rights  N/A  None",
		"Indicate by check mark if the registrant is a well-known seasoned issuer.")
	wantFacts(t, "no symbol", got, map[string]string{"ticker_rights": "", "exchange": ""})
}

// TestCoverColonHeadings: the headings end with colons and stand one per line, each cell
// closed by a pipe; the symbols under "Trading Symbol:" are read like those under
// "Trading Symbol(s)". A last row set as a grid is read as a row.
func TestCoverColonHeadings(t *testing.T) {
	got := factsOf("10-Q",
		"Securities registered pursuant to Section 12(b) of the Act:",
		"Title of Each Class: |",
		"| Trading Symbol: |",
		"| Name of Each Exchange on Which Registered: |",
		"Units, each consisting of one share of Class A common stock and one right |",
		"| TVXAU |",
		"| The Nasdaq Stock |",
		"Class A common stock, par value $0.0001 per share |",
		"| TVXA |",
		"| The Nasdaq Stock |",
		"Rights, each entitling the holder to one-tenth of one share | | TVXAR | | The Nasdaq Stock Market LLC |",
		"Indicate by check mark whether the registrant (1) has filed all reports required.")
	wantFacts(t, "colon headings", got, map[string]string{
		"ticker_units": "TVXAU", "ticker_shares": "TVXA", "ticker_rights": "TVXAR", "exchange": "Nasdaq",
	})
}
