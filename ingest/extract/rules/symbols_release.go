package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A release's bracket of symbols after the SPAC's name ("Acme Acquisition Corp. (NASDAQ: ACMEU,
// ACME, ACMEW)"), with or without an exchange or class labels: whose symbols they are, and which
// class each is. The listing sentences' productions are in symbols.go.
// spacSymbol is the production of "Vector Acquisition Corporation (Nasdaq: VACQ)" in a release,
// wherever the name stands (a joint release may name the target first): a lone symbol after a
// SPAC's name is its shares' symbol, unless it is a unit's, a warrant's or a right's (a suffix,
// a five-letter Nasdaq symbol, or the word beside it says so); several are the classes of one
// root ("VACQ, VACQU, VACQW", "VACQ.U, VACQ"). The bracket's exchange is the SPAC's.
func spacSymbol(m *rule.Match) []rule.Out {
	orgs, syms := m.Entities("org"), tickersIn(m, "sym")
	if len(orgs) != 1 || len(syms) != 1 {
		return nil
	}
	// (a company the sentence calls a SPAC before its bracket is one: its "desc")
	if m.Text("desc") == "" && !spacOnlyRe.MatchString(orgs[0].Value) && !blankCheckRe.MatchString(m.Text("tail")) && !filerBeforeClosing(m, orgs[0].Value) {
		return nil
	}
	if classWordRe.MatchString(m.Text("more")) {
		return nil
	}
	out := bracketSymbols(m, append(syms, tickersIn(m, "more")...))
	if len(out) == 0 {
		return nil
	}
	for _, e := range m.Entities("ex") {
		out = append(out, m.Cite(spac.FieldExchange, e.Value, e))
	}
	return out
}

// bracketSymbols cites the symbols of a SPAC's bracket: a lone one as the shares' when it has
// no class suffix, several by the suffixes of their common root (none when they share none).
func bracketSymbols(m *rule.Match, syms []entity.Entity) []rule.Out {
	if len(syms) == 1 {
		sym := syms[0].Value
		if len(sym) > 4 || strings.ContainsAny(sym, ".- ") {
			return nil
		}
		return []rule.Out{m.Cite(spac.FieldTickerShares, sym, syms[0])}
	}
	out, _ := citeClassedSymbols(m, syms)
	return out
}

// filerBeforeClosing reports whether name is the filer's own (a SPAC whose name does not say
// so: "Blue Wolf Mongolia Holdings Corp. (NASDAQ: MNGL)") in a sentence that does not speak of
// a successor: after a closing the filer's name is the combined company's, and its bracket
// holds the new listing.
func filerBeforeClosing(m *rule.Match, name string) bool {
	return m.Filer() != "" && bareName(name) == bareName(m.Filer()) && !successorWordsRe.MatchString(m.Sentence())
}

// successorWordsRe: a sentence that names the company a SPAC became.
var successorWordsRe = textutil.MustStarts(`(?i)formerly|f/k/a|combined company|completed (?:its|the) (?:previously announced )?business combination`)

var (
	// spacOnlyRe is a SPAC's name ("Vector Acquisition Corporation", "Trident Acquisitions
	// Corp."), not its merger sub's.
	spacOnlyRe   = textutil.MustStarts(`(?i)acquisitions?\b.{0,30}\b(?:corp|corporation|company|co\b|holdings|inc|ltd|limited)`)
	blankCheckRe = textutil.MustStarts(`(?i)special purpose acquisition|blank check`)
	// blankCheckAppositionRe: the words after a name's bracket call it a SPAC ("(the
	// “Company”), a special purpose acquisition company"), not a company it deals with.
	blankCheckAppositionRe = textutil.MustStarts(`(?i)^(?:\s*\([^)]*\))*[^,.;()]{0,30},\s+(?:is\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,4}?(?:special purpose acquisition|blank check)`)
	classWordRe            = textutil.MustStarts(`(?i)\b(?:units?|warrants?|rights?)\b`)
	// untilClosingRe: the words after a listing that end it at the closing.
	untilClosingRe = textutil.MustStarts(`(?i)^\W*(?:,\s*respectively,?\s*)?(?:until|through|prior to)\b`)
)

// releaseSymbols is the production of a release's bracket after the SPAC's name: "Acme
// Acquisition Corp. (NASDAQ: ACMEU, ACME, ACMEW)", "(OTC Bulletin Board: ACMEU)". A lone
// symbol with a unit's suffix gives the units. A share symbol, alone or among several, is
// read only when the name is a SPAC's or the words after the bracket call it a blank check
// company: a combined company's release writes its new symbols the same way. (A lone share
// symbol right after the name is merger.spac_symbol's; here it is read after the name's
// defined term, "Acme Acquisition Corp. (the “Company”) (Nasdaq: ACME)".)
func releaseSymbols(m *rule.Match) []rule.Out {
	syms := tickersIn(m, "syms")
	if len(syms) == 0 {
		return nil
	}
	if len(syms) > 1 && strings.Contains(m.Text("syms"), ")") && !classedTogether(syms) {
		// brackets one after another whose symbols share no root the classes tell: the first
		// bracket is read as it would be alone
		syms = syms[:1]
	}
	filer := filerNamed(m)
	var out []rule.Out
	if len(syms) == 1 {
		switch sym := syms[0].Value; {
		case unitsSymbolRe.MatchString(sym):
			out = append(out, m.Cite(spac.FieldTickerUnits, sym, syms[0]))
		case filer && shareSymbolRe.MatchString(sym):
			// Right after the name, merger.spac_symbol reads it.
			if m.Text("term") != "" {
				out = append(out, m.Cite(spac.FieldTickerShares, sym, syms[0]))
			}
		case filer:
			// A symbol whose class its letters do not tell ("(OTC Bulletin Board: LOKAF)", a
			// foreign issuer's fifth letter): the filer's own bracket still names its market.
		default:
			return nil
		}
	} else {
		if !filer {
			return nil
		}
		classed, ok := citeClassedSymbols(m, syms)
		if !ok {
			return nil
		}
		out = append(out, classed...)
	}
	for _, e := range m.Entities("ex") {
		out = append(out, m.Cite(spac.FieldExchange, e.Value, e))
	}
	return out
}

// bareBracketSymbols is the production of a bracket of symbols without an exchange after the
// SPAC's name ("(ACQ; ACQ.WS; ACQ.U)"): read only when they are several of one root whose
// suffixes name the classes, so that an acronym or another company's symbol is not.
func bareBracketSymbols(m *rule.Match) []rule.Out {
	if !filerNamed(m) {
		return nil
	}
	syms := listedSymbols(m, "cells")
	if len(syms) < 2 {
		return nil
	}
	out, _ := citeClassedSymbols(m, syms)
	return out
}

// citeClassedSymbols cites each symbol of a list as the class its suffix names (symbolClasses);
// ok is false when the list is not one root's classes.
func citeClassedSymbols(m *rule.Match, syms []entity.Entity) (out []rule.Out, ok bool) {
	values := make([]string, len(syms))
	for i, e := range syms {
		values[i] = e.Value
	}
	fields := symbolClasses(values)
	if fields == nil {
		return nil, false
	}
	for i, e := range syms {
		if fields[i] != "" {
			out = append(out, m.Cite(fields[i], e.Value, e))
		}
	}
	return out, true
}

// classedTogether reports whether symbolClasses classifies the symbols as one company's.
func classedTogether(syms []entity.Entity) bool {
	values := make([]string, len(syms))
	for i, e := range syms {
		values[i] = e.Value
	}
	return symbolClasses(values) != nil
}

// definedTerms is the bracket of defined terms after a company's name: "(the “Company”)",
// "(“Acme” or the “Company”)", "(“Acme IV” or “ACIV”)" (a quoted symbol is read as one).
const definedTerms = `(?:[^()⟦]|⟦ticker \d+⟧){1,60}`

// filerNamed reports whether the org of slot "org" is the SPAC: a name that says so, the
// filer's own name, or one the words after the bracket (slot "tail") call a blank check
// company.
func filerNamed(m *rule.Match) bool {
	orgs := m.Entities("org")
	if len(orgs) != 1 {
		return false
	}
	return spacOnlyRe.MatchString(orgs[0].Value) || bareName(orgs[0].Value) == bareName(m.Filer()) ||
		blankCheckAppositionRe.MatchString(m.Text("tail"))
}

// filerOnly runs produce only when the org of slot "org" is the filer itself (by name).
func filerOnly(produce func(*rule.Match) []rule.Out) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		orgs := m.Entities("org")
		if len(orgs) != 1 || m.Filer() == "" || bareName(orgs[0].Value) != bareName(m.Filer()) {
			return nil
		}
		return produce(m)
	}
}

