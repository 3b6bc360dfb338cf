package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// depositOptional vetoes a deposit nobody is bound to make: "may, at its option, make a
// deposit", "is not obligated to make a deposit" (meeting.extension_deposit_make).
const depositOptional = `(?i)\bmay\b[^.⟦]{0,40}\bmake\b|\bnot (?:be )?(?:obligated|required|obliged)\b|\bno obligation\b|\bneither\b`

// meetingDepositTerms: the sponsor's monthly contribution where the trust account comes before
// the amount and the sentence itself does not name the extension (the release's section does).
var meetingDepositTerms = []*rule.Rule{
	{
		// "the Sponsor will continue to make deposits directly to the trust account (the "Trust
		// Account") of $1,000,000 per month", "will make monthly contributions into the trust
		// account of $60,000 each month"; a per-share rate ("$0.03 per public share per month")
		// is no deposit, nor an optional one; deposits made are history in a proxy (a prior
		// extension's), and a report of them names the extension in the sentence (the rules of
		// redemption_deadlines.go)
		ID: "meeting.extension_deposit_per_month", Emit: rule.One(spac.FieldExtensionDeposit),
		Pattern:  `(?i)\b(?:make|makes|making) (?:monthly )?(?:deposits|contributions) (?:directly )?` + trustFund + `(?: \([^)]{0,40}\))? (?:of|in the amount of|equal to) {v:money},? (?:per|each|for each|every) (?:calendar )?month\b`,
		Within:   `(?i)\bexten(?:d|ded|sion)\b`,
		Not:      depositVeto + `|` + depositOptional,
		Never:    depositHistory,
		Classes:  meetingForms,
		NotKinds: notStated,
		Priority: 9,
	},
}
