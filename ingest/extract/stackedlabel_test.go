package extract

import "testing"

// TestBrokenLabelBalanceSheet: a balance sheet set one cell per line whose labels are broken
// into pieces, border lines between them; the trust row (its head on the line above the word
// "trust"), the temporary-equity row (count and price in two pieces). An interest row broken
// the same way is not the trust's balance.
func TestBrokenLabelBalanceSheet(t *testing.T) {
	got := factsOf("10-Q",
		"Balance",
		"Sheets",
		"|",
		"Cash",
		"and cash equivalents held in trust",
		"|",
		"|",
		"|118,402,117",
		"|",
		"|117,950,300",
		"Common",
		"stock, subject to possible redemption; 2,366,999 shares",
		"|",
		"|",
		"at",
		"$9.81 per share",
		"|",
		"|23,220,260",
		"|")
	wantFacts(t, "broken labels", got, map[string]string{
		"trust_balance": "118402117.00", "shares_subject_to_redemption": "2366999", "redemption_value_per_share": "9.8100",
	})
	got = factsOf("10-QSB",
		"Current Assets:",
		"Cash held in Trust Fund, including interest (Note",
		"2)",
		"|",
		"36,511,072",
		"|36,400,118")
	wantFacts(t, "label wrapped before its note", got, map[string]string{"trust_balance": "36511072.00"})
	got = factsOf("10-Q",
		"Interest",
		"income on cash held in trust",
		"|",
		"|1,204,330")
	wantFacts(t, "interest row", got, map[string]string{"trust_balance": ""})
}

// TestConversionLabelBalanceSheet: a balance sheet of the 2000s calls the shares the public
// may turn in for a share of the trust "subject to possible conversion", the count in the
// label's second line, the dollars in the next cell. A row of the shares' conversion value
// without a count, or a conversion of preferred stock, gives nothing.
func TestConversionLabelBalanceSheet(t *testing.T) {
	got := factsOf("10-Q",
		"Balance Sheet",
		"|",
		"Common stock subject to possible conversion,",
		"|",
		"1,739,130 shares at conversion value",
		"|",
		"13,652,171",
		"|")
	wantFacts(t, "conversion label", got, map[string]string{"shares_subject_to_redemption": "1739130"})
	got = factsOf("10-Q",
		"Balance Sheet",
		"Series A preferred stock subject to conversion, 400,000 shares | 4,000,000")
	wantFacts(t, "preferred stock", got, map[string]string{"shares_subject_to_redemption": ""})
}
