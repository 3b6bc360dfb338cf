package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Periodic: the trust account and the shares subject to redemption stated in the prose of a
// 10-Q or 10-K (inline XBRL is read by the extract package, and wins; so do the balance
// sheet's rows, read by its table readers), and the trust account statements of merger
// proxies. The period is the date that opens the sentence, else the report's period; when a
// sentence gives two periods ("At March 31, 2021 and December 31, 2020, ... $X and $Y,
// respectively") the first is the current one. Corpus: testdata/periodic.corpus.

const (
	// trustFlow vetoes amounts that move in or out of the trust (interest, withdrawals,
	// deposits, redemption payments) rather than its balance.
	trustFlow = `(?i)interest (?:income|earned)|withdr[ae]w|dividend|unrealized|transferred|extension|deposited|redemptions? of|paid`
	// notBalance vetoes flows and the estimates and illustrations of proxies.
	notBalance = trustFlow + `|` + hypothetical + `|(?i:estimat\w*|expected|anticipated)`
	// asOf opens a sentence that states a balance at one or two balance-sheet dates ("As of
	// December 31, 2022 and 2021,"); the first date is the period.
	asOf = `(?:As of|At) {p:date}(?:,? and (?:{q:date}|\d{4}))?,?`
	// pair is a value and, optionally, the prior period's after "and" (slot w, dated by the
	// second date q when the sentence writes it whole: see withPriorPeriod). The trust rules
	// read only the first: a prior period's balance is its own report's, and a later report's
	// comparative figure that disagrees with it (a typo) would replace it in the series.
	pairShares = `{v:shares|count}(?:,? and (?:{w:shares|count}|no shares|none))?`
	pairMoney  = `(?:approximately )?{v:money}(?:,? and (?:approximately )?{w:money})?(?:,? respectively,?)?`
	// stock names the public shares after a count ("Class A ordinary shares", "shares of
	// Class A common stock"); a quantity entity often holds it already.
	stock = `(?:(?:shares of )?(?:Class A )?(?:ordinary shares|common stock|shares) )?`
	// trustAcct is the trust account, however it is possessed.
	trustAcct = `(?:the |its |our |the Company` + ap + `s )?trust account`
	// composition is a trust account broken into parts without a total: no part is the
	// balance.
	composition = `(?i)(?:consist|consists|consisted|comprised|comprise|comprises|included|includes)(?: of)? (?:approximately )?⟦money \d+⟧ (?:in|of) (?:[^⟦]|⟦date \d+⟧){0,120}?\band (?:approximately )?⟦money \d+⟧ (?:in|of)\b`
	// tableRow is a balance sheet row (cells, or a label followed by figures): the table
	// readers read those, with the column headings.
	tableRow = `\| |(?:⟦(?:count|money) \d+⟧\)?|[—–])\s*$`
	// notCurrent vetoes the initial public offering's figures, restatements of earlier
	// balance sheets and reclassifications.
	notCurrent = `(?i)initial public offering|\bipo\b|previously|restat|reclassif|as originally`
)

// periodic is the whole family, in the order its rules are tried.
var periodic = concat(periodicBalances, periodicMeetings, periodicRedemptions, periodicIdentity)

