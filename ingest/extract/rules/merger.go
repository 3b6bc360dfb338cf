package rules

import (
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Merger: the business combination: the agreement (date, target), its financing (PIPE,
// forward purchase), earnout, lock-ups and minimum cash, and its end (closing with a new
// name and ticker, or termination). Corpus: testdata/merger.corpus. The productions that
// pick the target among an agreement's parties are at the end of this file; those that read
// symbols (the new listing's, the SPAC's own) are in symbols.go.

const (
	agreementName = `(?:business combination agreement|agreement and plan of (?:merger|reorganization)|merger agreement|share exchange agreement|combination agreement|arrangement agreement|definitive agreement)`

	// notPIPE vetoes financing that is not the PIPE: forward purchases, the SPAC's IPO, notes.
	notPIPE = `(?i)forward (?:share )?purchase|initial public offering|\bIPO\b|promissory|convertible note|working capital|backstop|non-redemption`

	// notCommitted vetoes financing not (yet) committed: caps, intentions, options.
	notCommitted = `|\bup to\b|\bseek\w*|\bintends?\b|\bmay\b|not to exceed|shall not exceed|\bnot obligated`

	// dealDateline is a press release's "CITY, <date> (WIRE) --" opening.
	dealDateline = `{v:date}(?: \([^)]{0,40}\))?,? ?(?:--|—|–) `

	// mergerEvent names the combination itself (not an agreement, not the IPO).
	mergerEvent = `(?:(?:previously announced |proposed )?(?:initial )?(?:business combination|mergers?|combination)|previously announced transactions?|(?:merger )?transactions contemplated (?:by|under) (?:the )?` + agreementName + `)`

	// underSymbols is "under the (new) (Nasdaq) ticker symbol(s) “X” (and “XW”)".
	underSymbols = `under (?:the )?(?:new )?(?:{exchange} )?(?:ticker |trading )?symbols?,? (?P<syms>{ticker}(?:,? (?:and )?{ticker}){0,3})(?P<after>[^.⟦]{0,30})`

	// closingNotDone vetoes statements of what has not happened: a deadline, a condition, a failure.
	closingNotDone = `|\bnot\b|\bnever\b|\buntil\b|\bfail\w*|\bwhether\b|\bexpected\b|\bscheduled\b`

	// lockupFrom is the event a lock-up period runs from.
	lockupFrom = `(?:the )?(?:date of (?:the )?)?(?:closing(?: date)?|consummation|completion|effective time)`

	// lockupContext is a sentence about restricting transfers.
	lockupContext = `(?i)lock-?up|transfer|\bsell\b|dispose`

	// notLockup vetoes transfer restrictions that are not the combination's lock-up: the IPO's
	// private placement warrants and founder shares, the underwriters' lock-up.
	notLockup = `(?i)placement warrants|initial business combination|underwriters?\b|this offering`

	// dealConditional vetoes a value stated under a condition; dealConditionalNear only one in the
	// value's own clause (an earlier clause's "if" does not veto a later clause's lock-up).
	dealConditional     = `(?i)\b(?:if|unless|would|hypothetical|illustrat\w*|for example)\b`
	dealConditionalNear = `(?i)\b(?:if|unless|would|assuming|hypothetical|illustrat\w*|for example)\b[^,;.]{0,80}$`

	// earnoutContext is a sentence about contingent consideration.
	earnoutContext = `(?i)earn-?out|contingent (?:consideration|shares|right)|triggering event|milestone|vwap|(?:trading|closing|sale) price[^.]{0,60}(?:equals|exceeds|greater)`
)

var (
	mergerItems  = []string{"1.01", "1.02", "2.01", "7.01", "8.01", "3.02", "5.07"}
	closingItems = []string{"2.01", "8.01", "7.01", "5.07", "3.03", "5.01"}
	endItems     = []string{"1.02", "8.01", "7.01"}
	dealPeriodic = append(append([]doc.Class(nil), dealForms...), doc.Periodic)
	dealIPO      = append(append([]doc.Class(nil), dealPeriodic...), doc.Prospectus)
	dealNews     = []doc.Class{doc.Current, doc.Communication}
	// partyKinds: a party named in an agreement is a fact even in a forward-looking legend.
	partyKinds = []doc.Kind{doc.Risk, doc.ProForma}
)

var merger = []*rule.Rule{
	// agreement_date and the announced status
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
		Pattern: `(?i)` + agreementName + `(?: \([^)]*\))?,? dated(?: as of)? {v:date}`,
		// the amendment's or the termination agreement's own date; an amendment's preamble
		// ("This Second Amendment (this "Amendment") to the Business Combination Agreement dated
		// as of <its own date> is entered into ...") does not date the agreement
		Not:      `(?i)amendment no\.|(?:termination|amendment) (?:agreement|of|to)\b[^⟦]{0,30}$|^this\b[^⟦]{0,80}?\b(?:amendment|waiver)\b[^⟦]*⟦date \d+⟧$`,
		Classes:  dealPeriodic,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the cover page of an agreement: "dated April 26, 2025 by and among", "Dated as of ..."
		ID: "merger.agreement_cover_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)^dated as of {v:date}$|^dated(?: as of)? {v:date},? (?:by and )?among\b`,
		Classes:  []doc.Class{doc.Current, doc.MergerProxy},
		Items:    []string{"1.01"},
		NotKinds: notStated,
		Priority: 5,
	},
	{
		// an agreement's title page read as one sentence: "BUSINESS COMBINATION AGREEMENT by and
		// among <parties> Dated as of April 19, 2023" (the agreement's own pages only)
		ID: "merger.agreement_title_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)^` + agreementName + `,? (?:by and )?(?:among|between)\b.*?\bdated(?: as of)? {v:date}\.?$`,
		Classes:  dealForms,
		Docs:     []string{"EX-2"},
		Priority: 6,
	},
	{
		ID: "merger.agreement_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusCombinationAnnounced),
		Pattern:  `(?i)(?P<v>entered into (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName + `)`,
		Not:      `(?i)terminat|amendment(?: no\.)? \d|\bif\b|whereas`,
		Classes:  current,
		Items:    []string{"1.01"},
		Priority: 20,
	},
	// target: the party that is neither the SPAC, its merger subs, nor a new holding company
	{
		ID: "merger.target_with", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)(?:entered into|enter into|executed|signed|announced|pursuant to|contemplated by|under) [^⟦]{0,60}?` + agreementName + `(?P<gap>.*?)\b(?:with|by and among|among|between)\b(?P<v>.*)`,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 10,
	},
	{
		// an agreement's preamble or a list of exhibits: "Agreement and Plan of Merger, dated as of
		// March 1, 2021, among ..."
		ID: "merger.target_dated_among", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)` + agreementName + `(?: \([^)]*\))?,? dated(?: as of)? {date}(?: \([^)]*\))?,? (?:is (?:made and )?entered into )?(?:by and )?(?:among|between)\b(?P<v>.*)`,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 10,
	},
	{
		// an agreement's cover page, one party a line: "by and among X as the Purchaser, ..."
		ID: "merger.target_cover", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)^(?:` + agreementName + `,? )?(?:dated(?: as of)? {date},? )?by and (?:among|between)\b(?P<v>.*)$`,
		Classes:  []doc.Class{doc.Current, doc.MergerProxy},
		Items:    []string{"1.01"},
		Priority: 8,
	},
	{
		// the parties as subjects: "X and Y (Nasdaq: Y) today announced that they have entered
		// into a definitive business combination agreement"
		ID: "merger.target_parties_announced", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)^(?P<v>.*?)\b(?:(?:today |jointly )?announced (?:today )?(?:that )?(?:they|it) )?(?:have|has) (?:entered into|signed|executed|(?:mutually )?agreed to terminate|terminated) (?:a |an |the |their |its )?(?:definitive |previously announced )?(?:` + agreementName + `|business combination)`,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		ID: "merger.target_combination_with", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)(?:business combination|merger|combination)(?: \([^)]{0,60}\))? (?:with|between [^⟦]*? and) (?P<v>{org})`,
		// another SPAC's deal in a management team's track record is not this one
		Not:      `(?i)terminat|potential|prospective|any business combination|\bprior\b|\bprevious\b|predecessor|track record|experience|served|(?:which|previously) (?:\w+ )?(?:completed|consummated|closed)`,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// the parties to a termination agreement: "On <date>, A, B and C entered into a termination agreement"
		ID: "merger.target_termination_parties", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\bOn {date},? (?P<v>.*?) (?:entered into|executed) (?:a |an |the )?(?:mutual )?termination (?:and release )?agreement`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	{
		// notice of termination to or from the target
		ID: "merger.target_notice", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)notice (?:of termination )?to (?P<v>{org})[^.]*?terminat|(?P<v>{org})(?: \([^)]{0,40}\))? (?:delivered|sent|provided|gave)[^⟦]{0,40}? notice (?:of termination|terminating)|notice of termination from (?P<v>{org})`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	// PIPE
	{
		ID: "merger.pipe_shares_price_amount", Emit: rule.Emit{"s": spac.FieldPIPEShares, "p": spac.FieldPIPEPrice, "v": spac.FieldPIPEAmount},
		Pattern:  `(?i)(?:aggregate of|purchase|subscribe for|issue) {s:shares}[^⟦]*? (?:at|for) (?:a (?:purchase )?price of )?{p:money} per share,? (?:for|resulting in|representing) (?:an )?aggregate (?:gross )?(?:proceeds|purchase price|commitment|investment) of (?:approximately )?{v:money}`,
		Must:     `(?i)PIPE|subscri|private placement`,
		Not:      notPIPE,
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
		// "a $90 million PIPE", "a fully committed PIPE of $50 million"
		ID: "merger.pipe_amount_named", Emit: rule.One(spac.FieldPIPEAmount),
		Pattern:  `(?i){v:money} (?:(?:fully[- ])?committed |oversubscribed |upsized |common (?:stock|equity) |private placement )*PIPE\b|\bPIPE (?:investment |financing |offering )?of (?:approximately )?{v:money}`,
		Not:      notPIPE + notCommitted,
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
		ID: "merger.fpa_amount", Emit: rule.One(spac.FieldFPAAmount),
		Pattern:  `(?i)(?:forward (?:share )?purchase|\bFPA\b).*?(?:(?:aggregate (?:purchase price|amount|investment)|for an aggregate|for aggregate (?:gross )?proceeds) of {v:money}|{money} per (?:share|unit),? (?:or|for|providing|representing)(?: an| a total| total| aggregate| gross| proceeds| purchase price| of)* {v:money})`,
		Not:      hypothetical + `|up to`,
		Never:    `(?i)\bmay,? but (?:is|are|shall) not (?:be )?obligated|\bnot obligated to\b`,
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
		ID: "merger.lockup_period", Emit: rule.One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
		Pattern:  `(?i)(?:not to|agree(?:d)? not to|will not|shall not|lock-?up|restrict\w*|prohibited from).*?(?:transfer|sell|dispose).*?(?:for (?:a period of )?|until (?:the )?(?:date that is |(?:earliest|earlier) of (?:\([a-z0-9]{1,3}\) )?)?){v:duration} (?:after|following|from) ` + lockupFrom,
		Not:      hypothetical + `|trading days`,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "during the period commencing on the Closing Date and ending <180 days> after the Closing Date"
		ID: "merger.lockup_period_ending", Emit: rule.One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
		Pattern:  `(?i)period (?:commencing|beginning|starting) (?:on|at) ` + lockupFrom + `[^⟦]{0,20}? and ending (?:on )?(?:the date that is )?{v:duration} (?:after|following) ` + lockupFrom,
		Must:     lockupContext,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "during the 180-day period following the Closing Date, no Holder may transfer"
		ID: "merger.lockup_day_period", Emit: rule.One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
		Pattern:  `(?i)\b(?:during|for) the {v:duration}[- ]period (?:following|after|commencing)`,
		Must:     lockupContext,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "a lock-up of 180 days after the Closing", "a 12-month lock-up"
		ID: "merger.lockup_named", Emit: rule.One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
		Pattern:  `(?i)\block-?up (?:period )?(?:of|for) (?:[^⟦]{0,40}? for )?{v:duration} (?:after|following|from)|{v:duration}(?: post-closing)? lock-?up\b`,
		Not:      dealConditionalNear,
		Never:    notLockup,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	// minimum cash
	{
		ID: "merger.minimum_cash_named", Emit: rule.One(spac.FieldMinimumCash),
		Pattern:  `(?i)minimum (?:available )?(?:closing )?(?:parent |acquiror |spac |available )?cash(?: condition| amount| requirement)?` + eq + `?[^⟦]{0,160}?(?:at least|no less than|not less than|equal to or (?:greater|more) than|greater than or equal to|of|exceeds?|means|shall mean|equals?|shall be) {v:money}|available closing (?:sponsor |spac |acquiror |parent )?cash[^⟦]{0,80}?(?:at least|no less than|not less than|equal to or (?:greater|more) than|greater than or equal to|exceeds?) {v:money}`,
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
	// closing
	{
		// the date of a vote is not the closing's: "On <date>, at the special meeting, ..."
		ID: "merger.closing_date", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\bOn {v:date}(?: \(the ` + q + `Closing(?: Date)?` + eq + `\))?,?` + notDate + `*?(?:consummated|completed|closed) (?:the|its|their) ` + mergerEvent,
		Not:      hypothetical + closingNotDone + `|\bOn ⟦date \d+⟧,? (?:at|during)\b`,
		Classes:  dealNews,
		Priority: 11,
	},
	{
		// "On <date>, the Business Combination was consummated", "the Mergers became effective"
		ID: "merger.closing_date_passive", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)\bOn {v:date},?` + notDate + `*?` + mergerEvent + `(?: \([^)]{0,60}\))? (?:was|were|has been|have been|became) (?:consummated|completed|closed|effective)`,
		Not:      hypothetical + closingNotDone,
		Classes:  dealNews,
		Priority: 11,
	},
	{
		// a closing press release: "CITY, <date> -- X today announced the completion of its business combination"
		ID: "merger.closing_dateline", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)` + dealDateline + `.*?\btoday announced (?:the (?:completion|closing|consummation) of|that (?:it|they) (?:has|have) (?:successfully )?(?:completed|closed|consummated)) (?:its|their|the) ` + mergerEvent,
		Classes:  dealNews,
		Priority: 10,
	},
	{
		// after the vote, an 8-K states the scheduled closing day
		ID: "merger.closing_expected", Emit: rule.One(spac.FieldClosingDate),
		Pattern:  `(?i)(?:business combination|transactions?|merger|closing)[^.]*?(?:is|are) (?:expected|scheduled) to (?:be consummated|close|be completed|occur) on {v:date}`,
		Never:    `(?i)\bif\b|assuming|subject to (?:the )?(?:approval|receipt of)|(?:approval|vote) of (?:the )?(?:company['’]s )?(?:stockholders|shareholders)`,
		Classes:  current,
		Items:    []string{"5.07", "8.01", "7.01"},
		Priority: 6,
	},
	{
		ID: "merger.closed_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusClosed),
		Pattern:  `(?i)(?P<v>(?:consummated|completed|closed) (?:the|its|their) ` + mergerEvent + `|` + mergerEvent + `(?: \([^)]{0,60}\))? (?:was|were|has been|have been|became) (?:consummated|completed|effective)|announced the (?:completion|closing|consummation) of (?:its|their|the) ` + mergerEvent + `)`,
		Not:      hypothetical + closingNotDone,
		Classes:  current,
		Priority: 30,
	},
	// the combined company's name and ticker
	{
		ID: "merger.new_name_changed", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)(?:changed|change|changing|will change) (?:its|our|their) name (?:from [^⟦]*?{org}?[^⟦]{0,20}? )?to ` + q + `?{v:org}`,
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
		// "Upon closing, the combined company will be named X", "will operate as X"
		ID: "merger.new_name_combined", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)\b(?:company|it|pubco) will (?:be (?:named|called|known as)|operate (?:under the name|as)) ` + q + `?{v:org}`,
		Must:     `(?i)combined company|upon (?:the )?(?:closing|completion|consummation)|following (?:the )?(?:closing|completion|consummation|business combination)|after (?:the )?closing`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "X, Inc. (f/k/a Y Acquisition Corp.)", "X, formerly known as Y Acquisition Corp."
		ID: "merger.new_name_formerly", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i){v:org}(?: \([^)]{0,60}\))?,? \(?(?:f/k/a|formerly known as|formerly) {org}`,
		Must:     `(?i)business combination|merger|closing`,
		Classes:  dealNews,
		Priority: 9,
	},
	{
		// "the SPAC became a wholly owned subsidiary of Pubco", "Pubco became the parent of the SPAC"
		ID: "merger.new_name_parent", Produce: parentName, Gives: []string{spac.FieldNewName},
		Pattern:  `(?i)(?P<spac>{org})(?: \([^)]{0,40}\))? (?:became|will become) a (?:direct )?wholly[- ]owned subsidiary of (?P<v>{org})|(?P<v>{org})(?: \([^)]{0,40}\))? (?:became|will become) the (?:ultimate )?(?:publicly traded )?parent (?:company )?of (?:both )?(?P<spac>{org})`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "received common stock of X, which began trading under the new symbol"
		ID: "merger.new_name_trading", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)\bof {v:org},? which (?:began|begins|will begin|commenced|is expected to begin|are expected to begin) trading under the new`,
		Classes:  current,
		Priority: 8,
	},
	{
		ID: "merger.new_ticker", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)(?P<classes>(?:combined company|common stock|ordinary shares|class a|shares|warrants|new [^⟦]{0,40}?).*?)(?:begin|began|commence\w*|start\w*|continue|expected to|will|shall)[^⟦]{0,40}?(?:trad(?:e|ing)|list(?:ed)?)\b.*?` + underSymbols,
		Not:      `(?i)units? (?:will )?(?:continue to )?trade|previously traded|ticker change|separat|delist`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a closing 8-K: "Beginning on <date>, the common stock of X is listed on the NYSE under the symbol “X”"
		ID: "merger.new_ticker_beginning", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)\b(?:beginning|commencing|starting|effective)(?: at the open of (?:trading|business))?(?: on| as of)? {date},? (?P<classes>[^⟦]{0,80}?(?:{org}[^⟦]{0,40}?)?) (?:is|are|will be|began|begins|will begin) (?:listed|trad\w*)(?: on {exchange})? ` + underSymbols,
		Not:      `(?i)units?\b|separat|delist`,
		Classes:  dealNews,
		Priority: 10,
	},
	{
		// "the ordinary shares of the combined company trade under the new symbol “X”"
		ID: "merger.new_ticker_new_symbol", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)(?P<classes>(?:common stock|ordinary shares|class a|shares)[^⟦]{0,80}?) (?:trade|trades|trading|traded|is listed|are listed)(?: on {exchange})? under the new (?:ticker |trading )?symbols?,? (?P<syms>{ticker}(?:,? (?:and )?{ticker}){0,3})`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// a merger proxy: "we intend to apply to list its common stock on Nasdaq under the symbol “X”"
		ID: "merger.new_ticker_apply", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)\b(?:apply|applied|intends? to apply|will apply)(?: to list| for (?:the )?listing of) (?P<classes>[^⟦]{0,60}?) on {exchange} ` + underSymbols,
		Must:     `(?i)business combination|closing|combined company|following the|upon (?:the )?(?:consummation|completion)`,
		Classes:  []doc.Class{doc.MergerProxy, doc.Proxy, doc.Communication},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "the company will operate as X and is expected to trade under the symbol “X”"
		ID: "merger.new_ticker_named", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)(?:operate as|be named|be renamed|be known as|change its name to) ` + q + `?{org}.*?(?:trade|list\w*)[^⟦]{0,30}? ` + underSymbols,
		Not:      `(?i)separat|delist`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// the SPAC's own share symbol in a release: "Vector Acquisition Corporation (Nasdaq: VACQ)"
	{
		ID: "merger.spac_symbol", Produce: spacSymbol, Gives: []string{spac.FieldTickerShares},
		Pattern:  `(?P<org>{org}) \({exchange}: ?(?P<sym>{ticker})(?P<more>[^)]{0,40})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Classes:  dealNews,
		Priority: 8,
	},
	// termination
	{
		ID: "merger.termination", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:mutually )?(?:agreed to )?terminat\w* (?:the |that certain |their |its )?(?:previously announced )?` + agreementName,
		Not:      `(?i)\bmay\b|right to|\bif\b|could|would`,
		Classes:  dealNews,
		Priority: 11,
	},
	{
		ID: "merger.termination_notice", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:received|delivered|sent|provided|gave)[^⟦]{0,40}? (?:a |an )?(?:written )?notice of termination`,
		Never:    `(?i)administrative services|subscription|forward purchase|non-redemption|support agreement|lease|employment|consulting|engagement|warrant`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	{
		// "The Business Combination Agreement ... was terminated by mutual agreement, effective <date>."
		ID: "merger.termination_effective", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)` + agreementName + `.*? (?:was|has been|had been) terminated\b[^⟦]{0,60}?,? effective(?: as of)? {v:date}`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	{
		// a termination press release: "CITY, <date> -- X and Y today announced that they have
		// mutually agreed to terminate their merger agreement"
		ID: "merger.termination_dateline", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)` + dealDateline + `.*?\btoday announced (?:that )?(?:they|it) (?:have|has) (?:mutually )?(?:agreed to )?terminat\w* (?:the |their |its )?(?:previously announced )?(?:` + agreementName + `|business combination)`,
		Classes:  dealNews,
		Priority: 10,
	},
	{
		ID: "merger.terminated_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?P<v>terminat\w* (?:the |that certain |their |its )?(?:previously announced )?` + agreementName + `|` + agreementName + `.*? (?:was|has been|had been) terminated\b)`,
		Not:      `(?i)may terminate|right to terminate|\bif\b|could|would`,
		Classes:  current,
		Items:    endItems,
		Priority: 22,
	},
	// a ticker change of the SPAC itself (8-K 8.01): the new symbols replace the old
	{
		ID: "merger.ticker_change", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|shares|common stock|warrants|rights).*?)(?:trade|will trade|began trading|will begin trading)(?: on {exchange})? under the new (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,? (?:and )?{ticker}){1,3})`,
		Not:      `(?i)combined company`,
		Classes:  current,
		Items:    []string{"8.01", "7.01", "3.03"},
		Priority: 10,
	},
}

// partyTarget is the production of a rule whose slot "v" holds an agreement's parties (or one
// party; slot "gap", when present, is what comes between the agreement and its parties): the target is the party defined as the “Company”, else the first party that is not
// the SPAC, a merger sub, a new holding company or another role the agreement defines. In a
// press release only the parties after the dealDateline count; on a cover page in capitals, whose
// names the recogniser does not read, the capitalised names are the parties.
func partyTarget(m *rule.Match) []rule.Out {
	text, base := m.Text("v"), m.Start("v")
	if base < 0 || otherAgreementRe.MatchString(m.Text("gap")) {
		return nil
	}
	var orgs []entity.Entity
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org {
			orgs = append(orgs, e)
		}
	}
	orgs = withCapitalNames(orgs, capitalNames(text, base))
	// an office's agent is an address, not a party: the description of the party before it
	// runs on to the next party ("..., having its registered office at <agent>, ... (“Pubco”)")
	orgs = slices.DeleteFunc(orgs, func(e entity.Entity) bool { return addressRe.MatchString(text[:e.Start-base]) })
	if loc := datelineDashRe.FindAllStringIndex(text, -1); len(loc) > 0 {
		cut := base + loc[len(loc)-1][1]
		for len(orgs) > 0 && orgs[0].Start < cut {
			orgs = orgs[1:]
		}
	}
	var first, company, beforeHolders *entity.Entity
	for i := range orgs {
		e := &orgs[i]
		end := len(text)
		if i+1 < len(orgs) {
			end = orgs[i+1].Start - base
		}
		about := partyDescription(text[e.End-base : end])
		before := text[:e.Start-base]
		if !valid(spac.FieldTarget, e.Value, e) || numberedRe.MatchString(before) || notTargetParty(about) {
			continue
		}
		if first == nil {
			first = e
		}
		if company == nil && companyTermRe.MatchString(about) {
			company = e
		}
		if company == nil && holdersNextRe.MatchString(about) {
			beforeHolders = e
		}
	}
	switch {
	case company != nil:
		first = company
	case beforeHolders != nil:
		first = beforeHolders
	}
	if first == nil {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTarget, first.Value, *first)}
}

var (
	// otherAgreementRe: the words between the agreement's name and "with" speak of another
	// agreement ("... as contemplated by the Merger Agreement, entered into subscription
	// agreements with certain investors").
	otherAgreementRe = regexp.MustCompile(`(?i)subscription|investors?\b|\bPIPE\b|support agreement|lock-?up|registration rights|voting|sponsor|letter agreement|advisor|placement agent|non-redemption|forward purchase`)
	// datelineDashRe ends a press release's dealDateline ("BOSTON, Nov. 18, 2022 (GLOBE NEWSWIRE) --").
	datelineDashRe = regexp.MustCompile(` (?:--|—|–) `)
	// numberedRe: a numbered company ("1519004 B.C. Ltd.") is a holding vehicle, not a target.
	numberedRe = regexp.MustCompile(`\d\s*$`)
	// clauseRe ends a party's description where the sentence goes on to the deal's terms.
	clauseRe = regexp.MustCompile(`(?i)\b(?:pursuant to|whereby|under which|which provides|providing for|in connection with)\b`)
	// termRe is the first defined term of a description ((“Merger Sub”), as the Purchaser).
	termRe        = regexp.MustCompile(`[“"]([^”"]{1,40})[”"]|^[,\s]*as (?:the )?([A-Za-z ]{2,30}?)(?:,|$)`)
	roleTermRe    = regexp.MustCompile(`(?i)^(?:the )?(?:new )?(?:pubco|holdco|topco|newco|parent|purchaser|acquir[eo]r|buyer|spac|sponsor|sellers?|blocker|(?:seller|purchaser|shareholder|stockholder)s?(?:['’])? representative|representative|[\w ]*merger sub[\w ]*)$`)
	companyTermRe = regexp.MustCompile(`(?i)^[^“"]*[“"](?:the )?(?:company|target)[”"]|^[,\s]*as the company\b`)
	otherPartyRe  = regexp.MustCompile(`(?i)wholly[- ]owned subsidiary|special purpose acquisition|blank check|^\W*\((?:nasdaq|nyse|otc)`)
	capitalNameRe = regexp.MustCompile(`\b[A-Z][A-Z0-9&'’.\-]+(?:\s+(?:[A-Z][A-Z0-9&'’.\-]*|&))*,?\s+(?:INC\.|INC\b|CORP\.|CORP\b|CORPORATION\b|COMPANY\b|LTD\.|LTD\b|LIMITED\b|LLC\b|L\.L\.C\.|L\.P\.|LP\b|PLC\b|HOLDINGS\b|N\.V\.|B\.V\.|S\.A\.|AG\b|GMBH\b)`)
	// addressRe: a name right after "having its registered office at" is the office's agent, an
	// address, never a party.
	addressRe = regexp.MustCompile(`(?i)\b(?:office|offices|address|located|situated|place of business|care of|c/o)(?: is| are)?(?: at| of)?\s*$`)
	// holdersNameRe: "THE SHAREHOLDERS OF THE COMPANY" names holders, not a company.
	holdersNameRe = regexp.MustCompile(`(?i)\b(?:shareholders|stockholders|holders|members|equityholders|sellers)\b|\bof the company$`)
	// holdersNextRe: the party a list names right before "the Company Shareholders" (or its
	// holders, sellers) is the company they hold, where no party is defined as the Company.
	holdersNextRe = regexp.MustCompile(`(?i)^[,\s]*(?:and\s+)?(?:the\s+)?(?:company|target)\s+(?:shareholders|stockholders|equityholders|holders|members|sellers)\b`)
)

