package rule

import (
	"strconv"
	"strings"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// Match is one match of a rule in a sentence, for productions.
type Match struct {
	d   *doc.Doc
	s   *doc.Sentence
	at  int // s is d.Sentences[at]
	m   *entity.Masked
	r   *Rule
	idx []int // submatch offsets in the masked text
}

// Out is one value a production emits, with its citation.
type Out struct {
	Field, Value string
	Line         int
	Col          int // byte column of Quote on Line (-1: unknown)
	Quote        string
	Entity       *entity.Entity // the entity it was read from (nil for plain text)
	Party        string         // who the value holds for (spac.Fact.Party), "" for most fields
	// Period, when set, dates this value instead of the rule's Period (a sentence that states
	// two periods' values: "at June 30, 2024 and December 31, 2023, ... 2,357,355 and
	// 7,699,729 shares, respectively").
	Period string
}

// span returns the masked offsets of slot name (the alternative that took part).
func (mt *Match) span(name string) (slot, int, int, bool) {
	for _, sl := range mt.r.slots {
		if sl.name == name && mt.idx[2*sl.group] >= 0 {
			return sl, mt.idx[2*sl.group], mt.idx[2*sl.group+1], true
		}
	}
	return slot{}, 0, 0, false
}

// Text returns the original text of slot name ("" when it did not take part).
func (mt *Match) Text(name string) string {
	_, a, b, ok := mt.span(name)
	if !ok {
		return ""
	}
	return mt.s.Text[mt.m.Unmask(a, false):mt.m.Unmask(b, true)]
}

// Entities returns the entities inside slot name, in order.
func (mt *Match) Entities(name string) []entity.Entity {
	sl, a, b, ok := mt.span(name)
	if !ok {
		return nil
	}
	if sl.entity {
		if e, ok := mt.entityAt(mt.m.Text[a:b]); ok {
			return []entity.Entity{e}
		}
		return nil
	}
	start, end := mt.m.Unmask(a, false), mt.m.Unmask(b, true)
	var out []entity.Entity
	for _, e := range mt.m.Entities {
		if e.Start >= start && e.End <= end {
			out = append(out, e)
		}
	}
	return out
}

func (mt *Match) entityAt(idx string) (entity.Entity, bool) {
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 || i >= len(mt.m.Entities) {
		return entity.Entity{}, false
	}
	return mt.m.Entities[i], true
}

// Value normalises entity e of the sentence to the value format of field (false when e is
// not of a kind the field takes).
func (mt *Match) Value(e entity.Entity, field string) (string, bool) {
	return valueOf(e, mt.s.Text, field)
}

// Cite returns the Out of field with value, cited on the core of entity e.
func (mt *Match) Cite(field, value string, e entity.Entity) Out {
	line, col, quote := mt.s.LocateAt(mt.d.R, e.CoreStart, e.CoreEnd)
	return Out{Field: field, Value: value, Line: line, Col: col, Quote: quote, Entity: &e}
}

// CiteText returns the Out of field with value, cited on the words of slot name as written
// (a value normalised from plain text, such as a period "first quarter of 2027"); ok is false
// when the slot did not take part or cannot be located on a line.
func (mt *Match) CiteText(field, value, name string) (Out, bool) {
	_, a, b, ok := mt.span(name)
	if !ok {
		return Out{}, false
	}
	line, col, quote := mt.s.LocateAt(mt.d.R, mt.m.Unmask(a, false), mt.m.Unmask(b, true))
	return Out{Field: field, Value: value, Line: line, Col: col, Quote: quote}, line > 0 && quote != ""
}

// Emitted is the default production of slot name for fields ("a|b": the first the value
// fits), for a production that adds to it.
func (mt *Match) Emitted(name, fields string) []Out { return mt.emit(name, fields) }

// Sentence returns the matched sentence as written (entity offsets index it).
func (mt *Match) Sentence() string { return mt.s.Text }

// CiteSpan returns the Out of field with value, cited on the sentence's words a..b as written
// (the words that imply a code); ok is false when they cannot be located on a line.
func (mt *Match) CiteSpan(field, value string, a, b int) (Out, bool) {
	if a < 0 || a >= b || b > len(mt.s.Text) {
		return Out{}, false
	}
	line, col, quote := mt.s.LocateAt(mt.d.R, a, b)
	return Out{Field: field, Value: value, Line: line, Col: col, Quote: quote}, line > 0 && quote != ""
}

// emit produces the values of slot name for fields ("a|b": the first the value fits).
func (mt *Match) emit(name, fields string) []Out {
	var out []Out
	for _, field := range strings.Split(fields, "|") {
		for _, h := range mt.hits(name, field) {
			out = append(out, Out{Field: field, Value: h.value, Line: h.line, Col: h.col, Quote: h.quote, Entity: h.entity})
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

type slotHit struct {
	value, quote string
	line, col    int
	entity       *entity.Entity
}

// hits reads slot name as values of field: its entity, each entity of the rule's Each kind
// inside it, or its plain text (a fixed value quotes the captured words).
func (mt *Match) hits(name, field string) []slotHit {
	sl, a, b, ok := mt.span(name)
	if !ok {
		return nil
	}
	if sl.entity || mt.r.Each != "" {
		var out []slotHit
		for _, e := range mt.Entities(name) {
			if !sl.entity && e.Kind != mt.r.Each {
				continue
			}
			if h, ok := mt.entityHit(e, field); ok {
				out = append(out, h)
			}
		}
		return out
	}
	if h, ok := textValue(mt.d, mt.s, mt.m.Unmask(a, false), mt.m.Unmask(b, true), field, mt.r.Value); ok {
		return []slotHit{h}
	}
	return nil
}

// entityHit reads entity e as a value of field, cited on the line holding most of its core.
func (mt *Match) entityHit(e entity.Entity, field string) (slotHit, bool) {
	v, ok := valueOf(e, mt.s.Text, field)
	if !ok || v == "" {
		return slotHit{}, false
	}
	line, col, quote := mt.s.LocateAt(mt.d.R, e.CoreStart, e.CoreEnd)
	return slotHit{value: v, quote: quote, line: line, col: col, entity: &e}, line > 0 && quote != ""
}

// Start returns the offset in the sentence where slot name begins (-1 when it did not take
// part).
func (mt *Match) Start(name string) int {
	_, a, _, ok := mt.span(name)
	if !ok {
		return -1
	}
	return mt.m.Unmask(a, false)
}

// Before returns the sentence's text before slot name ("" when it did not take part): the
// words that lead to a value the pattern could not veto by itself (Go's regexps look behind
// nothing), such as "an option to purchase up to" before a quantity of units.
func (mt *Match) Before(name string) string {
	if at := mt.Start(name); at > 0 {
		return mt.s.Text[:at]
	}
	return ""
}

// DefinedNames returns the short names the document gives companies it names once in full
// (doc.Doc.DefinedNames): a production may read "the business combination with Acme" as the
// company the document defined as Acme.
func (mt *Match) DefinedNames() map[string]doc.DefinedName { return mt.d.DefinedNames() }

// Filer returns the company name of the filing's header (the SPAC, or after a combination
// the company it became): a production can tell the filer from other companies a release
// names.
func (mt *Match) Filer() string { return mt.d.R.Filing.CompanyName }

// Preceding returns the texts of up to n sentences before the matched one, nearest first: a
// line that holds a value alone (a count of units) says what it is only through the lines
// before it (a fee table's row title, a cover's company name).
func (mt *Match) Preceding(n int) []string {
	var out []string
	for k := mt.at - 1; k >= 0 && len(out) < n; k-- {
		out = append(out, mt.d.Sentences[k].Text)
	}
	return out
}
