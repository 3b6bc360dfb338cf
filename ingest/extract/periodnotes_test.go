package extract

import "testing"

// TestNotesHeadingPeriod: the notes' running head dates a report read without its cover; a
// date under another title, or no month's end, does not; the balance sheet's own heading
// wins over it.
func TestNotesHeadingPeriod(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"title then date", []string{"NOTES TO CONDENSED FINANCIAL STATEMENTS", "SEPTEMBER 30, 2021", "(UNAUDITED)", "Note 1 - Organization"}, "2021-09-30"},
		{"date with unaudited", []string{"Notes to Unaudited Condensed Consolidated Financial Statements", "", "June 30, 2023 (Unaudited)"}, "2023-06-30"},
		{"not a month end", []string{"NOTES TO FINANCIAL STATEMENTS", "March 14, 2022"}, ""},
		{"title wrapped over two lines", []string{"NOTES TO CONDENSED", "FINANCIAL STATEMENTS", "JUNE 30, 2022", "(Unaudited)"}, "2022-06-30"},
		{"wrapped sentence, not the title", []string{"The accompanying notes to condensed", "financial statements are an integral part", "June 30, 2022"}, ""},
		{"a sentence, not the title", []string{"The accompanying notes to the financial statements are an integral part", "March 31, 2022"}, ""},
		{"balance sheet heading wins", []string{
			"NOTES TO FINANCIAL STATEMENTS", "December 31, 2020",
			"CONDENSED BALANCE SHEETS", "| March 31, 2021 | December 31, 2020",
			"Cash held in Trust Account | 100,010,000 | 100,002,000",
		}, "2021-03-31"},
	}
	for _, c := range cases {
		got := factsOf("10-Q", c.lines...)
		wantFacts(t, c.name, got, map[string]string{"period_of_report": c.want})
	}
}

// TestCoverPeriodTableCell: a cover set as a table puts its period in the cell beside the
// check box; the cell bar after the date does not hide it.
func TestCoverPeriodTableCell(t *testing.T) {
	got := factsOf("10-Q",
		"☒ | QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934 FOR THE QUARTERLY PERIOD ENDED JUNE 30, 2023 |",
		"☐ | TRANSITION REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934 |")
	wantFacts(t, "cover cell", got, map[string]string{"period_of_report": "2023-06-30"})
	got = factsOf("10-Q",
		"☒ QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
		"For the quarterly ended September 30, 2016",
		"☐ TRANSITION REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934")
	wantFacts(t, "cover without 'period'", got, map[string]string{"period_of_report": "2016-09-30"})
}
