package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
)

// TestEveryServedCitationIsVerifiable walks every citation of every fixture profile (as served,
// with its market data joined), calendar event, alert and article, and checks it against the
// stored canonical lines the way a client would with GET /v1/filings/{accession}/lines:
//   - stated: the filing exists, is of the cited form, and the cited line holds the quote; the
//     excerpt is (part of) that line; a date field's quote is that date as written;
//   - quoted (a price): the cited line of the quotes file holds the quote and the as-of date;
//   - derived: it has inputs, and every input is verifiable in turn.
//
// Every citation must pass: 100 %.
func TestEveryServedCitationIsVerifiable(t *testing.T) {
	t.Parallel()
	w := readFixtureWorld(t)
	v := &verifier{t: t, db: w.app.db, quotes: strings.Split(string(fixtures.Quotes), "\n")}
	for _, p := range w.profiles {
		p.SPAC = w.live.market.Join(p.SPAC)
		v.walk("profile "+p.Symbol, p)
	}
	for _, e := range w.events {
		v.walk("event "+e.ID, e)
		v.date(e.ID, e.Date, e.Citations, "date")
	}
	for _, a := range w.alerts {
		v.walk("alert "+a.Symbol+" "+string(a.Kind), a)
		v.date(a.Symbol+" "+string(a.Kind), a.OccurredAt, a.Citations, "occurredAt")
	}
	for _, a := range w.articles {
		v.walk("article "+a.ID, a)
	}
	for _, p := range w.profiles {
		for _, tp := range p.TrustSeries {
			v.date(p.Symbol+" trust "+tp.Date, tp.Date, tp.Citations, "date")
		}
		for _, x := range p.Extensions {
			v.date(p.Symbol+" extension "+x.Date, x.Date, x.Citations, "date")
		}
		for _, r := range p.Redemptions {
			v.date(p.Symbol+" redemption "+r.Date, r.Date, r.Citations, "date")
		}
	}
	t.Logf("%d profiles, %d events, %d alerts, %d articles: %d of %d citations verified (%d stated, %d quoted, %d derived); %d dates read from their quotes",
		len(w.profiles), len(w.events), len(w.alerts), len(w.articles), v.ok, v.total, v.stated, v.quoted, v.derived, v.dates)
	if v.total < 3000 || v.ok != v.total {
		t.Errorf("verified %d of %d citations (%.1f %%), want all of them (and at least 3,000)", v.ok, v.total, 100*float64(v.ok)/float64(max(v.total, 1)))
	}
	if len(w.alerts) == 0 || len(w.articles) == 0 || len(w.events) == 0 || v.quoted == 0 || v.dates < 100 {
		t.Errorf("nothing to walk: %d alerts, %d articles, %d events, %d quoted, %d dates", len(w.alerts), len(w.articles), len(w.events), v.quoted, v.dates)
	}
	verifierRejects(t, v, w.profile(t, "KHAC"))
}

