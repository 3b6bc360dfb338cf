package entity

// A hand-written reader of quantityRe. The pattern's lazy run of up to six modifiers copies
// its alternation six times (a program of 2,400 instructions, past the bound under which Go
// runs its backtracker), so every digit of a sentence started Go's NFA; quantities were the
// costliest recogniser. This reader follows the pattern's own order of tries (leftmost-first,
// as Go's regexp) with plain byte tests; TestQuantityReaderIsTheRegexp holds it to
// quantityRe's submatches on random and corpus texts. Most of the pattern is deterministic:
// every `\s+` and `[\w-]*` is followed by something that cannot begin with the bytes they
// take, so giving bytes back never helps and they are read greedily once.

// quantityMods are the modifiers of quantityRe, in its order (a trailing space stands for
// `\s+`; "-|" for `[- ]`). The capitalised word `[A-Z][\w-]*\s+` is tried last.
var quantityMods = [][]string{
	{"issued ", "and ", "outstanding "}, {"outstanding "}, {"then-|", "outstanding "},
	{"public "}, {"publicly-|", "held "}, {"founder "}, {"private ", "placement "},
	{"placement "}, {"private "}, {"insider "}, {"additional "}, {"newly-|", "issued "},
	{"non-redeemable "}, {"redeemable "}, {"sponsor "}, {"anchor "}, {"earn-out "},
	{"earnout "}, {"preferred "}, {"convertible "}, {"restricted "}, {"unvested "},
	{"vested "}, {"remaining "}, {"existing "}, {"consideration "}, {"Class ", "@ "},
	{"Series ", "@ "}, {"ordinary "}, {"common "},
}

// quantityScan returns what quantityRe.FindAllStringSubmatchIndex(s, -1) returns.
func quantityScan(s string) [][]int {
	var out [][]int
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || i > 0 && isWordByte(s[i-1]) {
			continue
		}
		if m, ok := quantityAt(s, i); ok {
			out = append(out, m)
			i = m[1] - 1
		}
	}
	return out
}

// quantityAt tries the figure's three alternatives at i in the pattern's order.
func quantityAt(s string, i int) ([]int, bool) {
	digits := skip(s, i, isDigit)
	var ends [3]int
	n := 0
	if e := groupsEnd(s, digits); digits-i <= 3 && e > digits {
		ends[n], n = e, n+1
	}
	if e := scaledEnd(s, digits); e > 0 {
		ends[n], n = e, n+1
	}
	ends[n], n = digits, n+1
	for _, fig := range ends[:n] {
		p := skip(s, fig, isSpace)
		if p == len(s) || !isLetter(s[p]) && s[p] != "ſ"[0] {
			continue // the words after a figure begin with a letter ("ſ" for (?i)'s "s")
		}
		ofs, k := quantityOfs(s, p)
		for _, of := range ofs[:k] {
			if m, ok := quantityMod(s, of, of, 0); ok {
				return append([]int{i, m[1], i, fig}, m[2:]...), true
			}
		}
	}
	return nil, false
}

// groupsEnd reads `(?:,\d{3})+` greedily at p (p itself when none). Fewer groups never
// help: a comma would follow the figure, and nothing after it may begin with one.
func groupsEnd(s string, p int) int {
	for p+4 <= len(s) && s[p] == ',' && isDigit(s[p+1]) && isDigit(s[p+2]) && isDigit(s[p+3]) {
		p += 4
	}
	return p
}

// scaledEnd reads `(?:\.\d+)?\s(?i:million|billion)` after the digits ending at p, or 0.
func scaledEnd(s string, p int) int {
	if p+1 < len(s) && s[p] == '.' && isDigit(s[p+1]) {
		p = skip(s, p+1, isDigit)
	}
	if p >= len(s) || !isSpace(s[p]) {
		return 0
	}
	for _, w := range []string{"million", "billion"} {
		if e := foldAt(s, p+1, w); e > 0 {
			return e
		}
	}
	return 0
}

