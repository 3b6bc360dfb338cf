package extract

import (
	"slices"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestPriorPeriodFirstColumn: a balance sheet that sets the prior year-end before the current
// period; the current period is its latest date, and the trust's figure is read from that
// date's column. A row whose figures do not fill the heading's columns gives nothing, and the
// usual order (current period first) is read as before.
func TestPriorPeriodFirstColumn(t *testing.T) {
	got := factsOf("10-Q",
		"CONDENSED BALANCE SHEETS",
		"| December 31, 2023 | June 30, 2024 (Unaudited)",
		"Cash | $ 402,115 | $ 88,310",
		"Investments held in Trust Account | 61,207,993 | 62,554,870")
	wantFacts(t, "prior first", got, map[string]string{"trust_balance": "62554870.00", "period_of_report": "2024-06-30"})
	got = factsOf("10-Q",
		"CONDENSED BALANCE SHEETS",
		"| December 31, 2023 | June 30, 2024",
		"Investments held in Trust Account | 61,207,993")
	wantFacts(t, "one figure", got, map[string]string{"trust_balance": ""})
	got = factsOf("10-Q",
		"CONDENSED BALANCE SHEETS",
		"| June 30, 2024 | December 31, 2023",
		"Investments held in Trust Account | 62,554,870 | 61,207,993")
	wantFacts(t, "current first", got, map[string]string{"trust_balance": "62554870.00", "period_of_report": "2024-06-30"})
}

// TestInceptionHeadingIsNoColumn: a heading that runs from the company's inception names a
// period's start, not a column; the trust row under it is read from its only figure.
func TestInceptionHeadingIsNoColumn(t *testing.T) {
	got := factsOf("10-K",
		"BALANCE SHEET",
		"For the period from March 3, 2021 (inception) through December 31, 2021",
		"Investments held in Trust Account | 116,150,412")
	wantFacts(t, "inception", got, map[string]string{"trust_balance": "116150412.00"})
}

// trustValues lists every trust_balance a filing of form with the body lines gives.
func trustValues(form string, body ...string) []string {
	var got []string
	for _, f := range Facts(extracttest.Filing(form, nil, body...)) {
		if f.Field == spac.FieldTrustBalance {
			got = append(got, f.Value)
		}
	}
	return got
}

// TestTrustRowAtAnotherDate: a fair-value table dated at the prior year end holds that
// date's balance, not the report's; it gives nothing when the report states its period, and
// the balance sheet further down is read instead. A balance sheet's own heading still wins
// over a period read from prose only.
func TestTrustRowAtAnotherDate(t *testing.T) {
	got := trustValues("10-Q",
		"For the quarterly period ended March 31, 2024",
		"Fair value measurements",
		"| December 31, 2023 | Level",
		"Investments held in Trust Account | $ 30,880,112 | 1",
		"CONDENSED BALANCE SHEETS",
		"| March 31, 2024 | December 31, 2023",
		"Investments held in Trust Account | 31,205,887 | 30,880,112")
	if !slices.Equal(got, []string{"31205887.00"}) {
		t.Errorf("fair-value table first: trust_balance %q, want [31205887.00]", got)
	}
	got = trustValues("10-Q",
		"For the three months ended June 30, 2022, we had a net loss of $120,400.",
		"CONDENSED BALANCE SHEETS",
		"| September 30, 2022 | December 31, 2021",
		"Investments held in Trust Account | 58,922,170 | 232,360,455")
	if !slices.Equal(got, []string{"58922170.00"}) {
		t.Errorf("balance sheet over prose: trust_balance %q, want [58922170.00]", got)
	}
}

// TestUntitledBalanceSheetPeriod: a copy that lost the balance sheet's title still dates the
// report by its column heading when an "ASSETS" row follows it and it names two dates (a
// heading set one cell a line). A table of one date above its assets, or two dates over no
// assets row, may be a note's as of another date and dates nothing. A row of months and days
// over a row of years gives no quote that reads the date, and dates nothing either.
func TestUntitledBalanceSheetPeriod(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"months over years", []string{
			"Table of Contents", "September 30, | December 31, | |||", "2024 | 2023 | |||", "(Unaudited) | |", "ASSETS | ||||",
			"Cash |", "$ | 21,400 | $ | 503,118 | ||", "Cash and marketable securities held in Trust Account |", "7,112,946 | 48,305,761 | ||",
		}, ""},
		{"one cell a line", []string{
			"(Number of shares)", "|", "June 30,", "2008", "(Unaudited)", "|", "December 31,", "2007", "|", "ASSETS", "|",
			"Investments held in Trust Fund", "|", "41,902,377", "|", "41,388,650",
		}, "2008-06-30"},
		{"one date above the assets", []string{
			"Fair value at", "December 31, 2023", "Assets:", "Investments held in Trust Account | 48,305,761",
		}, ""},
		{"two dates, no assets row", []string{
			"September 30, | December 31, | |||", "2024 | 2023 | |||", "Investments held in Trust Account | 7,112,946 | 48,305,761",
		}, ""},
	}
	for _, c := range cases {
		got := factsOf("10-Q", c.lines...)
		wantFacts(t, c.name, got, map[string]string{"period_of_report": c.want})
	}
}
