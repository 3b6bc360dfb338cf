package rules

import (
	"math/big"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Productions of the offering family (offering.go, ipo.go, listing.go).

// tableSymbols reads the "Proposed Nasdaq symbols | Units: “X” ..." row of a prospectus
// summary: the exchange, and each "Class: “SYMBOL”" pair in the cells.
func tableSymbols(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("ex") {
		out = append(out, m.Cite(spac.FieldExchange, e.Value, e))
	}
	cells := m.Text("cells")
	syms := tickersIn(m, "cells")
	at := 0
	for _, e := range syms {
		rel := e.Start - m.Start("cells")
		if rel < at || rel > len(cells) {
			continue
		}
		if f := lastClass(cells[at:rel]); f != "" {
			out = append(out, m.Cite(f, e.Value, e))
		}
		at = rel
	}
	return out
}

// lastClass returns the ticker field of the last class named in text ("| Units: " -> units).
func lastClass(text string) string {
	fields := classOrder(text)
	if len(fields) == 0 {
		return ""
	}
	return fields[len(fields)-1]
}

// unitsSymbolRe is a symbol of listed units ("CRAQ.U", "CBFQU", "ABC U"). Four letters
// ending in U with no separator ("MACU") are a share symbol as often as units: Nasdaq units
// add a fifth letter to a four-letter share symbol.
var unitsSymbolRe = textutil.MustStarts(`^(?:[A-Z]{4}U|[A-Z]{3,4}[.\- ]U)$`)

// notPublicRe marks a quantity of units that are not the public offering's, or only part of
// it (an offering of two series of units states each series' count and their total).
var notPublicRe = textutil.MustStarts(`(?i)private|placement|founder|sponsor|anchor|additional|representative|\bseries\b|over-?allotment`)

// optionUnitsRe ends the words before the units of an option: the underwriters'
// over-allotment option or the representative's unit purchase option ("an option to purchase
// up to a total of 350,000 units at $10.00 per unit") is never the offering.
var optionUnitsRe = textutil.MustStarts(`(?i)\boption\b[^.]{0,80}?\b(?:to (?:purchase|buy|acquire)|for|covering)(?: up to)?(?: a total of| an aggregate of)?(?: an additional)?\s*$`)

// publicUnits emits the units of slot v (and the price of slot p) unless the quantity names
// units that are not the public's ("545,000 Private Placement Units") or an option's.
func publicUnits(m *rule.Match) []rule.Out {
	if optionUnitsRe.MatchString(m.Before("v")) {
		return nil
	}
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind != entity.Units || notPublicRe.MatchString(m.Text("v")) || !e.Num.IsInt() {
			return nil
		}
		out = append(out, m.Cite(spac.FieldUnitsOffered, e.Num.Num().String(), e))
	}
	for _, e := range m.Entities("p") {
		out = append(out, m.Cite(spac.FieldUnitPrice, e.Num.FloatString(4), e))
	}
	return out
}

// privateRe marks a quantity of securities sold privately ("287,500 private placement units").
var privateRe = textutil.MustStarts(`(?i)\bprivate\b|\bplacement\b`)

// privateUnitsAmount emits the money of slot v as the private placement when the units of
// slot u are the private placement's.
var privateUnitsAmount = placementAmountWhen(privateRe)

// placementAmountWhen makes a production that emits the money of slot v as the private
// placement when the units of slot u are named as private ones by units.
func placementAmountWhen(units *textutil.Starts) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		if !units.MatchString(m.Text("u")) {
			return nil
		}
		var out []rule.Out
		for _, e := range m.Entities("v") {
			out = append(out, m.Cite(spac.FieldPrivatePlacement, e.Num.FloatString(2), e))
		}
		return out
	}
}

// span cites value on the sentence's text [start, end).
func span(m *rule.Match, field, value string, start, end int) rule.Out {
	return m.Cite(field, value, entity.Entity{Start: start, End: end, CoreStart: start, CoreEnd: end})
}

// definedTerm is a defined term set after a component ("(the “Common Stock”)", "(“warrant”)",
// "(each, a “Public Warrant”)"), quoted or not: a text that lost its quotation marks still
// names the term in capitals ("(Class A Stock)"). A bracket in lower case ("(or one right)")
// or with a figure ("(1/10)") is no defined term.
const definedTerm = `\s*\((?:(?:the|a|an|each,?\s+(?:a|an|the))\s+)?(?:["“][^)"”]{1,40}["”]|(?-i:[A-Z][A-Za-z’'-]*(?:\s+[A-Z][A-Za-z’'-]*){0,3}))\)`

