package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// pipeTotal: the words before a PIPE's total after its shares and price: "(an) aggregate
// (gross) proceeds of", "gross proceeds to such sellers of approximately".
const pipeTotal = `(?:aggregate )?(?:gross )?(?:proceeds|purchase price|commitment|investment)(?: to [^⟦]{0,30}?)? of (?:approximately )?`

// mergerFinancing: the combination's financing and terms: PIPE, forward purchase, earnout,
// lock-ups and minimum cash. Part of the merger family (merger.go).
var mergerFinancing = []*rule.Rule{
	// PIPE
	{
		ID: "merger.pipe_shares_price_amount", Emit: rule.Emit{"s": spac.FieldPIPEShares, "p": spac.FieldPIPEPrice, "v": spac.FieldPIPEAmount},
		Pattern:  `(?i)(?:aggregate of|purchase|subscribe for|issue) {s:shares}[^⟦]*? (?:at|for) (?:a (?:purchase )?price of )?{p:money} per share,? (?:and )?(?:for|resulting in|representing) (?:an )?` + pipeTotal + `{v:money}`,
		Must:     `(?i)PIPE|subscri|private placement`,
		Not:      notPIPE,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// the price written before its figure: "the sale of an aggregate of 13,250,000 Class A
		// shares to certain investors (“PIPE Investors”), at a price per share of $10.00, for gross
		// proceeds of approximately $132.5 million"
		ID: "merger.pipe_shares_price_per_share_of", Emit: rule.Emit{"s": spac.FieldPIPEShares, "p": spac.FieldPIPEPrice, "v": spac.FieldPIPEAmount},
		Pattern:  `(?i)(?:aggregate of|purchase|subscribe for|issue[sd]?|sold|sale of) {s:shares}[^⟦]*? at a (?:purchase )?price per share of {p:money},? (?:and )?(?:for|resulting in|representing) (?:an )?` + pipeTotal + `{v:money}`,
		Must:     `(?i)PIPE|subscri|private placement`,
		Not:      notPIPE + notCommitted,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		ID: "merger.pipe_amount", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern:  `(?i)(?:aggregate (?:gross )?(?:proceeds|purchase price|commitments?|investment) of|PIPE (?:investment|financing|offering) of|raise|raising) (?:approximately )?{v:money}.{0,40}?(?:\(the ` + q + `(?:PIPE|Private Placement)|in (?:a |the )?(?:PIPE|private placement))`,
		Not:      notPIPE + notCommitted,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "subscribed, at $10.00 per share, for $62,500,000 in the aggregate"
		ID: "merger.pipe_amount_aggregate", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern:  `(?i)(?:subscribed|purchase|committed)[^.]*?\bfor {v:money} in the aggregate`,
		Must:     `(?i)PIPE|subscri`,
		Not:      notPIPE + notCommitted,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "a $90 million PIPE", "a fully committed PIPE of $50 million", a release's bullet "$220
		// million from a fully committed PIPE"
		ID: "merger.pipe_amount_named", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern: `(?i){v:money} (?:(?:from|in|through|via) (?:a |an |the )?)?(?:(?:fully[- ])?committed |oversubscribed |upsized |common (?:stock|equity) |private placement )*PIPE\b|\bPIPE (?:investment |financing |offering )?of (?:approximately )?{v:money}`,
		// a cap is the amount's own "up to"; another amount's cap earlier in the sentence ("up
		// to $496 million in gross proceeds, including $220 million from a committed PIPE") is not
		Not:      notPIPE + `|\bseek\w*|\bintends?\b|\bmay\b|not to exceed|shall not exceed|\bnot obligated|\bup to (?:approximately )?⟦money \d+⟧[^⟦]*$`,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 8,
	},
	{
		ID: "merger.pipe_price", Emit: rule.One(spac.FieldPIPEPrice),
		Pattern:  `(?i)(?:PIPE|subscription|private placement).*?(?:at|for) (?:a (?:purchase )?price of )?{v:money} per share`,
		Must:     `(?i)PIPE|subscri`,
		Not:      notPIPE + notCommitted + `|equals or exceeds|trading days|vwap|valued at|` + dealConditional,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the price before the financing's name: "commitments to purchase ... at $10.00 per share
		// through a private investment in public equity (a “PIPE”)"; "at the PIPE offer price of $15.00"
		ID: "merger.pipe_price_through", Emit: rule.One(spac.FieldPIPEPrice),
		Pattern:  `(?i)\bat {v:money} per share,? (?:through|in|pursuant to|by way of) (?:a |an |the )?(?:private investment in public equity|PIPE)\b|\bPIPE (?:offer(?:ing)? |purchase |subscription |issue )?price of {v:money} per share`,
		Not:      dealConditional,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "merger.pipe_shares", Emit: rule.One(spac.FieldPIPEShares),
		Pattern:  `(?i)(?:agreed|committed|agree) to (?:subscribe for and )?purchase,? (?:an aggregate of |a total of )?(?:{v:shares}|{v:count} (?:[A-Z][\w-]* ){0,3}(?:convertible )?preferred (?:shares|stock))`,
		Must:     `(?i)PIPE|subscri|private placement`,
		Not:      notPIPE + notCommitted + `|originally|had provided|terminat|valued at`,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the PIPE's shares by their defined term: "6,250,000 Class A shares (the “PIPE Investment”)"
		ID: "merger.pipe_shares_defined", Emit: rule.One(spac.FieldPIPEShares),
		Pattern:  `(?i){v:shares}(?: [^⟦(]{0,40})? \((?:collectively, )?the ` + q + `(?:PIPE|Subscribed|Subscription|Private Placement) (?:Shares|Investment|Financing)` + eq + `\)`,
		Not:      notPIPE + `|originally|had provided|terminat`,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	// forward purchase
	{
		ID: "merger.fpa_price", Emit: rule.One(spac.FieldFPAPrice),
		Pattern:  `(?i)(?:forward (?:share )?purchase|\bFPA\b|prepaid forward).*?(?:at|for) (?:a (?:purchase )?price of )?{v:money} per (?:share|unit)`,
		Not:      hypothetical,
		Never:    `(?i)\bmay,? but (?:is|are|shall) not (?:be )?obligated|\bnot obligated to\b`,
		Classes:  dealIPO,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a forward purchase's stated maximum ("agreed to purchase up to 6,000,000 shares ...,
		// for an aggregate of $60,000,000") is its amount; an intention or an option is not
		ID: "merger.fpa_amount", Emit: rule.One(spac.FieldFPAAmount),
		Pattern:  `(?i)(?:forward (?:share )?purchase|\bFPA\b).*?(?:(?:aggregate (?:purchase price|amount|investment)|for an aggregate|for (?:aggregate )?(?:gross )?proceeds) of (?:approximately )?{v:money}|{money} per (?:share|unit),? (?:or|for|providing|representing)(?: an| a total| total| aggregate| gross| proceeds| purchase price| of)* {v:money})`,
		Not:      hypothetical + `|\bintends?\b|\bseeks?\b|\boption\b|\belect`,
		Never:    `(?i)\bmay,? but (?:is|are|shall) not (?:be )?obligated|\bnot obligated\b`,
		Classes:  dealIPO,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a forward share purchase's escrowed prepayment: "$13,375,000, being $10.70 multiplied by"
		ID: "merger.fpa_escrow_amount", Emit: rule.One(spac.FieldFPAAmount),
		Pattern:  `(?i)(?:deposit|place|pay)\w*[^⟦]{0,60}? (?:escrow|trust)[^⟦]{0,40}? {v:money},? (?:being|equal to|representing|which (?:is|equals)) {money} multiplied by`,
		Must:     `(?i)\bFPA\b|forward`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// a prepaid forward's "Initial Price" (its reset price and floor are not the FPA price)
		ID: "merger.fpa_initial_price", Emit: rule.One(spac.FieldFPAPrice),
		Pattern:  `(?i)` + q + `Initial Price` + eq + `\)?(?: of| shall be| will be| is| equal to)? {v:money}`,
		Must:     `(?i)forward|prepa|recycled|\bFPA\b`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// earnout
	{
		ID: "merger.earnout_shares", Emit: rule.One(spac.FieldEarnoutShares),
		Pattern: `(?i){v:shares}[^⟦]{0,40}?\((?:collectively, )?the ` + q + `(?:[A-Za-z ]{0,20})?Earn-?out Shares` + eq + `\)`,
		// a tranche's shares, the sponsor's vesting shares
		Not:      `(?i)(?:first|second|third|tranche|tier|sponsor)\b[^⟦]{0,20}earn-?out shares` + eq + `\)$`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the target's holders receive it: not a seller of a business the target bought, not the
		// sponsor, not a plan or a warrant
		ID: "merger.earnout_up_to", Emit: rule.One(spac.FieldEarnoutShares),
		Pattern:  `(?i)(?:up to|an aggregate of)(?: an aggregate of)? {v:shares}`,
		Must:     earnoutContext,
		Never:    `(?i)incentive plan|forfeit|warrants?\b|redeem|redemption|founder shares|class b|PIPE|subscri|acquisition (?:close|closing)|acquired|seller of`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "up to 10 million earnout shares" (a quantity the recogniser does not read as shares)
		ID: "merger.earnout_count", Produce: earnoutCount, Gives: []string{spac.FieldEarnoutShares},
		Pattern:  `(?i)\bup to (?:(?:(?P<n>\d+(?:\.\d+)? (?:million|billion))|(?P<c>{count})) (?:additional )?earn-?out shares|(?P<c>{shares}))`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// lock-ups
	{
		ID: "merger.lockup_period", Produce: lockupPeriod, Gives: lockupFields,
		Pattern:  `(?i)(?:not to|agree(?:d)? not to|will not|shall not|lock-?up|restrict\w*|prohibited from).*?(?:transfer|sell|dispose).*?(?:for (?:a period of )?|until (?:the )?(?:date that is |(?:earliest|earlier) of (?:\([a-z0-9]{1,3}\) )?)?){v:duration} (?:after|following|from) ` + lockupFrom,
		Not:      hypothetical + `|trading days`,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "during the period commencing on the Closing Date and ending <180 days> after the Closing Date"
		ID: "merger.lockup_period_ending", Produce: lockupPeriod, Gives: lockupFields,
		Pattern:  `(?i)period (?:commencing|beginning|starting) (?:on|at) ` + lockupFrom + `[^⟦]{0,20}? and ending (?:on )?(?:the date that is )?{v:duration} (?:after|following) ` + lockupFrom,
		Must:     lockupContext,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "during the 180-day period following the Closing Date, no Holder may transfer"
		ID: "merger.lockup_day_period", Produce: lockupPeriod, Gives: lockupFields,
		Pattern:  `(?i)\b(?:during|for) the {v:duration}[- ]period (?:following|after|commencing)`,
		Must:     lockupContext,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "a lock-up of 180 days after the Closing", "a 12-month lock-up"
		ID: "merger.lockup_named", Produce: lockupPeriod, Gives: lockupFields,
		Pattern: `(?i)\block-?up (?:period )?(?:of|for) (?:[^⟦]{0,40}? for )?(?:a period of )?{v:duration} (?:after|following|from)|{v:duration}(?: post-closing)? lock-?up\b` +
			`|\blocked[- ]up (?:for|during) (?:a period of )?{v:duration} (?:after|following|from)` +
			`|\block-?up period (?:for [^⟦]{0,60}? )?(?:is|will be|shall be) (?:a period of )?{v:duration} (?:after|following|from)`,
		Not:      dealConditionalNear,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// minimum cash
	{
		ID: "merger.minimum_cash_named", Emit: rule.One(spac.FieldMinimumCash),
		Pattern: `(?i)minimum (?:available )?(?:closing )?(?:parent |acquiror |spac |available )?cash(?: condition| amount| requirement)?` + eq + `?[^⟦]{0,160}?(?:at least|no less than|not less than|equal to or (?:greater|more) than|greater than or equal to|of|exceeds?|means|shall mean|equals?|shall be) {v:money}|available closing (?:sponsor |spac |acquiror |parent )?cash[^⟦]{0,80}?(?:at least|no less than|not less than|equal to or (?:greater|more) than|greater than or equal to|exceeds?) {v:money}`,
		// the sellers' minimum cash consideration is a price term, not the closing condition,
		// and a cap it is held under ("will not exceed a maximum of $75.0 million") is neither
		Not:      `(?i)minimum cash consideration|\b(?:not (?:to )?exceed|maximum|cap(?:ped)? at)\b[^⟦]{0,40}$`,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 10,
	},
	{
		ID: "merger.minimum_cash_trust_plus_pipe", Emit: rule.One(spac.FieldMinimumCash),
		Pattern:  `(?i)(?:cash|proceeds).*?trust account.*?(?:equaling|equals?|equal to|is|being|be) (?:no less than|at least|not less than|equal to or (?:greater|more) than|greater than or equal to) {v:money}`,
		Must:     `(?i)PIPE|closing|condition`,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// "subject to a $75 million minimum cash condition"
		ID: "merger.minimum_cash_condition", Emit: rule.One(spac.FieldMinimumCash),
		Pattern:  `(?i){v:money} minimum (?:available )?cash (?:condition|requirement)`,
		Not:      hypothetical,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 9,
	},
}
