package extract

import "testing"

// stacked sets each cell of a table on a line of its own, with the empty border cells a page
// copied from HTML keeps between them.
func stacked(cells ...string) []string {
	var out []string
	for _, c := range cells {
		out = append(out, "|", c)
	}
	return out
}

// TestCoverPriceTableTurnedRound: the cover's table with a row per amount, one cell per line,
// its proceeds row naming the company ("Proceeds to Halvard 2 Acquisition Corp. (before
// expenses)"): the price is the per-unit column's, the gross proceeds the total column's.
func TestCoverPriceTableTurnedRound(t *testing.T) {
	body := []string{"Per Unit", "|", "Total"}
	body = append(body, "Public Offering Price")
	body = append(body, stacked("$", "10.00", "$", "60,000,000")...)
	body = append(body, "Underwriting Discount(1)")
	body = append(body, stacked("$", "0.30", "$", "1,800,000")...)
	body = append(body, "Proceeds to Halvard 2 Acquisition Corp. (before expenses)")
	body = append(body, stacked("$", "9.70", "$", "58,200,000")...)
	got := factsOf("424B4", body...)
	wantFacts(t, "turned round", got, map[string]string{"unit_price": "10.0000", "ipo_gross_proceeds": "60000000.00"})
}

// TestCoverPriceTableTotals: the per-unit row and the total row under it; the total is read
// only when it adds up and is a whole number of units at the unit's price. A table with a
// third column (a best-efforts minimum and maximum) gives no total.
func TestCoverPriceTableTotals(t *testing.T) {
	got := factsOf("424B4",
		"| | Public offering price | Underwriting discounts and commissions | Proceeds, before expenses, to us |",
		"| Per Unit | $10.00 | $0.55 | $9.45 |",
		"| Total | $75,000,000 | $4,125,000 | $70,875,000 |")
	wantFacts(t, "total row", got, map[string]string{"unit_price": "10.0000", "ipo_gross_proceeds": "75000000.00"})

	got = factsOf("424B4",
		"| | Public offering price | Underwriting discounts and commissions | Proceeds, before expenses, to us |",
		"| Per Unit | $8.00 | $0.56 | $7.44 |",
		"| Total | $48,000,000 | $3,360,000 | $44,000,000 |")
	wantFacts(t, "total that does not add up", got, map[string]string{"unit_price": "8.0000", "ipo_gross_proceeds": ""})

	got = factsOf("424B4",
		"| | Minimum | Maximum |",
		"| Public offering price | $6.00 | $3,000,000 | $6,000,000 |",
		"| Underwriting discount | $0.42 | $210,000 | $420,000 |",
		"| Proceeds to us | $5.58 | $2,790,000 | $5,580,000 |")
	wantFacts(t, "minimum and maximum", got, map[string]string{"ipo_gross_proceeds": ""})
}

// TestProceedsTablePlacement: the use-of-proceeds table set one cell per line; the offering's
// and the private placement's first figures (without the over-allotment) under the "Gross proceeds" heading.
// A dash (no placement) or a placement row under another heading gives nothing.
func TestProceedsTablePlacement(t *testing.T) {
	body := []string{"Without Over-Allotment Option", "|", "Over-Allotment Option Exercised", "|", "Gross proceeds"}
	body = append(body, "From offering")
	body = append(body, stacked("$", "80,000,000", "$", "92,000,000")...)
	body = append(body, "From private placement")
	body = append(body, stacked("3,400,000", "3,640,000")...)
	got := factsOf("424B4", body...)
	wantFacts(t, "stacked placement", got, map[string]string{"private_placement": "3400000.00", "ipo_gross_proceeds": "80000000.00"})

	body = []string{"Gross proceeds", "From offering"}
	body = append(body, stacked("$", "80,000,000")...)
	body = append(body, "From private placement")
	body = append(body, stacked("—", "—")...)
	got = factsOf("424B4", body...)
	wantFacts(t, "no placement", got, map[string]string{"private_placement": ""})

	body = []string{"Offering expenses", "From private placement"}
	body = append(body, stacked("250,000")...)
	got = factsOf("424B4", body...)
	wantFacts(t, "not under the heading", got, map[string]string{"private_placement": ""})
}

// TestUnitPartsAfterLongParagraph: the list's intro closes the cover's first paragraph, set
// on one long line; the parts follow one to a line with their marks. An intro about the
// representative's option's units is not the offering's.
func TestUnitPartsAfterLongParagraph(t *testing.T) {
	para := "Ostrava Acquisition Corp. is a blank check company recently formed for the purpose of acquiring, through a merger, capital stock exchange, asset acquisition or other similar business combination, one or more operating businesses in the specialty chemicals industry. This is an initial public offering of our securities. Each unit that we are offering consists of:"
	got := factsOf("424B4", para, "|•", "|one share of our common stock; and", "|•", "|two warrants.")
	wantFacts(t, "long intro", got, map[string]string{"unit_structure": "one share of common stock and two warrants"})

	para = "We have also agreed to sell to the representative, for $100, an option to purchase up to 500,000 units. This is an option of the representative. Each unit issuable upon exercise of the option consists of:"
	got = factsOf("424B4", para, "|•", "|one share of our common stock; and", "|•", "|one warrant.")
	wantFacts(t, "option's units", got, map[string]string{"unit_structure": ""})
}
