package rules

import (
	"slices"
	"strings"

	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Roles among an agreement's parties that are not the target, found from the list as a whole:
// names after the words that begin the deal's terms, the sellers a list gathers into a group,
// and the SPAC itself named as the one a target combines with. Used by partyTarget
// (merger_parties.go).

// beforeTerms drops the names after the words that end the list of parties and begin the
// deal's terms ("with Tema Oil and Gas Company (“Tema”), pursuant to which ... a subsidiary of
// Tema to be named Rosehill Operating, LLC"): a company named in the terms is a vehicle, a
// subsidiary or an investor, not a party. A list that names no party before them is left whole.
func beforeTerms(orgs []entity.Entity, text string, base int) []entity.Entity {
	loc := clauseRe.FindStringIndex(text)
	if loc == nil || len(orgs) == 0 || orgs[0].Start-base >= loc[0] {
		return orgs
	}
	return slices.DeleteFunc(orgs, func(e entity.Entity) bool { return e.Start-base >= loc[1] })
}

// sellersGroupRe: a list's defined group of sellers ("(“SMS”, and together with Steiner
// Leisure, Steiner US and Nemo UK, the “Sellers”)"); sellerTermRe: a description that names the
// group.
var (
	sellersGroupRe = textutil.MustStarts(`(?i)together with ([^()“”"]{2,240}?),? (?:collectively,? )?(?:each, )?(?:the )?[“"](?:Sellers?|Seller Parties|Selling (?:Parties|Shareholders|Stockholders))[”"]`)
	sellerTermRe   = textutil.MustStarts(`(?i)[“"](?:Sellers?|Seller Parties|Selling (?:Parties|Shareholders|Stockholders))[”"]`)
)

// sellerNames are the short names a list gathers into its sellers group.
func sellerNames(text string) map[string]bool {
	names := map[string]bool{}
	for _, g := range sellersGroupRe.FindAllStringSubmatch(text, -1) {
		for _, n := range listSepRe.Split(g[1], -1) {
			if n = strings.TrimSpace(n); n != "" {
				names[strings.ToLower(n)] = true
			}
		}
	}
	return names
}

// isSeller reports whether a party's description makes it one of the sellers: its short name is
// in the sellers group, or its own first bracket defines the group (a later bracket of the
// description may be the holders' group: "..., and each of the shareholders of X (collectively,
// the “Sellers”)").
func isSeller(about string, sellers map[string]bool) bool {
	if g := termRe.FindStringSubmatch(about); g != nil && sellers[strings.ToLower(strings.TrimSpace(g[1]))] {
		return true
	}
	first := parentheticalRe.FindString(about)
	return sellerTermRe.MatchString(first)
}

// spacAfterRe: what follows a SPAC's name - its symbols in brackets, or the words that say it is
// one ("Landcadia Holdings, Inc. (Nasdaq: LCA)", ", a special purpose acquisition company").
var spacAfterRe = textutil.MustStarts(`(?i)^(?:\s*\([^()]{0,60}\))*?\s*\((?:nasdaq|nyse|otc|amex|american stock exchange)[^()]{0,40}\)|^(?:\s*\([^()]{0,60}\))*,?\s*(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:special purpose acquisition|blank check)`)

// isTheSPAC reports whether the party e is the SPAC itself: a company the sentence gives listed
// symbols or calls a SPAC right after its name. A target's own release names the SPAC as the
// one it combines with ("Waitr has entered into an agreement for a business combination with
// Landcadia Holdings, Inc. (Nasdaq: LCA), a special purpose acquisition company"). (The filer's
// name is no test: after a closing the filer is the combined company, often named as the target.)
func isTheSPAC(m *rule.Match, e *entity.Entity) bool {
	sentence := m.Sentence()
	return e.End <= len(sentence) && spacAfterRe.MatchString(sentence[e.End:])
}
