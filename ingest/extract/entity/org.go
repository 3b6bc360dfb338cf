package entity

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// orgRe (a company name: capitalised words with joiners, an optional bracketed country, a
// legal form; kept in org_test.go) was sought from every capital of a sentence, and Go's
// backtracker re-read the words of a name for each legal form it tried after each of them.
// orgScan reads the same matches by hand: every piece of the pattern but the legal form's
// alternatives is deterministic (a name word runs to white space or a comma, a joiner or a
// figure ends where one alone can), so a match from a capital is the deepest run of words
// after which the tail (country, comma, legal form, numeral) reads. TestOrgReaderIsTheRegexp
// and FuzzOrgReader hold it to the regexp.

// The pieces' spelling in legalForms, orgCountries and nameJoiners, which both the patterns
// and the reader are built from: " " is white space (\s+), "_" at most one white space
// character (\s?), a trailing `\b` a word boundary; the rest is literal.
var (
	legalForms = []string{
		`Pte. Ltd.`, `PTE. LTD.`, `Inc.`, `INC.`, `Inc\b`, `INC\b`, `Incorporated\b`, `INCORPORATED\b`,
		`Corp.`, `CORP.`, `Corp\b`, `CORP\b`, `Corporation\b`, `CORPORATION\b`, `LLC\b`, `L.L.C.`,
		`Ltd.`, `LTD.`, `Ltd\b`, `LTD\b`, `Limited\b`, `LIMITED\b`, `L.P.`, `LP\b`, `plc\b`, `PLC\b`,
		`N.V.`, `B.V.`, `S.A.`, `AG\b`, `GmbH\b`, `Co.`, `CO.`, `S.p.A.`, `Holdings\b`, `HOLDINGS\b`,
		// legal forms of the countries targets come from: Malaysia (Berhad), Latin America
		// (Ltda.), Italy and Romania (S.r.l.), Luxembourg (S.à r.l.), Japan (K.K.), Indonesia
		// (Tbk), the Nordics (Oyj, ASA, A/S), Europe (SE), Russia and the Gulf (PJSC)
		`Berhad\b`, `BERHAD\b`, `Bhd.`, `BHD.`, `Ltda.`, `S.r.l.`, `S.R.L.`, `S.à_r.l.`, `S.a.r.l.`,
		`K.K.`, `Tbk\b`, `Oyj\b`, `ASA\b`, `A/S\b`, `SE\b`, `PJSC\b`,
		// a blank check named "<Name> Acquisition Company" has no legal form of its own; "Company"
		// alone ends no name ("the Company" is every filer's defined term)
		`Acquisition Company\b`, `Acquisition COMPANY\b`, `ACQUISITION Company\b`, `ACQUISITION COMPANY\b`,
	}
	// orgCountries are the countries a bank's name may bracket ("Credit Suisse Securities
	// (USA) LLC").
	orgCountries = []string{`USA`, `U.S.A.`, `U.S.`, `US`, `America`, `Americas`, `Europe`, `Asia`,
		`Canada`, `Hong Kong`, `International`}
	nameJoiners = []string{`&`, `of`, `de`, `la`, `du`, `del`, `and Co.`, `and Company\b`}
)

// piecesPattern is the alternation of pieces as a regexp.
func piecesPattern(pieces []string, space string) string {
	alts := make([]string, len(pieces))
	for i, p := range pieces {
		p, b := strings.CutSuffix(p, `\b`)
		q := strings.NewReplacer(" ", space, "_", `\s?`).Replace(regexp.QuoteMeta(p))
		if b {
			q += `\b`
		}
		alts[i] = q
	}
	return `(?:` + strings.Join(alts, "|") + `)`
}

// orgScan returns orgRe's matches in s, as orgRe.Regexp.FindAllStringIndex(s, -1) does. A
// capital that begins no name skips the words after it (pastNameWords).
func orgScan(s string) [][]int {
	var out [][]int
	for p := 0; p < len(s); {
		if s[p] < 'A' || s[p] > 'Z' {
			p++
			continue
		}
		if end := orgAt(s, p); end >= 0 {
			out = append(out, []int{p, end})
			p = end
			continue
		}
		p = max(p+1, pastNameWords(s, p))
	}
	return out
}

// orgAt returns the end of orgRe's match at p (a capital), -1 when none begins there: the
// loop of words is greedy, so the match ends after the tail of the deepest word that has one.
func orgAt(s string, p int) int {
	e := nameWordEnd(s, p)
	best := orgTail(s, e)
	for {
		q := spacesEnd(s, e)
		if q == e || q == len(s) {
			return best
		}
		e = orgWordEnd(s, q)
		if e < 0 {
			return best
		}
		if end := orgTail(s, e); end >= 0 {
			best = end
		}
	}
}