var (
	// numeralBracketRe is a whole number word's figure in brackets ("one (1) share", "of one
	// (1) warrant"), which the value leaves out; a fraction's ("one-tenth (1/10)") is kept, as
	// the keys write it.
	numeralBracketRe = textutil.MustStarts(`\s\(\d+\)`)
	// parValueRe is a share's par value stated inside a unit's description ("one Class A
	// ordinary share, $0.0001 par value, and ...", "..., par value $0.0001 per share, ...", "...,
	// with no par value, and ...", "one ordinary share of no par value, one right ...").
	parValueRe = textutil.MustStarts(`(?i),?\s+(?:of\s+)?(?:\$\s?[\d.]+(?:\s+par\s+value)+(?:\s+per\s+share)?|par\s+value\s+(?:of\s+)?\$\s?[\d.]+(?:\s+per\s+share)?|(?:with\s+)?no\s+par\s+value|with\s+(?:a\s+)?par\s+value\s+of\s+\$\s?[\d.]+(?:\s+per\s+share)?)\b`)
	// possessiveRe is the owner a description names ("one share of our common stock").
	possessiveRe = textutil.MustStarts(`(?i)\bof\s+(?:our|its|the\s+company['’]s)\s+`)
	// oneOfOurRe is "one of our Class A ordinary shares": one Class A ordinary share.
	oneOfOurRe = textutil.MustStarts(`(?i)\bone\s+of\s+(?:our|its|the\s+company['’]s)\s+((?:[\w-]+\s+){0,3}?)(share|warrant|right)s\b`)
	// ofTheCompanyRe is the issuer a 10-K's narrative names after each component ("one share
	// of common stock of the Company ... and one right of the Company").
	ofTheCompanyRe = textutil.MustStarts(`(?i)\s+of\s+the\s+company\b`)
	// definedTermRe is definedTerm anywhere in a description.
	definedTermRe = textutil.MustStarts(definedTerm)
	// nextComponentRe is a defined term's bracket after a component and the next component
	// ("... one redeemable warrant (each, a Warrant) and one right to receive one-eighth of one
	// share"): the unit's description goes on past the bracket, which the rule's pattern stops at.
	nextComponentRe = textutil.MustStarts(`^` + definedTerm + `(,?\s+(?:and\s+)?(?:one|two|three)\s[^.;()⟦]*?\b(?:warrants?|rights?)(?:(?:` + definedTerm + `)?\s+(?:entitling|to receive|to purchase|to acquire)[^.;()⟦]{3,80}?\b(?:share|stock))?)\b`)
	// termClauseRe is a right's or a warrant's terms after its defined term ("one right
	// (Right) to receive one-tenth of one ordinary share"): still the component.
	termClauseRe = textutil.MustStarts(`^` + definedTerm + `\s+(?:entitling(?:\s+the\s+holder(?:\s+thereof)?)?|to receive|to purchase|to acquire)[^.;()⟦]{3,80}?\b(?:shares?|stock)\b(?:\s+of\s+(?:our\s+)?(?:class\s+[a-c]\s+)?(?:common\s+stock|ordinary\s+shares?)\b)?`)
	// plainComponentRe is the next component after such terms, with no bracket of its own
	// before it ("... of one ordinary share and one redeemable warrant").
	plainComponentRe = textutil.MustStarts(`^,?\s+(?:and\s+)?(?:one|two|three)\s[^.;()⟦]*?\b(?:warrants?|rights?)\b`)
	// goesOnRe is a description that goes on past a defined term in a way none of the above
	// reads: the value would be some of the components, so none is emitted.
	goesOnRe = textutil.MustStarts(`^` + definedTerm + `,?\s+(?:and\s+)?(?:one|two|three|to receive|entitling|to purchase|to acquire)\b`)
	// eachComponentRe opens a clause about each component after the list ("..., with each
	// right entitling the holder to receive one-tenth of a share"): not part of the unit.
	eachComponentRe = textutil.MustStarts(`(?i),?\s+with\s+each\s+(?:whole\s+)?(?:warrant|right)\b.*$`)
)

// UnitStructureValue is unitStructureValue, for the cover readers of package extract.
func UnitStructureValue(text string) string { return unitStructureValue(text) }

