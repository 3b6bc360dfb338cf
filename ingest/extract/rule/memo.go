package rule

import (
	"strings"
	"sync"

	"github.com/spacdata/spac/ingest/extract/entity"
)

// Filings repeat themselves: a SPAC's quarterly reports restate the same notes, its 8-Ks the
// same boilerplate, and with entities masked ("holders of ⟦shares 0⟧ exercised ...") many
// sentences of different filings are one text. A rule's matches depend only on that text,
// so the book remembers them: on a generated corpus of 300 SPACs 86,000 (rule, sentence)
// trials held only 3,800 distinct sentences. Likewise a sentence's entities depend only on
// its words, so the masked form of a sentence seen before is taken from the memo.

// matchMemo maps a rule and a masked sentence to the rule's matches in it and the verdicts of
// its vetoes, which read the masked sentence too. It is shared by the concurrent runs of a
// book, and bounded: past maxMemo entries it starts over.
type matchMemo struct {
	mu      sync.Mutex
	m       map[memoKey]*matched
	masks   map[string]*entity.Masked // sentence as written -> its masked form
	present map[string]*sentenceMemo  // sentence as written -> the literals it holds, its clues
}

type memoKey struct {
	r    *Rule
	text string
}

// maxMemo bounds the entries kept (a few MB of sentences at most).
const maxMemo = 1 << 15

func newMatchMemo() *matchMemo {
	return &matchMemo{m: map[memoKey]*matched{}, masks: map[string]*entity.Masked{}, present: map[string]*sentenceMemo{}}
}

// forget empties the memo.
func (mm *matchMemo) forget() {
	mm.mu.Lock()
	defer mm.mu.Unlock()
	clear(mm.m)
	clear(mm.masks)
	clear(mm.present)
}

// mask returns the masked form of the scanned sentence text, from the memo when it holds it.
// The masked form is shared: callers read it and never change it.
func (mm *matchMemo) mask(text string, scan entity.Scan) *entity.Masked {
	mm.mu.Lock()
	m, ok := mm.masks[text]
	mm.mu.Unlock()
	if ok {
		return m
	}
	m = scan.Mask()
	mm.mu.Lock()
	if len(mm.masks) >= maxMemo {
		clear(mm.masks)
	}
	mm.masks[text] = m
	mm.mu.Unlock()
	return m
}

// sentenceMemo is what the memo keeps of a sentence as written: the literals it holds and,
// once a rule needed them, its entity clues.
type sentenceMemo struct {
	text string // the key, a copy of the sentence: the filing's text is not kept
	ids  []int32
	scan *entity.Scan
	// admitted: the rules of the scopes' lists the literals admit (see Book.admitted)
	admitted []admission
}

// sentence returns the memo entry of a sentence as written (nil when it holds none).
func (mm *matchMemo) sentence(text string) *sentenceMemo {
	if len(text) > maxMemoSentence {
		return nil
	}
	mm.mu.Lock()
	defer mm.mu.Unlock()
	return mm.present[text]
}

// literals marks in marks (one bool per literal of set, cleared first) the literals the
// sentence text holds, from its memo entry sm when there is one (see sentence): the scan
// reads every byte of a sentence through the automaton, a repeated sentence costs a hash
// lookup (on a generated corpus 70 % of the sentences are repeats, half the bytes). It
// returns the sentence's memo entry (nil for a long sentence, which is not kept).
func (mm *matchMemo) literals(set *literalSet, sm *sentenceMemo, text string, marks []bool) ([]bool, *sentenceMemo) {
	marks = set.cleared(marks)
	if len(text) > maxMemoSentence {
		set.mark(textStart+strings.ToLower(text), marks, nil)
		return marks, nil
	}
	if sm != nil {
		for _, id := range sm.ids {
			marks[id] = true
		}
		return marks, sm
	}
	sm = &sentenceMemo{text: strings.Clone(text)}
	sm.ids = set.mark(textStart+strings.ToLower(text), marks, []int32{})
	mm.mu.Lock()
	if len(mm.present) >= maxMemo {
		clear(mm.present)
	}
	mm.present[sm.text] = sm
	mm.mu.Unlock()
	return marks, sm
}

