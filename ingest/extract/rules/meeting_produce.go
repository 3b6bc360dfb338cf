package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Productions of the meeting family (meeting.go, redemption.go, redemption_deadlines.go).

// Vetoes of a deposit: an optional or capped amount, a formula, a per-share gloss, history
// (a total to date, as of the report's date, an aggregate over the extensions).
const (
	depositVeto    = `(?i)up to (?:an aggregate of |a total of )?⟦money|lesser of|aggregate of all|total of all|in the aggregate since|per share\)? (?:for|in)|\bdeposit\w*(?: [a-z]+){0,6}? ⟦money \d+⟧ per (?:public |class a |ordinary |unredeemed )?share\b|may deposit|will not|\bif (?:the )?(?:company|sponsor|we|it) (?:elects?|decides?|chooses?|determines?)|\b(?:intends?|plans?|expects?) to\b|\bwould\b`
	depositHistory = `(?i)\bto date\b|\bso far\b|since (?:the|our) (?:ipo|initial public offering)|\bas of the date of (?:this|the filing of this) (?:quarterly |annual )?report\b|\baggregate of ⟦money \d+⟧[^.]*\bextensions\b`
)

var (
	// deadlineDefRe is the deadline's own definition, no condition on the extension: "the date
	// for the cessation of operations if the Company has not completed a business combination".
	deadlineDefRe = textutil.MustStarts(`(?i)\b(?:date|operations|deadline|period)\b[^,;.⟦]{0,60}? (?:if|in the event) (?:the company|it|we) (?:(?:has|have|does|did|is|are) not (?:yet )?(?:been able to )?|fails? to )(?:complete|consummate|effect)\w*`)
	// deadlineIfRe is a condition on the extension ("If the Extension Amendment Proposal is
	// approved ...", "if the Sponsor elects to extend ...").
	deadlineIfRe = textutil.MustStarts(`(?i)\bif (?:the|a) `)
	// failRe is a proposal that failed, or a condition on failing, before the new deadline.
	failRe = textutil.MustStarts(`(?i)\bfail`)
	// notYetActedRe is an extension someone may make or decided against: "the Board may
	// approve an extension", "determined not to extend" (the charter's "the date by which the
	// Company may consummate" is no such act).
	notYetActedRe = textutil.MustStarts(`(?i)` + notYetActed)
)

// notYetActed is notYetActedRe's pattern, for rules that veto the whole sentence.
// (An extension a release says the company intends to make is read as announced, as a
// proxy's proposal is.)
const notYetActed = `\b(?:may|might|could|should) (?:approve|extend|elect|decide|determine|deposit|choose|request|seek)\b|\bnot to (?:extend|approve|deposit|seek)\b`

// unconditionalDeadline gives the new deadline of "extending the date ... to <date>" unless a
// condition stands before the date.
func unconditionalDeadline(m *rule.Match) []rule.Out {
	if lead := deadlineDefRe.ReplaceAllString(m.Text("lead"), ""); deadlineIfRe.MatchString(lead) || failRe.MatchString(lead) || notYetActedRe.MatchString(lead) {
		return nil
	}
	var out []rule.Out
	for _, e := range m.Entities("v") {
		out = append(out, m.Cite(spac.FieldNewDeadline, e.Value, e))
	}
	return append(out, oldDeadline(m, "o")...)
}

// laterDeadlineProposed gives a proxy's proposed deadline and, when the proxy states it, the
// deadline it would replace.
// The date is no new deadline when monthly elections reach it ("from <old> to <date>, by
// electing to extend ... on a monthly basis"): it is their outer date, the old deadline stays.
func laterDeadlineProposed(m *rule.Match) []rule.Out {
	var out []rule.Out
	sentence := m.Sentence()
	for _, e := range m.Entities("v") {
		if e.End <= len(sentence) && monthlyElectionsRe.MatchString(sentence[e.End:]) {
			continue
		}
		out = append(out, m.Cite(spac.FieldNewDeadline, e.Value, e))
	}
	return append(out, oldDeadline(m, "o")...)
}

// proposedExtension is the status of an extension proxy's proposal (slot v) and its new
// deadline (slot d), unless monthly elections reach that date (see laterDeadlineProposed).
func proposedExtension(m *rule.Match) []rule.Out {
	out := m.Emitted("v", spac.FieldStatus)
	sentence := m.Sentence()
	for _, e := range m.Entities("d") {
		if e.End > len(sentence) || !monthlyElectionsRe.MatchString(sentence[e.End:]) {
			out = append(out, m.Cite(spac.FieldNewDeadline, e.Value, e))
		}
	}
	return out
}

// monthlyElectionsRe is the way a date is reached when it follows it: by elections to extend a
// month at a time ("..., by electing to extend the date ... on a monthly basis for up to six
// times", "by electing to extend ... up to six times by an additional one month each time").
var monthlyElectionsRe = textutil.MustStarts(`(?i)^,?\s*(?:\([^()]{0,80}\),?\s*)?by (?:the (?:company|board|sponsor) )?elect(?:ing|s)? to extend\b[^.;]{0,160}?\b(?:monthly|month-to-month|one month|each month)\b`)

// oldDeadline gives the deadline an extension replaces, "from <old> to <new>", when it is one
// date earlier than the one new date.
func oldDeadline(m *rule.Match, slot string) []rule.Out {
	old, to := m.Entities(slot), m.Entities("v")
	if len(old) != 1 || len(to) != 1 || old[0].Value >= to[0].Value {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldOldDeadline, old[0].Value, old[0])}
}

// laterDeadline gives the new deadline (and the extension it makes) when the date moves
// later.
func laterDeadline(m *rule.Match) []rule.Out {
	from, to := m.Entities("f"), m.Entities("v")
	if len(from) != 1 || len(to) != 1 || to[0].Value <= from[0].Value {
		return nil
	}
	e := to[0]
	return []rule.Out{
		m.Cite(spac.FieldNewDeadline, e.Value, e),
		m.Cite(spac.FieldOldDeadline, from[0].Value, from[0]),
		m.Cite(spac.FieldMeetingKind, "extension", e),
		m.Cite(spac.FieldStatus, string(spac.StatusSearching), e),
	}
}

// publicRe is the word that makes a count of shares a count of public shares.
var publicRe = textutil.MustStarts(`(?i)\bpublic(?:ly[- ]held)?\b`)

// countOfPublicShares gives field for the shares of slot v when they are written as public shares
// ("2,104,383 public shares"; not "2,104,383 shares of common stock").
func countOfPublicShares(field string) func(m *rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		for _, e := range m.Entities("v") {
			if publicRe.MatchString(m.Text("v")) && e.Num != nil && e.Num.IsInt() {
				out = append(out, m.Cite(field, e.Num.Num().String(), e))
			}
		}
		return out
	}
}
