package rule

import (
	"fmt"
	"strings"
	"sync"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Finding is a fact with the rule that produced it and the text it was read from. While
// rules run, its citation holds only the line and quote (Col locates the quote on the
// line); Cite completes it for the findings that are kept, so a long document's many
// candidates do not each carry an excerpt.
type Finding struct {
	Fact     spac.Fact
	Rule     string
	Priority int
	Sentence string // the sentence (or table row) the value was read from
	Col      int    // byte column of the quote on its line (-1: unknown)
	// Exclusive: the rule's differing readings contradict each other (Rule.Exclusive)
	Exclusive bool
}

// Cite completes the finding's citation from the filing (excerpt, document, URL).
func (f *Finding) Cite(r *spac.RenderedFiling) {
	c := f.Fact.Citation
	if line := r.Line(c.Line); f.Col >= 0 && f.Col <= len(line) && strings.HasPrefix(line[f.Col:], c.Quote) {
		f.Fact.Citation = r.CiteAt(c.Field, c.Line, f.Col, c.Quote)
		return
	}
	f.Fact.Citation = r.Cite(c.Field, c.Line, c.Quote)
}

// Book is a compiled set of rules.
type Book struct {
	rules    []*Rule
	literals *literalSet // every rule's required literals, for the one-pass prefilter
	memo     *matchMemo  // the rules' matches in sentences seen before (memo.go)
	scopes   struct {    // the rules that apply, by scope (see applicable)
		sync.Mutex
		m map[string][]*Rule
	}
	// Valid, when set, vetoes a value an entity would give a field (a Class B quantity is
	// never a redemption; a merger sub is never the target).
	Valid func(field, value string, e *entity.Entity) bool
}

// NewBook compiles rules; it fails on the first rule that does not compile or on a
// duplicate id.
func NewBook(rules ...[]*Rule) (*Book, error) {
	b := &Book{memo: newMatchMemo()}
	b.scopes.m = map[string][]*Rule{}
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
	b.indexLiterals()
	return b, nil
}

// Forget empties the book's memo of sentences and matches. A run of many filings fills it to
// its bound (tens of MB); an ingest forgets it once its filings are read, so that the fold
// that follows, the peak of an ingest's memory, does not hold it too.
func (b *Book) Forget() { b.memo.forget() }

// indexLiterals numbers the distinct literals of all rules and builds their automaton.
func (b *Book) indexLiterals() {
	ids := map[string]int32{}
	var all []string
	number := func(groups [][]string) [][]int32 {
		var out [][]int32
		for _, group := range groups {
			var g []int32
			for _, lit := range group {
				id, ok := ids[lit]
				if !ok {
					id = int32(len(all))
					ids[lit] = id
					all = append(all, lit)
				}
				g = append(g, id)
			}
			out = append(out, g)
		}
		return out
	}
	for _, r := range b.rules {
		r.needIDs = number(r.needs)
		r.branchIDs = nil
		for _, c := range r.branches {
			r.branchIDs = append(r.branchIDs, number(c))
		}
	}
	b.literals = newLiteralSet(all)
}

// Rules returns the book's rules in order.
func (b *Book) Rules() []*Rule { return b.rules }

// Run reads every sentence of d with every rule that applies to its section and returns the
// findings with complete citations.
func (b *Book) Run(d *doc.Doc) []Finding {
	var out []Finding
	b.Each(d, func(f Finding) {
		f.Cite(d.R)
		out = append(out, f)
	})
	return out
}

// Each reads every sentence of d with every rule that applies to its section and hands each
// finding (its citation not yet complete, see Finding) to yield. Entities are recognised
// only in sentences that some applicable rule's literals admit.
func (b *Book) Each(d *doc.Doc, yield func(Finding)) {
	var applicable []*Rule
	var lastSection *doc.Section
	var marks []bool // reused per sentence; a Book is shared by concurrent Runs
	var within *sectionContext
	for i, s := range d.Sentences {
		if s.Section != lastSection {
			lastSection, applicable = s.Section, b.applicable(d, s.Section)
			within = &sectionContext{d: d, sec: s.Section}
		}
		if len(applicable) == 0 {
			continue
		}
		rules, sm := b.admitted(applicable, s.Text, &marks)
		if len(rules) == 0 {
			continue
		}
		for _, f := range b.read(d, i, rules, sm, within) {
			yield(f)
		}
	}
}

// admitted returns the rules of applicable (a scope's list, see applicable) whose literals
// the sentence holds, in order, and the sentence's memo entry. A repeated sentence (70 % of
// a generated corpus's) takes them from its memo entry: testing each rule of the scope
// against the marks cost about 3 % of an ingest's CPU. marks is the caller's buffer.
func (b *Book) admitted(applicable []*Rule, text string, marks *[]bool) ([]*Rule, *sentenceMemo) {
	scope := &applicable[0]
	sm := b.memo.sentence(text)
	if rules, ok := b.memo.admittedIn(sm, scope); ok {
		return rules, sm
	}
	*marks, sm = b.memo.literals(b.literals, sm, text, *marks)
	var rules []*Rule
	for _, r := range applicable {
		if r.admits(*marks) {
			rules = append(rules, r)
		}
	}
	b.memo.keepAdmitted(sm, scope, rules)
	return rules, sm
}

// applicable returns the rules in scope of a section. A rule's Within context is tested
// only once it has matched a sentence (sectionContext): scanning up to maxSectionContext
// bytes per section for every such rule cost a fifth of ingest, and matches are rare.
// The scope depends on the filing's class and the section's kind, items and document type
// only, which few sections differ in: the list is kept per scope (shared, never changed).
func (b *Book) applicable(d *doc.Doc, sec *doc.Section) []*Rule {
	key := strings.Join(append([]string{string(d.Class), string(sec.Kind), sec.Document.Type}, sec.Items...), "\x00")
	b.scopes.Lock()
	out, ok := b.scopes.m[key]
	b.scopes.Unlock()
	if ok {
		return out
	}
	for _, r := range b.rules {
		if r.Applies(d.Class, sec) {
			out = append(out, r)
		}
	}
	b.scopes.Lock()
	if len(b.scopes.m) >= maxScopes {
		clear(b.scopes.m)
	}
	b.scopes.m[key] = out
	b.scopes.Unlock()
	return out
}

// maxScopes bounds the scopes kept (documents of unforeseen types each make one).
const maxScopes = 1 << 10

// sectionContext answers, once per section and rule, whether the section holds a rule's
// Within context; the section's text is joined on the first question.
type sectionContext struct {
	d      *doc.Doc
	sec    *doc.Section
	text   string
	joined bool
	ok     map[*Rule]bool
}

func (c *sectionContext) holds(r *Rule) bool {
	if r.within == nil {
		return true
	}
	if ok, seen := c.ok[r]; seen {
		return ok
	}
	if !c.joined {
		c.text, c.joined, c.ok = sectionText(c.d, c.sec), true, map[*Rule]bool{}
	}
	c.ok[r] = r.within.MatchString(c.text)
	return c.ok[r]
}

// maxSectionContext bounds the text a Within test reads: the context of a section (a
// liquidation announced, an agreement named) is stated near its start.
const maxSectionContext = 64 << 10

// sectionText joins the section's lines (up to maxSectionContext bytes).
func sectionText(d *doc.Doc, sec *doc.Section) string {
	var b strings.Builder
	for n := sec.From; n <= sec.To && b.Len() < maxSectionContext; n++ {
		b.WriteString(d.Line(n))
		b.WriteByte(' ')
	}
	return b.String()
}

// read applies rules (those the sentence's literals admit) to one sentence.
func (b *Book) read(d *doc.Doc, i int, rules []*Rule, sm *sentenceMemo, within *sectionContext) []Finding {
	s := d.Sentences[i]
	var masked *entity.Masked
	var present map[entity.Kind]bool
	var scan *entity.Scan
	var out []Finding
	for _, r := range rules {
		if masked == nil {
			// Recognising entities is the costly half of a sentence: skipped while no rule
			// admitted so far could find the kinds it needs in it.
			if scan == nil {
				scan = b.memo.scan(sm, s.Text)
			}
			if !r.mayHaveKinds(*scan) {
				continue
			}
			masked = b.memo.mask(s.Text, *scan)
			present = map[entity.Kind]bool{}
			for _, e := range masked.Entities {
				present[e.Kind] = true
			}
		}
		if !r.hasKinds(present) {
			continue
		}
		hit := b.memo.matches(r, masked.Text)
		if len(hit.matches) == 0 || !(r.context(hit, s.Text) || r.headedInstead(hit, d, i)) || !within.holds(r) {
			continue
		}
		for k, m := range hit.matches {
			if hit.vetoed[k] {
				continue
			}
			mt := &Match{d: d, s: s, at: i, m: masked, r: r, idx: m}
			out = append(out, b.produce(mt)...)
		}
	}
	return out
}

// headedInstead reports whether a sentence whose words lack the rule's Must (and hold no
// Never) is headed by a short sentence that gives the context (see Rule.Heading).
func (r *Rule) headedInstead(hit *matched, d *doc.Doc, i int) bool {
	return !hit.never && r.heading != nil && headedBy(d, i, r.heading)
}

// maxHeading bounds the sentence that can stand as a heading of the next one.
const maxHeading = 120

// headedBy reports whether the sentence before sentence i is a short heading on the same
// line and in the same section that matches re ("Proposal 1 - Extension Amendment Proposal.").
func headedBy(d *doc.Doc, i int, re *textutil.Starts) bool {
	if i == 0 {
		return false
	}
	prev, s := d.Sentences[i-1], d.Sentences[i]
	_, prevLast := prev.Lines()
	first, _ := s.Lines()
	return prevLast == first && prev.Section == s.Section && len(prev.Text) <= maxHeading && re.MatchString(prev.Text)
}

// recountedPeriod is the date of the earlier event the match's sentence recounts, else
// period unchanged.
func recountedPeriod(mt *Match, period string) (string, bool) {
	if d, ok := recountedDate(mt.s); ok {
		return d, true
	}
	return period, false
}

// produce turns one match into findings: the rule's own production, else one finding per
// emitted slot (per entity of the slot, for an Each rule) whose value is valid.
func (b *Book) produce(mt *Match) []Finding {
	r := mt.r
	period, dated := mt.d.R.Filing.Period, false
	if r.Period != "" {
		if hits := mt.hits(r.Period, spac.FieldDeadline); len(hits) > 0 {
			period, dated = hits[0].value, true
		}
	}
	if !dated && r.Lead {
		if lead, ok := leadDate(mt.d, mt.at); ok {
			period, dated = lead, true
		}
	}
	if !dated && mt.d.Class == doc.Current {
		// an earlier event a report recounts is dated by its own date (recountedDate)
		period, dated = recountedPeriod(mt, period)
	}
	if r.Narrated && mt.d.Class == doc.Periodic && !dated {
		var ok bool
		if period, ok = mt.eventDate(); !ok {
			return nil
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
		at := period
		if o.Period != "" {
			at = o.Period
		}
		fact := spac.Fact{
			CIK: mt.d.R.Filing.CIK, Field: o.Field, Value: o.Value, Period: at, Party: o.Party,
			Citation: spac.Citation{Field: o.Field, Line: o.Line, Quote: o.Quote},
		}
		found = append(found, Finding{Fact: fact, Rule: r.ID, Priority: r.Priority, Sentence: mt.s.Text, Col: o.Col, Exclusive: r.Exclusive})
	}
	return found
}
