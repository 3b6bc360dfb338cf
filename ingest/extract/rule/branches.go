package rule

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// A rule's literal groups (needs) are what every match holds; a pattern that is an
// alternation of phrasings ("closed its IPO" | "the IPO was consummated on <date>") only
// requires one literal of the union of its branches, so a common word of one branch admits
// every sentence to the costly regexp. Branches keep each phrasing's own requirements: the
// prefilter then admits a sentence only if some branch finds all of its literals.

// conj is what one branch requires: every group, each satisfied by one of its literals.
type conj [][]string

// maxBranches bounds the branches kept: past it the refinement is dropped (the groups of
// needs still apply), so no pattern can make the prefilter costly.
const maxBranches = 24

// branchesOf returns the pattern's branches (entity slots are not text), or nil when the
// pattern has fewer than two or too many.
func branchesOf(pattern string) []conj {
	re, err := syntax.Parse(macroRe.ReplaceAllString(pattern, "(?:.)"), syntax.Perl)
	if err != nil {
		return nil
	}
	out, ok := dnf(re.Simplify())
	if !ok || len(out) < 2 {
		return nil
	}
	return out
}

// dnf returns the alternatives that every match of re satisfies one of; ok is false when
// they would pass maxBranches. An alternative with no group requires nothing.
func dnf(re *syntax.Regexp) (alts []conj, ok bool) {
	if set, finite := finiteSet(re); finite {
		return []conj{groupOf(set)}, true
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return dnf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return dnf(re.Sub[0])
		}
	case syntax.OpConcat:
		return dnfConcat(re.Sub)
	case syntax.OpAlternate:
		return dnfAlternate(re.Sub)
	}
	return []conj{nil}, true
}

// dnfConcat multiplies the alternatives of consecutive parts. Consecutive parts that match
// a few fixed strings are joined first ("closing of (?:its |the )?IPO" needs "closing of its
// ipo" or "closing of the ipo"), since the parser splits words at shared prefixes.
func dnfConcat(parts []*syntax.Regexp) ([]conj, bool) {
	acc := []conj{nil}
	var run []string // the strings the current run of fixed parts matches
	inRun := false
	multiply := func(alts []conj) bool {
		if len(acc)*len(alts) > maxBranches {
			return false
		}
		next := make([]conj, 0, len(acc)*len(alts))
		for _, a := range acc {
			for _, b := range alts {
				next = append(next, append(append(conj(nil), a...), b...))
			}
		}
		acc = next
		return true
	}
	for _, p := range parts {
		if set, finite := finiteSet(p); finite {
			if joined, fits := product(run, set, inRun); fits {
				run, inRun = joined, true
				continue
			}
			multiply([]conj{groupOf(run)}) // a single alternative never overflows
			run, inRun = set, true
			continue
		}
		if inRun {
			multiply([]conj{groupOf(run)})
			run, inRun = nil, false
		}
		alts, ok := dnf(p)
		if !ok || !multiply(alts) {
			return nil, false
		}
	}
	if inRun {
		multiply([]conj{groupOf(run)})
	}
	return acc, true
}

// dnfAlternate joins the alternatives of the branches; branches that each need one literal
// and nothing else ("consummated|completed|closed") stay one group.
func dnfAlternate(branches []*syntax.Regexp) ([]conj, bool) {
	var all []conj
	var words []string
	simple := true
	for _, b := range branches {
		alts, ok := dnf(b)
		if !ok {
			return nil, false
		}
		for _, a := range alts {
			if len(a) == 0 {
				return []conj{nil}, true // a branch that requires nothing
			}
			if len(alts) != 1 || len(a) != 1 {
				simple = false
			}
			words = append(words, a[0]...)
		}
		all = append(all, alts...)
	}
	if simple {
		return []conj{{words}}, true
	}
	if len(all) > maxBranches {
		return nil, false
	}
	return all, true
}

// textStart stands for the start of the sentence in the text the prefilter scans, so that
// "^On " requires the sentence to start with "on ".
const textStart = "\x00"

// maxFixed bounds the strings a run of fixed parts may stand for.
const maxFixed = 64

// finiteSet returns the lower-cased strings re matches when they are few and fixed.
func finiteSet(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpBeginText:
		return []string{textStart}, true
	case syntax.OpCapture:
		return finiteSet(re.Sub[0])
	case syntax.OpQuest:
		set, ok := finiteSet(re.Sub[0])
		return append(set, ""), ok && len(set) < maxFixed
	case syntax.OpCharClass:
		return classSet(re.Rune)
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			set, ok := finiteSet(sub)
			if !ok || len(out)+len(set) > maxFixed {
				return nil, false
			}
			out = append(out, set...)
		}
		return out, true
	case syntax.OpConcat:
		out, started := []string(nil), false
		for _, sub := range re.Sub {
			set, ok := finiteSet(sub)
			if !ok {
				return nil, false
			}
			if out, ok = product(out, set, started); !ok {
				return nil, false
			}
			started = true
		}
		return out, true
	}
	return nil, false
}

// classSet returns the lower-cased characters of a small character class ([sd], [Tt]).
func classSet(ranges []rune) ([]string, bool) {
	seen := map[string]bool{}
	var out []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] > 4 {
			return nil, false
		}
		for c := ranges[i]; c <= ranges[i+1]; c++ {
			if s := strings.ToLower(string(c)); !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out, len(out) > 0 && len(out) <= 4
}

// product joins every string of a with every string of b (a is taken as {""} before the
// first part); fits is false past maxFixed.
func product(a, b []string, started bool) (out []string, fits bool) {
	if !started {
		return b, len(b) <= maxFixed
	}
	if len(a)*len(b) > maxFixed {
		return nil, false
	}
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out, true
}

// groupOf is the requirement a set of strings makes: one of them, unless one is too short
// to be worth testing (then nothing).
func groupOf(set []string) conj {
	for _, s := range set {
		if len(strings.TrimPrefix(s, textStart)) < minLiteral {
			return nil
		}
	}
	return conj{slices.Compact(slices.Sorted(slices.Values(set)))}
}

// admitsBranch reports whether some branch finds a literal of each of its groups (by id).
func (r *Rule) admitsBranch(marks []bool) bool {
	if len(r.branchIDs) == 0 {
		return true
	}
	for _, groups := range r.branchIDs {
		if allGroups(groups, marks) {
			return true
		}
	}
	return false
}

// allGroups reports whether marks hold a literal of every group.
func allGroups(groups [][]int32, marks []bool) bool {
	for _, group := range groups {
		found := false
		for _, id := range group {
			if marks[id] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
