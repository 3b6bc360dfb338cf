package entity

import (
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

// recognisers find the candidates of each kind; Recognise settles their overlaps. Each runs
// only when the text holds its clue (a "$" for money, a digit for a count...): most
// sentences hold few kinds, and the clues are one pass over the text.
// kinds lists every kind a recogniser can give, so that the clues alone tell which kinds a
// text may hold (Scan.May).
var recognisers = []struct {
	clue  func(clues) bool
	find  func(string) []Entity
	kinds []Kind
}{
	{func(c clues) bool { return c.dollar }, moneys, []Kind{Money}},
	{func(c clues) bool { return c.digit && c.noun }, quantities, []Kind{Shares, Units, Warrants, Rights}},
	{func(c clues) bool { return c.comma && c.digit }, counts, []Kind{Count}},
	{func(c clues) bool { return c.digit && c.percent }, percents, []Kind{Percent}},
	{func(c clues) bool { return c.digit && c.month }, dates, []Kind{Date}},
	{func(c clues) bool { return c.period }, durations, []Kind{Duration}},
	{func(c clues) bool { return c.quote || c.symbol || c.colon }, tickers, []Kind{Ticker, Exchange}},
	{func(c clues) bool { return c.exchange }, exchanges, []Kind{Exchange}},
	{func(c clues) bool { return c.legal }, orgs, []Kind{Org}},
}

// clues are the cheap facts about a text that decide which recognisers can find anything.
type clues struct {
	dollar, digit, comma, percent, month, period, quote, symbol, colon, exchange, legal, noun bool
}

// cluesOf reads the clues of a text: one scan for characters, a few substring tests on its
// lower-cased copy.
func cluesOf(text string) clues { return cluesOfLower(text, strings.ToLower(text)) }

// cluesOfLower is cluesOf with the text's strings.ToLower already made.
func cluesOfLower(text, lower string) clues {
	var c clues
	for i := 0; i < len(text); i++ {
		switch b := text[i]; {
		case b >= '0' && b <= '9':
			c.digit = true
		case b == '$':
			c.dollar = true
		case b == ',':
			c.comma = true
		case b == '%':
			c.percent = true
		case b == '"':
			c.quote = true
		case b == ':':
			c.colon = true
		}
	}
	c.quote = c.quote || strings.Contains(text, "“")
	c.percent = c.percent || strings.Contains(lower, "percent")
	c.month = containsAny(lower, monthStems)
	c.period = containsAny(lower, []string{"month", "day", "year"})
	c.symbol = strings.Contains(lower, "symbol")
	// every name exchangeRe knows, the earlier ones too ("the American Stock Exchange", "AMEX")
	c.exchange = containsAny(lower, []string{"nasdaq", "nyse", "new york stock", "otc", "american stock", "amex"})
	c.legal = containsAny(lower, legalStems) || strings.HasSuffix(lower, " se")
	c.noun = containsAny(lower, []string{"share", "unit", "warrant", "right", "stock"})
	return c
}

var (
	monthStems = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
	legalStems = []string{"inc", "corp", "llc", "l.l.c", "ltd", "limited", "l.p.", " lp", "plc", "n.v.", "b.v.", "s.a.", " ag", "gmbh", "co.", "holdings", "s.p.a",
		"berhad", "bhd.", "ltda.", "s.r.l.", "s.à", "s.a.r.l.", "k.k.", " tbk", " oyj", " asa", " a/s", " se ", " se,", " se.", " se)", " se;", "pjsc",
		"acquisition company"}
)

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// re compiles a recogniser's pattern: its matches are sought only where one can begin
// (textutil.Starts), which most positions of a sentence cannot.
func re(s string) *textutil.Starts { return textutil.MustStarts(s) }

// scale words multiply a figure ("$25.06 million", "46.7 million shares").
var scales = map[string]int64{"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

// number reads a figure with an optional scale word as an exact rational. A figure of a
// million or more followed by a scale word ("$7,270,000 million" for $7,270,000) is a typo
// that no reading makes right - scaled it is trillions - so it is no number at all.
func number(figure, scale string) *big.Rat {
	v, ok := new(big.Rat).SetString(strings.ReplaceAll(figure, ",", ""))
	if !ok {
		return nil
	}
	if m, ok := scales[strings.ToLower(scale)]; ok {
		if v.Cmp(big.NewRat(1_000_000, 1)) >= 0 {
			return nil
		}
		v.Mul(v, new(big.Rat).SetInt64(m))
	}
	return v
}

const figure = `\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`

var moneyRe = re(`(?:US)?\$\s?(` + figure + `)(?:\s?(?i:(million|billion|thousand))\b)?`)

func moneys(s string) []Entity {
	var out []Entity
	for _, m := range moneyRe.FindAllStringSubmatchIndex(s, -1) {
		if cutShort(s, m[1]) {
			continue
		}
		scale := ""
		if m[4] >= 0 {
			scale = s[m[4]:m[5]]
		}
		if garbledGroups(s[m[2]:m[3]]) {
			continue
		}
		if v := number(s[m[2]:m[3]], scale); v != nil {
			out = append(out, Entity{Kind: Money, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1], Num: v})
		}
	}
	return out
}

// garbledGroups tells a figure whose last thousands group was typed with a period
// ("$5,013.000" for $5,013,000): grouped digits with three decimals have no one reading, so
// the amount is no number at all rather than a thousandth of itself.
func garbledGroups(figure string) bool {
	dot := strings.LastIndexByte(figure, '.')
	return dot >= 0 && strings.ContainsRune(figure, ',') && len(figure)-dot-1 == 3
}

// quantities are read by quantityScan (quantity.go), a hand-written reader of quantityRe
// (quantity_test.go): a count of securities - the figure, an optional "of its", modifiers
// ("public", "Class A", "private placement", a product name "Pubco"), the noun, and an
// optional "of <name> Class A common stock" tail that names the class.
var classRe = re(`Class\s+([A-Z])\b`)

func quantities(s string) []Entity {
	var out []Entity
	for _, m := range quantityScan(s) {
		fig := s[m[2]:m[3]]
		f, scale, _ := strings.Cut(fig, " ")
		v := number(f, scale)
		if v == nil {
			continue
		}
		e := Entity{Kind: nounKind(s[m[6]:m[7]]), Start: m[0], End: m[1], CoreStart: m[2], CoreEnd: m[3], Num: v}
		if c := classRe.FindStringSubmatch(s[m[4]:m[5]] + s[m[8]:m[9]]); c != nil {
			e.Class = c[1]
		}
		out = append(out, e)
	}
	return out
}

func nounKind(noun string) Kind {
	switch n := strings.ToLower(noun); {
	case strings.HasPrefix(n, "unit"):
		return Units
	case strings.HasPrefix(n, "warrant"):
		return Warrants
	case strings.HasPrefix(n, "right"):
		return Rights
	}
	return Shares
}

// cutShortRe is what follows a figure the text was cut inside of: its group separator and at
// most two digits of the next group, then nothing ("generating total proceeds of $7,000," at
// the end of an excerpt is $7,000,000 or more, never $7,000).
var cutShortRe = re(`^,\d{0,2}\s*$`)

// cutShort reports whether the figure ending at end is cut short by the end of the text.
func cutShort(s string, end int) bool {
	return cutShortRe.MatchString(s[end:])
}

var countRe = re(`\b\d{1,3}(?:,\d{3})+\b`)

// counts are bare grouped integers: votes in a table, a number of shares named elsewhere.
func counts(s string) []Entity {
	var out []Entity
	for _, m := range countRe.FindAllStringIndex(s, -1) {
		if cutShort(s, m[1]) {
			continue
		}
		if v := number(s[m[0]:m[1]], ""); v != nil {
			out = append(out, Entity{Kind: Count, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1], Num: v})
		}
	}
	return out
}

