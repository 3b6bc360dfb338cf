// Package entity recognises the typed values of filing text before any rule runs: money,
// quantities of shares, units, warrants and rights, bare counts, percentages, dates,
// durations, tickers, exchanges and company names. A rule then speaks of "a date" or "a
// quantity of shares" instead of spelling out every way a filing writes one
// (facebook/duckling's dimensions). Each entity keeps its span, so its value is cited on the
// text that states it.
package entity

import (
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Kind is the type of an entity.
type Kind string

const (
	Money    Kind = "money"    // "$250,000,000", "$25.06 million", "$10.00" (per-share prices too)
	Shares   Kind = "shares"   // "968,617 Class A ordinary shares", "46.7 million shares of common stock"
	Units    Kind = "units"    // "30,000,000 units"
	Warrants Kind = "warrants" // "5,333,333 private placement warrants"
	Rights   Kind = "rights"   // "2,000,000 rights"
	Count    Kind = "count"    // a bare grouped integer: "22,806,594"
	Percent  Kind = "percent"  // "59.03%", "12.5 percent"
	Date     Kind = "date"     // "August 20, 2021", "the 2nd day of May, 2025"
	Duration Kind = "duration" // "24 months", "twenty-four (24) months", "one year", "180 days"
	Ticker   Kind = "ticker"   // “VACQU”, the symbol in "(Nasdaq: VACQ)"
	Exchange Kind = "exchange" // "The Nasdaq Stock Market LLC", "New York Stock Exchange"
	Org      Kind = "org"      // "Rocket Lab USA, Inc.", "Vector Acquisition Partners, L.P."
)

// Entity is one recognised value in a text.
type Entity struct {
	Kind       Kind
	Start, End int // byte span in the text
	// CoreStart..CoreEnd is the part that states the value ("968,617" of "968,617 Class A
	// ordinary shares"); a citation quotes it.
	CoreStart, CoreEnd int
	Num                *big.Rat // money, quantities, counts, percentages, durations
	Value              string   // date YYYY-MM-DD, ticker, exchange ("Nasdaq"), org name
	Unit               string   // duration: "month", "day", "year", "trading day"
	Class              string   // quantities: the share class letter ("A", "B"), if written
}

// Text returns the entity's text.
func (e Entity) Text(s string) string { return s[e.Start:e.End] }

// Core returns the text that states the value.
func (e Entity) Core(s string) string { return s[e.CoreStart:e.CoreEnd] }

// Months returns a duration in months (years count twelve) and whether it is one.
func (e Entity) Months() (int64, bool) {
	if e.Kind != Duration || e.Num == nil || !e.Num.IsInt() {
		return 0, false
	}
	switch e.Unit {
	case "month":
		return e.Num.Num().Int64(), true
	case "year":
		return e.Num.Num().Int64() * 12, true
	}
	return 0, false
}

// Days returns a duration in calendar days and whether it is one.
func (e Entity) Days() (int64, bool) {
	if e.Kind != Duration || e.Unit != "day" || e.Num == nil || !e.Num.IsInt() {
		return 0, false
	}
	return e.Num.Num().Int64(), true
}

// IsQuantity reports whether the entity counts securities (shares, units, warrants, rights).
func (e Entity) IsQuantity() bool {
	return e.Kind == Shares || e.Kind == Units || e.Kind == Warrants || e.Kind == Rights
}

// priority settles overlaps: a higher one wins the span.
var priority = map[Kind]int{
	Date: 9, Money: 8, Percent: 7, Shares: 6, Units: 6, Warrants: 6, Rights: 6, Duration: 5,
	Exchange: 4, Ticker: 3, Org: 2, Count: 1,
}

// Recognise finds the entities of a text, without overlaps, in text order.
func Recognise(text string) []Entity { return recognise(text, cluesOf(text)) }

// Scan is a text with its clues read: which kinds of entity it may hold, known before any
// is recognised, so a caller can skip recognising a sentence no kind it needs can be in.
type Scan struct {
	text string
	c    clues
}

// ScanText reads the clues of text.
func ScanText(text string) Scan { return Scan{text: text, c: cluesOf(text)} }

// ScanLower is ScanText for a caller that already holds strings.ToLower(text).
func ScanLower(text, lower string) Scan { return Scan{text: text, c: cluesOfLower(text, lower)} }

// May reports whether the text may hold an entity of kind k: false when no recogniser that
// gives k runs on it, so Mask(text) holds none.
func (s Scan) May(k Kind) bool {
	for _, r := range recognisers {
		if r.clue(s.c) && slices.Contains(r.kinds, k) {
			return true
		}
	}
	return false
}

// Mask is Mask(text) with the clues already read.
func (s Scan) Mask() *Masked { return mask(s.text, recognise(s.text, s.c)) }

// Recognise is Recognise(text) with the clues already read.
func (s Scan) Recognise() []Entity { return recognise(s.text, s.c) }

func recognise(text string, c clues) []Entity {
	var found []Entity
	for _, r := range recognisers {
		if r.clue(c) {
			found = append(found, r.find(text)...)
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		a, b := found[i], found[j]
		if priority[a.Kind] != priority[b.Kind] {
			return priority[a.Kind] > priority[b.Kind]
		}
		return a.End-a.Start > b.End-b.Start
	})
	var kept []Entity
	for _, e := range found {
		if !overlaps(kept, e) {
			kept = append(kept, e)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

func overlaps(kept []Entity, e Entity) bool {
	for _, k := range kept {
		if e.Start < k.End && k.Start < e.End {
			return true
		}
	}
	return false
}

// Masked is a text with each entity replaced by a placeholder "⟦kind i⟧" (i indexes the
// entity list), so rule patterns read "holders of ⟦shares 0⟧ exercised their right ...".
type Masked struct {
	Text     string
	Entities []Entity
	spans    []maskSpan
}

// maskSpan is where placeholder i sits in the masked text.
type maskSpan struct{ start, end int }

// Open and Close delimit placeholders; neither occurs in filing text.
const (
	Open  = "⟦"
	Close = "⟧"
)

// Mask recognises the entities of text and masks them.
func Mask(text string) *Masked { return mask(text, Recognise(text)) }

func mask(text string, ents []Entity) *Masked {
	m := &Masked{Entities: ents}
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for i, e := range ents {
		b.WriteString(text[at:e.Start])
		start := b.Len()
		b.WriteString(Open + string(e.Kind) + " " + strconv.Itoa(i) + Close)
		if e.End < len(text) && isLetter(text[e.End]) {
			// a value run into the next word ("2019to", "3,594,000shares"), as text pulled
			// out of tagged XBRL runs: the placeholder keeps the space the words had
			b.WriteByte(' ')
		}
		m.spans = append(m.spans, maskSpan{start, b.Len()})
		at = e.End
	}
	b.WriteString(text[at:])
	m.Text = b.String()
	return m
}

// Unmask maps a masked offset back to the original text: an offset inside a placeholder
// maps to its entity's start (or end, with atEnd).
func (m *Masked) Unmask(off int, atEnd bool) int {
	shift := 0
	for i, s := range m.spans {
		e := m.Entities[i]
		if off < s.start {
			break
		}
		if off < s.end || off == s.end && atEnd {
			if atEnd {
				return e.End
			}
			return e.Start
		}
		shift += (e.End - e.Start) - (s.end - s.start)
	}
	return off + shift
}

// isLetter reports whether byte c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