// twoFractionsRe is two fractions of one component side by side ("one-fourth one-third of a
// redeemable warrant"): a page that shows an amendment's old and new words together (a
// comparison copy) or a garbled cell, no structure the unit has.
var twoFractionsRe = textutil.MustStarts(`(?i)\b(?:one|two|three)[- ](?:half|third|thirds|fourth|fourths|quarter|fifth|sixth|eighth|tenth)\s+(?:one|two|three)[- ](?:half|third|thirds|fourth|fourths|quarter|fifth|sixth|eighth|tenth)\b`)

// unitStructureValue normalises a unit's description to its components: without the par
// value of its share, the owner ("one share of our common stock" is "one share of common
// stock"), defined terms and a trailing clause about each component, spaces collapsed. A
// description with two fractions of one component gives nothing ("").
func unitStructureValue(text string) string {
	unitStructures.Lock()
	v, ok := unitStructures.m[text]
	unitStructures.Unlock()
	if ok {
		return v
	}
	v = normaliseUnitStructure(text)
	unitStructures.Lock()
	if len(unitStructures.m) >= maxUnitStructures {
		clear(unitStructures.m)
	}
	unitStructures.m[strings.Clone(text)] = v
	unitStructures.Unlock()
	return v
}

// unitStructures keeps the normalised structures of the descriptions read before: a
// prospectus, its amendments and the reports after it describe the unit in one sentence,
// matched again in each, and the seven replacements of a description cost 2 % of an ingest.
var unitStructures = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

// maxUnitStructures bounds the descriptions kept.
const maxUnitStructures = 1 << 12

func normaliseUnitStructure(text string) string {
	if twoFractionsRe.MatchString(text) {
		return ""
	}
	v := oneOfOurRe.ReplaceAllString(text, "one $1$2")
	v = possessiveRe.ReplaceAllString(v, "of ")
	v = parValueRe.ReplaceAllString(v, "")
	v = numeralBracketRe.ReplaceAllString(v, "")
	v = eachComponentRe.ReplaceAllString(definedTermRe.ReplaceAllString(v, ""), "")
	v = ofTheCompanyRe.ReplaceAllString(v, "")
	v = strings.Join(strings.Fields(v), " ")
	if strings.Count(v, ",") == 1 && strings.Contains(v, ", and ") {
		v = strings.Replace(v, ", and ", " and ", 1) // the comma closed the par value clause
	}
	return v
}

// unitStructure emits slot v as the unit's structure (normalised), citing the words as written.
func unitStructure(m *rule.Match) []rule.Out {
	text, start := m.Text("v"), m.Start("v")
	sentence := m.Sentence()
	for {
		rest := sentence[start+len(text):]
		next := nextComponentRe.FindStringIndex(rest)
		if next == nil {
			next = termClauseRe.FindStringIndex(rest)
		}
		if next == nil && endsInShares(text) {
			// a right's terms read above end in its share; the next component may follow
			next = plainComponentRe.FindStringIndex(rest)
		}
		if next == nil {
			break
		}
		text = sentence[start : start+len(text)+next[1]]
	}
	if goesOnRe.MatchString(sentence[start+len(text):]) {
		return nil
	}
	value := unitStructureValue(text)
	if value == "" {
		return nil
	}
	return []rule.Out{span(m, spac.FieldUnitStructure, value, start, start+len(text))}
}

// endsInShares reports whether a unit's description read so far ends with the share a right
// or a warrant is for ("... to receive one-tenth of one ordinary share").
func endsInShares(text string) bool {
	t := strings.TrimRight(text, " ")
	return strings.HasSuffix(t, "share") || strings.HasSuffix(t, "shares") || strings.HasSuffix(t, "stock")
}

// joinedStructure joins the bullets of a unit's components: "a and b", "a, b and c".
func joinedStructure(m *rule.Match) []rule.Out {
	parts := []string{}
	for _, slot := range []string{"a", "b", "c"} {
		if t := strings.Join(strings.Fields(m.Text(slot)), " "); t != "" {
			parts = append(parts, t)
		}
	}
	if len(parts) < 2 {
		return nil
	}
	value := unitStructureValue(strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1])
	if value == "" {
		return nil
	}
	start := m.Start("a")
	return []rule.Out{span(m, spac.FieldUnitStructure, value, start, start+len(m.Text("a")))}
}

// firmEndRe is the legal form that ends a firm's name ("& Co." is left out: "Goldman Sachs &
// Co. LLC" goes on).
var firmEndRe = textutil.MustStarts(`\b(?:Inc\.?|LLC|L\.L\.C\.|L\.P\.|LP|Ltd\.?|Limited|Corp\.?|Corporation|plc|N\.A\.)(?:\s|$)`)

