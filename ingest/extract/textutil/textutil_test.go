package textutil

import (
	"regexp"
	"testing"
)

func TestParsers(t *testing.T) {
	tests := []struct {
		name  string
		parse func(string) (string, bool)
		in    string
		want  string
		ok    bool
	}{
		{"money", ParseMoney, "$250,000,000", "250000000.00", true},
		{"money spaced", ParseMoney, "$ 143,000,000", "143000000.00", true},
		{"money million", ParseMoney, "$250.0 million", "250000000.00", true},
		{"money cents", ParseMoney, "$1,234.5", "1234.50", true},
		{"money none", ParseMoney, "none", "", false},
		{"price", ParsePrice, "$10.00", "10.0000", true},
		{"price four", ParsePrice, "$10.1432", "10.1432", true},
		{"price bare", ParsePrice, "11.5", "11.5000", true},
		{"int", ParseInt, "25,000,000", "25000000", true},
		{"int months", ParseInt, "24 months", "24", true},
		{"int words and digits", ParseInt, "twenty-four (24) months", "24", true},
		{"int words", ParseInt, "eighteen months", "18", true},
		{"int compound words", ParseInt, "one hundred eighty days", "180", true},
		{"int fraction", ParseInt, "10.5", "", false},
		{"int nothing", ParseInt, "months", "", false},
		{"int dash cell", ParseInt, "—", "0", true},
		{"int no votes", ParseInt, "no votes against", "0", true},
		{"date long", ParseDate, "March 10, 2021", "2021-03-10", true},
		{"date abbrev", ParseDate, "Dec. 8, 2022", "2022-12-08", true},
		{"date sept", ParseDate, "Sept. 30, 2022", "2022-09-30", true},
		{"date ordinal", ParseDate, "December 8th, 2022", "2022-12-08", true},
		{"date nbsp entity", ParseDate, "March&nbsp;9, 2024", "2024-03-09", true},
		{"date no-break space", ParseDate, "March\u00a09,\u00a02024", "2024-03-09", true},
		{"date period typed for comma", ParseDate, "September 30. 2023", "2023-09-30", true},
		{"date no space after comma", ParseDate, "March 31,2022", "2022-03-31", true},
		{"date comma and no year", ParseDate, "June 30,", "", false},
		{"date header", ParseDate, "20210329", "2021-03-29", true},
		{"date impossible", ParseDate, "February 30, 2023", "", false},
		{"date bad header", ParseDate, "20211345", "", false},
		{"date junk", ParseDate, "Marchy 10, 2021", "", false},
		{"date no-break spaces", ParseDate, "March\u00a025,\u00a02021", "2021-03-25", true},
		{"date nbsp entity", ParseDate, "March&nbsp;25,&nbsp;2021", "2021-03-25", true},
		{"date nbsp numeric entity", ParseDate, "25&#160;March 2021", "2021-03-25", true},
		{"date nbsp not a gap", ParseDate, "March&nbsp25, 2021", "", false},
		{"exchange nasdaq", ExchangeName, "Nasdaq Global Market", "Nasdaq", true},
		{"exchange nasdaq llc", ExchangeName, "The Nasdaq Stock Market LLC", "Nasdaq", true},
		{"exchange nyse long", ExchangeName, "New York Stock Exchange", "NYSE", true},
		{"exchange nyse american", ExchangeName, "NYSE American", "NYSE American", true},
		{"exchange nyse amex", ExchangeName, "NYSE AMEX", "NYSE Amex", true},
		{"exchange nyse mkt", ExchangeName, "NYSE MKT LLC", "NYSE MKT", true},
		{"exchange alternext", ExchangeName, "NYSE Alternext US LLC", "NYSE Alternext US", true},
		{"exchange amex", ExchangeName, "AMEX", "AMEX", true},
		{"exchange american stock exchange", ExchangeName, "the American Stock Exchange", "American Stock Exchange", true},
		{"exchange dei code", ExchangeName, "NYSEAMER", "NYSE American", true},
		{"date viewer june", ParseDate, "Jun. 30, 2024", "2024-06-30", true},
		{"date viewer july", ParseDate, "Jul. 31, 2023", "2023-07-31", true},
		{"exchange otc", ExchangeName, "OTC Bulletin Board", "OTC", true},
		{"exchange other", ExchangeName, "London Stock Exchange", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.parse(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("parse(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestWordsAndFractions(t *testing.T) {
	for in, want := range map[string]int{"twenty-four": 24, "eighteen months": 18, "thirty six": 36, "one hundred and eighty": 180} {
		if got, ok := WordsToInt(in); !ok || got != want {
			t.Errorf("WordsToInt(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	if _, ok := WordsToInt("months"); ok {
		t.Error("WordsToInt(months) should fail")
	}
	if n, d, ok := Fraction("one-half"); !ok || n != 1 || d != 2 {
		t.Errorf("Fraction(one-half) = %d/%d %v", n, d, ok)
	}
	if n, d, ok := Fraction("One Third"); !ok || n != 1 || d != 3 {
		t.Errorf("Fraction(One Third) = %d/%d %v", n, d, ok)
	}
}

func TestFind(t *testing.T) {
	ls := Lines{"no numbers here", "units at $10.00 per unit", "units at $9.00 per unit"}
	re := regexp.MustCompile(`at (` + Price + `) per unit`)
	m, ok := ls.Find(re, 1, 10)
	if !ok || m.Line != 2 || m.Group(1) != "$10.00" || m.Group(5) != "" {
		t.Fatalf("Find = %+v, %v", m, ok)
	}
	if m, ok := ls.Find(re, 3, 3); !ok || m.Group(1) != "$9.00" {
		t.Errorf("Find from 3 = %+v", m)
	}
	if _, ok := ls.Find(re, -5, 1); ok {
		t.Error("Find in line 1 should miss")
	}
	if got := len(ls.FindAll(re, 0, 99)); got != 2 {
		t.Errorf("FindAll = %d matches, want 2", got)
	}
	quoted := regexp.MustCompile(`symbol ` + OpenQuote + `([A-Z]+)` + CloseQuote)
	for _, line := range []string{`symbol "MRAC"`, "symbol \u201cMRAC\u201d"} {
		if m := quoted.FindStringSubmatch(line); m == nil || m[1] != "MRAC" {
			t.Errorf("quote pattern missed %q", line)
		}
	}
	if StraightQuotes("\u201cA\u201d \u2019s") != `"A" 's` || TrimQuotes("\u201cLCW\u201d") != "LCW" {
		t.Error("quote helpers")
	}
}
