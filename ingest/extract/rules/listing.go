package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// offeringListing: exchange and tickers, underwriters and the jurisdiction. Part of the
// offering family (offering.go).
// underwriterForms name the IPO's underwriters: its prospectus and 8-K, and the annual
// report's business section, which recounts the offering ("X acted as sole bookrunner for
// our initial public offering").
var underwriterForms = []doc.Class{doc.Prospectus, doc.Current, doc.Periodic}

// formerBracket is the company's former name in brackets, before or after its defined term
// ("Acme Holdings Corp. (formerly known as Acme Acquisition Corp.) (the “Company”) (NYSE:
// ACME.U)"): the symbols' bracket follows it.
const formerBracket = `(?: \((?i:formerly(?: known as)?|f/k/a|fka|previously known as) [^()]{2,80}\))?`

// nextBracket joins a class's own bracket to the one before it, each naming the market again:
// "(Nasdaq:ACME) (Nasdaq:ACMEW) (Nasdaq:ACMEU)".
const nextBracket = `\) ?\({exchange}:`

// strayPeriod is a period typed after the company's full name, before its brackets ("Acme
// Acquisition Corporation. (“Acme”) (Nasdaq: ACME)").
const strayPeriod = `\.?`

// successorListing vetoes a listing sentence about the company the SPAC becomes - the
// combined company's, the surviving or new holding company's: a release announcing a deal or
// a closing says where the combined company will trade ("Upon closing, the combined company
// is expected to be listed on the NYSE under the symbol “LUMO”", "following the business
// combination, the common stock of the combined company will be listed on Nasdaq"), which is
// not the SPAC's own exchange. (Two writers reached it at once; this is the union of both.)
const successorListing = `(?i)combined (?:company|entity|business)|post-?(?:combination|closing|merger)\b|\bpubco\b|\bholdco\b|\bnew ?co\b|new holding company|surviving (?:company|corporation|entity|pubco)` +
	`|(?:following|upon|after|at) (?:the )?(?:closing|consummation|completion)(?:[,;)]| of (?:the |its |their )?(?:proposed |previously announced )?(?:business combination|mergers?|transactions?))` +
	`|(?:following|after|upon) (?:the )?(?:(?:completion|consummation|closing) of )?(?:the|our|its|a|any) (?:initial |proposed )?business combination` +
	`|\bnew (?:ticker |trading )?symbols?\b`

// otherIssuer vetoes a listing stated of another company in a relative clause ("a director of
// Halbrook Industries, Inc., whose common stock is listed on the Nasdaq Global Market",
// "an affiliate of X, a company whose shares trade on the NYSE American"): not the SPAC's.
const otherIssuer = `(?i)\bwhose\b[^.⟦]{0,80}(?:⟦[^⟧]*⟧[^.⟦]{0,40})?\b(?:listed|traded|trades?|quoted)\b`

// noAssurance vetoes a listing a risk factor doubts ("we cannot assure you that our securities
// will remain listed on Nasdaq").
const noAssurance = `(?i)\b(?:cannot|can ?not|no|not) (?:assure|assurance|guarantee)`

// cutFirmList vetoes a list of firms whose first name the recogniser read only in part: a
// capitalised word and a comma right before it ("Ashby, Reed Brothers Incorporated" read as
// "Reed Brothers Incorporated"). Reading the rest would emit some of the underwriters, or a
// name cut short; none is better.
const cutFirmList = `(?-i:\b[A-Z][\w&'’.-]*,) ⟦org \d+⟧(?:(?:,| and|, and) ⟦org \d+⟧)*(?: \([^()]*\))?,? [^⟦]*$`

