package news

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spacdata/spac"
)

func TestLinkForms(t *testing.T) {
	l := testLinker()
	tests := []struct {
		name string
		text string
		want []spac.CIK
	}{
		{"unpadded CIK", "Filer CIK 1847577 reported", []spac.CIK{cikLearnCW}},
		{"labelled padded CIK", "CIK: 0001847577", []spac.CIK{cikLearnCW}},
		{"glued CIK", "see CIK0001847577.", []spac.CIK{cikLearnCW}},
		{"bare padded CIK", "registrant 0001847577 filed", []spac.CIK{cikLearnCW}},
		{"archive URL", "https://www.sec.gov/Archives/edgar/data/1847577/0001140361-21-010426.txt", []spac.CIK{cikLearnCW}},
		{"cashtag", "Traders piled into $MRAC today", []spac.CIK{cikMaple}},
		{"cashtag unit with dot", "watch $SOUL.U", []spac.CIK{cikSoul}},
		{"NASDAQ form", "the company (NASDAQ: MRAC) said", []spac.CIK{cikMaple}},
		{"Nasdaq unit form", "the company (Nasdaq: MRACU) said", []spac.CIK{cikMaple}},
		{"NYSE form with dot", "(NYSE: SOUL.U)", []spac.CIK{cikSoul}},
		{"NYSE American list", "listed on NYSE American: GACQ.U, GACQ and GACQ WS", []spac.CIK{cikGlobal}},
		{"exchange list of two SPACs", "(NASDAQ: MRAD, NOWU)", []spac.CIK{cikMapleII, cikHarbor}},
		{"quoted symbol", "under the ticker symbol “SOULU.”", []spac.CIK{cikSoul}},
		{"quoted symbols list", `under the symbols "MRAC" and "MRACW"`, []spac.CIK{cikMaple}},
		{"previous ticker", "(NASDAQ: MPLR)", []spac.CIK{cikMaple}},
		{"name with Corp.", "Maple Ridge Acquisition Corp. announced", []spac.CIK{cikMaple}},
		{"name with Corporation", "MAPLE RIDGE ACQUISITION CORPORATION announced", []spac.CIK{cikMaple}},
		{"name without suffix", "Maple Ridge Acquisition's sponsor", []spac.CIK{cikMaple}},
		{"series name", "Maple Ridge Acquisition Corp. II priced", []spac.CIK{cikMapleII}},
		{"both series", "Maple Ridge Acquisition Corp. II, sibling of Maple Ridge Acquisition Corp.", []spac.CIK{cikMapleII, cikMaple}},
		{"name Corp vs Corporation", "Soulpower Acquisition Corp. rang the bell", []spac.CIK{cikSoul}},
		{"name glued to next word", "Soulpower Acquisition CorporationJustin Lafazan", []spac.CIK{cikSoul}},
		{"generic name with suffix", "Global Acquisition Corp. filed", []spac.CIK{cikGlobal}},
		{"one-word name with suffix", "Nimbus, Inc. agreed", []spac.CIK{cikNimbusCo}},
		{"first mention orders", "(NYSE: SOUL) then Learn CW Investment Corp", []spac.CIK{cikSoul, cikLearnCW}},
		{"same SPAC twice", "$MRAC and Maple Ridge Acquisition Corp and CIK 9900001", []spac.CIK{cikMaple}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := l.Link(tc.text)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Link(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

func TestLinkNegatives(t *testing.T) {
	l := testLinker()
	for _, text := range []string{
		"NOW is the time to buy",                   // bare uppercase word equal to a ticker
		"MRAC shares rose",                         // bare ticker without a ticker form
		"The CEO said GACQ WS were thin",           // bare tickers
		"a global acquisition strategy",            // generic words of a weak name
		"Global Acquisition is a phrase",           // weak name without its legal suffix
		"Nimbus clouds gathered",                   // one-word name without suffix
		"priced at $10.00 per unit",                // dollars are not cashtags
		"accession 0001847577-21-010426 was filed", // accession, not a CIK
		"CIK 1234567 is unknown",                   // CIK outside the universe
		"(NASDAQ: ZZZZ)",                           // unknown ticker
		"Maple Ridge shares",                       // partial name
		"$mrac lowercase",                          // cashtags are uppercase
		"",
	} {
		if got, syms := l.Link(text); len(got) != 0 || len(syms) != 0 {
			t.Errorf("Link(%q) = %v %v, want nothing", text, got, syms)
		}
	}
}

func TestLinkSymbols(t *testing.T) {
	ciks, syms := testLinker().Link("(NYSE: SOUL.U) and $MRACW and Learn CW Investment Corp")
	if want := []spac.CIK{cikSoul, cikMaple, cikLearnCW}; !slices.Equal(ciks, want) {
		t.Fatalf("ciks = %v, want %v", ciks, want)
	}
	if want := []string{"SOUL", "MRAC", "LCW"}; !slices.Equal(syms, want) {
		t.Fatalf("symbols = %v, want %v", syms, want)
	}
}

func TestLinkDeterministic(t *testing.T) {
	text := "Learn CW Investment Corp, $NOW, $MRAC, (NYSE: SOUL), Global Acquisition Corp."
	first, _ := testLinker().Link(text)
	for range 20 {
		got, _ := NewLinker(testUniverse()).Link(text)
		if !slices.Equal(got, first) {
			t.Fatalf("Link is not deterministic: %v then %v", first, got)
		}
	}
}

func TestLinkCurrentTickerWinsOverPrevious(t *testing.T) {
	u := append(testUniverse(), Entity{CIK: "0009900099", Name: "Reused Ticker Corp", Symbol: "MPLR", Tickers: []string{"MPLR"}})
	got, _ := NewLinker(u).Link("$MPLR")
	if want := []spac.CIK{"0009900099"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestEntityOf(t *testing.T) {
	p := spac.Profile{SPAC: spac.SPAC{CIK: "1847577", Name: "Learn CW Investment Corp", Symbol: "lcw",
		Tickers: spac.Tickers{Shares: "LCW", Units: "LCW.U", Warrants: "LCW WS", Previous: []string{"OLDC"}}},
		Combination: &spac.Combination{NewName: "Innventure Inc."}}
	l := NewLinker([]Entity{EntityOfProfile(p)})
	for _, text := range []string{"$OLDC", "(NYSE: LCW WS)", "Innventure, Inc. shares", "CIK 1847577"} {
		if got, syms := l.Link(text); !slices.Equal(got, []spac.CIK{cikLearnCW}) || !slices.Equal(syms, []string{"LCW"}) {
			t.Errorf("Link(%q) = %v %v", text, got, syms)
		}
	}
}

// The real Soulpower press releases link to a SPAC named "Soulpower Acquisition Corporation"
// (the pricing release by name and quoted ticker, the closing one also by "(NYSE: SOUL.U)").
func TestLinkRealPressReleases(t *testing.T) {
	dir := filepath.Join(realdata(t), "news")
	files, err := filepath.Glob(filepath.Join(dir, "Soulpower_*.md"))
	if err != nil || len(files) != 2 {
		t.Fatalf("want the two Soulpower press releases in %s, got %v (%v)", dir, files, err)
	}
	l := testLinker()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ciks, syms := l.Link(string(b))
		if !slices.Equal(ciks, []spac.CIK{cikSoul}) || !slices.Equal(syms, []string{"SOUL"}) {
			t.Errorf("%s: linked %v %v, want only Soulpower", filepath.Base(f), ciks, syms)
		}
	}
	// By tickers alone (the universe knows the SPAC under another name), the closing release
	// still links through "(NYSE: SOUL.U)".
	byTicker := NewLinker([]Entity{{CIK: cikSoul, Name: "Some Other Name Holdings", Symbol: "SOUL",
		Tickers: []string{"SOULU", "SOUL.U"}}})
	b, err := os.ReadFile(filepath.Join(dir, "Soulpower_Acquisition_IPO_closing_press_release_2025-04-03.md"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := byTicker.Link(string(b)); !slices.Equal(got, []spac.CIK{cikSoul}) {
		t.Errorf("closing release by ticker: %v", got)
	}
}
