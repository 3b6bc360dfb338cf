package extract

import (
	"math/big"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The head of a final prospectus's cover states the offering's size and its units on lines of
// their own, in every era: "PROSPECTUS" / "$56,000,000" / "ALYST ACQUISITION CORP." /
// "7,000,000 units" (2007), "$125,000,000" / "Rose Hill Acquisition Corporation" / "12,500,000
// Units" (2021). The amount is the base offering's gross proceeds: the over-allotment is
// offered further down, in a sentence, and never on these lines. The amount is read only when
// it stands alone on its line, a line holding the units alone follows within a few lines, and
// the amount is those units at a price a unit sells for (whole cents, $4 to $25 a unit): so a
// fee, a trust figure or a count of "Series A Units" (a unit sold as two series) is not read.

var (
	coverAmountRe = textutil.MustStarts(`^\|?\s*\$\s?(\d{1,3}(?:,\d{3})+)(?:\.00)?\s*\|?$`)
	coverUnitsRe  = textutil.MustStarts(`(?i)^\|?\s*(\d{1,3}(?:,\d{3})+)\s+units\s*\|?$`)
	// coverCountRe and unitsWordRe are the units' line wrapped in two: "6,000,000" / "Units".
	coverCountRe = textutil.MustStarts(`^\|?\s*(\d{1,3}(?:,\d{3})+)\s*\|?$`)
	unitsWordRe  = textutil.MustStarts(`(?i)^\|?\s*units\s*\|?$`)
)

// coverHeadLines: how far below the document's start the cover's head may stand (a table of
// contents or a filing agent's banner may come first); coverHeadGap: how many lines (the
// company's name, a logo's caption) may stand between the amount and the units.
const (
	coverHeadLines = 80
	coverHeadGap   = 3
)

// coverHeadProceeds reads the offering's gross proceeds from the head of a 424B4's cover.
func (x *reader) coverHeadProceeds() {
	if x.d.Form != "424B4" {
		return
	}
	start := headerEnd(x.d.R.Lines)
	limit := min(len(x.d.R.Lines), start+coverHeadLines)
	for n := start + 1; n <= limit; n++ {
		m := coverAmountRe.FindStringSubmatch(strings.TrimSpace(x.d.Line(n)))
		if m == nil {
			continue
		}
		units, ok := x.unitsBelow(n)
		if !ok || !plausibleOffering(m[1], units) {
			return
		}
		amount := strings.ReplaceAll(m[1], ",", "") + ".00"
		quote := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(n)), "|"))
		x.add("table.cover_head_proceeds", priorityTable, spac.FieldIPOGrossProceeds, amount, n, quote, "")
		return
	}
}

// unitsBelow returns the count of the units line that follows line n within coverHeadGap
// other lines; none when another amount comes first.
func (x *reader) unitsBelow(n int) (string, bool) {
	for k, seen := n+1, 0; k <= len(x.d.R.Lines) && seen <= coverHeadGap; k++ {
		line := strings.TrimSpace(x.d.Line(k))
		if strings.Trim(line, "| ") == "" {
			continue
		}
		if m := coverUnitsRe.FindStringSubmatch(line); m != nil {
			return m[1], true
		}
		if m := coverCountRe.FindStringSubmatch(line); m != nil && unitsWordRe.MatchString(strings.TrimSpace(x.d.Line(k+1))) {
			return m[1], true // the count and its word wrapped onto two lines
		}
		if coverAmountRe.MatchString(line) {
			return "", false
		}
		seen++
	}
	return "", false
}

// plausibleOffering reports whether amount is units sold at a unit's price: whole cents,
// between $4 and $25 a unit.
func plausibleOffering(amount, units string) bool {
	a, okA := new(big.Rat).SetString(strings.ReplaceAll(amount, ",", ""))
	u, okU := new(big.Rat).SetString(strings.ReplaceAll(units, ",", ""))
	if !okA || !okU || u.Sign() == 0 {
		return false
	}
	price := new(big.Rat).Quo(a, u)
	cents := new(big.Rat).Mul(price, big.NewRat(100, 1))
	return cents.IsInt() && price.Cmp(big.NewRat(4, 1)) >= 0 && price.Cmp(big.NewRat(25, 1)) <= 0
}
