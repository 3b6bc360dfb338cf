package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Offering: the IPO terms of a prospectus (S-1, 424B4), the IPO-closing 8-K and its press
// release, over-allotment reports, and the company's jurisdiction. Corpus:
// testdata/offering.corpus.

// narrated are the forms that state the IPO's terms: the prospectus and the closing report,
// and the later filings that narrate the IPO (a report's Note 1, a proxy's background);
// closedForms those that report it done.
var (
	narrated    = []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy}
	closedForms = []doc.Class{doc.Current, doc.Periodic, doc.Proxy}
)

// overAllotment vetoes the figures of a later over-allotment exercise (the incremental units,
// proceeds and deposit); units "including ... the over-allotment option" sold at the IPO's own
// closing are not vetoed.
const overAllotment = `(?i)over-?allotment option (?:was|has been) exercised|exercised (?:its|their|the) over-?allotment|partial(?:ly)? exercise|purchased an additional|additional gross proceeds|\bunits (?:issued|sold) pursuant to the over-?allotment`

// ifOverAllotment vetoes a sentence that opens with the over-allotment's exercise as a
// condition ("If the underwriters exercise their over-allotment option in full, an aggregate
// of $X ($Y per unit) will be deposited in the trust account"): not the trust at the IPO.
const ifOverAllotment = `(?i)^(?:if|assuming|in the event|should)\b[^.⟦]{0,160}?over-?allotment`

// afterIPO vetoes a later state of the trust: what remains after redemptions or withdrawals.
const afterIPO = `(?i)\bremain|redemption|redeemed|withdr[ae]w|removed|extension`

// otherSPAC vetoes sentences about the team's earlier SPACs.
const otherSPAC = `(?i)previously (?:sponsored|served|was)|prior (?:spac|blank check)|our (?:management|team).{0,40}(?:sponsored|formed|led)|track record|(?:another|other|sister) (?:blank check|special purpose acquisition) compan`

// sponsorBuys vetoes the sponsor's (or anchor investors', or the insiders') own purchase of
// private units: "Certain of our officers and directors and their affiliates have agreed to
// purchase an aggregate of 200,000 units at a purchase price of $8.00 per unit ... in private
// placements" (the private-placement words may come only after the price).
const sponsorBuys = `(?i)(?:sponsor|anchor investors?|officers|directors|insiders|founders|initial (?:stockholders|shareholders)|affiliates|advisors?)\b[^.]{0,120}?(?:agreed|committed|intends?|will|has|have) to purchase|private placement|anchor`

const ipoWords = `(?:initial public offering|IPO|public offering|Offering)`

// twoSeries vetoes a unit's description in a sentence that names a series of units: an
// offering of two series ("each Series A Unit consists of ..., and each Series B Unit consists
// of ...") has two structures, and one of them read alone is only part of the answer.
const twoSeries = `(?i)\bseries [a-z] units?\b`

// unitOption is an option to buy units ("an option to purchase up to a total of 275,000
// units", "the purchase option"): its units are priced like the offering's, or above. An
// over-allotment exercised at the offering price ("purchasing an additional 600,000 units at
// the offering price of $10.00") is no such option.
const unitOption = `(?i)\boption\b[^.⟦]{0,40}?\bto (?:purchase|buy|acquire)\b|\bpurchase option\b`

// notOwnUnits vetoes units described by a merger agreement's definitions ("“Parent Units”
// shall mean ... each consisting of").
const notOwnUnits = `(?i)shall mean|\bmeans\b|\bparent\b|pubco|holdco`

// unitHead and unitTail delimit a unit's components: from its share to its last warrant or
// right (with what the right entitles to), before "upon ...", a clause ("..., and was
// conducted pursuant to"), a cell or a symbol.
const (
	unitHead  = `(?:share of |share (?-i:[A-Z])|ordinary share|class a|common|public|of (?:our|its) )`
	unitRight = `(?: (?:entitling|to receive|to purchase|to acquire)[^.;⟦•]{3,80}?(?:share|stock))?`
	unitTail  = `(?:warrants?|rights?)` + unitRight + `)` +
		`(?:,? (?:upon|subject|each|with|at|for)\b|,? (?:and )?(?:was|were|is|are|has|had|will|generating|resulting|which|that|pursuant)\b|[.;()]|\s\(|\s\||$|(?-i:\s[A-Z]{2,6}(?:[.\- ][A-Z]{1,2})? ⟦exchange)|\s⟦exchange|` + nextClassTitle + `)`
)