// quantityOfs are the places the modifiers may begin after `(?:of\s+(?:...)?)?`, in order.
func quantityOfs(s string, p int) ([3]int, int) {
	e := wordsAt(s, p, "of ")
	if e < 0 {
		return [3]int{p}, 1
	}
	for _, w := range [][]string{{"the ", "Company", "'|’", "s "}, {"our "}, {"its "}, {"such "}} {
		if f := wordsAt(s, e, w...); f >= 0 {
			return [3]int{f, e, p}, 3 // (the four begin with four letters: one at most)
		}
	}
	return [3]int{e, p}, 2
}

// quantityMod tries, lazily, the noun at p and then one more modifier (k read so far). It
// returns the match's tail from the modifiers' group on: [_, end, modsStart, modsEnd,
// nounStart, nounEnd, tailStart, tailEnd].
func quantityMod(s string, start, p, k int) ([]int, bool) {
	if n := nounEnd(s, p); n >= 0 {
		t := quantityTail(s, n)
		return []int{0, t, start, p, p, n, n, t}, true
	}
	if k == 6 {
		return nil, false
	}
	for _, mod := range quantityMods {
		if p == len(s) || mod[0][0] != s[p] {
			continue
		}
		if e := wordsAt(s, p, mod...); e >= 0 {
			if m, ok := quantityMod(s, start, e, k+1); ok {
				return m, true
			}
		}
	}
	if e := capitalWord(s, p); e >= 0 {
		return quantityMod(s, start, e, k+1)
	}
	return nil, false
}

// nounEnd reads `(?i:(shares?|units?|warrants?|rights?|(?:common|ordinary)\s+stock))\b`.
func nounEnd(s string, p int) int {
	for _, n := range []string{"share", "unit", "warrant", "right"} {
		e := foldAt(s, p, n)
		if e < 0 {
			continue
		}
		if f := foldAt(s, e, "s"); f > 0 && boundary(s, f) {
			return f
		}
		if boundary(s, e) {
			return e
		}
		return -1
	}
	for _, n := range []string{"common", "ordinary"} {
		if e := foldAt(s, p, n); e > 0 {
			if e = spaces(s, e); e > 0 {
				if e = foldAt(s, e, "stock"); e > 0 && boundary(s, e) {
					return e
				}
			}
			return -1
		}
	}
	return -1
}

// quantityTail reads the optional tail naming the class, `\s+of\s+(...)?(?:[A-Z][\w-]*\s+){0,4}?
// (?:Class\s+[A-Z]\s+)?(?i:common\s+stock|ordinary\s+shares|stock|shares)\b`, or none (n).
func quantityTail(s string, n int) int {
	p := spaces(s, n)
	if p < 0 {
		return n
	}
	if p = wordsAt(s, p, "of "); p < 0 {
		return n
	}
	for _, w := range [][]string{{"the ", "Company", "'|’", "s "}, {"our "}, {"its "}, nil} {
		q := p
		if w != nil {
			if q = wordsAt(s, p, w...); q < 0 {
				continue
			}
		}
		for k := 0; k <= 4 && q >= 0; k++ {
			if c := wordsAt(s, q, "Class ", "@ "); c >= 0 {
				if e := tailNoun(s, c); e >= 0 {
					return e
				}
			}
			if e := tailNoun(s, q); e >= 0 {
				return e
			}
			q = capitalWord(s, q)
		}
	}
	return n
}

// tailNoun reads `(?i:common\s+stock|ordinary\s+shares|stock|shares)\b`.
func tailNoun(s string, p int) int {
	for _, w := range [][2]string{{"common", "stock"}, {"ordinary", "shares"}, {"", "stock"}, {"", "shares"}} {
		q := p
		if w[0] != "" {
			if q = foldAt(s, p, w[0]); q < 0 {
				continue
			}
			if q = spaces(s, q); q < 0 {
				continue
			}
		}
		if q = foldAt(s, q, w[1]); q >= 0 && boundary(s, q) {
			return q
		}
	}
	return -1
}