// firms emits each organisation of slot v as an underwriter; names that a table cell runs
// together ("Penrose Lyle & Co. LLC Wexcombe Capital LLC") are cut after each legal form that
// another name follows.
func firms(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind != entity.Org {
			continue
		}
		name := m.Text("v")[e.Start-m.Start("v") : e.End-m.Start("v")]
		from := 0
		for _, loc := range firmEndRe.FindAllStringIndex(name, -1) {
			head := strings.TrimRightFunc(name[:loc[1]], unicode.IsSpace)
			rest := strings.TrimLeftFunc(name[loc[1]:], unicode.IsSpace)
			next := firmEndRe.FindStringIndex(rest)
			if rest == "" || !unicode.IsUpper([]rune(rest)[0]) || next == nil || next[0] == 0 {
				continue
			}
			out = append(out, span(m, spac.FieldUnderwriter, strings.Join(strings.Fields(name[from:len(head)]), " "), e.Start+from, e.Start+len(head)))
			from = len(name) - len(rest)
		}
		out = append(out, span(m, spac.FieldUnderwriter, strings.Join(strings.Fields(name[from:]), " "), e.Start+from, e.End))
	}
	return out
}

// shortFirm is a firm's name without its legal form: up to four capitalised words.
const shortFirm = `[A-Z][\w&'’/.-]*(?: (?:[A-Z][\w&'’/.-]*|&)){0,3}`

var (
	shortFirmSplitRe = textutil.MustStarts(`,? and |, `)
	// notFirmRe: words that start a sentence or name a role, not a firm.
	notFirmRe = textutil.MustStarts(`^(?:The|This|That|These|Those|It|Its|We|Our|They|Their|He|She|His|Her|Each|Both|Such|Which|Who|All|Any|No|None|One|Neither|Either|` +
		`Also|Additionally|Further|Furthermore|Moreover|However|Previously|Currently|Accordingly|Separately|Similarly|Together|Jointly|Finally|Today|Here|There|Then|Thus|` +
		`Company|Registrant|Sponsor|Management|Counsel|Underwriters?|Representatives?|Mr|Ms|Mrs|Dr)\b`)
)

// shortFirms emits each firm of slot v ("Roth and Craig-Hallum"), not a name that starts with
// a sentence's or a role's word ("The Underwriters acted as ...", "Also, Roth acted ...").
func shortFirms(m *rule.Match) []rule.Out {
	text, start := m.Text("v"), m.Start("v")
	var out []rule.Out
	at := 0
	for _, name := range shortFirmSplitRe.Split(text, -1) {
		i := strings.Index(text[at:], name) + at
		at = i + len(name)
		if name == "" || notFirmRe.MatchString(name) {
			continue
		}
		out = append(out, span(m, spac.FieldUnderwriter, name, start+i, start+i+len(name)))
	}
	return out
}

// sponsorNamed emits the organisation of slot v as the sponsor when its name says so.
func sponsorNamed(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org && strings.Contains(e.Value, "Sponsor") {
			out = append(out, m.Cite(spac.FieldSponsor, e.Value, e))
		}
	}
	return out
}

// sponsoredBy emits the organisation of slot v as the sponsor when the subject (slot s, when
// a name) is the SPAC: the filer, or a company named as a SPAC.
func sponsoredBy(m *rule.Match) []rule.Out {
	for _, e := range m.Entities("s") {
		if e.Kind == entity.Org && !spacOnlyRe.MatchString(e.Value) && bareName(e.Value) != bareName(m.Filer()) {
			return nil
		}
	}
	var out []rule.Out
	for _, e := range m.Entities("v") {
		out = append(out, m.Cite(spac.FieldSponsor, e.Value, e))
	}
	return out
}

// sponsorOfFiler emits the organisation of slot v as the sponsor when the company whose
// sponsor it is, is the filer: by its name (slot s, as sponsoredBy) or by a short name that
// is a word of the filer's name (slot w: "Acme's sponsor is ...").
func sponsorOfFiler(m *rule.Match) []rule.Out {
	if w := m.Text("w"); w != "" {
		filer := strings.Fields(strings.ToLower(m.Filer()))
		if !slices.Contains(filer, strings.ToLower(w)) {
			return nil
		}
	}
	return sponsoredBy(m)
}

