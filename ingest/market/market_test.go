package market

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

var today = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func TestParseCSVAndNDJSON(t *testing.T) {
	csvData := "symbol,date,price\nmrwd,2026-11-20,11.05\n\nMRWD,2026-11-21,11.10\nKHAC,2026-11-21,10.74\n"
	ndjson := `{"symbol":"mrwd","date":"2026-11-20","price":"11.05"}` + "\n\n" +
		`{"symbol":"MRWD","date":"2026-11-21","price":11.10}` + "\n" + `{"symbol":"KHAC","date":"2026-11-21","price":"10.74"}` + "\n"
	for name, data := range map[string]string{"quotes.csv": csvData, "quotes.ndjson": ndjson} {
		wantLine := map[string]int{"quotes.csv": 4, "quotes.ndjson": 3}[name]
		b, err := Parse(name, []byte(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		q, ok := b.Quote(" mrwd ")
		if !ok || b.Len() != 2 || b.Source != name {
			t.Fatalf("%s: quote %+v %v, %d symbols, source %q", name, q, ok, b.Len(), b.Source)
		}
		// the later date wins; the line is the file's (blank lines counted)
		if q.Date != "2026-11-21" || q.Price != "11.10" || q.Line != wantLine || !strings.Contains(q.Text, "MRWD") {
			t.Errorf("%s: latest MRWD quote %+v", name, q)
		}
	}
}

func TestParseRefusesBadRows(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"symbol,date,price\nABC,2026-13-01,10.00\n", "line 2: date"},
		{"ABC,2026-11-21,-1\n", "line 1: price"},
		{"ABC,2026-11-21,1e3\n", "line 1: price"},
		{"ABC,2026-11-21\n", "line 1: 2 fields"},
		{",2026-11-21,10.00\n", "line 1: empty symbol"},
		{`{"symbol":"ABC","date":"2026-11-21","price":"10","extra":1}` + "\n", "line 1: json"},
		{"symbol,date,price\nABC,2026-11-21,10.00\nsymbol,date,price\n", "line 3: a header row comes only first"},
	} {
		if _, err := Parse("q", []byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tc.data, err, tc.want)
		}
	}
}

func TestYTM(t *testing.T) {
	// MRWD: liquidation pays $11.64 on 2026-12-04, 11 days after today; price 11.10
	y, ok := YTM("11.64", "2026-12-04", "11.10", today)
	if !ok || y.Days != 11 || y.SimplePct != "161.43" || y.CompoundedPct != "383.66" {
		t.Errorf("YTM = %+v %v, want 11 days, 161.43 %% simple, 383.66 %% compounded", y, ok)
	}
	// a price above the payout is a negative yield, not an absent one
	if y, ok := YTM("10.00", "2027-11-23", "10.50", today); !ok || y.SimplePct != "-4.76" || y.CompoundedPct != "-4.76" {
		t.Errorf("negative YTM = %+v %v", y, ok)
	}
	for _, in := range [][3]string{
		{"", "2026-12-04", "11.10"},           // no payout
		{"11.64", "", "11.10"},                // no payout date
		{"11.64", "2026-12-04", ""},           // no price
		{"11.64", "2026-12-04", "0"},          // no usable price
		{"11.64", "2026-11-23", "11.10"},      // payout today: no time left
		{"11.64", "2026-11-01", "11.10"},      // payout past
		{"11.64", "2026-12-04", "about 11"},   // not a number
		{"11.64", "December 4, 2026", "11.1"}, // not a date
	} {
		if y, ok := YTM(in[0], in[1], in[2], today); ok {
			t.Errorf("YTM%v = %+v, want none", in, y)
		}
	}
}

func cite(field, acc string, line int, quote string) spac.Citation {
	return spac.Citation{Field: field, Filing: "8-K", Accession: acc, Line: line, Quote: quote, Basis: spac.BasisStated}
}