// admission is the rules of one scope's list (named by its first element: the lists are
// kept per scope and never changed) that a sentence's literals admit, in the list's order.
type admission struct {
	scope **Rule
	rules []*Rule
}

// maxAdmissions bounds the scopes a sentence's memo entry remembers (a sentence of the
// same text seldom stands in more than a few kinds of section).
const maxAdmissions = 8

// admittedIn returns the rules of the scope's list that sm's sentence admits, when sm
// remembers them.
func (mm *matchMemo) admittedIn(sm *sentenceMemo, scope **Rule) ([]*Rule, bool) {
	if sm == nil {
		return nil, false
	}
	mm.mu.Lock()
	defer mm.mu.Unlock()
	for _, a := range sm.admitted {
		if a.scope == scope {
			return a.rules, true
		}
	}
	return nil, false
}

// keepAdmitted remembers in sm (when not nil) the rules of the scope's list it admits.
func (mm *matchMemo) keepAdmitted(sm *sentenceMemo, scope **Rule, rules []*Rule) {
	if sm == nil {
		return
	}
	mm.mu.Lock()
	defer mm.mu.Unlock()
	if len(sm.admitted) >= maxAdmissions {
		sm.admitted = sm.admitted[1:]
	}
	sm.admitted = append(sm.admitted, admission{scope, rules})
}

// scan returns the entity clues of the sentence text, from its memo entry sm when it holds
// them (sm may be nil).
func (mm *matchMemo) scan(sm *sentenceMemo, text string) *entity.Scan {
	if sm == nil {
		sc := entity.ScanLower(text, strings.ToLower(text))
		return &sc
	}
	mm.mu.Lock()
	sc := sm.scan
	mm.mu.Unlock()
	if sc == nil {
		s := entity.ScanLower(sm.text, strings.ToLower(sm.text))
		sc = &s
		mm.mu.Lock()
		sm.scan = sc
		mm.mu.Unlock()
	}
	return sc
}

// maxMemoSentence bounds the sentences whose literals are remembered: a long one is
// seldom repeated.
const maxMemoSentence = 2 << 10

// matched is what a rule reads in a masked sentence: its matches, whether each is vetoed by
// the rule's Not, whether the sentence holds the rule's Never, and whether its masked words
// hold the rule's Must (when they do not, the words as written may: see Rule.context).
type matched struct {
	matches    [][]int
	vetoed     []bool
	never      bool
	mustMasked bool
}

// matches returns what r reads in masked, from the memo when it holds it. It is shared:
// callers read it and never change it.
func (mm *matchMemo) matches(r *Rule, masked string) *matched {
	k := memoKey{r, masked}
	mm.mu.Lock()
	found, ok := mm.m[k]
	mm.mu.Unlock()
	if ok {
		return found
	}
	found = r.read(masked)
	mm.mu.Lock()
	if len(mm.m) >= maxMemo {
		clear(mm.m)
	}
	mm.m[k] = found
	mm.mu.Unlock()
	return found
}

// read finds the pattern's matches in masked and, when there are any, the vetoes' verdicts.
func (r *Rule) read(masked string) *matched {
	out := &matched{matches: r.find(masked)}
	if len(out.matches) == 0 {
		return out
	}
	out.never = r.never != nil && r.never.MatchString(masked)
	out.mustMasked = r.must == nil || r.must.MatchString(masked)
	out.vetoed = make([]bool, len(out.matches))
	for i, m := range out.matches {
		out.vetoed[i] = r.not != nil && r.not.MatchString(masked[:m[1]])
	}
	return out
}

// context reports whether a sentence the rule matched passes its Must and Never tests. Never
// looks at the masked sentence (the month "May" of a date is no "may"); Must also at the
// words as written, since context words can sit inside an entity ("287,500 private placement
// units").
func (r *Rule) context(hit *matched, raw string) bool {
	return !hit.never && (hit.mustMasked || r.must.MatchString(raw))
}

// find returns the pattern's matches in masked (nil when none).
func (r *Rule) find(masked string) [][]int {
	if r.worthTesting() && !r.re.MatchString(masked) {
		r.count(false)
		return nil // most candidates do not match; matching without captures is cheaper
	}
	found := r.re.FindAllStringSubmatchIndex(masked, -1)
	r.count(len(found) > 0)
	return found
}
