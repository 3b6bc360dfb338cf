package entity

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// orgRe is what orgScan (org.go) reads, kept here to hold it to: a company name, capitalised
// words (with "&", "of", ...) ending in a legal form, the comma before it optional ("Rocket
// Lab USA, Inc.", "CWAM LC Sponsor LLC"). A number may stand inside a name, not first
// ("Chardan 2008 China Acquisition Corp."); a date before a name is cut off it (pastNumbers).
// A bank's country in brackets may stand before the legal form ("Credit Suisse Securities
// (USA) LLC").
//
// Its pieces are spelled out here as they were before the reader, not built from the lists
// the reader reads, so that the tests hold the lists too: a legal form added to legalForms
// is added here as well.
var orgRe = re(nameWord + `(?:\s+(?:` + nameWord + `|(?:&|of|de|la|du|del|and\s+Co\.|and\s+Company\b)|\d{1,4}\b))*` +
	`(?:\s+\((?:USA|U\.S\.A\.|U\.S\.|US|America|Americas|Europe|Asia|Canada|Hong Kong|International)\))?` +
	`,?\s+` + legalFormSpelled + `(?:\s(?:I{1,3}|IV|VI{0,3}|IX|X)\b)?`)

// legalFormSpelled is legalForm as the pattern spelled it.
const legalFormSpelled = `(?:Pte\.\s+Ltd\.|PTE\.\s+LTD\.|Inc\.|INC\.|Inc\b|INC\b|Incorporated\b|INCORPORATED\b|Corp\.|CORP\.|Corp\b|CORP\b|Corporation\b|CORPORATION\b|LLC\b|L\.L\.C\.|Ltd\.|LTD\.|Ltd\b|LTD\b|Limited\b|LIMITED\b|L\.P\.|LP\b|plc\b|PLC\b|N\.V\.|B\.V\.|S\.A\.|AG\b|GmbH\b|Co\.|CO\.|S\.p\.A\.|Holdings\b|HOLDINGS\b` +
	`|Berhad\b|BERHAD\b|Bhd\.|BHD\.|Ltda\.|S\.r\.l\.|S\.R\.L\.|S\.à\s?r\.l\.|S\.a\.r\.l\.|K\.K\.|Tbk\b|Oyj\b|ASA\b|A/S\b|SE\b|PJSC\b` +
	`|(?:Acquisition|ACQUISITION)\s+(?:Company|COMPANY)\b)`

// orgPieces are what the random texts of TestOrgReaderIsTheRegexp are made of: namePieces,
// every legal form, country and joiner as the pattern spells them and cut short, numerals,
// figures of every length, the runes around the pattern's (curly apostrophes, "à", a
// broken rune) and white space of each kind.
func orgPieces() []string {
	pieces := append([]string{}, namePieces...)
	spell := strings.NewReplacer(" ", " ", "_", "", `\b`, "")
	for _, list := range [][]string{legalForms, nameJoiners} {
		for _, p := range list {
			w := spell.Replace(p)
			pieces = append(pieces, w, w[:len(w)-1], strings.ReplaceAll(w, " ", "\t "))
		}
	}
	for _, c := range orgCountries {
		pieces = append(pieces, "("+c+")", "("+c, c+")")
	}
	return append(pieces, "S.àr.l.", "S.à r.l.", "S.à  r.l.", "I", "II", "III", "IIII", "IV", "V",
		"VI", "VIII", "VIIII", "IX", "X", "XI", "1", "123", "1234", "12345", "12a", "_", "-", "’",
		"O’", "\xe2\x80", "é", "(", ")", "\r", "\f", "Acquisition", "Company", "del", "Monte",
		"offer", "and  Co.", "de la")
}

// TestOrgReaderIsTheRegexp: orgScan finds exactly orgRe's matches on 300,000 random texts,
// every corpus text and every line of the real Vector filings.
func TestOrgReaderIsTheRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 9))
	pieces := orgPieces()
	texts := append(corpusTexts(t), vectorLinesWith(t, func(string) bool { return true })...)
	for range 300000 {
		var b strings.Builder
		for n := r.IntN(16); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(3) > 0 {
				b.WriteByte(" \t,"[r.IntN(3)])
			}
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, text := range texts {
		got, want := orgScan(text), orgRe.Regexp.FindAllStringIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n reader %v\n regexp %v", text, got, want)
		}
		found += len(want)
	}
	if found < 50000 {
		t.Errorf("only %d names in the texts: they test little", found)
	}
}

// FuzzOrgReader: orgScan finds orgRe's matches in any text.
func FuzzOrgReader(f *testing.F) {
	for _, s := range []string{"Credit Suisse Securities (USA) LLC", "Acme Holdings, Inc. II",
		"Banco del Monte S.à r.l.", "Chardan 2008 China Acquisition Corp. IV", "O’Neil & Co. LLC"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := orgScan(s), orgRe.Regexp.FindAllStringIndex(s, -1); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n reader %v\n regexp %v", s, got, want)
		}
	})
}

// BenchmarkOrgs: the names of firms in the corpus texts and the Vector lines, read by hand and
// by the regexp sought from its starts as the recogniser did.
func BenchmarkOrgs(b *testing.B) {
	texts := append(corpusTexts(b), vectorLinesWith(b, func(string) bool { return true })...)
	b.Run("reader", func(b *testing.B) {
		for b.Loop() {
			for _, s := range texts {
				orgScan(s)
			}
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			for _, s := range texts {
				orgRe.FindAllStringIndexPast(s, pastNameWords)
			}
		}
	})
}
