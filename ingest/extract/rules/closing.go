package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// mergerEnd: how a combination ends: its closing (date, new name and ticker, the closed
// status), the SPAC's own symbol in a release, a termination, a ticker change. Part of the
// merger family (merger.go).
var mergerEnd = []*rule.Rule{
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
		Pattern:  `(?i)` + releaseDateline + `.*?\b(?:today announced|announced today) (?:the (?:completion|closing|consummation) of|that (?:it|they) (?:has|have) (?:successfully )?(?:completed|closed|consummated)) (?:its|their|the) ` + mergerEvent,
		Not:      hypothetical + closingNotDone,
		Classes:  dealNews,
		Priority: 10,
	},
	{
		// the release states the day it closed, not the release's: "today announced the
		// consummation of their business combination on February 19, 2025", "... which closed
		// on March 4, 2024"
		ID: "merger.closing_announced_on", Emit: rule.One(spac.FieldClosingDate),
		Pattern: `(?i)\b(?:announced (?:the (?:completion|closing|consummation) of|that (?:it|they) (?:has|have|had) (?:successfully )?(?:completed|closed|consummated)) (?:its|their|the) ` + mergerEvent + `(?: with {org}(?: \([^)]{0,40}\))?)?|` + mergerEvent + `(?: with {org}(?: \([^)]{0,40}\))?)?,? which (?:was )?(?:closed|completed|consummated)),? (?:on|effective(?: as of)?) {v:date}`,
		// (a "which closed on" clause is this rule's own shape, not another SPAC's past deal)
		Not:      hypothetical + `|\bnot\b|\bnever\b|\buntil\b|\bfail\w*|\bwhether\b|\bexpected\b|\bscheduled\b|\banticipated\b|\b(?:will|shall|would) have\b|` + biography,
		Classes:  dealNews,
		Priority: 12,
	},
	{
		// after the vote, an 8-K states the scheduled closing day (the convention of the
		// Vector key: the day the closing 8-K then confirms); before the vote it is only expected
		ID: "merger.closing_expected", Emit: rule.One(spac.FieldClosingDate),
		Pattern: `(?i)(?:business combination|transactions?|merger|closing)[^.]*?(?:is|are) (?:expected|scheduled) to (?:be consummated|close|be completed|occur) on {v:date}`,
		Never:   `(?i)\bif\b|assuming|subject to (?:the )?(?:approval|receipt of)|(?:approval|vote) of (?:the )?(?:company['’]s )?(?:stockholders|shareholders)`,
		// only once the holders have voted for it: before the vote (a target's release on a
		// pending merger "expected to be completed on <date>") the day is an expectation
		Within:   `(?i)\b(?:stockholders|shareholders)\b[^;]{0,80}?\b(?:approved|adopted|voted (?:to approve|in favou?r))\b|results of the (?:special |extraordinary general |general |annual )?meeting|\bvoting results\b|sufficient votes`,
		Classes:  current,
		Items:    []string{"5.07", "8.01", "7.01"},
		Priority: 6,
	},
	{
		// when the parties expect the combination to close: a day, a month, a quarter, a half or
		// a year, as stated ("expected to close in the fourth quarter of 2023"); a fiscal period
		// (the company's own calendar), "by the end of" (a bound, not a period), a doubt or
		// another transaction (an IPO, a PIPE alone) is not; the verb may come first and the
		// day carry its weekday ("expects to close the transaction on Thursday, <date>")
		ID: "merger.expected_close", Produce: expectedClose, Gives: []string{spac.FieldExpectedClose},
		Pattern: `(?i)(?:(?:\b(?:business combination|transactions?|mergers?|closing|combination)\b[^.⟦]{0,100}? (?:is|are) (?:currently |now )?(?:expected|anticipated) to|` +
			`\b(?:expects?|anticipates?) (?:that )?(?:the )?(?:business combination|transactions?|mergers?)(?: will| to)?) (?:close|complete|be (?:completed|consummated)|occur)|` +
			`\b(?:expects?|anticipates?) to (?:close|complete|consummate) (?:the|its) (?:proposed )?(?:business combination|transactions?|mergers?))\b[^.⟦]{0,60}? ` +
			`(?:(?:on or about|on|today,?) ` + weekday + `{d:date}|in (?:the )?` + expectedPeriod + `)`,
		Not:      `(?i)\bnot\b|\bno longer\b|fiscal|by the end of|initial public offering|\bIPO\b|\bPIPE\b|private placement|offering is`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
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
		// the combined company named in apposition: "The combined company, Lumora Holdings, Inc.,
		// will begin trading on Nasdaq", "the combined company, Orvane plc (“Pubco”), is expected to"
		ID: "merger.new_name_apposition", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)\bthe combined (?:company|entity),? {v:org}(?: \([^)]{0,40}\))?,? (?:will|is expected to|are expected to|shall|expects to|intends to|which will|has|began|begins)\b`,
		Not:      `(?i)\bif\b|\bwould\b`,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "X, Inc. (f/k/a Y Acquisition Corp.)", "X, formerly known as Y Acquisition Corp.": the
		// new name only when Y is the SPAC; "Target Operations Inc. (formerly known as Target
		// Inc.)" among a merger's parties is the target renaming itself, not the combined company
		ID: "merger.new_name_formerly", Produce: formerSPAC, Gives: []string{spac.FieldNewName},
		Pattern:  `(?i)(?P<v>{org})(?: \([^)]{0,60}\))?,? \(?(?:f/k/a|formerly known as|formerly) (?P<former>{org})`,
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
		Pattern:  `(?i)\b(?:apply|applied|intends? to apply|will apply)(?: to list| for (?:the )?listing of) (?P<classes>[^⟦]{0,60}?) on (?:the )?{exchange} ` + underSymbols,
		Must:     `(?i)business combination|closing|combined company|following the|upon (?:the )?(?:consummation|completion)`,
		Classes:  []doc.Class{doc.MergerProxy, doc.Proxy, doc.Communication},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "the company will operate as X and is expected to trade under the symbol “X”"
		ID: "merger.new_ticker_named", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern:  `(?i)(?:operate as|be named|be renamed|be known as|change its name to) ` + q + `?{org}.*?(?:trade|list\w*)(?: on {exchange})?[^⟦]{0,30}? ` + underSymbols,
		Not:      `(?i)separat|delist`,
		Classes:  dealPeriodic,
		NotKinds: notStated,
		Priority: 9,
	},
	// the SPAC's own share symbol in a release: "Vector Acquisition Corporation (Nasdaq: VACQ)";
	// also after the words that say it is the SPAC, where a joint release names the target
	// first: "..., and Vector Acquisition Corporation, a special purpose acquisition company
	// (Nasdaq: VACQ)"
	{
		ID: "merger.spac_symbol", Produce: spacSymbol, Gives: append(tickerFields, spac.FieldExchange),
		Pattern:  `(?P<org>{org})(?P<desc>,? (?:a|an) (?:[A-Za-z-]+ ){0,3}(?i:special purpose acquisition|blank check) (?i:company|corporation))? \((?P<ex>{exchange}): ?(?P<sym>{ticker})(?P<more>[^)]{0,40})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Classes:  dealNews,
		Priority: 8,
	},
	// termination
	{
		ID: "merger.termination", Emit: rule.One(spac.FieldTerminationDate),
		// also an agreement to end it ("entered into an agreement to mutually terminate the
		// Amended and Restated Agreement and Plan of Merger")
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:mutually )?(?:agreed to |(?:entered into|executed) an agreement to )?(?:mutually )?terminat\w* (?:the |that certain |their |its )?(?:previously announced )?(?:amended and restated )?` + agreementName,
		Not:      `(?i)\bmay\b|right to|\bif\b|could|would|` + biography,
		Classes:  dealReports,
		Priority: 11,
	},
	{
		// "On <date>, the Business Combination Agreement was terminated" (a report's account)
		ID: "merger.termination_passive", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)\bOn {v:date},? (?:the )?(?:previously announced )?` + agreementName + `(?: \([^)]{0,80}\))?,? (?:was|has been|were) (?:mutually )?terminated\b`,
		Not:      `(?i)\bmay\b|right to|\bif\b|could|would|` + biography,
		Classes:  dealReports,
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
		Pattern:  `(?i)` + releaseDateline + `.*?\b(?:today announced|announced today) (?:that )?(?:they|it)(?: and {org}(?: \([^)]{0,40}\))?)? (?:have|has) (?:mutually )?(?:agreed to )?(?:mutually )?terminat\w* (?:the |their |its )?(?:previously announced )?(?:` + agreementName + `|business combination)`,
		Not:      `(?i)\beffective(?: as of)? ⟦date \d+⟧[^⟦]*$`,
		Classes:  dealNews,
		Priority: 10,
	},
	{
		// a termination that states when it takes effect: "agreed to terminate the Agreement and
		// Plan of Merger, dated as of <date>, ..., effective April 17, 2023"
		ID: "merger.termination_agreed_effective", Emit: rule.One(spac.FieldTerminationDate),
		Pattern:  `(?i)\b(?:agreed to terminate|terminated) (?:the |their |its |that certain )?(?:previously announced )?` + agreementName + `[^.]*?,? effective(?: as of)? {v:date}`,
		Not:      `(?i)\bmay\b|right to|\bif\b|could|would|\bwill\b|` + biography,
		Classes:  dealNews,
		Priority: 11,
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
	}}
