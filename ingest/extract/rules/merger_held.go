package rules

import (
	"regexp"
	"strings"
	"sync"

	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Two signals of an agreement's party list that name the business acquired when no party is
// defined as the Company: the party whose holders sign the agreement too ("..., FinAccel Pte.
// Ltd. (“FinAccel”), each shareholder of FinAccel ..."), and the parties each merger sub is
// named for ("Acme Merger Sub" merges into Acme, "Birch Merger Sub" into Birch: two targets).

// candidate is a party that may be the target and what the list says of it.
type candidate struct {
	e     *entity.Entity
	about string
}

var (
	// parenTermRe is a party's first short name, with or without quotes ("(“Birch”)", "(Birch)").
	parenTermRe = textutil.MustStarts(`^[^()]{0,160}?\((?:the )?[“"]?([A-Z][^()“”"]{0,38}?)[”"]?(?:\)|,| and\b)`)
	// subForRe is a merger sub named for the party it merges into ("(“Birch Merger Sub”)").
	subForRe = textutil.MustStarts(`\((?:the )?[“"]?([A-Z][\w&'’.\-]*(?: [A-Z][\w&'’.\-]*){0,3}) Merger Sub[”"]?(?:\)|,| and\b)`)
)

// shortTerm is the first short name a party's description gives it, or "".
func shortTerm(about string) string {
	if g := parenTermRe.FindStringSubmatch(about); g != nil {
		return strings.TrimSpace(g[1])
	}
	return ""
}

// heldParty is the one candidate whose holders the list names as parties ("each shareholder of
// X", "the members of X"), by its short name or its name; several says that the holders of two
// different parties are named (which one is acquired is then in doubt).
func heldParty(text string, cands []candidate) (found *entity.Entity, several bool) {
	for _, c := range cands {
		if !holdersNamed(text, c) {
			continue
		}
		if found != nil && bareName(found.Value) != bareName(c.e.Value) {
			return nil, true
		}
		if found == nil {
			found = c.e
		}
	}
	return found, false
}

// holdersNamed reports whether text names the holders of candidate c.
func holdersNamed(text string, c candidate) bool {
	names := []string{c.e.Value}
	if t := shortTerm(c.about); t != "" {
		names = append(names, t)
	}
	for _, n := range names {
		if holdersOf(n).MatchString(text) {
			return true
		}
	}
	return false
}

var (
	holdersMu    sync.Mutex
	holdersCache = map[string]*regexp.Regexp{}
)

// holdersOf is the pattern of the holders of the party name: compiled once a name (an
// agreement's parties recur in every filing of a deal; compiling it for each try was half of
// the target's reading).
func holdersOf(name string) *regexp.Regexp {
	holdersMu.Lock()
	defer holdersMu.Unlock()
	if re, ok := holdersCache[name]; ok {
		return re
	}
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`(?i)\b(?:share|stock|equity|unit|interest)?holders? of (?:the )?` + q + `(?:\W|$)|\bmembers of (?:the )?` + q + `(?:\W|$)`)
	if len(holdersCache) >= maxHoldersCache {
		clear(holdersCache)
	}
	holdersCache[strings.Clone(name)] = re // not a slice of the filing, kept past it
	return re
}

// maxHoldersCache bounds the names whose pattern is kept.
const maxHoldersCache = 4096

// subsTargets returns the candidates a merger sub is named for, and whether the list names
// merger subs for two or more different parties at all: a deal with two targets, of which the
// target field (one value a filing) can hold neither, so none is read.
func subsTargets(text string, cands []candidate) (targets []*entity.Entity, several bool) {
	seen := map[string]bool{}
	for _, g := range subForRe.FindAllStringSubmatch(text, -1) {
		seen[g[1]] = true
	}
	for _, c := range cands {
		if t := shortTerm(c.about); t != "" && seen[t] {
			targets = append(targets, c.e)
			delete(seen, t)
		}
	}
	named := len(targets)
	for n := range seen {
		if !ordinalSubRe.MatchString(n) {
			named++
		}
	}
	return targets, named >= 2
}

// ordinalSubRe: "First Merger Sub", "Merger Sub II" name the steps of one merger, not parties.
var ordinalSubRe = textutil.MustStarts(`(?i)^(?:first|second|third|initial|final|company|spac|pubco|holdco|parent|blocker|purchaser|acquir[eo]r)$`)

// acquiresSeveral reports whether the clause after a party list has the SPAC acquire, or
// combine with, two of the listed parties by their short names ("pursuant to which Acme will
// acquire each of Birch and Cedar", "the business combination with Birch and Cedar"): a deal
// with two targets, of which the one-valued target field can hold neither.
func acquiresSeveral(text string, cands []candidate) bool {
	terms := map[string]bool{}
	for _, c := range cands {
		if t := shortTerm(c.about); t != "" {
			terms[strings.ToLower(t)] = true
		}
	}
	if len(terms) < 2 {
		return false
	}
	for _, g := range acquiresTwoRe.FindAllStringSubmatch(text, -1) {
		a, b := strings.ToLower(strings.TrimRight(g[1], ".")), strings.ToLower(strings.TrimRight(g[2], "."))
		if a != b && terms[a] && terms[b] {
			return true
		}
	}
	return false
}

// acquiresTwoRe: an acquisition of, or a combination with, two names joined by "and".
var acquiresTwoRe = textutil.MustStarts(`(?i:\b(?:acquire|acquisition of|combin\w* with|merge with|mergers? with)(?: each of| both(?: of)?)? (?:the )?)([A-Z][\w&'’.\-]*(?: [A-Z][\w&'’.\-]*){0,3}),? (?i:and) (?:the )?([A-Z][\w&'’.\-]*(?: [A-Z][\w&'’.\-]*){0,3})`)
