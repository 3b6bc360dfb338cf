// Package citecheck is test support: it checks citations the way a client would with
// GET /v1/filings/{accession}/lines, and checks that each holds the value it cites.
//
// A walk visits every citation of a served value (a profile, an event, an alert, an article):
//   - stated: the filing exists and is of the cited form, the cited line holds the quote, the
//     excerpt is (part of) that line, and the quote equals the value the citation is for (the
//     key of its object named by its field: a date written as that date, a number as that
//     number - "$320 million", "six months" -, a text containing or contained in the value);
//   - quoted (a price): the cited line of the quotes file holds the quote and the as-of date;
//   - derived or modeled: it has inputs, each of which is checked in turn (an input's value is
//     not served, so its quote must only read as the kind its field names: a date field's
//     quote as a date, a number's as a number).
//
// A status, a meeting kind, a sector and a lock-up's party are codes a sentence implies
// ("consummated the merger" for closed, "Sponsor" for sponsor): their quote is the evidence,
// on its line, not the value.
package citecheck

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spacdata/spac"
)

// Store is the part of the filing store a walk reads.
type Store interface {
	Filing(ctx context.Context, accession string) (spac.Filing, error)
	Lines(ctx context.Context, accession string, from, to int) ([]string, error)
}

// Walker checks citations and counts what it saw.
type Walker struct {
	Store      Store
	QuotesName string   // the quotes file's name (basis quoted)
	Quotes     []string // its lines
	// Counts: every citation checked (inputs included), those that passed, by basis, and the
	// stated ones whose value was compared with their quote.
	Total, OK, Stated, Quoted, Derived, Valued int
	Problems                                   []string
	// Undated lists the derived dates no input writes nor files (a balance-sheet date taken
	// from a report's XBRL period while no line of it is read): not wrong, not checkable.
	Undated []string
}

// evidenceFields are cited by the words that imply a code, not by the code.
var evidenceFields = map[string]bool{"status": true, "kind": true, "sector": true, "party": true}

// Walk checks every citation in x (any depth), naming problems after what.
func (w *Walker) Walk(what string, x any) {
	raw, err := json.Marshal(x)
	if err != nil {
		w.fail("%s: marshal: %v", what, err)
		return
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		w.fail("%s: decode: %v", what, err)
		return
	}
	w.walk(what, doc)
}

func (w *Walker) walk(what string, node any) {
	switch n := node.(type) {
	case []any:
		for _, el := range n {
			w.walk(what, el)
		}
	case map[string]any:
		for k, el := range n {
			switch k {
			case "citations", "citation":
				for _, c := range decode(el) {
					w.Check(what, c, n)
				}
			default:
				w.walk(what, el)
			}
		}
	}
}

// Check checks citation c of object obj (nil: no value to compare) and its inputs.
func (w *Walker) Check(what string, c spac.Citation, obj map[string]any) {
	if err := w.verify(c, obj); err != nil {
		w.fail("%s: %s (%s %s line %d): %v", what, c.Field, c.Basis, c.Accession+c.Source, c.Line, err)
	}
}

// Verify checks c as Check does and returns the problem instead of recording it.
func (w *Walker) Verify(c spac.Citation, obj map[string]any) error { return w.verify(c, obj) }

func (w *Walker) fail(format string, args ...any) {
	w.Problems = append(w.Problems, fmt.Sprintf(format, args...))
}

func (w *Walker) verify(c spac.Citation, obj map[string]any) error {
	w.Total++
	err := w.verifyOne(c, obj)
	if err == nil {
		w.OK++
	}
	return err
}

func (w *Walker) verifyOne(c spac.Citation, obj map[string]any) error {
	switch c.Basis {
	case spac.BasisDerived, spac.BasisModeled:
		w.Derived++
		if len(c.Inputs) == 0 {
			return fmt.Errorf("no inputs")
		}
		for _, in := range c.Inputs {
			if err := w.verify(in, nil); err != nil {
				return fmt.Errorf("input %s (%s line %d): %w", in.Field, in.Accession+in.Source, in.Line, err)
			}
		}
		if err := w.datedBy(c, obj); err != nil {
			w.Undated = append(w.Undated, fmt.Sprintf("%s (%s): %v", c.Field, c.Accession, err))
		}
		return nil
	case spac.BasisQuoted:
		w.Quoted++
		return w.verifyQuoted(c)
	case spac.BasisStated, "":
		w.Stated++
		if err := w.verifyLine(c); err != nil {
			return err
		}
		return w.verifyValue(c, obj)
	}
	return fmt.Errorf("unknown basis %q", c.Basis)
}

