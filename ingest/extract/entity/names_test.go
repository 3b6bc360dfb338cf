package entity

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// namePieces are what the random texts of TestPastNameWordsKeepsEveryName are made of: the
// words, joiners, brackets, legal forms and separators of firms' names and of the runs of
// capitalised words around them.
var namePieces = []string{
	"Acme", "ACME", "McKay", "O’Neil", "Beta-Gamma", "Corp.", "Corp", "CORP.", "Inc.", "INC",
	"LLC", "Holdings", "Co.", "& Co.", "of", "and", "and Co.", "the", "The", "2008", "12",
	"(USA)", "(Europe)", "S.A.", "SE", "II", "IV", "Agreement", "Business", "Combination",
	"BUSINESS", "AMONG", "Meeting", ",", ".", ";", "/", "\t", "\n", " ", " ", " ", "  ",
}

func randomNames(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(30); n > 0; n-- {
		b.WriteString(namePieces[r.IntN(len(namePieces))])
		if r.IntN(3) > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// TestPastNameWordsKeepsEveryName: skipping the capitalised words after a start that began
// no name finds exactly the names orgRe finds trying every position.
func TestPastNameWordsKeepsEveryName(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{
		"BUSINESS COMBINATION AGREEMENT BY AND AMONG PINE HOLLOW ACQUISITION CORP. AND ACME INC.",
		"Credit Suisse Securities (USA) LLC and Goldman Sachs & Co. LLC acted as underwriters.",
		"Rocket Lab USA, Inc. and Chardan 2008 China Acquisition Corp. II",
		"The Special Meeting of Stockholders of Kestrel Harbor Acquisition Corp. Approved",
	}
	for range 20000 {
		texts = append(texts, randomNames(r))
	}
	found := 0
	for _, text := range texts {
		got, want := orgRe.FindAllStringIndexPast(text, pastNameWords), orgRe.Regexp.FindAllStringIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %v, the regexp %v", text, got, want)
		}
		found += len(want)
	}
	if found < 1000 {
		t.Errorf("only %d names in the texts: they test little", found)
	}
}
