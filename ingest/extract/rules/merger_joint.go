package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// mergerJoint: the deal read where a release or a communication names both of its parties as
// a whole - a joint release whose subjects are the target and the SPAC, a 425's legend naming
// "the proposed merger involving" both - and the closing told through the agreement it was made
// under. Part of the merger family (merger.go); corpus: testdata/merger.corpus ("joint").
var mergerJoint = []*rule.Rule{
	{
		// a 425's legend names both parties of the deal it relates to: "This filing relates to
		// the proposed merger involving Acme Acquisition Corp. (“Acme”) and Velora, Inc."; the
		// one party that is not the SPAC is the target
		ID: "merger.target_involving", Produce: counterparty, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:proposed |pending |contemplated )?(?:business combination|merger|transactions?|de-?spac transaction) involving (?P<v>{org}(?: \([^)]{0,60}\))?,? and {org})`,
		Not:      targetWithNot + `|non-?binding|letter of intent`,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// a joint release of the closing whose subjects are the parties: "Velora Limited, a
		// biotech company, and Acme Acquisition Corp., a special purpose acquisition company
		// (Nasdaq: ACME), announced today the completion of the previously announced business
		// combination"; or the target alone announces it closed its combination with the SPAC
		// ("Velora, Inc. today announced that it has closed its business combination with Acme
		// Acquisition Corp."). The one party that is not the SPAC is the target.
		ID: "merger.target_joint_closing", Produce: counterparty, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)^(?:[^⟦]{0,200}?(?:⟦date \d+⟧[^⟦]{0,60}?){1,2}(?:--|—|–| - )\s?)?(?P<v>(?:[^⟦]|⟦(?:org|exchange|ticker) \d+⟧){0,400}?,? (?:today |jointly )?announced (?:today )?` +
			`(?:the (?:completion|closing|consummation) of|that (?:it|they) (?:has|have) (?:successfully )?(?:completed|closed|consummated)) (?:its |their |the )?` + mergerEvent + `(?: with {org})?)`,
		Not:      `(?i)non-?binding|letter of intent|terminat|sponsor|` + biography,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// the closing told through the agreement it was made under, whose own date stands
		// between: "On <date>, pursuant to the Agreement and Plan of Reorganization, dated as of
		// <date>, among ..., Acme consummated its business combination with Velora"
		ID: "merger.closing_date_pursuant", Emit: rule.One(spac.FieldClosingDate),
		Pattern: `(?i)\bOn {v:date},? pursuant to (?:the |an |a |that certain )?[^⟦]{0,60}?` + agreementName + `(?: \([^)]{0,60}\))?,? dated(?: as of)? {date},?` +
			notDate + `*?(?:consummated|completed|closed) (?:the|its|their) ` + mergerEvent,
		Not:      hypothetical + closingNotDone,
		Classes:  dealNews,
		Priority: 11,
	},
	{
		// the company the SPAC combines into keeps its name: "As a result of the business
		// combination, THIL will continue as the parent/public company and will retain the name
		// “TH International Limited”"
		ID: "merger.new_name_retained", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)\b(?:will|shall|to|would) (?:retain|keep|continue to use|continue under) (?:the|its) (?:corporate |company )?name,? ` + q + `?{v:org}`,
		Must:     `(?i)business combination|merger|closing|transaction`,
		Not:      hypothetical + `|\bnot\b`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the PIPE's subscription agreements and their total: "entered into subscription
		// agreements providing for aggregate investments in the Company’s securities of
		// $27,000,000"
		ID: "merger.pipe_amount_subscriptions", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern:  `(?i)\bsubscription agreements? (?:providing for|for|with)[^⟦.]{0,40}? aggregate (?:gross )?(?:investments?|purchase price|commitments?|proceeds)(?: in [^⟦.]{0,40}?)? of (?:approximately )?{v:money}`,
		Not:      notPIPE + notCommitted + `|` + dealConditional,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the close expected as the acquirer's act: "GLAC anticipates completing the transaction
		// in the third quarter of 2007"
		ID: "merger.expected_close_completing", Produce: expectedClose, Gives: []string{spac.FieldExpectedClose},
		Pattern: `(?i)\b(?:expects?|anticipates?) (?:completing|closing|consummating) (?:the |its |their )?(?:proposed )?(?:business combination|transactions?|mergers?|acquisition)\b[^.⟦]{0,60}? ` +
			`(?:(?:on or about|on) {d:date}|in (?:the )?` + expectedPeriod + `)`,
		Not:      `(?i)\bnot\b|\bno longer\b|fiscal|by the end of|initial public offering|\bIPO\b|\bPIPE\b|private placement`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
}