// dollars is the production of an amount given as money or as a bare figure (a table cell
// under a "$" column).
func dollars(field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		for _, e := range m.Entities("v") {
			if (e.Kind == entity.Money || e.Kind == entity.Count) && e.Num != nil {
				out = append(out, m.Cite(field, e.Num.FloatString(2), e))
			}
		}
		return out
	}
}

// scaledMoney is the production of money followed by a scale word in slot scale.
func scaledMoney(field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		scale := strings.ToLower(strings.TrimSpace(m.Text("scale")))
		for _, e := range m.Entities("v") {
			if e.Kind != entity.Money {
				continue
			}
			v, end := new(big.Rat).Set(e.Num), e.End
			if scale != "" {
				mult := map[string]int64{"million": 1_000_000, "billion": 1_000_000_000}[scale]
				v.Mul(v, new(big.Rat).SetInt64(mult))
				end = m.Start("scale") + len(m.Text("scale"))
			}
			out = append(out, span(m, field, v.FloatString(2), e.Start, end))
		}
		return out
	}
}

// jurisdictionOf emits the jurisdiction of slot v as the list writes it ("British Virgin
// Island" is "British Virgin Islands").
func jurisdictionOf(m *rule.Match) []rule.Out {
	text, start := m.Text("v"), m.Start("v")
	name, _, ok := JurisdictionAt(text)
	if !ok && strings.EqualFold(text, "British Virgin Island") {
		name, ok = "British Virgin Islands", true
	}
	if !ok {
		return nil
	}
	return []rule.Out{span(m, spac.FieldStateOfInc, name, start, start+len(text))}
}

// publicSaleDate emits the date of slot d as the IPO's when the units of slot v are the
// public offering's (see publicUnits).
func publicSaleDate(m *rule.Match) []rule.Out {
	if len(publicUnits(m)) == 0 {
		return nil
	}
	var out []rule.Out
	for _, e := range m.Entities("d") {
		if e.Kind == entity.Date {
			out = append(out, m.Cite(spac.FieldIPODate, e.Value, e))
		}
	}
	return out
}

// genericSectorRe is a focus that names no industry: "companies with strong management",
// "businesses located outside the United States".
var genericSectorRe = textutil.MustStarts(`(?i)^(?:companies|businesses|targets?|a |an |one or more|those|such|any|all|high-?quality|attractive|middle-market)\b`)

// sectorText emits the text of slot v as the sector unless it names no industry.
func sectorText(m *rule.Match) []rule.Out {
	text := strings.TrimSpace(m.Text("v"))
	if text == "" || genericSectorRe.MatchString(text) {
		return nil
	}
	start := m.Start("v")
	return []rule.Out{span(m, spac.FieldSector, strings.Join(strings.Fields(text), " "), start, start+len(text))}
}

// listedFirm is one name of a mixed list: a recognised organisation, or up to four
// capitalised words with an optional ", Name & Co" tail that belongs to the same firm.
const listedFirm = `(?:⟦org \d+⟧|` + shortFirm + `(?:, [A-Z][\w'’-]* & Co\b\.?)?)`

// namedFirmRe finds the names of a mixed list in its unmasked text; the ", Name & Co" tail
// stays with the name before it.
var namedFirmRe = textutil.MustStarts(`[A-Z][\w'’/.-]*(?: (?:[A-Z][\w'’/.-]*|&))*(?:, [A-Z][\w'’-]* & Co\b\.?)?`)

// namedFirms emits each firm of slot v: a recognised organisation as it is written, and
// between them the names namedFirmRe finds, not one that starts with a sentence's or a role's
// word.
func namedFirms(m *rule.Match) []rule.Out {
	text, start := m.Text("v"), m.Start("v")
	var out []rule.Out
	plain := func(from, to int) {
		for _, loc := range namedFirmRe.FindAllStringIndex(text[from:to], -1) {
			name := strings.TrimRight(text[from+loc[0]:from+loc[1]], ".")
			if !notFirmRe.MatchString(name) {
				out = append(out, span(m, spac.FieldUnderwriter, name, start+from+loc[0], start+from+loc[0]+len(name)))
			}
		}
	}
	at := 0
	for _, e := range m.Entities("v") {
		if e.Kind != entity.Org {
			continue
		}
		plain(at, e.Start-start)
		out = append(out, span(m, spac.FieldUnderwriter, text[e.Start-start:e.End-start], e.Start, e.End))
		at = e.End - start
	}
	plain(at, len(text))
	return out
}