func TestJoin(t *testing.T) {
	src, err := Fixed("quotes.csv", []byte("symbol,date,price\nMRWD,2026-11-21,11.10\nOLD,2026-11-30,10.00\n"))
	if err != nil {
		t.Fatal(err)
	}
	j := NewJoiner(src, func() time.Time { return today })
	row := spac.SPAC{
		Symbol: "MRWD", Tickers: spac.Tickers{Shares: "MRWD"}, PayoutPerShare: "11.64", PayoutDate: "2026-12-04",
		YTMPct: "1.00", // a stale join is replaced
		Citations: []spac.Citation{
			cite("payout_per_share", "A1", 40, "$11.64"), cite("payout_date", "A1", 41, "December 4, 2026"),
			{Field: "ytm_pct", Basis: spac.BasisDerived},
		},
	}
	got := j.Join(row)
	if got.Price != "11.10" || got.PriceDate != "2026-11-21" || got.YTMPct != "161.43" || got.YTMCompoundedPct != "383.66" {
		t.Fatalf("joined %+v", got)
	}
	if len(row.Citations) != 3 || row.YTMPct != "1.00" {
		t.Errorf("Join changed the row passed in: %+v", row)
	}
	var price spac.Citation
	n := 0
	for _, c := range got.Citations {
		switch c.Field {
		case "price":
			price = c
		case "ytm_pct", "ytm_compounded_pct":
			n++
			if c.Basis != spac.BasisDerived || len(c.Inputs) != 3 || c.Inputs[2].Field != "price" || c.Accession != "A1" {
				t.Errorf("%s citation %+v", c.Field, c)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d yield citations, want 2 (the stale one dropped)", n)
	}
	if price.Basis != spac.BasisQuoted || price.Source != "quotes.csv" || price.AsOf != "2026-11-21" || price.Line != 2 ||
		price.Quote != "11.10" || price.Excerpt != "MRWD,2026-11-21,11.10" {
		t.Errorf("price citation %+v", price)
	}
	if v := j.Version(); v != "2026-11-23/1" {
		t.Errorf("Version = %q", v)
	}
}

func TestJoinWithoutAnInput(t *testing.T) {
	src, _ := Fixed("quotes.csv", []byte("MRWD,2026-11-21,11.10\nLATE,2026-11-30,10.00\n"))
	j := NewJoiner(src, func() time.Time { return today })
	payout := []spac.Citation{cite("payout_per_share", "A1", 40, "$11.64"), cite("payout_date", "A1", 41, "December 4, 2026")}
	for name, row := range map[string]spac.SPAC{
		"no quote":              {Symbol: "NONE", PayoutPerShare: "11.64", PayoutDate: "2026-12-04", Citations: payout},
		"no payout":             {Symbol: "MRWD"},
		"uncited payout":        {Symbol: "MRWD", PayoutPerShare: "11.64", PayoutDate: "2026-12-04"},
		"quote after today":     {Symbol: "LATE", PayoutPerShare: "11.64", PayoutDate: "2026-12-04", Citations: payout},
		"payout date in a week": {Symbol: "MRWD", PayoutPerShare: "11.64", PayoutDate: "2026-11-20", Citations: payout},
	} {
		if got := j.Join(row); got.YTMPct != "" || got.YTMCompoundedPct != "" {
			t.Errorf("%s: yield %q/%q, want none", name, got.YTMPct, got.YTMCompoundedPct)
		}
	}
	var none *Source
	if got := NewJoiner(none, nil).Join(spac.SPAC{Symbol: "MRWD"}); got.Price != "" {
		t.Errorf("no source: price %q", got.Price)
	}
}

func TestFileSourceReloads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prices.ndjson")
	write := func(s string, mod time.Time) {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	write(`{"symbol":"ABC","date":"2026-11-20","price":"10.00"}`+"\n", t0)
	src, err := OpenFile(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	clock := t0
	src.now, src.checked = func() time.Time { return clock }, clock
	if b, gen := src.Book(); gen != 1 || b.Source != "prices.ndjson" {
		t.Fatalf("first book: gen %d source %q", gen, b.Source)
	}
	write(`{"symbol":"ABC","date":"2026-11-21","price":"10.20"}`+"\n", t0.Add(time.Hour))
	if _, gen := src.Book(); gen != 1 {
		t.Errorf("re-read before the check interval: gen %d", gen)
	}
	clock = clock.Add(checkInterval)
	if b, gen := src.Book(); gen != 2 || mustQuote(t, b, "ABC").Price != "10.20" {
		t.Errorf("after a change: gen %d", gen)
	}
	write("not,a quotes,file,at all\n", t0.Add(2*time.Hour)) // half-written: the old prices stay
	clock = clock.Add(checkInterval)
	if b, gen := src.Book(); gen != 2 || mustQuote(t, b, "ABC").Price != "10.20" {
		t.Errorf("after a bad file: gen %d", gen)
	}
	if _, err := OpenFile(filepath.Join(t.TempDir(), "missing.csv"), nil); err == nil {
		t.Error("OpenFile of a missing file succeeded")
	}
}

func mustQuote(t *testing.T, b *Book, sym string) Quote {
	t.Helper()
	q, ok := b.Quote(sym)
	if !ok {
		t.Fatalf("no quote of %s", sym)
	}
	return q
}
