package kv

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	spac "github.com/spacdata/spac"
)

// A filing's facts are stored as json.Marshal writes []spac.Fact, and the fold reads every
// filing's facts back: encoding/json's reflection was 4 % of an ingest's CPU. factReader reads
// that one shape by hand: the keys json.Marshal writes, strings, integers, arrays of
// citations. Anything else (a key it does not know, a null, a number with a fraction, a
// malformed text) makes it give up, and encoding/json reads the value instead, so what
// decodeFacts returns is always what json.Unmarshal gives (TestDecodeFactsIsUnmarshal).

// decodeFacts decodes a stored facts value.
func decodeFacts(b []byte) ([]spac.Fact, error) {
	r := factReader{b: b}
	if facts, ok := r.facts([]spac.Fact{}); ok {
		return facts, nil
	}
	var facts []spac.Fact
	err := json.Unmarshal(b, &facts)
	return facts, err
}

// appendFacts appends the facts of a stored facts value to dst (the fold reads every filing
// of a SPAC into one list: no list of each filing's is made and copied).
func appendFacts(dst []spac.Fact, b []byte) ([]spac.Fact, error) {
	r := factReader{b: b}
	if out, ok := r.facts(dst); ok {
		return out, nil
	}
	var facts []spac.Fact
	if err := json.Unmarshal(b, &facts); err != nil {
		return dst, err
	}
	return append(dst, facts...), nil
}

// factReader reads JSON from b at i; each method reports false where the text is not what
// json.Marshal writes for facts.
type factReader struct {
	b []byte
	i int
}

// facts reads the whole value, an array of facts and nothing after it but white space,
// appending the facts to out.
func (r *factReader) facts(out []spac.Fact) ([]spac.Fact, bool) {
	ok := r.array(func() bool {
		out = append(out, spac.Fact{})
		return r.fact(&out[len(out)-1])
	})
	r.space()
	return out, ok && r.i == len(r.b)
}

// array reads '[' elements ']', each read by elem.
func (r *factReader) array(elem func() bool) bool {
	if !r.next('[') {
		return false
	}
	if r.next(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if r.next(']') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

// object reads '{' "key": value ... '}', each value read by field for its key.
func (r *factReader) object(field func(key string) bool) bool {
	if !r.next('{') {
		return false
	}
	if r.next('}') {
		return true
	}
	for {
		key, ok := r.str()
		if !ok || !r.next(':') || !field(key) {
			return false
		}
		if r.next('}') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

func (r *factReader) fact(f *spac.Fact) bool {
	return r.object(func(key string) bool {
		switch key {
		case "cik":
			return r.strTo((*string)(&f.CIK))
		case "field":
			return r.strTo(&f.Field)
		case "value":
			return r.strTo(&f.Value)
		case "period":
			return r.strTo(&f.Period)
		case "party":
			return r.strTo(&f.Party)
		case "citation":
			return r.citation(&f.Citation)
		}
		return false
	})
}

func (r *factReader) citation(c *spac.Citation) bool {
	return r.object(func(key string) bool {
		switch key {
		case "field":
			return r.strTo(&c.Field)
		case "filing":
			return r.strTo(&c.Filing)
		case "accession":
			return r.strTo(&c.Accession)
		case "line":
			return r.intTo(&c.Line)
		case "document":
			return r.strTo(&c.Document)
		case "url":
			return r.strTo(&c.URL)
		case "filedAt":
			return r.strTo(&c.FiledAt)
		case "excerpt":
			return r.strTo(&c.Excerpt)
		case "quote":
			return r.strTo(&c.Quote)
		case "basis":
			return r.strTo((*string)(&c.Basis))
		case "inputs":
			// encoding/json reads a second array into the first one's elements: leave it so
			return c.Inputs == nil && r.citations(&c.Inputs)
		case "source":
			return r.strTo(&c.Source)
		case "asOf":
			return r.strTo(&c.AsOf)
		}
		return false
	})
}

func (r *factReader) citations(out *[]spac.Citation) bool {
	list := []spac.Citation{}
	ok := r.array(func() bool {
		list = append(list, spac.Citation{})
		return r.citation(&list[len(list)-1])
	})
	*out = list
	return ok
}

// space skips JSON white space.
func (r *factReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// next reads c (after white space) when it is next.
func (r *factReader) next(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *factReader) strTo(s *string) bool {
	v, ok := r.str()
	*s = v
	return ok
}

// str reads a string. One with an escape is read by encoding/json (json.Marshal writes "&",
// "<" and ">" as \u escapes); bytes that are not UTF-8, or control bytes, give up.
func (r *factReader) str() (string, bool) {
	if !r.next('"') {
		return "", false
	}
	start, ascii := r.i, true
	for ; r.i < len(r.b); r.i++ {
		switch c := r.b[r.i]; {
		case c == '"':
			raw := r.b[start:r.i]
			r.i++
			if !ascii && !utf8.Valid(raw) {
				return "", false
			}
			return string(raw), true
		case c == '\\':
			return r.escaped(start - 1)
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// escaped reads the string that begins at its quote at start and holds an escape, the
// reader at the escape's backslash. json.Marshal writes "&", "<" and ">" as \u escapes,
// common in firms' names; a surrogate or bytes that are not UTF-8 are left to encoding/json.
func (r *factReader) escaped(start int) (string, bool) {
	out := append([]byte(nil), r.b[start+1:r.i]...)
	for r.i < len(r.b) {
		c := r.b[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(out) {
				return r.token(start)
			}
			return string(out), true
		case c < 0x20:
			return "", false
		case c != '\\':
			out = append(out, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.b) {
			return "", false
		}
		switch e := r.b[r.i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			v, err := strconv.ParseUint(string(r.b[min(r.i+2, len(r.b)):min(r.i+6, len(r.b))]), 16, 16)
			if err != nil || r.i+6 > len(r.b) || utf16.IsSurrogate(rune(v)) {
				return r.token(start)
			}
			out = utf8.AppendRune(out, rune(v))
			r.i += 4
		default:
			return "", false
		}
		r.i += 2
	}
	return "", false
}

// token reads the string that begins at its quote at start with encoding/json.
func (r *factReader) token(start int) (string, bool) {
	r.i = start + 1
	for r.i < len(r.b) && r.b[r.i] != '"' {
		if r.b[r.i] == '\\' {
			r.i++
		}
		r.i++
	}
	if r.i >= len(r.b) {
		return "", false
	}
	r.i++
	var s string
	if err := json.Unmarshal(r.b[start:r.i], &s); err != nil {
		return "", false
	}
	return s, true
}

// intTo reads an integer as json.Marshal writes one (no fraction, no exponent, no leading
// zero), small enough for any int.
func (r *factReader) intTo(n *int) bool {
	r.space()
	start := r.i
	if r.i < len(r.b) && r.b[r.i] == '-' {
		r.i++
	}
	digits := r.i
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		r.i++
	}
	if k := r.i - digits; k == 0 || k > 15 || (k > 1 && r.b[digits] == '0') {
		return false
	}
	if r.i < len(r.b) {
		switch r.b[r.i] {
		case '.', 'e', 'E':
			return false
		}
	}
	v, err := strconv.Atoi(string(r.b[start:r.i]))
	*n = v
	return err == nil
}
