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
	} else {
		row.Status = spac.StatusUnknown // uncited: no filing states a step
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
	text(&row.Exchange, spac.FieldExchange, "exchange")
	row.Exchange = spac.Venue(row.Exchange) // one venue across eras; the citation keeps the era's name
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

// deadlineOf is the current liquidation deadline (deadlineBefore, any date).
func deadlineOf(recs []record) (string, spac.Citation, bool) { return deadlineBefore(recs, "") }

// deadlineBefore is the deadline in force before until ("": now): the one set by the
// latest-dated event before it - a deadline stated as a date, or a new deadline filed after an
// extension (a proxy's new deadline is only proposed and does not count); else the IPO date
// plus deadline_months, clamped to the month end, cited as derived. A current report's
// deadline is dated by its filing, a periodic report's by the event it narrates (its Period;
// the filing when it states none), so that a report recalling an old extension does not bring
// its deadline back. Among events of the same date the later filing wins.
func deadlineBefore(recs []record, until string) (string, spac.Citation, bool) {
	var best spac.Fact
	bestOn := ""
	for _, r := range recs {
		for _, f := range deadlineFacts(r) {
			on := r.filing.FiledAt
			if isPeriodic(r.filing.BaseForm()) && f.Period != "" {
				on = f.Period
			}
			if (until == "" || on < until) && on >= bestOn {
				best, bestOn = f, on
			}
		}
	}
	if best.Value != "" {
		return best.Value, stated(best, "deadline"), true
	}
	return ipoDeadline(recs)
}

// ipoDeadline is the IPO date plus deadline_months, clamped to the month end.
func ipoDeadline(recs []record) (string, spac.Citation, bool) {
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

// deadlineFacts are the deadlines filing r sets: the first new deadline (not a proxy's) and
// the first deadline it states, and each one a periodic report dates by its narrated event.
func deadlineFacts(r record) []spac.Fact {
	var out []spac.Fact
	for _, field := range []string{spac.FieldNewDeadline, spac.FieldDeadline} {
		if field == spac.FieldNewDeadline && isProxy(r.filing) {
			continue
		}
		for i, f := range r.all(field) {
			_, valid := parseDate(f.Value)
			if valid && (i == 0 || f.Period != "" && isPeriodic(r.filing.BaseForm())) {
				out = append(out, f)
			}
		}
	}
	return out
}

// twoDecimals writes a money amount with two fractional digits (docs/decisions.md: "250000000.00").
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