// orgWordEnd reads one more word of a name at q: a name word, a joiner or a figure of up to
// four digits (\d{1,4}\b); -1 when none. Only one of the joiners can be followed by what the
// pattern needs next (white space or a comma), so the first that reads is the one.
func orgWordEnd(s string, q int) int {
	switch c := s[q]; {
	case c >= 'A' && c <= 'Z':
		return nameWordEnd(s, q)
	case c >= '0' && c <= '9':
		i := q
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i-q > 4 || i < len(s) && isWordByte(s[i]) {
			return -1
		}
		return i
	}
	for _, j := range nameJoiners {
		if end := pieceEnd(s, q, j); end >= 0 && end < len(s) && (isSpace(s[end]) || s[end] == ',') {
			return end
		}
	}
	return -1
}

// nameWordEnd is the end of nameWord at p (a capital): the name characters run to its end,
// since what follows a word in the pattern begins with white space or a comma.
func nameWordEnd(s string, p int) int {
	i := p + 1
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !nameByte(c) {
				return i
			}
			i++
		} else if strings.HasPrefix(s[i:], "’") {
			i += len("’")
		} else {
			return i
		}
	}
	return i
}

// orgTail reads what ends a name after its last word at e: the bracketed country, a comma, white
// space, a legal form and a numeral; -1 when it does not read.
func orgTail(s string, e int) int {
	q := countryEnd(s, e)
	if q < len(s) && s[q] == ',' {
		q++
	}
	r := spacesEnd(s, q)
	if r == q || r == len(s) {
		return -1
	}
	for _, f := range legalFormsBy[s[r]] {
		if end := pieceEnd(s, r, f); end >= 0 {
			return numeralEnd(s, end)
		}
	}
	return -1
}

// legalFormsBy are the legal forms by their first byte, in the pattern's order.
var legalFormsBy = func() (by [256][]string) {
	for _, f := range legalForms {
		by[f[0]] = append(by[f[0]], f)
	}
	return by
}()

// countryEnd is the end of a bracketed country at e (white space, a bracket, one of
// orgCountries, a bracket), e itself when there is none.
func countryEnd(s string, e int) int {
	q := spacesEnd(s, e)
	if q == e || q == len(s) || s[q] != '(' {
		return e
	}
	for _, c := range orgCountries {
		if strings.HasPrefix(s[q+1:], c) && strings.HasPrefix(s[q+1+len(c):], ")") {
			return q + 1 + len(c) + 1
		}
	}
	return e
}

// numeralEnd reads `(?:\s(?:I{1,3}|IV|VI{0,3}|IX|X)\b)?` at e: a series' numeral after the
// legal form ("Acquisition Corp. II"), each alternative tried in the pattern's order.
func numeralEnd(s string, e int) int {
	if e >= len(s) || !isSpace(s[e]) {
		return e
	}
	q := e + 1
	n := runOf(s, q, 'I', 3)
	for k := n; k >= 1; k-- { // I{1,3}, greedy
		if boundary(s, q+k) {
			return q + k
		}
	}
	if strings.HasPrefix(s[q:], "IV") && boundary(s, q+2) {
		return q + 2
	}
	if strings.HasPrefix(s[q:], "V") { // VI{0,3}, greedy
		for k := runOf(s, q+1, 'I', 3); k >= 0; k-- {
			if boundary(s, q+1+k) {
				return q + 1 + k
			}
		}
	}
	for _, x := range []string{"IX", "X"} {
		if strings.HasPrefix(s[q:], x) && boundary(s, q+len(x)) {
			return q + len(x)
		}
	}
	return e
}

// runOf counts the bytes c at q, up to max.
func runOf(s string, q int, c byte, max int) int {
	n := 0
	for n < max && q+n < len(s) && s[q+n] == c {
		n++
	}
	return n
}

// pieceEnd reads a piece (see legalForms) at q: its end, -1 when it does not read.
func pieceEnd(s string, q int, piece string) int {
	piece, b := strings.CutSuffix(piece, `\b`)
	for i := 0; i < len(piece); i++ {
		switch c := piece[i]; c {
		case ' ':
			r := spacesEnd(s, q)
			if r == q {
				return -1
			}
			q = r
		case '_':
			if q < len(s) && isSpace(s[q]) {
				q++
			}
		default:
			if q >= len(s) || s[q] != c {
				return -1
			}
			q++
		}
	}
	if b && !boundary(s, q) {
		return -1
	}
	return q
}

// spacesEnd is the end of the white space (\s) at q.
func spacesEnd(s string, q int) int {
	for q < len(s) && isSpace(s[q]) {
		q++
	}
	return q
}