// fractionOfOne is what a warrant is exercisable for: one share, or a fraction of one ("three
// quarters of one share", "one-half of one share"); the price is then per whole share.
const fractionOfOne = `(?:(?:one|two|three)[- ](?:half|third|quarters?|fourths?) of )?one[- ]`

// numeralInBrackets is the figure a report may write after a number word ("one (1) share of
// Class A common stock ... and one-third (1/3) of one (1) redeemable warrant").
const numeralInBrackets = `(?:\(\d+(?:/\d+)?\) )?`

// unitGap is the text inside a unit's description: no sentence's end, though a period may
// open a figure ("par value $.0001").
// nextClassTitle is the next line of a cover's list of registered classes, which a flattened
// or line-joined cover runs on after the units' title ("Units consisting of one share of
// Common Stock and two Warrants Common Stock, $.0001 par value Warrants to purchase ...").
const nextClassTitle = `(?-i:\s(?:Common Stock|Common Shares|Ordinary Shares?|Class [A-C] (?:Common|Ordinary)|Warrants|Redeemable Warrants|Rights)\b)`

const unitGap = `(?:[^.;⟦]|\.\d)*?`

// bullet is a list item's mark as filings set it.
const bullet = `[•·●▪]`

// listGap is the text between a listing verb and its symbol: exchanges ("the Nasdaq Global
// Market, or Nasdaq"), dates ("will begin trading tomorrow, <date>,") but no other symbol.
const listGap = `(?:[^⟦]|⟦(?:exchange|date) \d+⟧)`

// classGap is listGap inside a list of classes: a comma only before the next class ("units,
// Class A common stock, warrants and rights"), so "once the units separate, the shares and
// warrants ..." starts the list at "shares"; after a class an article may open the next one
// ("the ordinary shares, the warrants and rights").
const classGap = `(?:[^⟦,]|,(?: and| or)? (?:units|class|ordinary|common|shares|warrants|rights|public|redeemable)|(?:shares|stock|units|warrants|rights),(?: and| or)? the (?:units|class|ordinary|common|shares|warrants|rights|public|redeemable)|⟦(?:exchange|date) \d+⟧)`

// bareSymbol is a symbol written without quotes after the first of a list ("under the symbols
// HYDQ and HYDQW"), which the entity recogniser does not read.
const bareSymbol = `(?-i:[A-Z][A-Z0-9]{1,5}(?:[.\-][A-Z]{1,2}| WS)?\b)`

// notListed vetoes a listing in the past or one that ended (another company's, or ours after
// a delisting).
const notListed = `(?i)\b(?:were|was) (?:listed|traded|quoted)\b|ceased|delist|suspend|no longer`

// offering is the whole family, in the order its rules are tried.
var offering = concat(offeringTerms, offeringTrust, offeringClosing, offeringListing, offeringPageHeader, offeringState, offeringNarrated, offeringCover)

