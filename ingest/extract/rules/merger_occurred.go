package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// mergerOccurred: a closing stated as an event that took place rather than as the SPAC's act -
// "The closing of the Merger occurred on <date>", a release's "announced that the closing of the
// merger ... occurred today", a report's "On <date> (the “Closing Date”), ... Merger Sub merged
// with and into X". Part of the merger family (merger.go); corpus: testdata/merger.corpus ("closing stated as an event").
var mergerOccurred = []*rule.Rule{
	{
		// "The closing of the Merger occurred on January 4, 2008"; "the consummation of the
		// business combination took place on <date>". A condition or an outside date ("if the
		// Closing has not occurred on or before") is not a closing.
		ID: "merger.closing_occurred_on", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\b(?:closing|consummation|completion) of (?:the|its|their) ` + mergerEvent + `(?: \([^)]{0,60}\))?(?: of the (?:two )?companies| with {org}(?: \([^)]{0,40}\))?)? (?:occurred|took place|was (?:consummated|completed|effected)) (?:on|effective(?: as of)?) {v:date}`,
		Not:      hypothetical + closingNotDone + `|\b(?:shall|will|may|must)\b`,
		Classes:  dealReports,
		Priority: 11,
	},
	{
		// a release dated the day of the closing: "<dateline> - X and Y announced that the closing
		// of the merger of the companies occurred today"
		ID: "merger.closing_occurred_today", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)` + releaseDateline + `.*?\b(?:closing|consummation|completion) of (?:the|its|their) ` + mergerEvent + `(?: \([^)]{0,60}\))?(?: of the (?:two )?companies| with {org}(?: \([^)]{0,40}\))?)? (?:occurred|took place|was (?:consummated|completed)|has (?:occurred|taken place)) today\b`,
		Not:      hypothetical + closingNotDone + `|\b(?:shall|will|may|must)\b`,
		Classes:  dealNews,
		Docs:     []string{"EX-99", "425", "8-K"},
		Priority: 10,
	},
	{
		// the parties as the subject of the closing: "On April 27, 2017, Granite Peak Acquisition
		// Corp. (“GPAC”) and Marlow Oil and Gas Company (“Marlow”) consummated the previously
		// announced business combination"; the party that is not the SPAC is the target
		ID: "merger.target_consummated_parties", Produce: counterparty, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)\bOn {date},? (?P<v>(?:[^⟦]|⟦(?:org|ticker|exchange) \d+⟧){0,300}?\band\b(?:[^⟦]|⟦(?:org|ticker|exchange) \d+⟧){0,200}?),? (?:have |has )?(?:consummated|completed|closed) ` +
			`(?:the |their |its )?(?:previously (?:announced|disclosed) )?(?:business combination|merger|combination)`,
		Not:      hypothetical + closingNotDone,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// the day defined as the Closing Date, then what was done on it: "On April 5, 2021 (the
		// “Closing Date”), as contemplated by the Merger Agreement, Merger Sub merged with and into
		// X", "on July 15, 2021 (the "Closing Date"), the Transactions were consummated"
		ID: "merger.closing_date_defined", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\bOn {v:date},? \((?:the )?` + q + `Closing(?: Date)?` + eq + `\),? ` + notDate + `{0,200}?\b(?:merged (?:with and )?into|(?:was|were|has been|have been) (?:consummated|completed|effected)|became effective|(?:consummated|completed|closed) (?:the|its|their)\b)`,
		Not:      hypothetical + closingNotDone + `|\b(?:shall|will|may|must)\b`,
		Classes:  dealReports,
		Priority: 11,
	},
}

// mergerOriginal: what a release about an amended or ended agreement says of the original one,
// and a combined company's name written as a quoted name the recogniser cannot read. Part of the
// merger family (merger.go); corpus: testdata/merger.corpus ("original agreement").
var mergerOriginal = []*rule.Rule{
	{
		// an amendment or a termination names the agreement's own date: "their merger agreement,
		// originally entered into on February 1, 2021 and amended on June 30, 2021", "the Agreement
		// and Plan of Reorganization originally entered into May 14, 2009"; the amendment's date
		// follows and is not read
		ID: "merger.agreement_originally", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)` + agreementName + `(?: \([^)]{0,60}\))?,? (?:which (?:was|they) )?originally (?:entered into|established|signed|executed|dated)(?: on| as of)? {v:date}`,
		Not:      hypothetical + `|` + biography,
		Classes:  dealNews,
		Priority: 9,
	},
	{
		// a name in quotes that holds lower-case words: 'will be renamed “Orca the ocean company
		// Inc.”'; the quoted words end in a legal form
		ID: "merger.new_name_quoted", Emit: rule.One(spac.FieldNewName),
		Pattern: `(?i)\b(?:be|been|was|is being) renamed (?:as )?` + q + `(?P<v>(?-i:[A-Z0-9][^”"⟦]{1,60}?,? (?:Inc\.|Corp\.|Corporation|Limited|Ltd\.|plc|PLC|Holdings|LLC|N\.V\.)))` + eq,
		// a condition in the rename's own clause vetoes it; a bracketed "(assuming no
		// redemptions)" of an earlier figure does not
		Not:      `(?i)\b(?:if|unless|would|could|should|may|assuming)\b[^,;()]{0,120}$|\bnot\b[^,;]{0,100}$`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 8,
	},
}