// labelledSymbols is the production of a release's bracket that names each symbol's class,
// before it ("Units: “ACMEU”") or after it ("“ACMEU” for units"); a class named twice, or a
// symbol of a class that is not listed (subunits), is not read.
func labelledSymbols(m *rule.Match) []rule.Out {
	if !filerNamed(m) {
		return nil
	}
	cells, base := m.Text("cells"), m.Start("cells")
	var out []rule.Out
	seen := map[string]int{}
	for _, e := range tickersIn(m, "cells") {
		field := symbolLabel(cells[:e.Start-base], cells[e.End-base:])
		if field == "" {
			continue
		}
		seen[field]++
		out = append(out, m.Cite(field, e.Value, e))
	}
	kept := out[:0]
	for _, o := range out {
		if seen[o.Field] == 1 {
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	for _, e := range m.Entities("ex") {
		kept = append(kept, m.Cite(spac.FieldExchange, e.Value, e))
	}
	return kept
}

var (
	// labelBeforeRe is the class named before a symbol ("Units: "), labelAfterRe after it
	// ("” for units").
	labelBeforeRe = textutil.MustStarts(`(?i)(?:^|[,;(] ?|and )([a-z][a-z ]{0,30}):\s?[“"]?$`)
	labelAfterRe  = textutil.MustStarts(`(?i)^[”"]? for ((?:[a-z]+ ?){1,3})`)
	// subunitRe names a class that is not one of the ticker fields.
	subunitRe = textutil.MustStarts(`(?i)subunit|sub-unit`)
)

// symbolLabel returns the ticker field of the class named right before or after a symbol.
func symbolLabel(before, after string) string {
	label := ""
	if m := labelBeforeRe.FindStringSubmatch(before); m != nil {
		label = m[1]
	} else if m := labelAfterRe.FindStringSubmatch(after); m != nil {
		label = m[1]
	}
	if label == "" || subunitRe.MatchString(label) {
		return ""
	}
	return lastClass(label)
}

// shareSymbolRe is a symbol without a class suffix, as a SPAC's shares are listed.
var shareSymbolRe = textutil.MustStarts(`^[A-Z]{2,4}$`)

// suffixClass maps a SPAC symbol's suffix after the shares' root to its class: "U" units,
// "W"/"WS" warrants, "R"/"RT" rights, none the shares.
var suffixClass = map[string]string{
	"": spac.FieldTickerShares, "U": spac.FieldTickerUnits, "UN": spac.FieldTickerUnits,
	"W": spac.FieldTickerWarrant, "WS": spac.FieldTickerWarrant, "WT": spac.FieldTickerWarrant,
	"R": spac.FieldTickerRights, "RT": spac.FieldTickerRights,
}

// symbolClasses classifies the symbols a SPAC lists together ("TDACU, TDAC, TDACW") by their
// suffix after the root they share; nil when they share none (two companies' symbols) or a
// suffix is not a class's. A class named twice is read by neither.
func symbolClasses(syms []string) []string {
	root := syms[0]
	for _, s := range syms[1:] {
		n := 0
		for n < len(root) && n < len(s) && root[n] == s[n] {
			n++
		}
		root = root[:n]
	}
	root = strings.TrimRight(root, ".- ")
	if len(root) < 2 {
		return nil
	}
	fields := make([]string, len(syms))
	seen := map[string]int{}
	for i, s := range syms {
		f, ok := suffixClass[strings.TrimLeft(s[len(root):], ".- ")]
		if !ok {
			return nil
		}
		fields[i] = f
		seen[f]++
	}
	for i, f := range fields {
		if seen[f] > 1 {
			fields[i] = ""
		}
	}
	return fields
}

// bareSymbolRe is a symbol written without quotes after the first of a list ("under the
// symbols HYDQ and HYDQW"): the entity recogniser reads only the first.
var bareSymbolRe = textutil.MustStarts(`\b[A-Z][A-Z0-9]{1,5}(?:[.\-][A-Z]{1,2}| WS)?\b`)

// listedSymbols returns the symbols of slot: its ticker entities, and the bare symbols
// between and after them, in order.
func listedSymbols(m *rule.Match, slot string) []entity.Entity {
	text, start := m.Text(slot), m.Start(slot)
	ents := tickersIn(m, slot)
	var out []entity.Entity
	at := 0
	add := func(upto int) {
		for _, loc := range bareSymbolRe.FindAllStringIndex(text[at:upto], -1) {
			a, b := start+at+loc[0], start+at+loc[1]
			out = append(out, entity.Entity{Kind: entity.Ticker, Start: a, End: b, CoreStart: a, CoreEnd: b, Value: text[at+loc[0] : at+loc[1]]})
		}
	}
	for _, e := range ents {
		add(max(at, e.Start-start))
		out = append(out, e)
		at = max(at, e.End-start)
	}
	add(len(text))
	return out
}