// periodicBalances: the trust account and the shares subject to redemption at a period end.
var periodicBalances = []*rule.Rule{
	// --- trust_balance ---------------------------------------------------------------------
	{
		ID: "periodic.trust_as_of", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)` + asOf + `[^⟦]*?(?:held in|in) ` + trustAcct + `[^⟦]{0,60}?(?:of|totaled|was|were|amounted to|consisted of) ` + pairMoney,
		Not:      notBalance,
		Never:    composition,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "As of March 31, 2022, we had approximately $276.1 million in the Trust Account";
		// "the Company held cash of $18,662,041 in the Trust Account".
		ID: "periodic.trust_company_had", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)` + asOf + ` (?:we|the company) (?:had|held) (?:(?:cash|investments|marketable securities|assets) of )?` + pairMoney + ` (?:in|held in) ` + trustAcct,
		Not:      notBalance,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "As of June 30, 2023, there were $58,431,207 in investments and cash held in the
		// Trust Account".
		ID: "periodic.trust_there_was", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)` + asOf + ` there (?:was|were) ` + pairMoney + ` (?:(?:in|of) (?:cash|investments|marketable securities|assets|treasury bills|money market funds)(?: and (?:cash|investments|marketable securities))? )?(?:held )?in ` + trustAcct,
		Not:      notBalance,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "As of December 31, 2023, approximately $18.7 million was held in the Trust Account".
		ID: "periodic.trust_amount_held", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)` + asOf + ` ` + pairMoney + ` (?:(?:was|were|is|are) held in|remained in|remains in) ` + trustAcct,
		Not:      notBalance,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// A composition with its total: "investments held in the Trust Account comprised $2,105
		// in cash and $41,877,349 in U.S. Treasury bills, for a total of $41,879,454".
		ID: "periodic.trust_total", Emit: rule.One(spac.FieldTrustBalance), Period: "p",
		Pattern:  `(?i)` + asOf + `[^⟦]*?trust account (?:comprised|consisted of|included|was comprised of|were comprised of) (?:[^⟦]|⟦money \d+⟧)*?,? (?:for a total of|totall?ing|in the aggregate of|aggregating) (?:approximately )?{v:money}`,
		Not:      notBalance,
		Classes:  []doc.Class{doc.Periodic, doc.MergerProxy, doc.Proxy},
		NotKinds: notStated,
		Priority: 11,
	},

	// --- shares_subject_to_redemption, redemption_value_per_share ---------------------------
	{
		// "Accordingly, at June 30, 2023, 6,314,509 Class A ordinary shares subject to possible
		// redemption are presented at a redemption value of $10.62 per share as temporary
		// equity".
		ID: "periodic.shares_presented", Emit: rule.Emit{"v": spac.FieldSharesSubjectToRed, "pr": spac.FieldRedemptionValuePS}, Period: "p",
		Pattern:  `(?i)(?:` + asOf + ` )?` + pairShares + ` ` + stock + `subject to possible redemption(?:,? respectively,?)? (?:are|is) (?:presented|classified|reflected)(?: at (?:a |their |its )?redemption value(?: of (?:approximately )?{pr:money}(?:,? and {money})? per share)?)?`,
		Not:      hypothetical + `|` + notCurrent,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "At December 31, 2021, there were 40,250,000 shares of Class A common stock issued
		// and outstanding, all of which are subject to possible redemption"; "the 14,360,208
		// and 23,000,000 shares of Class A common stock then issued and outstanding,
		// respectively, were all presented as temporary equity".
		ID: "periodic.shares_all_outstanding", Produce: withPriorPeriod(spac.FieldSharesSubjectToRed), Gives: []string{spac.FieldSharesSubjectToRed}, Period: "p",
		Pattern:  `(?i)` + asOf + ` (?:there (?:were|was) |the )(?:respectively )?` + pairShares + ` ` + stock + `(?:then )?(?:issued and )?outstanding(?:,? respectively)?,? (?:all of which (?:are|were)|(?:were|are) all) (?:subject to possible redemption|(?:presented|classified) as temporary equity)`,
		Not:      hypothetical + `|` + notCurrent + `|class b`,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "there were respectively 2,209,414 and 3,334,568 shares of Class A common stock
		// outstanding, of which 859,414 and 1,984,568 shares were subject to possible
		// redemption".
		ID: "periodic.shares_of_which", Produce: withPriorPeriod(spac.FieldSharesSubjectToRed), Gives: []string{spac.FieldSharesSubjectToRed}, Period: "p",
		Pattern:  `(?i)` + asOf + ` there (?:were|was) (?:respectively )?{shares|count}(?:,? and {shares|count})? ` + stock + `(?:issued and )?outstanding(?:,? respectively)?,? of which ` + pairShares + ` ` + stock + `(?:were|are) subject to possible redemption`,
		Not:      hypothetical + `|` + notCurrent + `|class b`,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "At September 30, 2023 and December 31, 2022, all 25,797,765 and 34,092,954,
		// respectively, shares of Class A common stock issued and outstanding are reflected as
		// common stock subject to redemption".
		ID: "periodic.shares_all_reflected", Produce: withPriorPeriod(spac.FieldSharesSubjectToRed), Gives: []string{spac.FieldSharesSubjectToRed}, Period: "p",
		Pattern:  `(?i)` + asOf + ` all (?:of the )?` + pairShares + `(?:,? respectively,?)? ` + stock + `(?:then )?(?:issued and )?outstanding[^⟦]{0,40}? (?:are|were|is|was) (?:reflected|classified|presented|recorded) as (?:(?:class a )?(?:common stock|ordinary shares|shares) subject to (?:possible )?redemption|temporary equity)`,
		Not:      hypothetical + `|` + notCurrent + `|class b`,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The equity note: "there were 6,330,293 and 3,974,267 Class A ordinary shares issued
		// and outstanding, excluding 25,669,707 and 28,025,733 Class A ordinary shares subject
		// to possible redemption, respectively".
		ID: "periodic.shares_excluding", Produce: withPriorPeriod(spac.FieldSharesSubjectToRed), Gives: []string{spac.FieldSharesSubjectToRed}, Period: "p",
		Pattern:  `(?i)` + asOf + ` there (?:were|was) ` + notDate + `*?\(?(?:excluding|after deducting) ` + pairShares + `(?:,? respectively,?)? ` + stock + `subject to possible redemption`,
		Not:      hypothetical + `|` + notCurrent,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "As of September 30, 2022 and December 31, 2021, the Class A common stock subject to
		// possible redemption was carried at its redemption value of approximately $10.18 and
		// $10.05 per share, respectively, and 17,250,000 shares ... were subject to possible
		// redemption at each date".
		ID: "periodic.redemption_value_carried", Emit: rule.Emit{"pr": spac.FieldRedemptionValuePS, "v": spac.FieldSharesSubjectToRed}, Period: "p",
		Pattern:  `(?i)` + asOf + ` the (?:Class A )?(?:ordinary shares|common stock|public shares|shares) subject to possible redemption (?:was|were|is|are) (?:carried|presented|recorded|stated|measured) at (?:its |their )?redemption value of (?:approximately )?{pr:money}(?:,? and (?:approximately )?{money})? per share(?:,? respectively)?(?:,? and ` + pairShares + ` ` + stock + `(?:were|are) subject to possible redemption)?`,
		Not:      hypothetical + `|` + notCurrent,
		Never:    tableRow,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 10,
	},
}