// offeringTerms: units, price, unit structure, warrant terms, trust and deadline.
var offeringTerms = []*rule.Rule{
	// units_offered and unit_price
	{
		ID: "offering.units_at_price", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered, spac.FieldUnitPrice},
		// The units' defined term may come before their parts ("10,000,000 units (“Units”),
		// each of which consisted of one share and one right (the “Public Shares”) at $10.00
		// per Unit").
		Pattern: `(?i)(?:offering|sold|issued|sale of|consisting of|consisted of|\bof) {v:units}(?: \([^)]*\))?(?:,? each (?:of which |unit )?(?:consisting|consisted|consists) of [^⟦]*?)?(?: \([^)]*\))?` +
			`(?: in (?:its|the|our|this) ` + ipoWords + `)?` +
			// the over-allotment's clause may run long ("including 1,500,000 units issued pursuant
			// to the exercise in full of the underwriters’ over-allotment option, at $10.00 per unit")
			`(?:,? (?:which includes|including) [^⟦]{0,120}?⟦units \d+⟧[^⟦,]{0,120}?)?` +
			`,? (?:at|for) (?:a |an )?(?:public )?(?:offering |purchase )?(?:price of )?{p:money} per unit`,
		Not: otherSPAC + `|` + overAllotment + `|` + sponsorBuys,
		// units named as the private ones, or sold in a private placement the sentence names
		// after the price, are not the offering
		Never:    `(?i)⟦units \d+⟧ \((?:the )?[“"](?:private|placement|sponsor|insider|founder)|per (?:private )?unit,? (?:in|through|by way of) (?:a|the|its) private placement`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.units_table", Emit: rule.Emit{"v": spac.FieldUnitsOffered, "p": spac.FieldUnitPrice},
		// the unit's components may come before the price ("20,000,000 units, each consisting of
		// one share and one-half of one warrant, at $10.00 per unit")
		Pattern:  `(?i)^(?:securities offered|units offered|offering)[^|]{0,20}\| {v:units}(?:,? each (?:unit )?consist(?:ing|s) of [^|⟦]{0,200}?)?,? at {p:money} per unit`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		ID: "offering.units_cover_line", Produce: coverLineUnits, Gives: []string{spac.FieldUnitsOffered},
		// The cover may follow a table of contents, which opens a body section.
		Pattern: `(?i)^{v:units}$`, Classes: prospectus, Kinds: []doc.Kind{doc.Cover, doc.Body}, Priority: 11,
	},
	{
		ID: "offering.units_ipo_of", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		// An audited statement's first note: "All activity ... relates to the Company's formation
		// and the initial public offering (“IPO”) of 17,250,000 units".
		Pattern: `(?i)(?:(?:consummated|closed|completed|closing of|announced the closing of|\bformation and) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|^On {date},? the ` + ipoWords + `)(?: \([^)]{0,40}\))? of {v:units}` +
			`|\b` + ipoWords + ` consisted of {v:units}` +
			`|\b(?:we|the Company) sold {v:units}(?: \([^)]{0,40}\))? in (?:its|the|our) ` + ipoWords + `\b`,
		Not:      otherSPAC + `|` + overAllotment + `|(?i)\badditional\b`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "The 12,900,000 units sold in the offering, including the 1,650,000 units subject to
		// the over-allotment option, were sold at ...": the first figure is the total sold.
		ID: "offering.units_sold_including", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern:  `(?i)^(?:The )?{v:units} (?:sold|issued) in (?:the|its|our|this) ` + ipoWords + `,? \(?including (?:the |an additional )?{units}[^⟦]{0,80}?over-?allotment`,
		Not:      otherSPAC,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An older prospectus refers back to the offering inside the option's sentence: "(over
		// and above the 10,000,000 units referred to above)".
		ID: "offering.units_over_and_above", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern:  `(?i)\(over and above the {v:units} referred to above\)`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An over-allotment report's stated new total.
		ID: "offering.units_total_increased", Emit: rule.One(spac.FieldUnitsOffered),
		Pattern:  `(?i)total number of units (?:sold|issued) in (?:the|its|our) (?:initial public )?offering (?:increased|increases|was increased) to {v:count|units}`,
		Classes:  current,
		Priority: 11,
	},
	{
		// The statement of changes in equity of a report: the units sold to date ("Sale of
		// 32,000,000 Units, net of underwriting discounts"), over-allotment included.
		ID: "offering.units_equity_statement", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern:  `(?i)^Sale of {v:units}(?: in (?:the )?(?:initial public offering|IPO))?(?:,? net\b|,|\s*\||$)`,
		Not:      `(?i)over-?allotment|additional|private|placement`,
		Classes:  periodicForms,
		Priority: 12, // the total sold to date: the narrative may give the base offering alone
	},
	{
		ID: "offering.unit_price_each_unit", Emit: rule.One(spac.FieldUnitPrice),
		// A 2007 cover: "Each unit will be offered at a price of $8.00 and will consist of ...".
		Pattern:  `(?i)each unit (?:that )?(?:we are offering )?(?:has (?:an offering |a )?price of|will be offered at a price of|is being offered at a price of) {v:money}`,
		Not:      `(?i)private|placement|insider|founder|sponsor`,
		Classes:  prospectus,
		Priority: 11,
	},
	{
		ID: "offering.unit_price_public_offering", Emit: rule.One(spac.FieldUnitPrice),
		Pattern: `(?i)(?:^public offering price|offering price of|public offering price of each unit was) (?:\| )?{v:money}(?: per unit)?`,
		// The representative's unit purchase option is priced the same way ("an option to
		// purchase up to a total of 275,000 units at a per-unit offering price of $9.90").
		Not: `(?i)private placement|warrant|` + unitOption,
		// An offering of shares without units ("an initial public offering of our Class A
		// ordinary shares at an offering price of $10.00 per share") has no unit price.
		Never:    `(?i)offering price of ⟦money \d+⟧ per (?:share|ordinary share|class a)`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 8,
	},
	{
		ID: "offering.unit_price_sold_at", Emit: rule.One(spac.FieldUnitPrice),
		// A closing report may price the units "per share" ("The Units were sold at a price of
		// $10.00 per share"): with the units as subject it is still the unit's price; an
		// offering priced per share is an offering of shares.
		Pattern:  `(?i)\b(?:units (?:were|are|will be) (?:sold|priced) at (?:a price of |an offering price of )?{v:money} per (?:unit|share)\b|(?:offering|IPO) was priced at (?:a price of |an offering price of )?{v:money} per unit)`,
		Not:      otherSPAC + `|private|placement|` + unitOption,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// An older cover's passive price ("Each unit is being sold at a purchase price of $8.00
		// per unit") and a plain statement ("The public offering price is $10.00 per unit"); the
		// representative's purchase option and the private units are priced the same way.
		ID: "offering.unit_price_being_sold", Emit: rule.One(spac.FieldUnitPrice),
		Pattern:  `(?i)(?:\beach unit (?:is being|will be) (?:sold|offered) at (?:a |an )?(?:purchase |offering |public offering )?price of|^the (?:initial )?public offering price (?:is|of the units is)) {v:money} per unit`,
		Not:      otherSPAC + `|` + sponsorBuys + `|(?i)\boption\b|private|insider`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// The registration fee table's units row: the count registered (over-allotment units
		// included, so not the offering), the proposed maximum price per unit, the aggregate.
		ID: "offering.unit_price_fee_table", Emit: rule.One(spac.FieldUnitPrice),
		Pattern:  `(?i)^units?\b[^|⟦]{0,40}(?:consist|compris|each)[^|]{0,240}?\|(?: \|)* {units} \|(?: \|)* (?:\$ \|(?: \|)* )?{v:money}(?:\(\d\))? \|(?: \|)* (?:\$ \|(?: \|)* )?{money}`,
		Not:      `(?i)private|placement|sponsor|representative` + "|" + `(?i)\bunit purchase option`,
		Classes:  prospectus,
		Priority: 7, // a stated price wins
	},
	// unit_structure
	{
		ID: "offering.unit_structure", Produce: unitStructure, Gives: []string{spac.FieldUnitStructure},
		// an older cover's title: "Units (each Unit is comprised of one share Common Stock and
		// one Warrant)"
		Pattern:  `(?i)\b(?:consists|consisted|consisting|consist|(?:is |are )?comprised|composed) of:? (?P<v>one ` + numeralInBrackets + unitHead + unitGap + unitTail,
		Not:      otherSPAC + `|` + notOwnUnits,
		Never:    twoSeries,
		Classes:  append(narrated, doc.Communication),
		Priority: 10,
	},
	{
		// With the share's par value ("one Class A ordinary share, $0.0001 par value, and ..."),
		// as fee tables and cover tables write it: a plainer statement elsewhere wins.
		ID: "offering.unit_structure_par_value", Produce: unitStructure, Gives: []string{spac.FieldUnitStructure},
		Pattern:  `(?i)\b(?:consists|consisting|consist) of:? (?P<v>one ` + numeralInBrackets + unitHead + unitGap + `(?:{money} par value|par value {money})` + unitGap + unitTail,
		Not:      otherSPAC + `|` + notOwnUnits,
		Never:    twoSeries,
		Classes:  append(narrated, doc.Communication),
		Priority: 8,
	},
	{
		// The summary's bullet form ("each unit consisting of:" ends the sentence before).
		ID: "offering.unit_structure_bullets", Produce: joinedStructure, Gives: []string{spac.FieldUnitStructure},
		Pattern:  `(?i)^` + bullet + ` (?P<a>one (?:share of |ordinary|class a|common)[^;⟦•·●▪]*?(?:share|stock))[;,]?(?: and)? ` + bullet + ` (?P<b>(?:one|two|three)[- ][^;⟦•·●▪]*?(?:warrant|right)s?` + unitRight + `)(?:[;,]?(?: and)? ` + bullet + ` (?P<c>(?:one|two|three)[- ][^;⟦•·●▪]*?(?:warrant|right)s?` + unitRight + `))?(?:,? (?:upon|subject to|following)\b[^;⟦•·●▪]*?)?[.;]?$`,
		Never:    twoSeries,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// The components set on lines of their own under "consists of:" (text without the
		// bullets): "one share of our common stock; and" / "one warrant.".
		ID: "offering.unit_structure_lines", Produce: joinedStructure, Gives: []string{spac.FieldUnitStructure},
		Pattern:  `(?i)^(?P<a>one (?:share of |ordinary|class a|common)[^;⟦•]*?(?:share|stock));?,? and (?P<b>(?:one|two|three)[- ][^;⟦•]*?(?:warrant|right)s?)\.?$`,
		Never:    twoSeries,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	// warrant_exercise_price
	{
		ID: "offering.warrant_whole_warrant", Emit: rule.One(spac.FieldWarrantExercise),
		Pattern:  `(?i)(?:each whole|each) (?:redeemable )?warrant (?:entitles|will entitle|entitling) (?:its|the) holders? (?:thereof )?to purchase one[- ][^⟦]*?(?:at|for) (?:a price of |an exercise price of )?{v:money}(?: per (?:whole |half )?share|[.,;]|$)`,
		Classes:  narrated,
		Priority: 10,
	},
	{
		// "Every whole warrant entitles ...", and a unit's warrant described by a relative
		// clause: "one warrant that entitles the holder to purchase one ordinary share at $5.00
		// per share". The private placement's or the insiders' warrants are not the unit's.
		ID: "offering.warrant_every_or_that", Emit: rule.One(spac.FieldWarrantExercise),
		Pattern:  `(?i)(?:\bevery (?:whole )?(?:redeemable )?warrant|\bone (?:redeemable )?warrant that) (?:entitles|will entitle) (?:its|the) holders? (?:thereof )?to purchase one[- ][^⟦]*?(?:at|for) (?:a price of |an exercise price of )?{v:money}(?: per (?:whole |half )?share|[.,;]|$)`,
		Not:      `(?i)private|placement|insider|founder|\$9\.20|adjusted to be`,
		Classes:  append(narrated, doc.Communication),
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The warrant's terms inside the unit's description: "one redeemable warrant to
		// purchase one share of common stock, at a price of $11.50 per share".
		ID: "offering.warrant_to_purchase", Emit: rule.One(spac.FieldWarrantExercise),
		// An old closing report names the warrant's defined term and then its terms: "one
		// Warrant (“IPO Warrant”), each to purchase one share ... at $6.00 per share".
		// A closing report's note may name the term and end the sentence at the price: "one-half
		// warrant (“Public Warrant”) to purchase one Class A ordinary share at an exercise price
		// of $11.50."
		Pattern:  `(?i)\bwarrants?(?: \(` + q + `[^()]{1,30}` + eq + `\)(?:,? each)?)? to purchase one[- ][^⟦]*?,? at (?:a price of |an exercise price of )?{v:money}(?: per (?:whole |half )?share|\.$)`,
		Not:      `(?i)\$9\.20|adjusted to be|private|placement|sponsor|insider|founder|\bpurchased ⟦`,
		Classes:  narrated,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "offering.warrant_exercise_price", Emit: rule.One(spac.FieldWarrantExercise),
		// A cover table's warrant title ends at its cell, or at the symbol of its column
		// ("... at an exercise price of $11.50 APXTW").
		// A release's title of the class closes with its defined term ("... at an exercise price
		// of $11.50 (the “Warrants”)"), a cover's title with the units it is part of ("... at an
		// exercise price of $11.50 included as part of the units").
		Pattern:  `(?i)(?:^exercise price \| |\bexercise price of |exercisable (?:for|to purchase) ` + fractionOfOne + `[^⟦|]*?(?:at|for) (?:a price of |an exercise price of )?){v:money}(?: per (?:whole )?share|[,;]|\s\||(?-i:\s[A-Z]{2,6}\b)|\s\((?:the )?` + q + `warrants?` + eq + `\)|\s(?:included|contained) (?:as part of|in) (?:the )?units\b|$)`,
		Not:      `(?i)\$9\.20|issue price of less|adjusted to be`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
		Priority: 9,
	},
	{
		// A merger communication (425) filed on the SPAC's 8-K cover: the warrants' row of the
		// cover table ("| Warrants ..., each whole warrant exercisable for one Class A ordinary
		// share at an exercise price of $11.50 | ACMEW |"), not the prose of the communication,
		// which speaks of the target's and the combined company's securities too.
		ID: "offering.warrant_cover_communication", Emit: rule.One(spac.FieldWarrantExercise),
		Pattern:  `(?i)(?:^|\| ?)(?:redeemable )?warrants?\b[^|⟦]{0,60}?exercisable (?:for|to purchase) ` + fractionOfOne + `[^⟦|]*?(?:at|for) (?:a price of |an exercise price of )?{v:money}(?: per (?:whole )?share)?[^|⟦]{0,50}(?:\||$)`,
		Not:      `(?i)\$9\.20|adjusted to be`,
		Classes:  []doc.Class{doc.Communication},
		Priority: 9,
	},
}
