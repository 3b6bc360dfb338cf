package entity

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// quantityRe is what quantityScan (quantity.go) reads, kept here to hold it to: a count of securities: the figure, an optional "of its", modifiers
// ("public", "Class A", "private placement", a product name "Pubco"), the noun, and an
// optional "of <name> Class A common stock" tail that names the class.
var quantityRe = re(`\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s(?i:million|billion)|\d+)\s*` +
	`(?:of\s+(?:the\s+Company['’]s\s+|our\s+|its\s+|such\s+)?)?` +
	`((?:(?:issued\s+and\s+)?outstanding\s+|then[- ]outstanding\s+|public\s+|publicly[- ]held\s+|founder\s+|private\s+placement\s+|placement\s+|private\s+|insider\s+|additional\s+|newly[- ]issued\s+|non-redeemable\s+|redeemable\s+|sponsor\s+|anchor\s+|earn-?out\s+|preferred\s+|convertible\s+|restricted\s+|(?:un)?vested\s+|remaining\s+|existing\s+|consideration\s+|Class\s+[A-Z]\s+|Series\s+[A-Z]\s+|ordinary\s+|common\s+|[A-Z][\w-]*\s+){0,6}?)` +
	`(?i:(shares?|units?|warrants?|rights?|(?:common|ordinary)\s+stock))\b` +
	`((?:\s+of\s+(?:the\s+Company['’]s\s+|our\s+|its\s+)?(?:[A-Z][\w-]*\s+){0,4}?(?:Class\s+[A-Z]\s+)?(?i:common\s+stock|ordinary\s+shares|stock|shares)\b)?)`)

// durationRe is what durationScan (duration.go) reads, kept here to hold it to.
var durationRe = re(`(?i)\b(?:(\d+)|(` + numberWord + `(?:[- ](?:and[- ])?` + numberWord + `)*)(?:\s*\((\d+)\))?)[- ]?(?:(calendar|business|trading)[- ])?(month|day|year)s?\b`)

// quantityPieces are what the random texts of TestQuantityReaderIsTheRegexp are made of:
// figures, the pattern's words in both cases and cut short, the runes that case-fold to its
// letters ("ſ", the Kelvin sign), curly and straight apostrophes, and white space of each kind.
var quantityPieces = []string{
	"1", "12", "123", "1234", ",000", ",00", ".5", "1,000", "2,500,000", "0.5", " million", " Billion",
	" ", " ", " ", "  ", "\t", "\n", ",", ".", "-", "(", ")", "_", "$", "x", "A", "B ", "ſ", "\u212a",
	"of ", "of  ", "Of ", "the ", "Company", "Company's ", "Company’s ", "our ", "its ", "such ",
	"issued ", "and ", "outstanding ", "then-", "then ", "public ", "publicly-held ", "publicly held ",
	"founder ", "private ", "placement ", "insider ", "additional ", "newly-issued ", "non-redeemable ",
	"redeemable ", "sponsor ", "anchor ", "earn-out ", "earnout ", "preferred ", "convertible ",
	"restricted ", "unvested ", "vested ", "remaining ", "existing ", "consideration ", "Class ",
	"Class A ", "Series B ", "ordinary ", "common ", "Pubco ", "New-Co ", "NewCo_2 ", "Founder ",
	"share", "shares", "Shares", "SHARES", "ſhares", "shareſ", "unit", "Units", "warrant",
	"warrants", "right", "Rights", "common stock", "Common Stock", "ordinary shares",
	"ordinary  stock", "stoc\u212a", "stock", "sharesx", "units_",
}

func randomQuantityText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(24); n > 0; n-- {
		b.WriteString(quantityPieces[r.IntN(len(quantityPieces))])
	}
	return b.String()
}

// TestQuantityReaderIsTheRegexp: quantityScan finds exactly quantityRe's matches, every
// submatch included, on 200,000 random texts, every corpus text and every line of the real
// Vector filings that holds a digit.
func TestQuantityReaderIsTheRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 6))
	texts := append(corpusTexts(t), vectorLines(t)...)
	for range 200000 {
		texts = append(texts, randomQuantityText(r))
	}
	found := 0
	for _, text := range texts {
		got, want := quantityScan(text), quantityRe.Regexp.FindAllStringSubmatchIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n reader %v\n regexp %v", text, got, want)
		}
		found += len(want)
	}
	t.Logf("%d texts, %d vector lines, %d quantities", len(texts), len(vectorLines(t)), found)
	if found < 20000 {
		t.Errorf("only %d quantities in the texts: they test little", found)
	}
}

// vectorLines are the lines with a digit of the real Vector filings (none when the shared
// data is not there).
func vectorLines(t *testing.T) []string {
	return vectorLinesWith(t, func(line string) bool { return strings.ContainsAny(line, "0123456789") })
}

// vectorLinesWith are the lines of the real Vector filings that keep accepts.
func vectorLinesWith(t testing.TB, keep func(string) bool) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "..", "shared", "realdata", "vector", "*.txt"))
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			if keep(sc.Text()) {
				out = append(out, sc.Text())
			}
		}
		fh.Close()
	}
	return out
}

// TestDatesSkipNoDate: reading the date patterns only in the month windows with four digits
// in a row finds every date the patterns find in every window, on the corpus texts and the
// real Vector lines.
func TestDatesSkipNoDate(t *testing.T) {
	found := 0
	for _, text := range append(corpusTexts(t), vectorLines(t)...) {
		want := datesIn(text, func(string) bool { return true })
		if got := dates(text); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %v, every window %v", text, got, want)
		}
		found += len(want)
	}
	if found < 1000 {
		t.Errorf("only %d dates in the texts: they test little", found)
	}
}

// durationPieces are what the random texts of TestDurationReaderIsTheRegexp are made of.
var durationPieces = []string{
	"1", "24", "six", "Six", "SIX", "ſix", "sixteen", "seventeen", "seventy", "twenty", "four",
	"hundred", "ten", "tenants", "one", "eighteen", "-", " ", "  ", "\t", "and", "AND", "and-",
	"(", ")", "(24)", " (18)", "calendar", "Business", "buſiness", "trading", "month", "months",
	"Day", "days", "year", "YEARS", "monthſ", "s", "x", "_", ",", ".", "é", "a",
}

// TestDurationReaderIsTheRegexp: durationScan finds exactly durationRe's matches, every
// submatch included, on 200,000 random texts, every corpus text and the real Vector lines.
func TestDurationReaderIsTheRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 8))
	texts := append(corpusTexts(t), vectorLines(t)...)
	for range 200000 {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			b.WriteString(durationPieces[r.IntN(len(durationPieces))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, text := range texts {
		got, want := durationScan(text), durationRe.Regexp.FindAllStringSubmatchIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n reader %v\n regexp %v", text, got, want)
		}
		found += len(want)
	}
	if found < 10000 {
		t.Errorf("only %d durations in the texts: they test little", found)
	}
}
