package entity

// A hand-written reader of durationRe (readers_test.go), for the same reason as quantities
// (quantity.go): the pattern starts at every word of a sentence that begins like a number
// word, and each anchored try ran a program of hundreds of instructions. This reader follows
// the pattern's order of tries (leftmost-first): the number words in its order ("six" before
// "sixteen"), the hyphenated run of them greedily, then the unit. TestDurationReaderIsTheRegexp
// holds it to durationRe's submatches.

// numberWords are numberWord's alternatives, in its order.
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
	"eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
	"ninety", "hundred"}

// durationScan returns what durationRe.FindAllStringSubmatchIndex(s, -1) returns.
func durationScan(s string) [][]int {
	var out [][]int
	for i := 0; i < len(s); i++ {
		if !(isAlnum(s[i]) || s[i] == "ſ"[0]) || !boundary(s, i) {
			continue
		}
		if m := durationAt(s, i); m != nil {
			out = append(out, m)
			i = m[1] - 1
		}
	}
	return out
}

// durationAt reads a duration beginning at i: its submatches, or nil.
func durationAt(s string, i int) []int {
	m := [12]int{i, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1} // copied out on a match only
	if isDigit(s[i]) {
		m[2], m[3] = i, skip(s, i, isDigit)
		if m[1] = durationRest(s, m[3], m[:]); m[1] >= 0 {
			return append([]int(nil), m[:]...)
		}
		return nil
	}
	for _, w := range numberWords {
		if mayBegin(s[i], w) {
			if e := foldAt(s, i, w); e >= 0 && durationWords(s, e, m[:]) {
				return append([]int(nil), m[:]...)
			}
		}
	}
	return nil
}

// mayBegin reports whether the byte c may begin the word w (lower-case ASCII) under (?i):
// c is its first letter in either case, or the first byte of "ſ" for an "s".
func mayBegin(c byte, w string) bool {
	return c|0x20 == w[0] || c == "ſ"[0] && w[0] == 's'
}

// durationWords goes on after a number word ending at e: first one more `[- ](?:and[- ])?`
// and number word (the run is greedy), then the run's end, an optional "(24)" and the rest.
func durationWords(s string, e int, m []int) bool {
	if e < len(s) && (s[e] == '-' || s[e] == ' ') {
		for _, q := range andOr(s, e+1) {
			for _, w := range numberWords {
				if q >= len(s) || !mayBegin(s[q], w) {
					continue
				}
				if f := foldAt(s, q, w); f >= 0 && durationWords(s, f, m) {
					return true
				}
			}
		}
	}
	m[4], m[5] = m[0], e
	if p := skip(s, e, isSpace); p < len(s) && s[p] == '(' {
		if d := skip(s, p+1, isDigit); d > p+1 && d < len(s) && s[d] == ')' {
			m[6], m[7] = p+1, d
			if m[1] = durationRest(s, d+1, m); m[1] >= 0 {
				return true
			}
		}
	}
	m[6], m[7] = -1, -1
	if m[1] = durationRest(s, e, m); m[1] >= 0 {
		return true
	}
	m[4], m[5] = -1, -1
	return false
}

// andOr returns where the next number word may begin after a hyphen or space at q: after an
// "and" with its own hyphen or space first, then at q.
func andOr(s string, q int) []int {
	if a := foldAt(s, q, "and"); a >= 0 && a < len(s) && (s[a] == '-' || s[a] == ' ') {
		return []int{a + 1, q}
	}
	return []int{q}
}

// durationRest reads `[- ]?(?:(calendar|business|trading)[- ])?(month|day|year)s?\b` at q,
// setting the groups of the kind and the unit: the end, or -1.
func durationRest(s string, q int, m []int) int {
	qs, n := [2]int{q, q}, 1
	if q < len(s) && (s[q] == '-' || s[q] == ' ') {
		qs[0], n = q+1, 2
	}
	for _, q := range qs[:n] {
		for _, w := range []string{"calendar", "business", "trading"} {
			if c := foldAt(s, q, w); c >= 0 && c < len(s) && (s[c] == '-' || s[c] == ' ') {
				if word, end := unitAt(s, c+1); end >= 0 {
					m[8], m[9], m[10], m[11] = q, c, c+1, word
					return end
				}
			}
		}
		if word, end := unitAt(s, q); end >= 0 {
			m[10], m[11] = q, word
			return end
		}
	}
	return -1
}

// unitAt reads `(month|day|year)s?\b` at q: the word's end and the match's end, or -1, -1.
func unitAt(s string, q int) (int, int) {
	for _, w := range []string{"month", "day", "year"} {
		e := foldAt(s, q, w)
		if e < 0 {
			continue
		}
		if f := foldAt(s, e, "s"); f >= 0 && boundary(s, f) {
			return e, f
		}
		if boundary(s, e) {
			return e, e
		}
		return -1, -1
	}
	return -1, -1
}
