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

// derived cites a computed value. It keeps the filing anchor (form, accession, line, URL) of
// its first input so a client can still open a line, drops the quote (the computed value is
// not written on that line) and lists every input.
func derived(field string, inputs ...spac.Citation) spac.Citation {
	if len(inputs) == 0 {
		return spac.Citation{Field: field, Basis: spac.BasisDerived}
	}
	c := inputs[0]
	c.Field = field
	c.Quote = ""
	c.Basis = spac.BasisDerived
	c.Inputs = append([]spac.Citation(nil), inputs...)
	return c
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
