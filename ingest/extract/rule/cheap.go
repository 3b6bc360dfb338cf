package rule

import (
	"slices"
	"sync/atomic"

	"github.com/spacdata/spac/ingest/extract/entity"
)

// The cheap tests a sentence passes before a rule's pattern runs over it with captures. Each
// only saves time: a sentence a test refuses is one the pattern would not match.

// tally counts how often a rule's pattern, tried on a sentence, matched it.
type tally struct {
	tried, matched atomic.Int64
}

// minTried is how many sentences a rule must have been tried on before its tally decides
// whether its match without captures is worth running first.
const minTried = 32

// worthTesting reports whether matching without captures still pays before the full match:
// it does not for a rule that matches most sentences it is tried on (a unit's structure, a
// listing), whose full match would follow anyway. Skipping it changes no finding: the full
// match finds nothing where the test would have said no.
func (r *Rule) worthTesting() bool {
	tried := r.tally.tried.Load()
	return tried < minTried || 2*r.tally.matched.Load() < tried
}

// count records whether the rule matched a sentence it was tried on.
func (r *Rule) count(matched bool) {
	r.tally.tried.Add(1)
	if matched {
		r.tally.matched.Add(1)
	}
}

// mayHaveKinds is hasKinds before the sentence's entities are recognised: whether its clues
// allow one kind of every required group (false means hasKinds would be false).
func (r *Rule) mayHaveKinds(s entity.Scan) bool {
	for _, group := range r.kinds {
		if !slices.ContainsFunc(group, s.May) {
			return false
		}
	}
	return true
}
