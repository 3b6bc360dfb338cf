package news

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

// Entity is one SPAC of the universe as the Linker sees it.
type Entity struct {
	CIK      spac.CIK
	Name     string   // current company name
	Aliases  []string // former or alternative names (e.g. the combined company's name)
	Symbol   string   // primary symbol reported on linked articles
	Tickers  []string // current tickers (shares, units, warrants, rights)
	Previous []string // tickers it no longer trades under
}

// EntityOf builds the Linker entity of a universe row.
func EntityOf(s spac.SPAC) Entity {
	t := s.Tickers
	return Entity{
		CIK: s.CIK, Name: s.Name, Symbol: strings.ToUpper(s.Symbol),
		Tickers:  nonEmpty(t.Shares, t.Units, t.Warrants, t.Rights, s.Symbol),
		Previous: nonEmpty(t.Previous...),
	}
}

// EntityOfProfile is EntityOf plus the combined company's name as an alias, so news about a
// completed de-SPAC under its new name still links to the registrant.
func EntityOfProfile(p spac.Profile) Entity {
	e := EntityOf(p.SPAC)
	if p.Combination != nil && p.Combination.NewName != "" {
		e.Aliases = append(e.Aliases, p.Combination.NewName)
	}
	return e
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.ToUpper(strings.TrimSpace(s)); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Linker finds the SPACs a text is about. It matches a CIK ("CIK 1847577", "0001847577"), a
// ticker only in an explicit ticker form ("$TICK", "(NASDAQ: TICK)", "NYSE American: TICK",
// "under the symbol “TICK”"), and a company name by its words, ignoring case, punctuation and
// the legal suffix (Corp./Corporation, Inc.). A bare uppercase word that happens to be a ticker
// never links: "AI" or "CEO" in prose are not tickers. A Linker is immutable and safe for
// concurrent use.
type Linker struct {
	entities []Entity
	byCIK    map[spac.CIK]int
	current  map[string][]int // normalised ticker -> entities trading under it now
	previous map[string][]int // normalised ticker -> entities that used to
	names    map[string][]namePattern
}

// NewLinker builds a Linker over the universe. Entities without a CIK are ignored.
func NewLinker(universe []Entity) *Linker {
	l := &Linker{
		byCIK: map[spac.CIK]int{}, current: map[string][]int{},
		previous: map[string][]int{}, names: map[string][]namePattern{},
	}
	for _, e := range universe {
		cik, ok := spac.ParseCIK(string(e.CIK))
		if !ok {
			continue
		}
		e.CIK = cik
		i := len(l.entities)
		l.entities = append(l.entities, e)
		l.byCIK[cik] = i
		addTickers(l.current, e.Tickers, i)
		addTickers(l.previous, e.Previous, i)
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			l.addName(n, i)
		}
	}
	return l
}

func addTickers(m map[string][]int, tickers []string, i int) {
	for _, t := range tickers {
		if k := tickerKey(t); k != "" && !slices.Contains(m[k], i) {
			m[k] = append(m[k], i)
		}
	}
}

// tickerKey normalises a ticker so "SOUL.U", "SOUL U" and "soul-u" meet.
func tickerKey(t string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '.', '-', '/', ' ':
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(t)))
}

// Len is the number of entities in the universe.
func (l *Linker) Len() int { return len(l.entities) }

// Link returns the CIKs of the SPACs text mentions, ordered by first mention (ties by CIK), and
// the primary symbols of those SPACs in the same order (SPACs without a symbol add none).
func (l *Linker) Link(text string) (ciks []spac.CIK, symbols []string) {
	if l == nil || len(l.entities) == 0 || text == "" {
		return nil, nil
	}
	first := map[int]int{} // entity -> byte offset of its first mention
	note := func(i, pos int) {
		if p, ok := first[i]; !ok || pos < p {
			first[i] = pos
		}
	}
	l.linkCIKs(text, note)
	l.linkTickers(text, note)
	l.linkNames(text, note)
	order := make([]int, 0, len(first))
	for i := range first {
		order = append(order, i)
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(first[a], first[b]), cmp.Compare(l.entities[a].CIK, l.entities[b].CIK))
	})
	for _, i := range order {
		e := l.entities[i]
		ciks = append(ciks, e.CIK)
		if e.Symbol != "" && !slices.Contains(symbols, e.Symbol) {
			symbols = append(symbols, e.Symbol)
		}
	}
	return ciks, symbols
}

var (
	// cikLabelled: "CIK 1847577", "CIK: 0001847577", "CIK No. 1847577", "CIK0001847577".
	cikLabelled = regexp.MustCompile(`(?i)\bCIK(?:\s*(?:No\.?|number|#))?\s*[:#]?\s*(\d{1,10})\b`)
	// cikPadded: a bare zero-padded ten-digit CIK.
	cikPadded = regexp.MustCompile(`\b(000\d{7})\b`)
	// cikArchive: an EDGAR archive path names the filer.
	cikArchive = regexp.MustCompile(`(?i)edgar/data/(\d{1,10})\b`)
)

func (l *Linker) linkCIKs(text string, note func(i, pos int)) {
	for _, re := range []*regexp.Regexp{cikLabelled, cikPadded, cikArchive} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			if re == cikPadded && accessionFollows(text, m[3]) {
				continue // 0001140361-21-010426 is an accession number, not a CIK
			}
			cik, ok := spac.ParseCIK(text[m[2]:m[3]])
			if i, known := l.byCIK[cik]; ok && known {
				note(i, m[0])
			}
		}
	}
}

// accessionFollows reports whether text continues like an accession number ("-21-010426").
func accessionFollows(text string, end int) bool {
	rest := text[end:]
	return len(rest) >= 4 && rest[0] == '-' && isDigit(rest[1]) && isDigit(rest[2]) && rest[3] == '-'
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// entitiesOfTicker resolves a ticker: SPACs trading under it now win over SPACs that used to.
func (l *Linker) entitiesOfTicker(t string) []int {
	k := tickerKey(t)
	if got := l.current[k]; len(got) > 0 {
		return got
	}
	return l.previous[k]
}
