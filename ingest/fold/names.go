package fold

import (
	"strings"
	"unicode"

	spac "github.com/spacdata/spac"
)

// names settles the row's name, previous names and target.
//
// Decisions:
//   - After the de-SPAC closes, the row is the combined company: its name is the combination's
//     new name (as stated) when one is known; the SPAC's name moves to previous_names.
//   - previous_names are the registrant names filed under before the current one (the SGML
//     header's conformed name of each filing), oldest first; a name that differs from another
//     only in case or punctuation counts once.
//   - target is the target of the pending or completed business combination; a terminated
//     agreement's target is no longer the SPAC's target.
func names(p *spac.Profile, recs []record) {
	var cs citations = p.Citations
	comb := p.Combination
	if comb != nil && comb.TerminationDate == "" && comb.Target != "" {
		if c, ok := citationOf(comb.Citations, "target"); ok {
			p.Target = comb.Target
			cs.set(c.WithField("target"))
		}
	}
	if p.Status == spac.StatusClosed && comb != nil && comb.NewName != "" {
		if c, ok := citationOf(comb.Citations, "new_name"); ok {
			p.Name = comb.NewName
			cs.set(c.WithField("name"))
		}
	}
	seen := map[string]bool{nameKey(p.Name): true}
	cs.drop("previous_names")
	for _, r := range recs {
		for _, f := range r.all(spac.FieldName) {
			k := nameKey(f.Value)
			if seen[k] {
				continue
			}
			seen[k] = true
			p.PreviousNames = append(p.PreviousNames, f.Value)
			cs.add(stated(f, "previous_names"))
		}
	}
	p.Citations = cs.list()
}

// nameKey compares names without case, punctuation or spacing.
func nameKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
