package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestProsePeriod: a 10-Q read without its cover is dated by the latest interim period its
// MD&A narrates; the prior year's comparative, the annual period it recalls and an interim
// date that is no month's end are not its period.
func TestProsePeriod(t *testing.T) {
	cases := []struct {
		name, form string
		lines      []string
		want       string
	}{
		{"latest interim period", "10-Q", []string{
			"For the three months ended June 30, 2022, we had a net loss of $210,400.",
			"For the six months ended June 30, 2023, we had net income of $1,102,950, and for the three months ended June 30, 2023, net income of $640,120.",
		}, "2023-06-30"},
		{"annual period recalled", "10-Q", []string{
			"As described in our Annual Report on Form 10-K for the year ended December 31, 2023, we have until May 4, 2025 to complete a business combination.",
		}, ""},
		{"not a month end", "10-Q", []string{
			"For the three months ended March 14, 2024, the sponsor advanced $75,000.",
		}, ""},
		{"annual report", "10-K", []string{
			"For the three months ended December 31, 2023, we had a net loss of $98,000.",
		}, ""},
		{"annual results of two years", "10-K", []string{
			"For the year ended December 31, 2024, we had net income of $1,215,660, which consists of interest earned on the trust account offset by operating costs.",
			"For the year ended December 31, 2023, we had a net loss of $310,424.",
		}, "2024-12-31"},
		{"two fiscal years ended June 30", "10-K", []string{
			"For the fiscal year ended June 30, 2019, the Company had a net income of $402,118.",
			"For the fiscal year ended June 30, 2018, the Company had a net loss of $51,007.",
		}, "2019-06-30"},
		{"one year's results may be the comparative", "10-K", []string{
			"For the year ended December 31, 2022, we had a net loss of $73,100, which consists of formation costs.",
		}, ""},
		{"not yet commenced operations", "10-Q", []string{
			"The Company was incorporated in Delaware on May 2, 2021. As",
			"of June 30,2022 the Company had not yet commenced any operations. As of June 30, 2022, the Company had not commenced any operations.",
		}, "2022-06-30"},
		{"operations wrapped onto the next line", "10-Q", []string{
			"As of June 30, 2022, the Company had not commenced any",
			"operations. All activity relates to the Company's formation.",
		}, "2022-06-30"},
		{"interim period's date on the next line", "10-Q", []string{
			"For the three months ended",
			"September 30, 2021, we had a net loss of $84,300.",
		}, "2021-09-30"},
		{"a date split across the lines", "10-Q", []string{
			"As of June 30,",
			"2022, the Company had not commenced any operations.",
		}, ""},
		{"wrapped, operations commenced", "10-Q", []string{
			"As of March 31, 2019, the Company had commenced",
			"operations through its subsidiary.",
		}, ""},
		{"operations at a year end", "10-K", []string{
			"At December 31, 2015, the Company had not commenced any operations.",
		}, "2015-12-31"},
		{"operations commenced", "10-Q", []string{
			"As of March 31, 2019, the Company had commenced operations through its subsidiary.",
		}, ""},
		{"a quarter's results in an annual report", "10-Q", []string{
			"For the year ended December 31, 2023, we had net income of $2,000,000.",
			"For the year ended December 31, 2022, we had net income of $300,000.",
		}, ""},
	}
	for _, c := range cases {
		r := extracttest.Filing(c.form, nil, c.lines...)
		got := ""
		for _, f := range Facts(r) {
			if f.Field == spac.FieldPeriodOfReport {
				got = f.Value
			}
		}
		if got != c.want {
			t.Errorf("%s: period_of_report %q, want %q", c.name, got, c.want)
		}
	}
}
