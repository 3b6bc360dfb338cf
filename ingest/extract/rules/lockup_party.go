package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Lock-up parties. A sentence states who is locked up in the subject of the clause holding the
// period: "certain Rocket Lab stockholders ... will agree not to transfer ... for six months",
// "In addition, Sponsor has agreed not to transfer ... until ... one year after the Closing",
// "The Company Stockholders ... a lock-up of 180 days after the Closing, and the Sponsor has
// agreed to a lock-up ... for one year". lockupParty reads the clauses before the value from
// the nearest back, then those after it, and names the party of the first that names any.

var (
	// lockupClauseRe splits a sentence into clauses: a semicolon, or a comma before a
	// conjunction ("..., and the Sponsor has agreed"). A bare "and" joins parties ("the
	// Sponsor and the other holders party thereto") and does not split.
	lockupClauseRe = textutil.MustStarts(`(?i);|,\s+(?:and|while|but|whereas)\s|\bin addition\b`)

	lockupSponsorRe = textutil.MustStarts(`(?i)\bsponsors?\b|\bfounders?\b|\binitial (?:share|stock)holders\b|\binsiders\b|` +
		`\b(?:officers|directors) and (?:directors|officers)\b`)
	// the holders' words with the names before them ("Rocket Lab stockholders")
	lockupTargetRe = textutil.MustStarts(`(?i)(?:(?-i:[A-Z][\w&.'’-]*) )*(?:\b(?:stock|share|unit|member|equity ?|security ?|interest ?)holders?\b|` +
		`\bsellers?\b|\bmembers\b|\b(?:company|target|seller|existing|legacy|former|key|significant|major|principal)(?: [a-z&]+){0,3} holders?\b)`)
	lockupPIPERe  = textutil.MustStarts(`(?i)\bpipe investors?\b|\bsubscribers\b|\bpipe (?:shares|investment)\b`)
	lockupOtherRe = textutil.MustStarts(`(?i)\bholders?\b|\block-?up part(?:y|ies)\b`)
)

// lockupPeriod is the production of the lock-up rules: each period with its party, and the
// party's evidence (spac.FieldLockupParty, cited on the words naming the party; on the period
// itself when the sentence names none).
func lockupPeriod(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, o := range m.Emitted("v", spac.FieldLockupDays+"|"+spac.FieldLockupMonths) {
		if o.Entity == nil {
			continue
		}
		party, a, b := lockupParty(m.Sentence(), o.Entity.Start)
		ev, ok := m.CiteSpan(spac.FieldLockupParty, string(party), a, b)
		if !ok {
			ev = o
			ev.Field, ev.Value, ev.Entity = spac.FieldLockupParty, string(party), nil
		}
		o.Party, ev.Party = string(party), string(party)
		out = append(out, o, ev)
	}
	return out
}

// lockupParty names the party of the lock-up whose period starts at offset at of sentence,
// with the span of the words naming it: the nearest clause before the period that names a
// party, else the first after it ("During the period ... ending 180 days after the Closing,
// each Unitholder shall not Transfer ..."), else other (an empty span).
func lockupParty(sentence string, at int) (spac.LockupParty, int, int) {
	before := sentence[:at]
	bounds := lockupClauseRe.FindAllStringIndex(before, -1)
	end := len(before)
	for i := len(bounds); i >= 0; i-- {
		start := 0
		if i > 0 {
			start = bounds[i-1][1]
		}
		if p, a, b := partyNamed(before[start:end]); p != "" {
			return p, start + a, start + b
		}
		if i > 0 {
			end = bounds[i-1][0]
		}
	}
	start := at
	for _, span := range append(lockupClauseRe.FindAllStringIndex(sentence[at:], -1), []int{len(sentence) - at, len(sentence) - at}) {
		if p, a, b := partyNamed(sentence[start : at+span[0]]); p != "" {
			return p, start + a, start + b
		}
		start = at + span[1]
	}
	return spac.LockupOther, 0, 0
}

// partyNamed is the party a clause names ("" when it names none) and the span of its words,
// the last mention of each (the subject nearest the period).
func partyNamed(clause string) (spac.LockupParty, int, int) {
	sponsor := lastMatch(lockupSponsorRe, clause)
	target, pipe := lastMatch(lockupTargetRe, clause), lastMatch(lockupPIPERe, clause)
	other := lastMatch(lockupOtherRe, lockupSponsorRe.ReplaceAllStringFunc(clause, blank))
	holders := cmpLast(target, pipe, other)
	switch {
	case sponsor != nil && holders != nil:
		return spac.LockupSponsorAndHolders, min(sponsor[0], holders[0]), max(sponsor[1], holders[1])
	case sponsor != nil:
		return spac.LockupSponsor, sponsor[0], sponsor[1]
	case pipe != nil:
		return spac.LockupPIPEInvestors, pipe[0], pipe[1]
	case target != nil:
		return spac.LockupTargetHolders, target[0], target[1]
	case other != nil:
		return spac.LockupOther, other[0], other[1]
	}
	return "", 0, 0
}

// lastMatch is the span of re's last match in s (nil when none).
func lastMatch(re *textutil.Starts, s string) []int {
	all := re.FindAllStringIndex(s, -1)
	if len(all) == 0 {
		return nil
	}
	return all[len(all)-1]
}

// cmpLast is the latest of the spans found (nil when none).
func cmpLast(spans ...[]int) []int {
	var last []int
	for _, s := range spans {
		if s != nil && (last == nil || s[0] > last[0]) {
			last = s
		}
	}
	return last
}

// blank replaces words by as many spaces, so offsets in the clause stay as they were.
func blank(s string) string { return strings.Repeat(" ", len(s)) }

// lockupFields are the fields the lock-up rules give.
var lockupFields = []string{spac.FieldLockupDays, spac.FieldLockupMonths, spac.FieldLockupParty}
