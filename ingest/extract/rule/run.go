package rule

import (
	"fmt"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// Finding is a fact with the rule that produced it and the text it was read from.
type Finding struct {
	Fact     spac.Fact
	Rule     string
	Priority int
	Sentence string // the sentence (or table row) the value was read from
}

// Book is a compiled set of rules.
type Book struct {
	rules []*Rule
	// Valid, when set, vetoes a value an entity would give a field (a Class B quantity is
	// never a redemption; a merger sub is never the target).
	Valid func(field, value string, e *entity.Entity) bool
}

// NewBook compiles rules; it fails on the first rule that does not compile or on a
// duplicate id.
func NewBook(rules ...[]*Rule) (*Book, error) {
	b := &Book{}
	seen := map[string]bool{}
	for _, list := range rules {
		for _, r := range list {
			if seen[r.ID] {
				return nil, fmt.Errorf("duplicate rule id %s", r.ID)
			}
			seen[r.ID] = true
			if err := r.Compile(); err != nil {
				return nil, err
			}
			b.rules = append(b.rules, r)
		}
	}
	return b, nil
}

// Rules returns the book's rules in order.
func (b *Book) Rules() []*Rule { return b.rules }

// Run reads every sentence of d with every rule that applies to its section. Entities are
// recognised only in sentences that some applicable rule's literals admit.
func (b *Book) Run(d *doc.Doc) []Finding {
	var out []Finding
	var applicable []*Rule
	var lastSection *doc.Section
	for _, s := range d.Sentences {
		if s.Section != lastSection {
			lastSection, applicable = s.Section, b.applicable(d.Class, s.Section)
		}
		if len(applicable) == 0 {
			continue
		}
		out = append(out, b.read(d, s, applicable)...)
	}
	return out
}

func (b *Book) applicable(c doc.Class, sec *doc.Section) []*Rule {
	var out []*Rule
	for _, r := range b.rules {
		if r.Applies(c, sec) {
			out = append(out, r)
		}
	}
	return out
}

// read applies rules to one sentence.
func (b *Book) read(d *doc.Doc, s *doc.Sentence, rules []*Rule) []Finding {
	lower := strings.ToLower(s.Text)
	var masked *entity.Masked
	var out []Finding
	for _, r := range rules {
		if !r.mayMatch(lower) {
			continue
		}
		if masked == nil {
			masked = entity.Mask(s.Text)
		}
		if r.never != nil && r.never.MatchString(masked.Text) || r.must != nil && !r.must.MatchString(masked.Text) {
			continue
		}
		for _, m := range r.re.FindAllStringSubmatchIndex(masked.Text, -1) {
			if r.not != nil && r.not.MatchString(masked.Text[:m[1]]) {
				continue
			}
			mt := &Match{d: d, s: s, m: masked, r: r, idx: m}
			out = append(out, b.produce(mt)...)
		}
	}
	return out
}

// produce turns one match into findings: the rule's own production, else one finding per
// emitted slot (per entity of the slot, for an Each rule) whose value is valid.
func (b *Book) produce(mt *Match) []Finding {
	r := mt.r
	period := mt.d.R.Filing.Period
	if r.Period != "" {
		if hits := mt.hits(r.Period, spac.FieldDeadline); len(hits) > 0 {
			period = hits[0].value
		}
	}
	var outs []Out
	if r.Produce != nil {
		outs = r.Produce(mt)
	} else {
		for slotName, fields := range r.Emit {
			outs = append(outs, mt.emit(slotName, fields)...)
		}
	}
	var found []Finding
	for _, o := range outs {
		if o.Line < 1 || o.Quote == "" || o.Value == "" {
			continue
		}
		if b.Valid != nil && !b.Valid(o.Field, o.Value, o.Entity) {
			continue
		}
		fact := spac.Fact{
			CIK: mt.d.R.Filing.CIK, Field: o.Field, Value: o.Value, Period: period,
			Citation: cite(mt.d.R, o),
		}
		found = append(found, Finding{Fact: fact, Rule: r.ID, Priority: r.Priority, Sentence: mt.s.Text})
	}
	return found
}

// cite builds the citation of an output; a production that did not give the quote's column
// (or gave a wrong one) is cited by searching the line.
func cite(r *spac.RenderedFiling, o Out) spac.Citation {
	if line := r.Line(o.Line); o.Col >= 0 && o.Col <= len(line) && strings.HasPrefix(line[o.Col:], o.Quote) {
		return r.CiteAt(o.Field, o.Line, o.Col, o.Quote)
	}
	return r.Cite(o.Field, o.Line, o.Quote)
}
