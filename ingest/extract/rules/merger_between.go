package rules

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// mergerBetween: the target told from the SPAC among a deal's named parties. A release names the deal by its two parties, often by the short names it
// uses throughout and without a legal form ("the pending business combination between Global
// Widgets and FPAC", "the merger between Acme and Lumen Robotics"). When one side is the
// SPAC (the filer's short name or initials, or a name the sentence gives a SPAC) the other is
// the target, as the release names it. Its rank is below every rule that reads a company's
// full name, which wins where the filing gives one. Part of the merger family (merger.go);
// corpus: testdata/merger.corpus ("between").
var mergerBetween = []*rule.Rule{
	{
		ID: "merger.target_between_short", Produce: shortCounterparty, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:business combination|merger)(?: transactions?)? between (?P<a>` + betweenSide + `) and (?P<b>` + betweenSide + `)(?:[,.;)]|$| (?-i:[a-z]))`,
		Not:      targetWithNot + `|non-?binding|letter of intent|\bLOI\b|terminat|abandon|no longer`,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 6,
	},
	{
		// the target's own release: its name (often without a legal form) opens the sentence,
		// the SPAC is the company it signed with: "Tembo Motors, a subsidiary of Volt Holdings
		// Corp., today announced that it has executed a definitive Business Combination Agreement
		// with Cactus Ridge Acquisition Corp. 1 Limited"
		ID: "merger.target_subject_signed_with_spac", Produce: subjectSignedWithSPAC, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)^(?:[^⟦]{0,200}?⟦date \d+⟧[^⟦]{0,60}?(?:--|—|–| - )\s?)?(?P<v>⟦org \d+⟧|(?-i:[A-Z])[^⟦,;()“”"]{0,50}?)(?: \([^()]{0,60}\))?,(?:[^⟦]|⟦(?:org|exchange|ticker) \d+⟧){0,240}?,? ` +
			`(?:today )?announced (?:today )?that it (?:has )?(?:entered into|executed|signed) (?:a |an |the )?(?:definitive )?(?:` + agreementName + `|agreement)(?: \([^()]{0,40}\))? with {w:org}`,
		Not:      `(?i)non-?binding|letter of intent|terminat|` + biography,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// the target as the subject of the closing, the SPAC its object: "On <date>, Verdant
		// Polymers LLC (“Verdant”) consummated the previously announced business combination
		// with Halden Acquisition I Co." (a successor's report, filed under the target's name)
		ID: "merger.target_closed_with_spac", Produce: subjectWithSPAC, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)\bOn {date},? {v:org}(?: \([^)]{0,60}\))?,? (?:has |have )?(?:consummated|completed|closed) (?:the|its|their) ` + mergerEvent +
			`(?: \([^)]{0,60}\))? with {w:org}`,
		Not:      hypothetical + closingNotDone,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 9,
	},
}

// subjectWithSPAC is the production of a rule whose slot "v" is the subject of a combination
// and "w" the company it was made with: the subject is the target when the other is the SPAC
// (a name of a SPAC's form, or a company the sentence calls one) and it is not.
func subjectWithSPAC(m *rule.Match) []rule.Out {
	vs, ws := m.Entities("v"), m.Entities("w")
	if len(vs) != 1 || len(ws) != 1 {
		return nil
	}
	v, w := vs[0], ws[0]
	if !(spacNameRe.MatchString(w.Value) || isTheSPAC(m, &w)) || !valid(spac.FieldTarget, v.Value, &v) || isTheSPAC(m, &v) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTarget, v.Value, v)}
}

// betweenSide: one party, a run of words with no bracket or comma, or a recognised company.
const betweenSide = `(?-i:[A-Z])[^⟦,;()“”"]{0,50}?|⟦org \d+⟧`

// shortCounterparty is the production of mergerBetween: the side that is not the SPAC, when
// the other is.
func shortCounterparty(m *rule.Match) []rule.Out {
	a, b := strings.TrimSpace(m.Text("a")), strings.TrimSpace(m.Text("b"))
	switch {
	case betweenSPAC(m, a) && !betweenSPAC(m, b):
		return betweenTarget(m, "b", b)
	case betweenSPAC(m, b) && !betweenSPAC(m, a):
		return betweenTarget(m, "a", a)
	}
	return nil
}

// betweenSPAC reports whether a side names the SPAC: the filer, its short name, a name the
// sentence gives a SPAC, or a company named as one.
func betweenSPAC(m *rule.Match, side string) bool {
	return placedShortName(m, side) || spacNameRe.MatchString(side) && !mergerSubRe.MatchString(side)
}

// betweenTarget cites the other side as the target: a recognised company, or a short name of
// one to four capitalised words that names no role, security or document.
func betweenTarget(m *rule.Match, slot, side string) []rule.Out {
	if es := m.Entities(slot); len(es) == 1 && es[0].Kind == entity.Org {
		if !valid(spac.FieldTarget, es[0].Value, &es[0]) || isTheSPAC(m, &es[0]) {
			return nil
		}
		return []rule.Out{m.Cite(spac.FieldTarget, es[0].Value, es[0])}
	}
	words := strings.Fields(side)
	if len(words) > 4 || !shortPartyRe.MatchString(side) || leadWordRe.MatchString(words[0]) ||
		slices.ContainsFunc(words, notNameWordRe.MatchString) || roleTermRe.MatchString(side) ||
		!valid(spac.FieldTarget, side, nil) || genericNameRe.MatchString(side) {
		return nil
	}
	out, ok := m.CiteText(spac.FieldTarget, side, slot)
	if !ok {
		return nil
	}
	return []rule.Out{out}
}

// genericNameRe: capitalised words that name no company ("the Company", a defined party).
var genericNameRe = textutil.MustStarts(`(?i)^(?:the |our |its )?(?:company|target|seller|sellers|holdings|parent|sponsor|registrant|issuer)$`)

// subjectSignedWithSPAC is the production of merger.target_subject_signed_with_spac: the
// subject (a company or a bare name) when the company it signed with is the SPAC.
func subjectSignedWithSPAC(m *rule.Match) []rule.Out {
	ws := m.Entities("w")
	if len(ws) != 1 || !(spacNameRe.MatchString(ws[0].Value) || isTheSPAC(m, &ws[0])) {
		return nil
	}
	v := strings.TrimSpace(m.Text("v"))
	if betweenSPAC(m, v) {
		return nil
	}
	return betweenTarget(m, "v", v)
}
