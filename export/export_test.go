package export

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

func stated(field, acc string, line int) spac.Citation {
	return spac.Citation{Field: field, Accession: acc, Line: line, Basis: spac.BasisStated, Quote: "q"}
}

// TestSourcesFollowDerivations: a stated value links its own line; a derived one the lines of
// its inputs, recursively and without repeats; a market quote links nothing.
func TestSourcesFollowDerivations(t *testing.T) {
	l := Links{Base: "https://api.example.com"}
	price := spac.Citation{Field: "price", Basis: spac.BasisQuoted, Source: "quotes.csv", Line: 3}
	payout := stated("payout_per_share", "0000000001-26-000001", 48)
	ytm := spac.Citation{Field: "ytm_pct", Basis: spac.BasisDerived, Accession: payout.Accession,
		Inputs: []spac.Citation{payout, {Field: "x", Basis: spac.BasisDerived, Inputs: []spac.Citation{payout, stated("d", "0000000001-26-000002", 7)}}, price}}
	got := l.Sources([]spac.Citation{ytm})
	want := "https://api.example.com/filings/0000000001-26-000001?line=48#L48 " +
		"https://api.example.com/filings/0000000001-26-000002?line=7#L7"
	if got != want {
		t.Errorf("Sources = %q\nwant %q", got, want)
	}
	if got := l.Sources([]spac.Citation{price}); got != "" {
		t.Errorf("a quoted price links %q", got)
	}
}

// TestUniverseCSVQuotingAndSelection: commas, quotes and newlines survive RFC 4180 quoting;
// fields= keeps its columns in the documented order; without citations there are no source
// columns.
func TestUniverseCSVQuotingAndSelection(t *testing.T) {
	row := spac.SPAC{CIK: "0000000001", Symbol: "ABC", Name: `Acme "One", Inc.` + "\nII", Sponsor: "Acme Sponsor, LLC",
		TrustSize: "230000000.00", PreviousNames: []string{"Old, Corp", "Older"},
		Tickers:   spac.Tickers{Shares: "ABC", Previous: []string{"XYZ", "XYZU"}},
		Citations: []spac.Citation{stated("tickers.shares", "0000000001-26-000001", 5), stated("name", "0000000001-26-000001", 2)}}
	var buf bytes.Buffer
	x := NewWriter(&buf, CSV, nil)
	tab := Universe(Links{}, nil, true)
	if err := x.Header(tab.Columns()); err != nil {
		t.Fatal(err)
	}
	if err := x.Record(tab.Record(row)); err != nil {
		t.Fatal(err)
	}
	if err := x.Flush(); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("%v: %q", err, recs)
	}
	got := map[string]string{}
	for i, h := range recs[0] {
		got[h] = recs[1][i]
	}
	for col, want := range map[string]string{
		"name": row.Name, "sponsor": row.Sponsor, "trust_size": "230000000.00", "previous_names": "Old, Corp; Older",
		"tickers_shares": "ABC", "tickers_previous": "XYZ XYZU",
		"tickers_shares_source": "/filings/0000000001-26-000001?line=5#L5", "cik": "CIK" + string(row.CIK),
		"name_source": "/filings/0000000001-26-000001?line=2#L2", "sponsor_source": "",
	} {
		if got[col] != want {
			t.Errorf("%s = %q, want %q", col, got[col], want)
		}
	}
	sel := Universe(Links{}, []string{"tickers", "trust_size", "symbol"}, false).Columns()
	want := []string{"symbol", "trust_size", "tickers_shares", "tickers_units", "tickers_warrants", "tickers_rights", "tickers_previous"}
	if !slices.Equal(sel, want) {
		t.Errorf("selected columns %v, want %v", sel, want)
	}
}

// TestWriterFlushesInBatches: rows reach the destination every flushEvery rows, with a
// flush call each time, not only at the end.
func TestWriterFlushesInBatches(t *testing.T) {
	var buf bytes.Buffer
	flushes := 0
	x := NewWriter(&buf, NDJSON, func() { flushes++ })
	for range flushEvery + 1 {
		if err := x.Line([]byte(`{"a":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	if flushes != 1 || strings.Count(buf.String(), "\n") != flushEvery {
		t.Errorf("after %d rows: %d flushes, %d lines out", flushEvery+1, flushes, strings.Count(buf.String(), "\n"))
	}
	if err := x.Flush(); err != nil || strings.Count(buf.String(), "\n") != flushEvery+1 || x.Rows() != flushEvery+1 {
		t.Errorf("after Flush: %v, %d lines", err, strings.Count(buf.String(), "\n"))
	}
	if got := CSV.Filename("calendar", time.Date(2026, 11, 24, 23, 0, 0, 0, time.FixedZone("x", -5*3600))); got != "spac-calendar-2026-11-25.csv" {
		t.Errorf("Filename = %q", got)
	}
}
