package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Merger: the business combination: the agreement (date, target), its financing (PIPE,
// forward purchase), earnout, lock-ups and minimum cash, and its end (closing with a new
// name and ticker, or termination). Corpus: testdata/merger.corpus.

const agreementName = `(?:business combination agreement|agreement and plan of (?:merger|reorganization)|merger agreement|share exchange agreement|combination agreement|arrangement agreement|definitive agreement)`

// notPIPE vetoes financing that is not the PIPE: forward purchases, the SPAC's IPO, notes.
const notPIPE = `(?i)forward purchase|initial public offering|\bIPO\b|promissory|convertible note|working capital|backstop|non-redemption`

var mergerItems = []string{"1.01", "2.01", "7.01", "8.01", "3.02", "5.07"}

var merger = []*rule.Rule{
	// agreement_date, target and the announced status
	{
		ID: "merger.agreement_on_date", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:entered into|executed|signed) (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName,
		Not:      `(?i)amendment(?: no\.)? \d|amended and restated|terminat`,
		Classes:  dealForms,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		ID: "merger.agreement_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)` + agreementName + `(?: \([^)]*\))?,? dated(?: as of)? {v:date}`,
		Not:      `(?i)amendment no\.|terminat`,
		Classes:  append(dealForms, doc.Periodic),
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.target_with", Emit: rule.One(spac.FieldTarget), Each: entity.Org,
		Pattern:  `(?i)(?:entered into|enter into|executed|signed|announced|pursuant to|contemplated by|under) [^⟦]{0,60}?` + agreementName + `.*?\b(?:with|by and among|among|between)\b(?P<v>.*)`,
		Not:      `(?i)terminat`,
		Classes:  append(dealForms, doc.Periodic),
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.target_combination_with", Emit: rule.One(spac.FieldTarget),
		Pattern:  `(?i)(?:business combination|merger|combination)(?: \([^)]{0,60}\))? (?:with|between [^⟦]*? and) {v:org}`,
		Not:      `(?i)terminat|potential|prospective|any business combination`,
		Classes:  append(dealForms, doc.Periodic),
		NotKinds: []doc.Kind{doc.Risk, doc.ProForma},
		Priority: 9,
	},
	{
		ID: "merger.agreement_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusCombinationAnnounced),
		Pattern:  `(?i)(?P<v>entered into (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName + `)`,
		Not:      `(?i)terminat|amendment(?: no\.)? \d|if |previously`,
		Classes:  current,
		Items:    []string{"1.01"},
		Priority: 20,
	},
	// PIPE
	{
		ID: "merger.pipe_shares_price_amount", Emit: rule.Emit{"s": spac.FieldPIPEShares, "p": spac.FieldPIPEPrice, "v": spac.FieldPIPEAmount},
		Pattern:  `(?i)(?:aggregate of|purchase|subscribe for|issue) {s:shares}[^⟦]*? (?:at|for) (?:a (?:purchase )?price of )?{p:money} per share,? (?:for|resulting in|representing) (?:an )?aggregate (?:gross )?(?:proceeds|purchase price|commitment|investment) of (?:approximately )?{v:money}`,
		Must:     `(?i)PIPE|subscri|private placement`,
		Not:      notPIPE,
		Classes:  append(dealForms, doc.Periodic),
		NotKinds: notStated,
		Priority: 11,
	},
	{
		ID: "merger.pipe_amount", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern:  `(?i)(?:aggregate (?:gross )?(?:proceeds|purchase price|commitments?|investment) of|PIPE (?:investment|financing|offering) of|raise|raising) (?:approximately )?{v:money}.{0,40}?(?:\(the ` + q + `(?:PIPE|Private Placement)|in (?:a |the )?(?:PIPE|private placement))`,
		Not:      notPIPE,
		Classes:  append(dealForms, doc.Periodic),
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.pipe_price", Emit: rule.One(spac.FieldPIPEPrice),
		Pattern:  `(?i)(?:PIPE|subscription).*?(?:at|for) (?:a (?:purchase )?price of )?{v:money} per share`,
		Not:      notPIPE + `|equals or exceeds|trading days|vwap`,
		Classes:  append(dealForms, doc.Periodic),
		NotKinds: notStated,
		Priority: 9,
	},
	// forward purchase
	{
		ID: "merger.fpa_price", Emit: rule.One(spac.FieldFPAPrice),
		Pattern:  `(?i)forward purchase.*?(?:at|for) (?:a (?:purchase )?price of )?{v:money} per (?:share|unit)`,
		Not:      hypothetical,
		Classes:  append(dealForms, doc.Prospectus, doc.Periodic),
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.fpa_amount", Emit: rule.One(spac.FieldFPAAmount),
		Pattern:  `(?i)forward purchase.*?(?:aggregate (?:purchase price|amount|investment)|for an aggregate|for aggregate (?:gross )?proceeds) of {v:money}`,
		Not:      hypothetical + `|up to`,
		Classes:  append(dealForms, doc.Prospectus, doc.Periodic),
		NotKinds: notStated,
		Priority: 10,
	},
	// earnout
	{
		ID: "merger.earnout_shares", Emit: rule.One(spac.FieldEarnoutShares),
		Pattern:  `(?i)(?:up to|aggregate of|an additional) {v:shares}[^⟦]*?\(the ` + q + `(?:[A-Za-z ]{0,20})?Earn-?out Shares` + eq + `\)`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// lock-ups
	{
		ID: "merger.lockup_period", Emit: rule.One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
		Pattern:  `(?i)(?:not to|agree(?:d)? not to|will not|shall not|lock-?up|restrict\w*|prohibited from).*?(?:transfer|sell|dispose).*?(?:for (?:a period of )?|until (?:the (?:date that is |earliest of \(a\) |earlier of \(i\) ))?){v:duration} (?:after|following|from) (?:the )?(?:date of (?:the )?)?(?:closing|consummation|completion)`,
		Not:      hypothetical + `|trading days`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// minimum cash
	{
		ID: "merger.minimum_cash_named", Emit: rule.One(spac.FieldMinimumCash),
		Pattern:  `(?i)(?:available closing (?:sponsor )?cash|minimum (?:available )?(?:parent |acquiror |spac )?cash(?: condition| amount)?|minimum cash)[^⟦]*?(?:at least|no less than|not less than|equal to or (?:greater|more) than|greater than or equal to|of|exceeds?) {v:money}`,
		Classes:  dealForms,
		NotKinds: []doc.Kind{doc.Risk, doc.ProForma},
		Priority: 10,
	},
	{
		ID: "merger.minimum_cash_trust_plus_pipe", Emit: rule.One(spac.FieldMinimumCash),
		Pattern:  `(?i)(?:cash|proceeds).*?trust account.*?(?:equaling|equal to|is|being|be) (?:no less than|at least|not less than|equal to or (?:greater|more) than|greater than or equal to) {v:money}`,
		Must:     `(?i)PIPE|closing|condition`,
		Classes:  dealForms,
		NotKinds: []doc.Kind{doc.Risk, doc.ProForma},
		Priority: 9,
	},
	// closing, new name and ticker
	{
		ID: "merger.closing_date", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\bOn {v:date}(?: \(the ` + q + `Closing Date` + eq + `\))?,?` + notDate + `*?(?:consummated|completed|closed) the (?:previously announced )?(?:business combination|merger|transactions|combination)`,
		Not:      hypothetical,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Items:    []string{"2.01", "8.01", "7.01", "5.07", "3.03", "5.01"},
		Priority: 11,
	},
	{
		ID: "merger.closing_date_following", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\bOn {v:date}(?:,| following| after)` + notDate + `*?\((?:the )?` + q + `Closing` + eq + `\)`,
		Classes:  current,
		Items:    []string{"2.01"},
		Priority: 10,
	},
	{
		ID: "merger.closing_expected", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)(?:business combination|transactions?|merger|closing).*?(?:is|are) expected to (?:be consummated|close|be completed) on {v:date}`,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 6,
	},
	{
		ID: "merger.closed_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusClosed),
		Pattern:  `(?i)(?P<v>(?:consummated|completed|closed) the (?:previously announced )?(?:business combination|merger|transactions contemplated by the (?:business combination|merger) agreement))`,
		Not:      hypothetical + `|expected`,
		Classes:  current,
		Items:    []string{"2.01"},
		Priority: 30,
	},
	{
		ID: "merger.new_name_changed", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)(?:changed|change|changing|will change) its name (?:from [^⟦]*?{org}?[^⟦]{0,20}? )?to ` + q + `?{v:org}`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.new_name_renamed", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)(?:renamed|be renamed|been renamed|being renamed)(?: as)? ` + q + `?{v:org}`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "merger.new_ticker", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)(?P<classes>(?:combined company|common stock|class a|shares|warrants|new [^⟦]{0,40}?).*?)(?:begin|began|commence|start|continue|expected to|will|is expected to)[^⟦]{0,40}?(?:trad(?:e|ing)|list(?:ed)?)\b.*?under the (?:new )?(?:nasdaq |nyse )?(?:ticker |trading )?symbols? (?P<syms>{ticker}(?:,? (?:and )?{ticker}){0,3})`,
		Not:      `(?i)units? (?:will )?(?:continue to )?trade|previously traded|ticker change`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// termination
	{
		ID: "merger.termination", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:mutually )?(?:agreed to )?terminat\w* (?:the |that certain )?` + agreementName,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 11,
	},
	{
		ID: "merger.terminated_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?P<v>terminat\w* (?:the |that certain )?` + agreementName + `)`,
		Not:      `(?i)may terminate|right to terminate|if |could|would`,
		Classes:  current,
		Items:    []string{"1.02"},
		Priority: 22,
	},
	// a ticker change of the SPAC itself (8-K 8.01): the new symbols replace the old
	{
		ID: "merger.ticker_change", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|shares|common stock|warrants|rights).*?)(?:trade|will trade|began trading|will begin trading) under the new (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,? (?:and )?{ticker}){1,3})`,
		Not:      `(?i)combined company`,
		Classes:  current,
		Items:    []string{"8.01", "7.01", "3.03"},
		Priority: 10,
	},
}