var percentRe = re(`\b(\d+(?:\.\d+)?)\s?(?:%|percent\b)`)

func percents(s string) []Entity {
	var out []Entity
	for _, m := range percentRe.FindAllStringSubmatchIndex(s, -1) {
		if v := number(s[m[2]:m[3]], ""); v != nil {
			out = append(out, Entity{Kind: Percent, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1], Num: v})
		}
	}
	return out
}

// dates reads the dates of s. The patterns run only on windows around the month names the
// text holds (a date is at most a few words around its month), so a long sentence with one
// date costs one short match, not a scan of the whole sentence per pattern.
func dates(s string) []Entity {
	if !hasYear(s) {
		return nil
	}
	return datesIn(s, hasYear) // "may", "market", "separate": most month stems begin no date
}

// datesIn reads the dates of the windows of s that may holds.
func datesIn(s string, may func(string) bool) []Entity {
	var out []Entity
	seen := map[int]bool{}
	for _, w := range monthWindows(s) {
		if !may(s[w[0]:w[1]]) {
			continue
		}
		for _, d := range textutil.DateForms {
			for _, m := range d.Re.FindAllStringSubmatchIndex(s[w[0]:w[1]], -1) {
				start, end := w[0]+m[0], w[0]+m[1]
				if seen[start] {
					continue
				}
				if c := s[end-1]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
					end-- // a year run into the next word ("2019to"): the word is not the date's
				}
				g := func(i int) string { return s[w[0]+m[2*i] : w[0]+m[2*i+1]] }
				if iso, ok := textutil.DateOf(g(d.Mon), g(d.Day), g(d.Year)); ok {
					seen[start] = true
					out = append(out, Entity{Kind: Date, Start: start, End: end, CoreStart: start, CoreEnd: end, Value: iso})
				}
			}
		}
	}
	return out
}

