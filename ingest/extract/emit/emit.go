// Package emit builds cited facts for the extractors. An Emitter wraps one RenderedFiling:
// every fact it accepts has a citation whose line holds the quote, and the typed helpers
// (Money, Price, Int, Date) compute the fact's Value by parsing that quote, so a fact that
// cannot be cited or parsed is dropped instead of emitted.
package emit

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Span is an inclusive range of canonical lines (1-based).
type Span struct{ From, To int }

// Emitter collects the facts of one filing.
type Emitter struct {
	R     *spac.RenderedFiling
	Lines textutil.Lines
	// Scope is where Find looks: the documents the extractor reads (default: the first
	// document, or everything after the SGML header when the filing lists no documents).
	Scope []Span
	facts []spac.Fact
}

// New returns an Emitter over r scoped to its primary document.
func New(r *spac.RenderedFiling) *Emitter {
	e := &Emitter{R: r, Lines: textutil.Lines(r.Lines)}
	e.ScopeTo(func(d spac.Document) bool { return d.Sequence <= 1 })
	return e
}

// ScopeTo sets Scope to the non-binary documents keep accepts, in filing order; when none
// is accepted it falls back to the whole text after the header.
func (e *Emitter) ScopeTo(keep func(spac.Document) bool) {
	e.Scope = nil
	for _, d := range e.R.Filing.Documents {
		if d.Binary || d.FirstLine < 1 || !keep(d) {
			continue
		}
		e.Scope = append(e.Scope, Span{d.FirstLine, d.LastLine})
	}
	if len(e.Scope) == 0 {
		e.Scope = []Span{{HeaderEnd(e.R.Lines) + 1, len(e.R.Lines)}}
	}
}

// Find returns the first match of re within Scope.
func (e *Emitter) Find(re *regexp.Regexp) (textutil.Match, bool) {
	for _, s := range e.Scope {
		if m, ok := e.Lines.Find(re, s.From, s.To); ok {
			return m, true
		}
	}
	return textutil.Match{}, false
}

// FindFirst tries the patterns in order (most precise first) and returns the first match.
func (e *Emitter) FindFirst(res ...*regexp.Regexp) (textutil.Match, bool) {
	for _, re := range res {
		if m, ok := e.Find(re); ok {
			return m, true
		}
	}
	return textutil.Match{}, false
}

// FindAll returns every matching line within Scope.
func (e *Emitter) FindAll(re *regexp.Regexp) []textutil.Match {
	var out []textutil.Match
	for _, s := range e.Scope {
		out = append(out, e.Lines.FindAll(re, s.From, s.To)...)
	}
	return out
}

// Has reports whether a fact of field was already emitted.
func (e *Emitter) Has(field string) bool {
	for _, f := range e.facts {
		if f.Field == field {
			return true
		}
	}
	return false
}

// Facts returns the facts emitted so far.
func (e *Emitter) Facts() []spac.Fact { return e.facts }

// Add emits a fact with an explicit value after checking that line n holds quote.
func (e *Emitter) Add(field, value string, n int, quote, period string) bool {
	if value == "" || quote == "" || !strings.Contains(e.R.Line(n), quote) {
		return false
	}
	e.facts = append(e.facts, spac.Fact{
		CIK: e.R.Filing.CIK, Field: field, Value: value, Period: period,
		Citation: e.R.Cite(field, n, quote),
	})
	return true
}

// Text emits a text fact whose value is the quote with whitespace collapsed.
func (e *Emitter) Text(field string, n int, quote string) bool {
	return e.Add(field, strings.Join(strings.Fields(quote), " "), n, quote, "")
}

// Money emits a money fact parsed from the quote.
func (e *Emitter) Money(field string, n int, quote string) bool {
	return e.parsed(textutil.ParseMoney, field, n, quote)
}

// Price emits a price fact parsed from the quote.
func (e *Emitter) Price(field string, n int, quote string) bool {
	return e.parsed(textutil.ParsePrice, field, n, quote)
}

// Int emits an integer fact parsed from the quote.
func (e *Emitter) Int(field string, n int, quote string) bool {
	return e.parsed(textutil.ParseInt, field, n, quote)
}

// Date emits a date fact parsed from the quote.
func (e *Emitter) Date(field string, n int, quote string) bool {
	return e.parsed(textutil.ParseDate, field, n, quote)
}

func (e *Emitter) parsed(parse func(string) (string, bool), field string, n int, quote string) bool {
	v, ok := parse(quote)
	if !ok {
		return false
	}
	return e.Add(field, v, n, quote, "")
}

// Status emits the status this filing sets, citing the words on line n that justify it.
func (e *Emitter) Status(s spac.Status, n int, quote string) bool {
	if e.Has(spac.FieldStatus) {
		return false
	}
	return e.Add(spac.FieldStatus, string(s), n, quote, "")
}

// Exchange emits the exchange named by the quote ("Nasdaq Global Market" -> "Nasdaq").
func (e *Emitter) Exchange(n int, quote string) bool {
	if e.Has(spac.FieldExchange) {
		return false
	}
	return e.parsed(textutil.ExchangeName, spac.FieldExchange, n, quote)
}
