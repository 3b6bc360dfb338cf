package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Periodic: the trust account and the shares subject to redemption stated in the text of a
// 10-Q or 10-K (inline XBRL is read by the extract package, and wins). The period is the date
// of the sentence, else the report's period. Corpus: testdata/periodic.corpus.

const trustFlow = `(?i)interest (?:income|earned)|withdr[ae]w|dividend|unrealized|transferred|extension|deposited|redemptions? of|paid`

var periodic = []*rule.Rule{
	{
		ID: "periodic.trust_as_of", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)(?:As of|At) {p:date},?[^⟦]*?(?:held in|in) (?:the )?trust account[^⟦]{0,60}?(?:of|totaled|was|were|amounted to|consisted of) (?:approximately )?{v:money}`,
		Not:      trustFlow,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: []doc.Kind{doc.Risk, doc.ProForma},
		Priority: 10,
	},
	{
		ID: "periodic.trust_we_had", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)(?:As of|At) {p:date},? (?:we|the company) had {v:money} (?:in|held in) (?:the )?trust account`,
		Not:      trustFlow,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: []doc.Kind{doc.Risk, doc.ProForma},
		Priority: 10,
	},
	{
		ID: "periodic.shares_subject_to_redemption", Emit: rule.Emit{"v": spac.FieldSharesSubjectToRed, "pr": spac.FieldRedemptionValuePS}, Period: "p",
		Pattern:  `(?i)(?:class a )?(?:ordinary shares|common stock)(?:, \$[^,]{0,30})? subject to possible redemption,? {v:shares|count}(?: and {shares|count})?(?: (?:at|as of) {p:date}(?: and {date})?)?,? (?:\()?(?:at|at a redemption value of|at redemption value of) (?:approximately )?{pr:money} per share`,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy},
		Priority: 10,
	},
}
