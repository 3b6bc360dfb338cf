package offering

import (
	"regexp"
	"sort"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

// SymbolList matches two to four quoted symbols: "MRAC" and "MRACW" / "A", "AR" and "AW".
const SymbolList = `(?:` + t.OpenQuote + `[A-Z][A-Z0-9.]{0,7}` + t.CloseQuote + `(?:,? and |, )?){2,4}`

const symbol = t.OpenQuote + `([A-Z][A-Z0-9.]{0,7})` + t.CloseQuote

var (
	// "Proposed NYSE symbols" label of the summary table; the symbols follow on this line
	// (cells joined) or the next few lines.
	symbolTableRe = re(`(?i)^(?:Proposed )?(Nasdaq|NYSE American|NYSE|New York Stock Exchange)(?: trading)? symbols?\b`)
	tableCellRes  = []struct {
		field string
		re    *regexp.Regexp
	}{
		{spac.FieldTickerUnits, re(`\bUnits?: ` + symbol)},
		{spac.FieldTickerShares, re(`(?:Class A [\w ]{0,30}|Ordinary Shares|Common Stock|Shares): ` + symbol)},
		{spac.FieldTickerWarrant, re(`\bWarrants?: ` + symbol)},
		{spac.FieldTickerRights, re(`\bRights?: ` + symbol)},
	}
	unitSymbolRe = re(`(?i)\bunits[^.]{0,40}? on (?:the )?(Nasdaq[\w ]*?|NYSE(?: American)?|New York Stock Exchange)[^"“]{0,60}?under the symbol ` + symbol)
	symbolsRe    = re(`((?:Class A|ordinary|common|shares|warrants|rights)[^"“”]{0,200}?)under the symbols (` + SymbolList + `)`)
	symbolRe     = re(symbol)
	exchangeRe   = re(`\b(Nasdaq(?: Global| Capital)?(?: Select)?(?: Market)?|NYSE American|NYSE|New York Stock Exchange)\b`)
)

// Listing emits the exchange and the proposed tickers: from the summary table ("Proposed
// NYSE symbols | Units: "LCW.U" | ..."), else from the listing sentences.
func Listing(e *emit.Emitter) {
	if m, ok := e.Find(symbolTableRe); ok {
		e.Exchange(m.Line, m.Group(1))
		for _, cell := range tableCellRes {
			if c, ok := e.Lines.Find(cell.re, m.Line, m.Line+5); ok {
				e.Text(cell.field, c.Line, c.Group(1))
			}
		}
	}
	if m, ok := e.Find(unitSymbolRe); ok {
		e.Exchange(m.Line, m.Group(1))
		if !e.Has(spac.FieldTickerUnits) {
			e.Text(spac.FieldTickerUnits, m.Line, m.Group(2))
		}
	}
	if m, ok := e.Find(symbolsRe); ok {
		ComponentSymbols(e, m.Line, m.Group(1), m.Group(2))
	}
	if m, ok := e.Find(re(`(?i)\blist(?:ed)? (?:our|the) units\b.{0,60}?` + exchangeRe.String())); ok {
		e.Exchange(m.Line, m.Group(1))
	}
}

// ComponentSymbols pairs securities with symbols in order of mention: "Class A ordinary
// shares and warrants ... under the symbols "X" and "XW"" (securities is the text naming the
// classes, symbols the quoted list). A ticker field already emitted is kept.
func ComponentSymbols(e *emit.Emitter, line int, securities, symbols string) {
	kinds := map[string]string{
		"share": spac.FieldTickerShares, "stock": spac.FieldTickerShares, "unit": spac.FieldTickerUnits,
		"warrant": spac.FieldTickerWarrant, "right": spac.FieldTickerRights,
	}
	type mention struct {
		at    int
		field string
	}
	var order []mention
	seen := map[string]bool{}
	lower := strings.ToLower(securities)
	for word, field := range kinds {
		if i := strings.Index(lower, word); i >= 0 && !seen[field] {
			seen[field] = true
			order = append(order, mention{i, field})
		}
	}
	sort.Slice(order, func(i, j int) bool { return order[i].at < order[j].at })
	syms := symbolRe.FindAllStringSubmatch(symbols, -1)
	for i := 0; i < len(order) && i < len(syms); i++ {
		if !e.Has(order[i].field) {
			e.Text(order[i].field, line, syms[i][1])
		}
	}
}

var (
	actingAsRe = re(`^([A-Z][^|]{2,200}?) (?:is|are) (?:acting as|the) (?:the )?(?:sole |joint |lead |global )*(?:book-?running managers?|bookrunners?|representatives? of the (?:several )?underwriters|underwriters?)\b`)
	bookRunRe  = re(`(?i)^(?:sole |joint |lead )*book-?running managers?(?: \| (.+))?$`)
	nameSplit  = regexp.MustCompile(`,? and |, `)
	legalTail  = regexp.MustCompile(`^(?:Inc\.?|LLC|L\.L\.C\.|LP|L\.P\.|Ltd\.?|Co\.|Corp\.?)$`)
)

// Underwriters emits one underwriter fact per firm named as representative or bookrunner.
func Underwriters(e *emit.Emitter) {
	if m, ok := e.Find(actingAsRe); ok {
		for _, name := range splitNames(m.Group(1)) {
			e.Text(spac.FieldUnderwriter, m.Line, name)
		}
		return
	}
	if m, ok := e.Find(bookRunRe); ok {
		cells := m.Group(1)
		line := m.Line
		if cells == "" {
			line++
			cells = e.R.Line(line)
		}
		for _, name := range strings.Split(cells, " | ") {
			e.Text(spac.FieldUnderwriter, line, strings.TrimSpace(name))
		}
	}
}

// splitNames splits "A, B and C & Co." into firms, keeping ", Inc."-style tails attached.
func splitNames(s string) []string {
	var out []string
	for _, p := range nameSplit.Split(s, -1) {
		p = strings.TrimSpace(p)
		if legalTail.MatchString(p) && len(out) > 0 {
			out[len(out)-1] += ", " + p
			continue
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
