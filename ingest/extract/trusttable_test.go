package extract

import "testing"

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