// verifierRejects: the checks above can fail. Each citation here is a good one of KHAC's
// spoiled in one way.
func verifierRejects(t *testing.T, v *verifier, p spac.Profile) {
	good, ok := citationOf(p.Citations, "redeemed_pct") // derived
	name, ok2 := citationOf(p.Citations, "name")
	if !ok || !ok2 || v.verify(name) != nil {
		t.Fatalf("KHAC: no good citation to spoil (%v %v)", ok, ok2)
	}
	spoiled := map[string]spac.Citation{}
	c := name
	c.Line++
	spoiled["the next line"] = c
	c = name
	c.Quote = "Another Name Corp"
	spoiled["another quote"] = c
	c = name
	c.Filing = "10-K"
	spoiled["another form"] = c
	c = name
	c.Excerpt = "a line that is not there"
	spoiled["another excerpt"] = c
	c = good
	c.Inputs = nil
	spoiled["derived without inputs"] = c
	c = good
	c.Inputs = append([]spac.Citation{}, good.Inputs...)
	if len(c.Inputs) > 0 {
		c.Inputs[0].Line += 3
		spoiled["a bad input"] = c
	}
	spoiled["a quote on another quotes line"] = spac.Citation{Field: "price", Basis: spac.BasisQuoted, Source: fixtureQuotesName, Line: 2, Quote: "99.99", AsOf: "2026-11-21"}
	total, verified := v.total, v.ok
	defer func() { v.total, v.ok = total, verified }()
	for what, c := range spoiled {
		if err := v.verify(c); err == nil {
			t.Errorf("%s: the verifier accepted %+v", what, c)
		}
	}
	if _, ok := writtenDate("September 31, 2026"); ok {
		t.Error("writtenDate read a date that does not exist")
	}
	for in, want := range map[string]string{"the 2nd day of May, 2025": "2025-05-02", "Sept. 21, 2026": "2026-09-21", "DECEMBER 9, 2026": "2026-12-09", "20261111": "2026-11-11"} {
		if got, ok := writtenDate(in); !ok || got != want {
			t.Errorf("writtenDate(%q) = %q, %v; want %s", in, got, ok, want)
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

// verifier checks citations against the store; it counts every citation it sees.
type verifier struct {
	t                       *testing.T
	db                      interface{ spac.FilingStore }
	quotes                  []string
	total, ok               int
	stated, quoted, derived int
	dates, failures         int
}

// walk verifies every citation found in v (any depth: citations, citation, inputs).
func (v *verifier) walk(what string, x any) {
	v.t.Helper()
	for _, c := range citationsIn(x) {
		v.check(what, c)
	}
}

// check verifies c (and its inputs) and reports a failure.
func (v *verifier) check(what string, c spac.Citation) {
	v.t.Helper()
	if err := v.verify(c); err != nil {
		if v.failures++; v.failures <= 40 {
			v.t.Errorf("%s: citation %s (%s, %s line %d): %v", what, c.Field, c.Basis, c.Accession+c.Source, c.Line, err)
		}
	}
}

// verify checks c and, for a derived value, its inputs; every citation it sees is counted.
func (v *verifier) verify(c spac.Citation) error {
	v.total++
	err := v.verifyOne(c)
	if err == nil {
		v.ok++
	}
	return err
}

func (v *verifier) verifyOne(c spac.Citation) error {
	switch c.Basis {
	case spac.BasisDerived, spac.BasisModeled:
		v.derived++
		if len(c.Inputs) == 0 {
			return fmt.Errorf("no inputs")
		}
		for _, in := range c.Inputs {
			if err := v.verify(in); err != nil {
				return fmt.Errorf("input %s (%s line %d): %w", in.Field, in.Accession+in.Source, in.Line, err)
			}
		}
		return nil
	case spac.BasisQuoted:
		v.quoted++
		return v.verifyQuoted(c)
	case spac.BasisStated, "":
		v.stated++
		return v.verifyStated(c)
	}
	return fmt.Errorf("unknown basis %q", c.Basis)
}

func (v *verifier) verifyStated(c spac.Citation) error {
	ctx := context.Background()
	f, err := v.db.Filing(ctx, c.Accession)
	if err != nil {
		return fmt.Errorf("filing: %w", err)
	}
	if f.Form != c.Filing {
		return fmt.Errorf("cites form %q, the filing is a %q", c.Filing, f.Form)
	}
	lines, err := v.db.Lines(ctx, c.Accession, c.Line, c.Line)
	if err != nil || len(lines) != 1 {
		return fmt.Errorf("line: %d lines, %v", len(lines), err)
	}
	if c.Quote == "" || !strings.Contains(lines[0], c.Quote) {
		return fmt.Errorf("line %q does not hold the quote %q", lines[0], c.Quote)
	}
	if ex := strings.Trim(c.Excerpt, "…"); ex == "" || !strings.Contains(lines[0], ex) {
		return fmt.Errorf("excerpt %q is not from line %q", c.Excerpt, lines[0])
	}
	return nil
}

func (v *verifier) verifyQuoted(c spac.Citation) error {
	if c.Source != fixtureQuotesName || c.Line < 1 || c.Line > len(v.quotes) {
		return fmt.Errorf("source %q line %d: not a line of the quotes file", c.Source, c.Line)
	}
	line := strings.TrimSpace(v.quotes[c.Line-1])
	if c.Quote == "" || !strings.Contains(line, c.Quote) || !strings.Contains(line, c.AsOf) || c.Excerpt != line {
		return fmt.Errorf("quotes line %q does not hold quote %q as of %q (excerpt %q)", line, c.Quote, c.AsOf, c.Excerpt)
	}
	return nil
}

// date checks that the citation of a date field quotes that date as written (stated), or is
// derived; the walk has checked the quote is on its line.
func (v *verifier) date(what, date string, cs []spac.Citation, field string) {
	v.t.Helper()
	for _, c := range cs {
		if c.Field != field || c.Basis == spac.BasisDerived {
			continue
		}
		v.dates++
		if got, ok := writtenDate(c.Quote); !ok || got != date {
			v.t.Errorf("%s: %s %s cited by the quote %q (%s line %d), which is not that date", what, field, date, c.Quote, c.Accession+c.Source, c.Line)
		}
	}
}

// writtenDate reads a date as filings and quotes files write it.
func writtenDate(s string) (string, bool) {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "Sept.", "Sep.")), " ")
	s = strings.NewReplacer("1st", "1", "2nd", "2", "3rd", "3", "th ", " ", "th,", ",").Replace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "the "), "The ")
	s = strings.Replace(s, " day of ", " ", 1)
	for _, layout := range []string{"January 2, 2006", "January 2 2006", "Jan. 2, 2006", "Jan 2, 2006", "2 January 2006", "2 January, 2006", "JANUARY 2, 2006", "2006-01-02", "20060102"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), true
		}
	}
	return "", false
}

// citationsIn returns every citation held by x at any depth (the "citations" arrays and
// "citation" objects of its JSON form), inputs left to the verifier.
func citationsIn(x any) []spac.Citation {
	raw, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		panic(err)
	}
	var out []spac.Citation
	var walk func(n any)
	walk = func(n any) {
		switch n := n.(type) {
		case []any:
			for _, el := range n {
				walk(el)
			}
		case map[string]any:
			for k, el := range n {
				switch k {
				case "citations", "citation":
					out = append(out, decodeCitations(el)...)
				default:
					walk(el)
				}
			}
		}
	}
	walk(doc)
	return out
}

func decodeCitations(n any) []spac.Citation {
	raw, _ := json.Marshal(n)
	var list []spac.Citation
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var one spac.Citation
	if json.Unmarshal(raw, &one) == nil {
		return []spac.Citation{one}
	}
	return nil
}
