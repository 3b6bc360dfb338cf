package main

import (
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/internal/citecheck"
)

// TestEveryServedCitationIsVerifiable walks every citation of every fixture profile (as served,
// with its market data joined), calendar event, alert and article, and checks it against the
// stored canonical lines the way a client would with GET /v1/filings/{accession}/lines
// (internal/citecheck):
//   - stated: the filing exists, is of the cited form, the cited line holds the quote, the
//     excerpt is (part of) that line, and the quote is the value it cites (a date written as
//     that date, a number as that number, a text containing it or contained in it);
//   - quoted (a price): the cited line of the quotes file holds the quote and the as-of date;
//   - derived: it has inputs, and every input is verifiable in turn; a derived date is taken
//     from an input that writes a date, or is its filing's date.
//
// Every citation must pass: 100 %.
func TestEveryServedCitationIsVerifiable(t *testing.T) {
	t.Parallel()
	w := readFixtureWorld(t)
	s := served{events: w.events, alerts: w.alerts, articles: w.articles}
	for _, p := range w.profiles {
		p.SPAC = w.live.market.Join(p.SPAC)
		s.profiles = append(s.profiles, p)
	}
	cw := &citecheck.Walker{Store: w.app.db, QuotesName: fixtureQuotesName, Quotes: strings.Split(string(fixtures.Quotes), "\n")}
	s.walk(t, cw)
	if cw.Total < 3000 || cw.OK != cw.Total || len(cw.Undated) > 0 {
		t.Errorf("verified %d of %d citations (%.1f %%), %d derived dates no input writes; want all of them (and at least 3,000)",
			cw.OK, cw.Total, 100*float64(cw.OK)/float64(max(cw.Total, 1)), len(cw.Undated))
	}
	if len(w.alerts) == 0 || len(w.articles) == 0 || len(w.events) == 0 || cw.Quoted == 0 || cw.Valued < 1000 {
		t.Errorf("nothing to walk: %d alerts, %d articles, %d events, %d quoted, %d values compared", len(w.alerts), len(w.articles), len(w.events), cw.Quoted, cw.Valued)
	}
	verifierRejects(t, cw, w.profile(t, "KHAC"))
}

// verifierRejects: the checks above can fail. Each citation here is a good one of KHAC's
// spoiled in one way.
func verifierRejects(t *testing.T, w *citecheck.Walker, p spac.Profile) {
	good, ok := citationOf(p.Citations, "redeemed_pct") // derived
	name, ok2 := citationOf(p.Citations, "name")
	row := map[string]any{"name": p.Name, "ipo_date": p.IPODate}
	if !ok || !ok2 || w.Verify(name, row) != nil {
		t.Fatalf("KHAC: no good citation to spoil (%v %v)", ok, ok2)
	}
	type spoil struct {
		c   spac.Citation
		obj map[string]any // the value's object (nil: an input)
	}
	spoiled := map[string]spoil{}
	c := name
	c.Line++
	spoiled["the next line"] = spoil{c, row}
	for what, change := range map[string]func(*spac.Citation){
		"another quote":   func(c *spac.Citation) { c.Quote = "Another Name Corp" },
		"another form":    func(c *spac.Citation) { c.Filing = "10-K" },
		"another excerpt": func(c *spac.Citation) { c.Excerpt = "a line that is not there" },
	} {
		c := name
		change(&c)
		spoiled[what] = spoil{c, row}
	}
	spoiled["a quote on its line that is not the value"] = spoil{name, map[string]any{"name": "Orbital Freight Corp."}}
	if ipo, ok := citationOf(p.Citations, "ipo_date"); ok {
		spoiled["a date on its line that is not the value"] = spoil{ipo, map[string]any{"ipo_date": "1999-01-01"}}
	}
	c = good
	c.Inputs = nil
	spoiled["derived without inputs"] = spoil{c, nil}
	c = good
	c.Inputs = append([]spac.Citation{}, good.Inputs...)
	if len(c.Inputs) > 0 {
		c.Inputs[0].Line += 3
		spoiled["a bad input"] = spoil{c, nil}
	}
	spoiled["a quote on another quotes line"] = spoil{spac.Citation{Field: "price", Basis: spac.BasisQuoted, Source: fixtureQuotesName, Line: 2, Quote: "99.99", AsOf: "2026-11-21"}, nil}
	for what, s := range spoiled {
		if err := w.Verify(s.c, s.obj); err == nil {
			t.Errorf("%s: the verifier accepted %+v", what, s.c)
		}
	}
	if len(citecheck.Dates("September 31, 2026")) != 0 {
		t.Error("Dates read a date that does not exist")
	}
	for in, want := range map[string]string{"the 2nd day of May, 2025": "2025-05-02", "Sept. 21, 2026": "2026-09-21", "DECEMBER 9, 2026": "2026-12-09", "20261111": "2026-11-11"} {
		if got := citecheck.Dates(in); len(got) != 1 || got[0] != want {
			t.Errorf("Dates(%q) = %q; want %s", in, got, want)
		}
	}
}

func citationOf(cs []spac.Citation, field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}