// partyDescription is what a filing says of a party right after its name, up to the deal's
// terms.
func partyDescription(after string) string {
	if loc := clauseRe.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	if len(after) > 200 {
		after = after[:200]
	}
	return after
}

// notTargetParty reports whether a party's description makes it something other than the
// target: a role defined for it, a subsidiary, the SPAC itself.
func notTargetParty(about string) bool {
	if g := termRe.FindStringSubmatch(about); g != nil && roleTermRe.MatchString(strings.TrimSpace(g[1]+g[2])) {
		return true
	}
	return otherPartyRe.MatchString(about)
}

// capitalNames finds company names written in capitals ("VELORA THERAPEUTICS, INC.") in text,
// which starts at offset base of its sentence, as org entities.
func capitalNames(text string, base int) []entity.Entity {
	var out []entity.Entity
	for _, loc := range capitalNameRe.FindAllStringIndex(text, -1) {
		start := loc[0]
		for _, lead := range []string{"AND ", "THE ", "BY ", "AMONG "} {
			if strings.HasPrefix(text[start:loc[1]], lead) {
				start += len(lead)
			}
		}
		name := strings.Join(strings.Fields(text[start:loc[1]]), " ")
		if len(strings.Fields(name)) < 2 || holdersNameRe.MatchString(name) {
			continue
		}
		out = append(out, entity.Entity{Kind: entity.Org, Start: base + start, End: base + loc[1],
			CoreStart: base + start, CoreEnd: base + loc[1], Value: name})
	}
	return out
}

