package fold

import (
	"strings"

	spac "github.com/spacdata/spac"
)

// universeRow folds the SPAC record (universe row and profile header).
//
// Decisions:
//   - name is the registrant's header name as a SPAC: the latest name filed before the de-SPAC
//     closing; names (see names) replaces it by the combined company's after the closing.
//   - trust_size and the other trust figures: see trust.go (currentTrust).
//   - deadline: see deadlineOf.
func universeRow(cik spac.CIK, recs []record, life lifecycle) spac.SPAC {
	row := spac.SPAC{CIK: cik, Status: life.status}
	var cs citations
	if life.status != "" {
		cs.set(life.cite)
	}
	text := func(dst *string, field, jsonName string) {
		if f, ok := latest(recs, field); ok {
			*dst = f.Value
			cs.set(stated(f, jsonName))
		}
	}
	if f, ok := latest(beforeClosing(recs), spac.FieldName); ok {
		row.Name = f.Value
		cs.set(stated(f, "name"))
	}
	text(&row.Sponsor, spac.FieldSponsor, "sponsor")
	text(&row.IPODate, spac.FieldIPODate, "ipo_date")
	text(&row.Sector, spac.FieldSector, "sector")
	text(&row.Exchange, spac.FieldExchange, "exchange")
	if v, c, ok := deadlineOf(recs); ok {
		row.Deadline = v
		cs.set(c)
	}
	row.Tickers = foldTickers(recs, &cs)
	row.Symbol = symbolOf(row.Tickers, &cs)
	row.Citations = cs.list()
	return row
}

// beforeClosing returns the filings before the first one reporting the de-SPAC closing; all
// of them when there is none or nothing precedes it.
func beforeClosing(recs []record) []record {
	for i, r := range recs {
		if r.has(spac.FieldClosingDate) && i > 0 {
			return recs[:i]
		}
	}
	return recs
}

// deadlineOf is the current liquidation deadline: the newest deadline stated as a date or
// new deadline filed after an extension (a proxy's new deadline is only proposed and does not
// count); else the IPO date plus deadline_months, clamped to the month end, cited as derived.
func deadlineOf(recs []record) (string, spac.Citation, bool) {
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		if f, ok := r.first(spac.FieldNewDeadline); ok && !isProxy(r.filing) {
			if _, valid := parseDate(f.Value); valid {
				return f.Value, stated(f, "deadline"), true
			}
		}
		if f, ok := r.first(spac.FieldDeadline); ok {
			if _, valid := parseDate(f.Value); valid {
				return f.Value, stated(f, "deadline"), true
			}
		}
	}
	ipo, ok1 := latest(recs, spac.FieldIPODate)
	months, ok2 := latest(recs, spac.FieldDeadlineMonths)
	if !ok1 || !ok2 {
		return "", spac.Citation{}, false
	}
	n, ok := atoi(months.Value)
	if !ok {
		return "", spac.Citation{}, false
	}
	d, ok := addMonths(ipo.Value, n)
	if !ok {
		return "", spac.Citation{}, false
	}
	return d, derived("deadline", stated(ipo, spac.FieldIPODate), stated(months, spac.FieldDeadlineMonths)), true
}

// twoDecimals writes a money amount with two fractional digits (DECISIONS.md: "250000000.00").
func twoDecimals(v string) string {
	whole, frac, _ := strings.Cut(v, ".")
	switch {
	case len(frac) < 2:
		frac += strings.Repeat("0", 2-len(frac))
	case len(frac) > 2 && strings.Trim(frac[2:], "0") == "":
		frac = frac[:2]
	}
	return whole + "." + frac
}
