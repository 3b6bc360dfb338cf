// Package rule runs extraction rules. A rule is a named record, in the manner of
// facebook/duckling's rules: where it may run (form classes, 8-K items, section kinds), a
// pattern over a sentence whose entities are already recognised, and the production of the
// facts (which slot of the pattern gives which field). Rules are data: the rule tables live
// in package rules, one file per fact family, with an example corpus beside each.
//
// A pattern is a regular expression over the masked sentence (entities replaced by
// placeholders, see package entity) with entity slots written in braces:
//
//	holders of {v:shares} .{0,60}?exercised their rights? to redeem
//
// {name:kind} captures one entity of that kind (kinds joined by "|" accept either); {kind}
// matches one without capturing; an ordinary named group (?P<name>...) captures plain text
// (a status's words, a meeting kind).
package rule

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Emit maps pattern slots to the fact fields they give. A slot may name several fields
// joined by "|": the first whose value kind the entity fits is used ("lockup_days|
// lockup_months" reads "180 days" as days and "one year" as twelve months).
type Emit map[string]string

// One is the Emit of a rule whose slot "v" gives field.
func One(field string) Emit { return Emit{"v": field} }

// Rule is one named extraction rule.
type Rule struct {
	ID      string // family.name, unique
	Emit    Emit   // slot -> field
	Pattern string // regexp over the masked sentence, with {slot:kind} placeholders
	// Not vetoes a match: when it matches the masked sentence up to the end of the match (the
	// words that lead to the value), the match is not read: conditional or hypothetical
	// wording, another proposal, a prior period. A clause after the value does not veto it
	// ("... one year after the Closing and, if the price exceeds $12.00, earlier").
	Not string
	// Never vetoes the whole sentence wherever it matches ("will redeem all public shares if
	// the extension is not approved").
	Never string
	// Must is context the sentence has to hold somewhere (a PIPE is a PIPE only in a sentence
	// that speaks of subscriptions). Must also looks at the words as written; Never and Not
	// at the masked sentence only.
	Must string
	// Heading is context a short sentence right before the matched one may give instead of
	// Must, when the two share a line: a proposal's name run into its result ("Proposal 1 -
	// Extension Amendment Proposal. The proposal was approved with 4,020,117 votes for ...").
	Heading string
	// Each is an entity kind: a plain slot then gives one value per entity of that kind
	// inside the captured text (a list of underwriters, the parties of an agreement).
	Each entity.Kind
	// Produce, when set, replaces the default production (pairing classes with symbols);
	// Gives lists the fields it can emit.
	Produce func(m *Match) []Out
	Gives   []string
	// Value is a fixed value for the fields of plain (non-entity) slots: a status, a meeting
	// kind; the slot then only gives the words that are quoted.
	Value string
	// Period names the date slot that gives the facts' Period (the balance-sheet date, the
	// date of the event a report narrates); a slot need not be emitted to give it.
	Period string
	// Lead dates the facts of a sentence that states no date of its own (its Period slot did
	// not take part) by the event its paragraph opened with: "On <date>, the Company held a
	// special meeting ... At the meeting, the shareholders approved ...; in connection with
	// the vote, holders of N shares ..." (see leadDate). Without one the Period is the
	// filing's.
	Lead bool

	Classes []doc.Class // form classes it runs in (nil: any)
	Docs    []string    // document types it reads, by prefix ("EX-2": a plan of acquisition; nil: any)
	// Within is context the sentence's section must hold somewhere (a price stated in a
	// sentence of its own belongs to a liquidation only in a section that announces one).
	Within   string
	Items    []string   // in an 8-K, the items whose sections it reads (nil: any section)
	Kinds    []doc.Kind // section kinds it reads (nil: any not in NotKinds)
	NotKinds []doc.Kind
	Priority int // among facts of one field in one filing, the higher wins
	// Exclusive marks a rule whose readings contradict each other when they differ: a
	// charter exhibit that quotes the article it deletes before the one it inserts states two
	// deadlines, and a sentence cannot always tell which is the deleted one. Two different
	// values it reads in one filing at one rank are then both dropped.
	Exclusive bool
	// Narrated lets the rule also read periodic reports, which narrate meetings, redemptions
	// and extensions as history: there each fact's Period is its event's date (see
	// eventDate), and a match no date places gives nothing, since a report may narrate
	// several events whose values must not mix.
	Narrated bool

	re      *textutil.Starts
	tally   *tally // how often re matched the sentences it was tried on (cheap.go)
	not     *textutil.Starts
	within  *textutil.Starts
	never   *textutil.Starts
	must    *textutil.Starts
	heading *textutil.Starts
	needs   [][]string // literal groups every match contains one of: a cheap prefilter
	needIDs [][]int32  // the same, as ids of the book's literal set
	// branches refine needs for an alternation of phrasings: a match satisfies one of them
	// (see branches.go); branchIDs are the same as literal ids.
	branches  []conj
	branchIDs [][][]int32
	kinds     [][]entity.Kind // entity kinds every match holds one of (each group: alternatives)
	slots     []slot
}