// withCapitalNames adds to the recognised names the names in capitals the recogniser did not
// read (a title page names the SPAC with a legal form it knows, the target as "THE AIR WATER
// COMPANY"), in order of position.
func withCapitalNames(orgs, caps []entity.Entity) []entity.Entity {
	for _, c := range caps {
		overlaps := false
		for _, o := range orgs {
			if c.Start < o.End && o.Start < c.End {
				overlaps = true
				break
			}
		}
		if !overlaps {
			orgs = append(orgs, c)
		}
	}
	slices.SortStableFunc(orgs, func(a, b entity.Entity) int { return a.Start - b.Start })
	return orgs
}

// parentName is the production of "the SPAC became a wholly owned subsidiary of Pubco" (and
// "Pubco became the parent of the SPAC"): the parent is the combined company's name, when
// the other party is the SPAC.
func parentName(m *rule.Match) []rule.Out {
	spacs, parents := m.Entities("spac"), m.Entities("v")
	if len(spacs) != 1 || len(parents) != 1 || !spacOnlyRe.MatchString(spacs[0].Value) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldNewName, parents[0].Value, parents[0])}
}

// earnoutCount is the production of "up to 10 million earnout shares": a count, or a figure
// with a scale word, that the recogniser did not read as a quantity of shares.
func earnoutCount(m *rule.Match) []rule.Out {
	if cs := m.Entities("c"); len(cs) == 1 && cs[0].Num != nil && cs[0].Num.IsInt() {
		// a quantity entity ("10 million earnout shares") must name the earnout itself
		if cs[0].Kind == entity.Shares && !strings.Contains(strings.ToLower(m.Text("c")), "earn") {
			return nil
		}
		return []rule.Out{m.Cite(spac.FieldEarnoutShares, cs[0].Num.Num().String(), cs[0])}
	}
	text, start := m.Text("n"), m.Start("n")
	fig, scale, ok := strings.Cut(text, " ")
	v, okFig := new(big.Rat).SetString(fig)
	if start < 0 || !ok || !okFig {
		return nil
	}
	mult := map[string]int64{"million": 1_000_000, "billion": 1_000_000_000}[strings.ToLower(scale)]
	v.Mul(v, new(big.Rat).SetInt64(mult))
	if !v.IsInt() || v.Sign() <= 0 {
		return nil
	}
	e := entity.Entity{Kind: entity.Shares, Start: start, End: start + len(text), CoreStart: start,
		CoreEnd: start + len(text), Num: v}
	return []rule.Out{m.Cite(spac.FieldEarnoutShares, v.Num().String(), e)}
}
