package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A target named once in full with a short name ("Wrenfield Optics, Inc. (“Wrenfield”)") is
// then spoken of by the short name alone: "the business combination with Wrenfield",
// "Wrenfield and Corvid Peak Acquisition Corp. have signed a definitive agreement". The
// document's table of short names (doc.Doc.DefinedNames) turns such a short name into the
// full name, cited where the sentence that states the combination uses it. A short name the
// document defines for the SPAC, a subsidiary, a seller, the sponsor, an underwriter or an
// investor is never a target.

var mergerDefined = []*rule.Rule{
	{
		// "its proposed business combination with Wrenfield", Wrenfield defined earlier
		ID: "merger.target_combination_with_short", Produce: shortTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)(?:business combination|merger|combination)(?: \([^)]{0,60}\))? with (?P<v>(?-i:[A-Z0-9])[^\s⟦,;:()“”"]*(?: (?-i:[A-Z])[^\s⟦,;:()“”"]*){0,4})`,
		Not:      targetWithNot,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// the parties as the subject of the signing: "On May 2, 2025, Wrenfield and Corvid Peak
		// Acquisition Corp., a special purpose acquisition company, entered into a merger
		// agreement"; the one party that is not the SPAC or a role is the target
		ID: "merger.target_signed_parties", Produce: counterparty, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)^On {date},? (?P<v>(?:[^⟦]|⟦(?:org|ticker|exchange) \d+⟧){0,300}?\band\b(?:[^⟦]|⟦(?:org|ticker|exchange) \d+⟧){0,200}?),? (?:have |has |had )?(?:entered into|signed|executed) ` +
			`(?:a |an |the |their |its )?(?:definitive )?` + agreementName,
		Not:      hypothetical + `|\bprior\b|predecessor|track record|previously sponsored|letter of intent|non-?binding|terminat|amend`,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 9,
	},
}

var (
	// otherRoleRe: a definition that makes the company something other than the target (its
	// description, or the bracket that gives its short name).
	otherRoleRe = textutil.MustStarts(`(?i)subsidiary|special purpose acquisition|blank check|underwrit|representative|placement agent|advis[eo]r|sponsor|investor|subscri|lender|trustee|\bsellers?\b|escrow|transfer agent|auditor|counsel|affiliate|f/k/a|formerly`)
	// otherRoleLeadRe: the words before a definition that make the company another party
	// ("an underwriting agreement with Quillon Capital Markets LLC (“Quillon”)"), in the same
	// clause (no comma between: "a subsidiary of SCH, with and into Opendoor Labs Inc." speaks
	// of the merger sub).
	otherRoleLeadRe = textutil.MustStarts(`(?i)(?:underwrit\w*|placement agent|advis[eo]rs?|sponsor|investors?|subscri\w*|lenders?|trustee|sellers?|counsel|affiliates? of|including|sponsored by|subsidiary of|owned by|parent of)\s+(?:[\w.&'’-]+\s+){0,6}$`)
)

// holdersOfRe: the words before a name that speak of its holders, not of a role it plays.
var holdersOfRe = textutil.MustStarts(`(?i)\b(?:investors|stockholders|shareholders|holders|lenders|employees) (?:in|of)\s+(?:the\s+)?$`)

// targetShortNames are the document's short names that may name the target: not the filer's
// (its name or first words), not a SPAC's, and not defined for another role.
//
// A company whose holders or investors the definition speaks of ("existing investors of
// Sarcos Corp. (“Sarcos”)") is not itself an investor.
func targetShortNames(m *rule.Match) map[string]doc.DefinedName {
	filer := m.Filer()
	out := map[string]doc.DefinedName{}
	for short, n := range m.DefinedNames() {
		if !valid(spac.FieldTarget, n.Full, nil) || bareName(n.Full) == bareName(filer) ||
			shortNameOf(strings.Fields(filer), short) || spacAfterRe.MatchString(n.About) ||
			otherRoleRe.MatchString(n.About) || otherRoleLeadRe.MatchString(n.Before) && !holdersOfRe.MatchString(n.Before) {
			continue
		}
		out[short] = n
	}
	return out
}

// shortTarget is the production of a rule whose slot "v" is a run of capitalised words: the
// target when the run is exactly a short name the document defines for a company that may be
// the target (a longer run is another name: "with Wrenfield Labs" is not Wrenfield).
func shortTarget(m *rule.Match) []rule.Out {
	text, base := m.Text("v"), m.Start("v")
	short := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(text, "’s"), "'s"), ".’'")
	n, ok := targetShortNames(m)[short]
	if !ok || base < 0 || ownsVehicle(m.Sentence(), short) || moreTargetsRe.MatchString(m.Sentence()[base+len(short):]) {
		return nil
	}
	e := entity.Entity{Kind: entity.Org, Start: base, End: base + len(short), CoreStart: base, CoreEnd: base + len(short), Value: n.Full}
	return []rule.Out{m.Cite(spac.FieldTarget, n.Full, e)}
}

// shortNamed finds in text (at offset base of the sentence) the short names of
// targetShortNames, as org entities whose value is the full name: a list of parties may name
// the target by its short name ("by and among the Company, Merger Sub and Wrenfield"). A short
// name followed by another capitalised word is part of a longer name and is left.
func shortNamed(m *rule.Match, text string, base int) []entity.Entity {
	var out []entity.Entity
	for short, n := range targetShortNames(m) {
		if ownsVehicle(m.Sentence(), short) {
			continue
		}
		for from := 0; ; {
			i := strings.Index(text[from:], short)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(short)
			if !standsAlone(text, at, from) {
				continue
			}
			out = append(out, entity.Entity{Kind: entity.Org, Start: base + at, End: base + from,
				CoreStart: base + at, CoreEnd: base + from, Value: n.Full})
		}
	}
	return out
}

// ownsVehicle reports whether the sentence makes the company of short name the owner of a
// merger sub ("MCII Merger Corp., a wholly owned subsidiary of Meridian"): the SPAC or the new
// holding company, never the target.
func ownsVehicle(sentence, short string) bool {
	for _, lead := range []string{"subsidiary of ", "subsidiaries of "} {
		for from := 0; ; {
			i := strings.Index(sentence[from:], lead+short)
			if i < 0 {
				break
			}
			at := from + i + len(lead)
			from = at + len(short)
			if standsAlone(sentence, at, from) {
				return true
			}
		}
	}
	return false
}

// moreTargetsRe: the words after a target's short name that add another company ("with
// Lumasense and Cobaltline"): the combination has several targets, none is read.
var moreTargetsRe = textutil.MustStarts(`^(?:’s?|'s?)?(?:,\s*|\s+and\s+|\s*&\s*)(?:the\s+)?[A-Z]`)

// standsAlone reports whether text[a:b] is a whole name: no letter or digit joins it on either
// side, it is not quoted (its own definition), and the next word is not capitalised.
func standsAlone(text string, a, b int) bool {
	if a > 0 && (isWordByte(text[a-1]) || strings.HasSuffix(text[:a], "“") || text[a-1] == '"') {
		return false
	}
	if b < len(text) && isWordByte(text[b]) {
		return false
	}
	rest := strings.TrimLeft(text[b:], " \t")
	return rest == "" || rest == text[b:] || !(rest[0] >= 'A' && rest[0] <= 'Z')
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '&'
}