// slot is a capture of the compiled pattern.
type slot struct {
	name   string
	group  int
	entity bool // the capture holds an entity index, not text
}

var macroRe = regexp.MustCompile(`\{(?:([a-z_]+):)?([a-z|]+)\}`)

// Compile expands the pattern's entity slots and compiles it; it fails on unknown kinds,
// slots the Emit does not use and fields without a slot.
func (r *Rule) Compile() error {
	var bad error
	expanded := macroRe.ReplaceAllStringFunc(r.Pattern, func(m string) string {
		g := macroRe.FindStringSubmatch(m)
		for _, k := range strings.Split(g[2], "|") {
			if !knownKinds[entity.Kind(k)] {
				bad = fmt.Errorf("rule %s: unknown entity kind %q", r.ID, k)
			}
		}
		idx := `\d+`
		if g[1] != "" {
			idx = `(?P<` + g[1] + `>\d+)`
		}
		return regexp.QuoteMeta(entity.Open) + `(?:` + g[2] + `) ` + idx + regexp.QuoteMeta(entity.Close)
	})
	if bad != nil {
		return bad
	}
	var err error
	if r.re, err = textutil.CompileStarts(expanded); err != nil {
		return fmt.Errorf("rule %s: %w", r.ID, err)
	}
	r.tally = &tally{}
	if r.Not != "" {
		if r.not, err = textutil.CompileStarts(r.Not); err != nil {
			return fmt.Errorf("rule %s: not: %w", r.ID, err)
		}
	}
	if r.Within != "" {
		if r.within, err = textutil.CompileStarts(r.Within); err != nil {
			return fmt.Errorf("rule %s: within: %w", r.ID, err)
		}
	}
	if r.Never != "" {
		if r.never, err = textutil.CompileStarts(r.Never); err != nil {
			return fmt.Errorf("rule %s: never: %w", r.ID, err)
		}
	}
	if r.Must != "" {
		if r.must, err = textutil.CompileStarts(r.Must); err != nil {
			return fmt.Errorf("rule %s: must: %w", r.ID, err)
		}
	}
	if r.Heading != "" {
		if r.heading, err = textutil.CompileStarts(r.Heading); err != nil {
			return fmt.Errorf("rule %s: heading: %w", r.ID, err)
		}
	}
	r.needs = requirements(r.Pattern)
	r.branches = branchesOf(r.Pattern)
	r.kinds = requiredKinds(r.Pattern)
	return r.bindSlots()
}

var knownKinds = map[entity.Kind]bool{
	entity.Money: true, entity.Shares: true, entity.Units: true, entity.Warrants: true,
	entity.Rights: true, entity.Count: true, entity.Percent: true, entity.Date: true,
	entity.Duration: true, entity.Ticker: true, entity.Exchange: true, entity.Org: true,
}

// bindSlots records every named capture as a slot, and checks that the slots the rule
// emits (and its period slot) are in the pattern.
func (r *Rule) bindSlots() error {
	entitySlots := map[string]bool{}
	for _, g := range macroRe.FindAllStringSubmatch(r.Pattern, -1) {
		if g[1] != "" {
			entitySlots[g[1]] = true
		}
	}
	bound := map[string]bool{}
	for i, name := range r.re.SubexpNames() {
		if name != "" {
			// A name may be used in several alternatives: the one that took part gives it.
			r.slots = append(r.slots, slot{name: name, group: i, entity: entitySlots[name]})
			bound[name] = true
		}
	}
	want := []string{}
	for s := range r.Emit {
		want = append(want, s)
	}
	if r.Period != "" {
		want = append(want, r.Period)
	}
	for _, name := range want {
		if !bound[name] {
			return fmt.Errorf("rule %s: slot %q is not in the pattern", r.ID, name)
		}
	}
	if len(r.Emit) == 0 && r.Produce == nil {
		return fmt.Errorf("rule %s: emits nothing", r.ID)
	}
	return nil
}

// requirements returns what every match of pattern must contain, as groups of lower-cased
// literals: each group needs one of its literals in the text (the prefilter). Entity slots
// are replaced by a wildcard first, since their placeholders are not in the text.
func requirements(pattern string) [][]string {
	re, err := syntax.Parse(macroRe.ReplaceAllString(pattern, "(?:.)"), syntax.Perl)
	if err != nil {
		return nil
	}
	return required(re.Simplify())
}

