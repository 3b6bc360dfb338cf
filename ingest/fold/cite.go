package fold

import spac "github.com/spacdata/spac"

// stated cites fact f for the profile field named field (its JSON name).
func stated(f spac.Fact, field string) spac.Citation {
	c := f.Citation
	c.Field = field
	if c.Basis == "" {
		c.Basis = spac.BasisStated
	}
	return c
}

// derived cites a computed value. It names the filing of its first input (form, accession,
// URL, filing date) and lists every input; it has no line, excerpt or quote, since the
// computed value is written on no line: a client checks it through its inputs, each of which
// is checkable in turn.
func derived(field string, inputs ...spac.Citation) spac.Citation {
	if len(inputs) == 0 {
		return spac.Citation{Field: field, Basis: spac.BasisDerived}
	}
	first := inputs[0]
	return spac.Citation{
		Field: field, Filing: first.Filing, Accession: first.Accession, URL: first.URL,
		FiledAt: first.FiledAt, Basis: spac.BasisDerived, Inputs: append([]spac.Citation(nil), inputs...),
	}
}

// derivedFrom cites a value taken over from another (the deadline in force before an
// extension): derived from c's own inputs when c is derived itself, else from c.
func derivedFrom(field string, c spac.Citation) spac.Citation {
	if c.Basis == spac.BasisDerived && len(c.Inputs) > 0 {
		return derived(field, c.Inputs...)
	}
	return derived(field, c)
}

// citations is a small builder that keeps one citation per field, the last one set winning.
type citations []spac.Citation

func (cs *citations) set(c spac.Citation) {
	for i := range *cs {
		if (*cs)[i].Field == c.Field {
			(*cs)[i] = c
			return
		}
	}
	*cs = append(*cs, c)
}

// setDate sets the citation of a date unless c is derived and the date is already cited
// (stated, on a line that writes it, or derived from an earlier value): a line that writes
// the date is kept over a derivation, and a derivation from the first value over one from a
// later.
func (cs *citations) setDate(c spac.Citation) {
	if old, ok := cs.find(c.Field); ok && c.Basis == spac.BasisDerived && (old.Basis != spac.BasisDerived || old.Accession == c.Accession) {
		return
	}
	cs.set(c)
}

// add appends c even when its field is already cited (multi-valued fields).
func (cs *citations) add(c spac.Citation) { *cs = append(*cs, c) }

// drop removes every citation of field.
func (cs *citations) drop(field string) {
	out := (*cs)[:0]
	for _, c := range *cs {
		if c.Field != field {
			out = append(out, c)
		}
	}
	*cs = out
}

// find returns the citation of field.
func (cs citations) find(field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}

// list returns the citations as a non-nil slice.
func (cs citations) list() []spac.Citation {
	if cs == nil {
		return []spac.Citation{}
	}
	return []spac.Citation(cs)
}