var offeringListing = []*rule.Rule{
	// exchange and tickers
	{
		ID: "offering.units_listed_symbol", Emit: rule.Emit{"v": spac.FieldTickerUnits, "ex": spac.FieldExchange},
		Pattern: `(?i)(?:\bunits [^⟦]*?(?:listed|list|trade|traded|trading|quoted|listing)|(?:list|listed|quote|quoted) (?:our |the |its )?units) on (?:the )?{ex:exchange}` +
			listGap + `{0,120}?under the (?:ticker |trading )?symbol {v:ticker}`,
		Not:   otherSPAC + `|` + notListed + `|` + otherIssuer,
		Never: successorListing,
		// a release tells it of the company in the third person ("The Company has applied to
		// list its units on ...")
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Communication},
		Priority: 10,
	},
	{
		ID: "offering.class_symbols", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|ordinary|common|shares|warrants|rights)` + classGap + `*?)under the (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,?[”"]? (?:and )?(?:{ticker}|` + bareSymbol + `)){1,3})`,
		Not:      otherSPAC + `|` + notListed + `|new symbols|combined company`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		Priority: 10,
	},
	{
		ID: "offering.symbol_table", Produce: tableSymbols, Gives: append(tickerFields, spac.FieldExchange),
		Pattern:  `(?i)^(?:proposed )?(?P<ex>{exchange}) ?(?:[a-z ]{0,20})symbols?(?P<cells>.*)$`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		// The continuation lines of the summary's symbol table ("Class A ordinary shares:
		// “VACQ”", "Warrants: “VACQW”"), which read as one sentence after the table's row.
		ID: "offering.symbol_list", Produce: tableSymbols, Gives: tickerFields,
		Pattern:  `(?i)^(?P<cells>(?:(?:units|(?:class a )?(?:ordinary shares|common stock|shares)|warrants|rights)(?: [a-z ]{0,20})?: {ticker} ?){1,4})`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 12,
	},
	{
		// A release opens with the company's name and its symbols in brackets: "-- Acme
		// Acquisition Corp. (NYSE: ACME.U)", "(NASDAQ: ACMEU, ACME, ACMEW)", "<date> - Acme
		// Acquisition Corp. (OTC Bulletin Board: ACMEU)", "Acme Acquisition Corp. (the
		// “Company”) (Nasdaq: ACME)"; a bracket further on is another company's.
		ID: "offering.release_symbols", Produce: releaseSymbols, Gives: append(tickerFields, spac.FieldExchange),
		Pattern: `(?:^|--|[-–—/] |⟦date \d+⟧,? |,? and )\s?(?P<org>{org})` + strayPeriod + formerBracket + `(?P<term> \(` + definedTerms + `\))?` + formerBracket + ` ?` +
			`\((?P<ex>{exchange}): ?(?P<syms>{ticker}(?:(?: ?[,;/]|,? and|` + nextBracket + `) ?{ticker}){0,4})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Never:    otherSPAC,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 9,
	},
	{
		// The filer's own name before its bracket anywhere in a release (after a headline run
		// into the text): only the filer's, so no other company's bracket is read.
		ID: "offering.release_symbols_filer", Produce: filerOnly(releaseSymbols), Gives: append(tickerFields, spac.FieldExchange),
		Pattern: `(?P<org>{org})` + strayPeriod + formerBracket + `(?P<term> \(` + definedTerms + `\))?` + formerBracket + ` ?` +
			`\((?P<ex>{exchange}): ?(?P<syms>{ticker}(?:(?: ?[,;/]|,? and|` + nextBracket + `) ?{ticker}){0,4})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Never: otherSPAC,
		// a DEFA14A carries the release it filed as additional proxy material
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.Proxy},
		Priority: 8,
	},
	{
		// A release's bracket of the SPAC's symbols without an exchange: "Acme Acquisition
		// Corporation II (ACQ; ACQ.WS; ACQ.U) announced today"; several symbols of one root, the
		// company the SPAC.
		ID: "offering.release_bare_symbols", Produce: bareBracketSymbols, Gives: tickerFields,
		Pattern: `(?:^|--|[-–—/] |⟦date \d+⟧[.,]? |,? and )\s?(?P<org>{org})` + strayPeriod + formerBracket + `(?P<term> \(` + definedTerms + `\))?` + formerBracket + ` ?` +
			`\((?P<cells>` + bareSymbol + `(?:[;,] ?` + bareSymbol + `){1,3})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Never:    otherSPAC,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 8,
	},
	{
		// A release's bracket that names each symbol's class: "(NASDAQ: Common Stock: “ACME”,
		// Units: “ACMEU”, Warrants: “ACMEW”)", "(Nasdaq: “ACMEU” for units and “ACMEW” for
		// warrants)"; the company is the SPAC, as for offering.release_symbols.
		ID: "offering.release_class_symbols", Produce: labelledSymbols, Gives: append(tickerFields, spac.FieldExchange),
		Pattern: `(?:^|--|[-–—/] |⟦date \d+⟧,? |,? and )\s?(?P<org>{org})` + strayPeriod + formerBracket + `(?P<term> \(` + definedTerms + `\))?` + formerBracket + ` ?` +
			`\((?P<ex>{exchange}): ?(?P<cells>(?:(?:(?:[A-Za-z][A-Za-z ]{0,30}): ?{ticker}|{ticker} for (?:[A-Za-z]+ ?){1,6})(?:,? and |[,;] ?|\))){2,5})` +
			`(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Never:    otherSPAC,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 9,
	},
	{
		// The company stays on its exchange through the combination ("will remain listed on
		// the New York Stock Exchange under the new ticker symbol ..."): the exchange is its
		// own, the symbol the successor's.
		ID: "offering.remain_listed_on", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)\b(?:will|to|would|expects? to|shall) (?:continue to be|remain) listed on (?:the )?{v:exchange}`,
		Never:    otherSPAC + `|` + notListed + `|` + noAssurance + `|` + otherIssuer,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		Priority: 8,
	},
	{
		ID: "offering.listed_on", Emit: rule.One(spac.FieldExchange),
		Pattern: `(?i)\b(?:list(?:ed)?|approved for listing|trade|traded) (?:our |the )?(?:units )?(?:separately )?on (?:the )?{v:exchange}`,
		// after a delisting, the venue the securities "will be eligible to trade on" is a
		// listing still to come
		Not:      otherSPAC + `|` + notListed + `|rules require|suspension|eligible to (?:trade|be (?:quoted|traded))|` + noAssurance + `|` + otherIssuer,
		Never:    successorListing,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		Priority: 8,
	},
	// underwriters
	{
		ID: "offering.underwriters_acting", Produce: firms, Gives: []string{spac.FieldUnderwriter},
		Pattern:  `(?i)(?P<v>{org}(?:,? (?:and )?{org}){0,6}),? (?:are|is|acted|will act|served) (?:acting |serving )?as (?:the )?(?:sole |joint |lead |global |co-)*(?:book[- ]?running managers?|book-?runners?|representatives?|underwriters?|co-?managers?)`,
		Not:      `(?i)counsel|division of ⟦org \d+⟧,? [^⟦]*$|` + cutFirmList,
		Classes:  underwriterForms,
		Priority: 10,
	},
	{
		// "EF Hutton, division of Benchmark Investments, LLC": the division is the name.
		ID: "offering.underwriter_division", Emit: rule.One(spac.FieldUnderwriter),
		Pattern:  `(?:^|, and |\. )(?P<v>[A-Z][\w&.'’-]*(?: [A-Z][\w&.'’-]*){0,4},? (?:a )?division of {org}),? (?:acted|is acting|are acting|will act|served) as (?:the )?(?:sole |joint |lead |co-)*(?:book[- ]?running managers?|book-?runners?|representatives?|underwriters?|co-?managers?)`,
		Classes:  underwriterForms,
		Priority: 10,
	},
	{
		// A firm named without its legal form: "Chardan acted as sole book-running manager",
		// "Roth and Craig-Hallum acted as joint book-running managers".
		ID: "offering.underwriter_short_name", Produce: shortFirms, Gives: []string{spac.FieldUnderwriter},
		Pattern: `(?:^|\. )(?P<v>` + shortFirm + `(?:(?:,| and|, and) ` + shortFirm + `){0,3}) (?:acted|is acting|are acting|will act|served|is serving) as (?:the )?` +
			`(?i:(?:sole |joint |lead |co-)*(?:book[- ]?running managers?|book-?runners?|representatives? of the (?:several )?underwriters|underwriters?)\b)`,
		Not:      otherSPAC,
		Never:    `(?i)counsel|placement agent|\bPIPE\b|advis`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// A release's list that mixes names the recogniser knows with names it does not, one of
		// them holding a comma ("Brean Lyle, Carrow & Co, Maxim Group LLC and Roth Partners acted
		// as representatives of the underwriters").
		ID: "offering.underwriters_named_list", Produce: namedFirms, Gives: []string{spac.FieldUnderwriter},
		Pattern: `(?:^|\. )(?P<v>` + listedFirm + `(?:(?:,| and|, and) ` + listedFirm + `){1,4}),? (?:acted|are acting|will act|served) as (?:the )?` +
			`(?i:(?:joint )?(?:book[- ]?running managers|representatives of the (?:several )?underwriters))\b`,
		Not:      otherSPAC,
		Never:    `(?i)counsel|placement agent|\bPIPE\b|advis`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 8,
	},
	{
		ID: "offering.underwriter_agreement_with", Emit: rule.One(spac.FieldUnderwriter),
		Pattern:  `(?i)underwriting agreement[^⟦.]{0,40}? with {v:org},? as (?:the )?representatives? of the (?:several )?underwriters`,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		// An older prospectus names the representative in apposition: "We have granted X & Co.,
		// Inc., the representative of the underwriters, a 45-day option ...".
		ID: "offering.underwriter_representative", Emit: rule.One(spac.FieldUnderwriter),
		// "X, the underwriter for our IPO", "X (“X”), one of the underwriters".
		Pattern: `{v:org}(?: \(` + q + `[^()]{1,40}` + eq + `\))?,? (?:the|as|one of the) (?i:representatives? of the (?:several )?underwriters|underwriters\b|` +
			`(?:sole |lead )?underwriter (?:for|of|in) (?:our|the|its) (?:IPO|initial public offering))`,
		// the last of a list is underwriters_representatives_list's
		Not:      otherSPAC + `|⟦org \d+⟧,?(?: and)? ⟦org \d+⟧[^⟦]*$|` + cutFirmList,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// Several representatives in apposition: "We have granted X & Co., Inc. and Y
		// Securities Corporation, the representatives of the underwriters, a 45-day option",
		// "X LLC, Y, Inc. and Z LLC, as representatives of the underwriters": every name.
		ID: "offering.underwriters_representatives_list", Produce: firms, Gives: []string{spac.FieldUnderwriter},
		Pattern:  `(?P<v>{org}(?:(?:,| and|, and) {org}){1,5}),? (?:the |as )?(?i:representatives of the (?:several )?underwriters)`,
		Not:      otherSPAC + `|` + cutFirmList,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "offering.underwriters_bookrunners", Produce: firms, Gives: []string{spac.FieldUnderwriter},
		Pattern:  `(?i)^(?:sole |joint |lead )*book-?running managers?(?: \|)?(?P<v>(?: \|? ?{org})+)`,
		Classes:  prospectus,
		Priority: 10,
	},
}
