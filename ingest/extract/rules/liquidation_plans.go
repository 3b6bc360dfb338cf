package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// The liquidation family (liquidation.go) also reads the older releases' plan of liquidation
// ("its Board of Directors has approved a plan of liquidation"; "the liquidating distribution is
// expected to be approximately $7.98 per share"), headlines that give the redemption price, and
// a quarterly report that says the SPAC will liquidate. Corpus: testdata/liquidation.corpus.
var liquidation = concat(liquidationNotices, liquidationPlans, liquidationDeadlines)

// planApproved is the board's (or the stockholders') approval of a plan to wind the company up.
const planApproved = `(?:approved|adopted|voted to approve) (?:a|the|its|(?:[\w.]+ ){0,3}[\w.]+['’]s) (?:proposed )?plan of (?:complete )?(?:liquidation|dissolution|distribution)`

var liquidationPlans = []*rule.Rule{
	{
		ID: "liquidation.plan_approved", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)\b(?:board of directors|board|stockholders|shareholders)\b[^⟦]{0,40}?\b(?:has |have |had )?(?P<v>` + planApproved + `)`,
		Never:    conditional + `|\bwill (?:submit|seek|present|ask)|recommend|proposal to approve`,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		// "The liquidating distribution is expected to be approximately $5.93 per share."
		ID: "liquidation.price_distribution", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)\b(?:liquidating|liquidation) distributions? (?:per (?:public )?share )?(?:is|are|will be) (?:expected|estimated|anticipated) to be (?:approximately |about )?{v:money} per (?:public )?share\b|\b(?:liquidating|liquidation) distributions? per (?:public )?share (?:is|are|will be) (?:expected|estimated|anticipated) to be (?:approximately |about )?{v:money}`,
		Never:    otherSPACs + `|\b(?:if|unless)\b`,
		Within:   liquidationAnnounced + `|` + planApproved + `|\b(?:is required to|will (?:promptly )?begin the process of) (?:liquidat|dissolv)`,
		Classes:  current,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The board's distribution under a plan of liquidation, with the day it is paid: "authorized
		// the issuance of a liquidating distribution in the amount of $5.6941 per share, payable on
		// February 21, 2007 to holders of record". A first instalment ("initial", "interim",
		// "partial") is not the whole distribution.
		ID: "liquidation.price_distribution_payable", Emit: rule.Emit{"v": spac.FieldLiquidationPrice, "d": spac.FieldLiquidationDate},
		Pattern:  `(?i)\b(?:liquidating|liquidation) distribution (?:in the amount of |of |equal to )?(?:approximately |about )?{v:money} per (?:public )?share\b[^⟦]{0,80}?,? (?:payable|to be paid|which will be paid|will be paid|was paid) (?:on or about |on |beginning on )?{d:date}`,
		Not:      `(?i)\b(?:initial|interim|partial|first|second|further|additional|final)\s+(?:liquidating|liquidation) distribution`,
		Never:    conditional + `|` + otherSPACs,
		Within:   liquidationAnnounced + `|` + planApproved + `|\b(?:approved|adopted) (?:the )?(?:dissolution|plan)|\bapproval of (?:the |its )?(?:dissolution|plan of (?:liquidation|dissolution))`,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// a headline: "Redemption Price For The Public Shares Will Be ~$10.15"
		ID: "liquidation.price_public_shares", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)\bredemption (?:price|amount) for (?:the |its )?public shares (?:will be|is expected to be|is) (?:approximately |about |~ ?)?{v:money}`,
		Not:      conditional,
		Never:    otherSPACs + `|\b(?:if|unless)\b|extension|\bmeeting\b|in connection with (?:the|its|a) (?:proposed )?business combination`,
		Within:   liquidationAnnounced,
		Classes:  current,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a report: "We will be unable to complete an initial business combination by <date> and
		// so we will liquidate ... and will redeem all Public Shares, at a per-share redemption
		// price of approximately $10.02."
		ID:    "liquidation.report_will_liquidate",
		Emit:  rule.Emit{"v": spac.FieldStatus, "p": spac.FieldLiquidationPrice},
		Value: string(spac.StatusLiquidating),
		Pattern: `(?i)\b(?P<v>(?:we|it|the Company) ` + cannotComplete + `(?:[^⟦.]|⟦date \d+⟧){0,80}?\b(?:we|it|the Company) (?:will|intends to) (?:liquidate|dissolve|wind up)\b)` +
			`(?:` + gap + `{0,250}?\bwill redeem all ` + publicShares + `,? at an? (?:estimated |anticipated )?per[- ]share redemption price of (?:approximately )?{p:money})?`,
		Never:    conditional,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 25,
	},
}