// requiredKinds returns the entity kinds every match of pattern holds: one group per entity
// slot that the pattern requires (not inside an optional part or an alternation).
func requiredKinds(pattern string) [][]entity.Kind {
	var out [][]entity.Kind
	// Mark each slot with a literal no text holds, then ask which marks are required.
	i := 0
	var marks []string
	marked := macroRe.ReplaceAllStringFunc(pattern, func(m string) string {
		marks = append(marks, m)
		i++
		return fmt.Sprintf("\uE000%03d\uE001", i-1)
	})
	for _, group := range requirementsOf(marked) {
		if len(group) != 1 {
			continue // an alternation: none of its slots is required
		}
		for _, m := range markRe.FindAllStringSubmatch(group[0], -1) {
			n, err := strconv.Atoi(m[1])
			if err != nil || n >= len(marks) {
				continue
			}
			var kinds []entity.Kind
			for _, k := range strings.Split(macroRe.FindStringSubmatch(marks[n])[2], "|") {
				kinds = append(kinds, entity.Kind(k))
			}
			out = append(out, kinds)
		}
	}
	return out
}

// markRe finds the slot marks requiredKinds puts in a pattern.
var markRe = regexp.MustCompile("\uE000(\\d{3})\uE001")

// requirementsOf is requirements over an already expanded pattern.
func requirementsOf(pattern string) [][]string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	return required(re.Simplify())
}

// minLiteral is the shortest literal worth testing for.
const minLiteral = 3

func required(re *syntax.Regexp) [][]string {
	switch re.Op {
	case syntax.OpLiteral:
		if lit := strings.ToLower(string(re.Rune)); len(lit) >= minLiteral {
			return [][]string{{lit}}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var out [][]string
		for _, sub := range re.Sub {
			out = append(out, required(sub)...)
		}
		return out
	case syntax.OpAlternate:
		if alts := anyOf(re.Sub); len(alts) > 0 {
			return [][]string{alts}
		}
	}
	return nil
}

// anyOf returns literals one of which every branch requires, or nil when some branch
// requires none.
func anyOf(branches []*syntax.Regexp) []string {
	var out []string
	for _, b := range branches {
		groups := required(b)
		if len(groups) == 0 {
			return nil
		}
		best := groups[0]
		for _, g := range groups[1:] {
			if shortest(g) > shortest(best) {
				best = g
			}
		}
		out = append(out, best...)
	}
	return out
}

func shortest(g []string) int {
	n := 1 << 30
	for _, l := range g {
		n = min(n, len(l))
	}
	return n
}

// Fields returns the fields the rule can emit.
func (r *Rule) Fields() []string {
	out := append([]string(nil), r.Gives...)
	for _, f := range r.Emit {
		out = append(out, strings.Split(f, "|")...)
	}
	return out
}

// Applies reports whether the rule reads a section of a filing of class c.
func (r *Rule) Applies(c doc.Class, s *doc.Section) bool {
	if len(r.Classes) > 0 && !contains(r.Classes, c) && !(r.Narrated && c == doc.Periodic) {
		return false
	}
	if len(r.Items) > 0 && c == doc.Current && !anyItem(s, r.Items) {
		return false
	}
	if len(r.Kinds) > 0 && !contains(r.Kinds, s.Kind) {
		return false
	}
	if len(r.Docs) > 0 && !docTypeIn(s.Document.Type, r.Docs) {
		return false
	}
	return !contains(r.NotKinds, s.Kind)
}

func docTypeIn(t string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(strings.ToUpper(t), strings.ToUpper(p)) {
			return true
		}
	}
	return false
}

func anyItem(s *doc.Section, items []string) bool {
	for _, it := range items {
		if s.HasItem(it) {
			return true
		}
	}
	return false
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// hasKinds reports whether the recognised entities include one kind of every required group.
func (r *Rule) hasKinds(present map[entity.Kind]bool) bool {
	for _, group := range r.kinds {
		found := false
		for _, k := range group {
			found = found || present[k]
		}
		if !found {
			return false
		}
	}
	return true
}

// admits is the prefilter over the literals a sentence holds (marks, by literal id): a
// literal of every group, and all the literals of one branch.
func (r *Rule) admits(marks []bool) bool {
	return allGroups(r.needIDs, marks) && r.admitsBranch(marks)
}

// MayMatch is the prefilter over one sentence as written (for tests: it must admit every
// sentence the pattern matches; Book.Each runs the same test over the literal automaton).
func (r *Rule) MayMatch(sentence string) bool {
	lower := textStart + strings.ToLower(sentence)
	holds := func(groups [][]string) bool {
		for _, group := range groups {
			if !slices.ContainsFunc(group, func(l string) bool { return strings.Contains(lower, l) }) {
				return false
			}
		}
		return true
	}
	return holds(r.needs) && (len(r.branches) == 0 || slices.ContainsFunc(r.branches, func(c conj) bool { return holds(c) }))
}

// Matches reports whether the pattern matches a sentence whose entities are masked
// (entity.Mask(sentence).Text).
func (r *Rule) Matches(masked string) bool { return r.re.MatchString(masked) }

// Needs returns the prefilter's literal groups (for tests and debugging).
func (r *Rule) Needs() [][]string { return r.needs }
