package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Liquidation: a SPAC that will not complete a business combination redeems all of its
// public shares (status liquidating, the date and the per-share amount), and the delisting
// that follows. Corpus: testdata/liquidation.corpus.

// unlessDone vetoes the charter's standing promise ("if we do not complete a business
// combination within 24 months, we will redeem 100% of the public shares").
const unlessDone = `(?i)\b(?:if|unless|in the event|should|whether|may|might|could|would|expects? to|intends? to|anticipates?)\b|not approved`

var liquidationForms = []doc.Class{doc.Current, doc.Communication}

var liquidation = []*rule.Rule{
	{
		ID: "liquidation.will_redeem_all", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>(?:will|shall|has determined to|determined to|elected to|decided to) (?:redeem|redeemed) all (?:of )?(?:its|the|our) (?:issued and )?(?:outstanding )?(?:public shares|shares of class a|class a (?:ordinary shares|common stock)|ordinary shares|shares of common stock))`,
		Never:    unlessDone,
		Classes:  liquidationForms,
		Items:    []string{"8.01", "7.01", "5.07", "2.03", "1.02", "3.01", "5.03"},
		NotKinds: notStated,
		Priority: 25,
	},
	{
		ID: "liquidation.will_liquidate", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>(?:will not|does not expect to|is unable to|was unable to) (?:be able to )?(?:consummate|complete) (?:an|its|a) (?:initial )?business combination.*?(?:will|intends to|plans to) (?:dissolve|liquidate|redeem))`,
		Not:      `(?i)\bif\b|unless|in the event`,
		Classes:  liquidationForms,
		Items:    []string{"8.01", "7.01", "5.07"},
		NotKinds: notStated,
		Priority: 24,
	},
	{
		ID: "liquidation.date", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)(?:redeem all|redemption of all|redeemed|redemption of the public shares|per-share redemption (?:price|amount)|will be paid).*?(?:effective as of|as of|on or about|on|effective) {v:date}`,
		Not:      `(?i)\bif\b|unless|in the event|record date|deadline|originally`,
		Classes:  liquidationForms,
		Items:    []string{"8.01", "7.01", "5.07", "3.01"},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "liquidation.price", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)(?:per[- ]share redemption (?:price|amount)|redemption amount per share|redeemed at a per[- ]share price)[^⟦]*?(?:approximately |of |will be )*{v:money}`,
		Not:      `(?i)\bif\b|unless|in the event|less than`,
		Must:     `(?i)redeem all|redemption of all|liquidat|dissol|all (?:of the )?(?:outstanding )?public shares`,
		Classes:  liquidationForms,
		Items:    []string{"8.01", "7.01", "5.07"},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "liquidation.delisting_effective", Emit: rule.One(spac.FieldDelistingDate),
		Pattern:  `(?i)(?:effective|delist\w*|withdraw\w*|removal)[^⟦]*?\b(?:on|as of|at the opening of business on) {v:date}`,
		Classes:  []doc.Class{doc.Delisting},
		Priority: 10,
	},
}