// datedBy checks a derived date that is taken over, not computed: a date its inputs write, or
// the date of an input's filing (its filing date, or the period of report the filing's
// metadata serves). A computed date (a deadline months after the IPO, a lockup's expiry) is
// derived from an input that is a date itself.
func (w *Walker) datedBy(c spac.Citation, obj map[string]any) error {
	values, ok := valuesAt(obj, c.Field)
	if obj == nil || !ok || len(values) != 1 || !isoDate.MatchString(values[0]) {
		return nil
	}
	date := values[0]
	for _, in := range c.Inputs {
		if w.inputDates(in, date) {
			return nil
		}
	}
	return fmt.Errorf("derived date %s: no input writes a date or is a filing of that date", date)
}

// inputDates reports whether input in supports a derived date: it writes a date (the one
// taken over, or one a computation starts from), or its filing is of that date.
func (w *Walker) inputDates(in spac.Citation, date string) bool {
	if len(Dates(in.Quote)) > 0 || in.FiledAt == date || inPeriod(in.Quote, date) {
		return true
	}
	if in.Basis == spac.BasisDerived {
		for _, x := range in.Inputs {
			if w.inputDates(x, date) {
				return true
			}
		}
		return false
	}
	f, err := w.Store.Filing(context.Background(), in.Accession)
	return err == nil && f.Period == date
}

func (w *Walker) verifyLine(c spac.Citation) error {
	ctx := context.Background()
	f, err := w.Store.Filing(ctx, c.Accession)
	if err != nil {
		return fmt.Errorf("filing: %w", err)
	}
	if f.Form != c.Filing {
		return fmt.Errorf("cites form %q, the filing is a %q", c.Filing, f.Form)
	}
	lines, err := w.Store.Lines(ctx, c.Accession, c.Line, c.Line)
	if err != nil || len(lines) != 1 {
		return fmt.Errorf("line: %d lines, %v", len(lines), err)
	}
	if c.Quote == "" || !strings.Contains(lines[0], c.Quote) {
		return fmt.Errorf("line %q does not hold the quote %q", lines[0], c.Quote)
	}
	if ex := strings.Trim(c.Excerpt, "…"); ex == "" || !strings.Contains(lines[0], ex) {
		return fmt.Errorf("excerpt %q is not from line %q", c.Excerpt, lines[0])
	}
	return nil
}

func (w *Walker) verifyQuoted(c spac.Citation) error {
	if c.Source != w.QuotesName || c.Line < 1 || c.Line > len(w.Quotes) {
		return fmt.Errorf("source %q line %d: not a line of the quotes file", c.Source, c.Line)
	}
	line := strings.TrimSpace(w.Quotes[c.Line-1])
	if c.Quote == "" || !strings.Contains(line, c.Quote) || !strings.Contains(line, c.AsOf) || c.Excerpt != line {
		return fmt.Errorf("quotes line %q does not hold quote %q as of %q (excerpt %q)", line, c.Quote, c.AsOf, c.Excerpt)
	}
	return nil
}

// verifyValue checks that a stated quote equals the value it cites in obj; without obj (an
// input), that it reads as the kind of value its field names.
func (w *Walker) verifyValue(c spac.Citation, obj map[string]any) error {
	if evidenceFields[c.Field] {
		return nil
	}
	if obj == nil {
		return readsAsKind(c)
	}
	values, ok := valuesAt(obj, c.Field)
	if !ok {
		return nil // the value is served elsewhere (an alert's detail under another name)
	}
	w.Valued++
	for _, v := range values {
		if Holds(c.Field, c.Quote, v) {
			return nil
		}
	}
	return fmt.Errorf("the quote %q is not the value %q", c.Quote, strings.Join(values, ", "))
}

// valuesAt returns the scalar values at the dotted path field of obj (an array's elements),
// also looking into an alert's detail.
func valuesAt(obj map[string]any, field string) ([]string, bool) {
	var node any = obj
	for _, k := range strings.Split(field, ".") {
		m, ok := node.(map[string]any)
		if !ok {
			return nil, false
		}
		if node, ok = m[k]; !ok {
			if d, isMap := m["detail"].(map[string]any); isMap && d[k] != nil {
				node = d[k]
				continue
			}
			return nil, false
		}
	}
	switch v := node.(type) {
	case string:
		return []string{v}, v != ""
	case float64:
		return []string{fmt.Sprint(v)}, true
	case []any:
		var out []string
		for _, el := range v {
			if s, ok := el.(string); ok {
				out = append(out, s)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

func decode(n any) []spac.Citation {
	raw, _ := json.Marshal(n)
	var list []spac.Citation
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var one spac.Citation
	if json.Unmarshal(raw, &one) == nil {
		return []spac.Citation{one}
	}
	return nil
}
