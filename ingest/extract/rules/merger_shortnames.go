package rules

import (
	"strings"

	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A list of an agreement's parties may open with the short names given earlier in the filing
// ("by and among Factorial, CGC and Fenway MS, Inc."): the recogniser reads only the name with
// a legal form, which is then the first company it sees but the third party. When two or more
// bare short names lead the list and one of them is not placed (a role, the filer's short name,
// a SPAC's short name the sentence defines), the party named by it may be the target, and the
// first recognised company is not known to be. One bare name before the companies is the
// SPAC's as a rule ("by and among Corvid, Skyforge Launch Systems, Inc. and ...").

var (
	// parentheticalRe: a party's description in brackets ("(“Merger Sub”)", "(as amended)").
	parentheticalRe = textutil.MustStarts(`\([^()]*\)`)
	// listSepRe separates the items of a list of parties.
	listSepRe = textutil.MustStarts(`[,;]|\band\b`)
	// shortPartyRe: an item that is only a name in capitalised words, with no legal form.
	shortPartyRe = textutil.MustStarts(`^[A-Z][\w&'’.\-]*(?:\s+[A-Z][\w&'’.\-]*){0,3}$`)
	// listLeadRe: the slot follows the words that open a list of parties.
	listLeadRe = textutil.MustStarts(`(?i)\b(?:among|between)\s*$`)
)

// unplacedLeadingParties reports whether the list of parties in slot text (at offset base of
// its sentence, right after "among" or "between") opens, before the first recognised name in
// orgs, with two or more bare short names one of which is not placed.
func unplacedLeadingParties(m *rule.Match, text string, base int, orgs []entity.Entity) bool {
	if len(orgs) == 0 || !listLeadRe.MatchString(m.Before("v")) {
		return false
	}
	lead := parentheticalRe.ReplaceAllString(text[:orgs[0].Start-base], " ")
	names, unplaced := 0, false
	for _, item := range listSepRe.Split(lead, -1) {
		item = strings.TrimSpace(item)
		if item == "" || roleTermRe.MatchString(item) {
			continue
		}
		if !shortPartyRe.MatchString(item) || leadWordRe.MatchString(item) {
			return false
		}
		names++
		unplaced = unplaced || !placedShortName(m, item)
	}
	return names >= 2 && unplaced
}

// placedShortName reports whether short is the filer's short name (its first words or
// initials) or the short name the sentence gives a SPAC ("Corvid Peak Acquisition Corp.
// (“Corvid”)").
func placedShortName(m *rule.Match, short string) bool {
	filer := strings.Fields(m.Filer())
	if len(filer) > 0 && (shortNameOf(filer, short) || bareName(short) == bareName(m.Filer())) {
		return true
	}
	sentence := m.Sentence()
	for _, g := range definedNameRe.FindAllStringSubmatch(sentence, -1) {
		if strings.TrimSpace(g[2]) == short {
			return spacNameRe.MatchString(g[1])
		}
	}
	return false
}
