package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingDeposits reads the extension deposits written with the noun first: "the Lender shall
// make a deposit into the Trust Account of $396,000". The verb-first wordings ("will deposit
// $X into the Trust Account") are read by redemption.go.
var meetingDeposits = []*rule.Rule{
	{
		ID: "meeting.extension_make_deposit", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)\b(?:make|makes|made|making) (?:a|an|the) (?:(?:monthly|extension|additional|initial|first|one-time) )*deposit ` + trustFund + `(?: \([^)]{0,40}\))?,? (?:of|in the amount of|equal to) (?:an aggregate of |a total of )?{v:money}`,
		Must:     `(?i)exten`,
		Not:      depositVeto + `|` + depositOptional,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 10,
		Narrated: true,
	},
}

// depositOptional vetoes a deposit nobody is bound to make: "may, at its option, make a
// deposit", "is not obligated to make a deposit".
const depositOptional = `(?i)\bmay\b[^.⟦]{0,40}\bmake\b|\bnot (?:be )?(?:obligated|required|obliged)\b|\bno obligation\b|\bneither\b`