// hasYear reports whether s holds four digits in a row, as every one of textutil.DateForms
// does (its year).
func hasYear(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if run++; !isDigit(s[i]) {
			run = 0
		} else if run == 4 {
			return true
		}
	}
	return false
}

// monthWindows returns the byte ranges of s around each month name ("the 2nd day of May,
// 2025" reaches 20 bytes before it, "August 20, 2021" 20 after), merged where they overlap.
func monthWindows(s string) [][2]int {
	lower := asciiLower(s) // offsets must stay those of s

	var hits []int
	for _, stem := range monthStems {
		for i := 0; ; {
			k := strings.Index(lower[i:], stem)
			if k < 0 {
				break
			}
			hits = append(hits, i+k)
			i += k + len(stem)
		}
	}
	sort.Ints(hits)
	var out [][2]int
	for _, h := range hits {
		a, b := max(0, h-24), min(len(s), h+30)
		for a > 0 && !utf8.RuneStart(s[a]) {
			a--
		}
		for b < len(s) && !utf8.RuneStart(s[b]) {
			b++
		}
		if n := len(out); n > 0 && a <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], b)
			continue
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

const numberWord = `(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)`

// durations are read by durationScan (duration.go), a hand-written reader of durationRe
// (readers_test.go).

func durations(s string) []Entity {
	var out []Entity
	for _, m := range durationScan(s) {
		n := ""
		switch {
		case m[2] >= 0:
			n = s[m[2]:m[3]]
		case m[6] >= 0:
			n = s[m[6]:m[7]] // "twenty-four (24) months": the digits are authoritative
		default:
			w, ok := textutil.WordsToInt(s[m[4]:m[5]])
			if !ok {
				continue
			}
			n = big.NewInt(int64(w)).String()
		}
		unit := strings.ToLower(s[m[10]:m[11]])
		if m[8] >= 0 && strings.EqualFold(s[m[8]:m[9]], "trading") {
			unit = "trading " + unit
		}
		if v := number(n, ""); v != nil {
			out = append(out, Entity{Kind: Duration, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1], Num: v, Unit: unit})
		}
	}
	return out
}

// asciiLower lowers the ASCII letters of s and keeps every other byte, so byte offsets in
// the result are offsets in s (strings.ToLower can change the length: invalid UTF-8 becomes
// U+FFFD, some capitals lower to longer runes).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
