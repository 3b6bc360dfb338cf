package rules

import (
	"math/big"
	"regexp"
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Offering: the IPO terms of a prospectus (S-1, 424B4), the IPO-closing 8-K and its press
// release, over-allotment reports, and the company's jurisdiction. Corpus:
// testdata/offering.corpus.

// overAllotment vetoes the figures of a later over-allotment exercise (the incremental units,
// proceeds and deposit); units "including ... the over-allotment option" sold at the IPO's own
// closing are not vetoed.
const overAllotment = `(?i)over-?allotment option (?:was|has been) exercised|exercised (?:its|their|the) over-?allotment|partial(?:ly)? exercise|purchased an additional|additional gross proceeds|\bunits (?:issued|sold) pursuant to the over-?allotment`

// afterIPO vetoes a later state of the trust: what remains after redemptions or withdrawals.
const afterIPO = `(?i)\bremain|redemption|redeemed|withdr[ae]w|removed|extension`

// otherSPAC vetoes sentences about the team's earlier SPACs.
const otherSPAC = `(?i)previously (?:sponsored|served|was)|prior (?:spac|blank check)|our (?:management|team).{0,40}(?:sponsored|formed|led)|track record`

// sponsorBuys vetoes the sponsor's (or anchor investors') own purchase of private units.
const sponsorBuys = `(?i)(?:sponsor|anchor investors?)\b[^.]{0,80}?(?:agreed|committed|intends?|will|has) to purchase|private placement|anchor`

const ipoWords = `(?:initial public offering|IPO|public offering|Offering)`

// notOwnUnits vetoes units described by a merger agreement's definitions ("“Parent Units”
// shall mean ... each consisting of").
const notOwnUnits = `(?i)shall mean|\bmeans\b|\bparent\b|pubco|holdco`

// unitHead and unitTail delimit a unit's components: from its share to its last warrant or
// right (with what the right entitles to), before "upon ...", a clause, a cell or a symbol.
const (
	unitHead = `(?:share of |ordinary share|class a|common|public)`
	unitTail = `(?:warrants?|rights?)(?: (?:entitling|to receive)[^.;⟦]{3,80}?(?:share|stock))?)` +
		`(?:,? (?:upon|subject|each|with|at|for)\b|[.;(]|\s\||$|(?-i:\s[A-Z]{2,6}(?:[.\- ][A-Z]{1,2})? ⟦exchange))`
)

// listGap is the text between a listing verb and its symbol: exchanges ("the Nasdaq Global
// Market, or Nasdaq"), dates ("will begin trading tomorrow, <date>,") but no other symbol.
const listGap = `(?:[^⟦]|⟦(?:exchange|date) \d+⟧)`

// classGap is listGap inside a list of classes: a comma only before the next class ("units,
// Class A common stock, warrants and rights"), so "once the units separate, the shares and
// warrants ..." starts the list at "shares".
const classGap = `(?:[^⟦,]|,(?: and| or)? (?:units|class|ordinary|common|shares|warrants|rights|public|redeemable)|⟦(?:exchange|date) \d+⟧)`

// bareSymbol is a symbol written without quotes after the first of a list ("under the symbols
// HYDQ and HYDQW"), which the entity recogniser does not read.
const bareSymbol = `(?-i:[A-Z][A-Z0-9]{1,5}(?:[.\-][A-Z]{1,2}| WS)?\b)`

// notListed vetoes a listing in the past or one that ended (another company's, or ours after
// a delisting).
const notListed = `(?i)\b(?:were|was) (?:listed|traded|quoted)\b|ceased|delist|suspend|no longer`

// jurisdictions are the places SPACs are incorporated in; a closed list keeps a capture to a
// place name.
var jurisdictions = []string{
	"Cayman Islands", "British Virgin Islands", "Bermuda", "Marshall Islands", "Guernsey", "Jersey",
	"Luxembourg", "Ontario", "British Columbia", "Alberta", "Delaware", "Nevada", "New York", "Maryland",
	"Florida", "Texas", "Wyoming", "Colorado", "Massachusetts", "California", "Minnesota", "Illinois",
	"Georgia", "Utah", "Washington", "Virginia", "Pennsylvania", "New Jersey", "Ohio", "Michigan",
	"Arizona", "Connecticut", "North Carolina", "Tennessee", "Oklahoma", "Indiana", "Missouri",
	"Wisconsin", "Oregon", "Louisiana",
}

var jurisdiction = `(?:` + strings.Join(jurisdictions, "|") + `)`

var jurisdictionStartRe = regexp.MustCompile(`(?i)^(?:the\s+)?(` + jurisdiction + `)\b`)

// JurisdictionAt returns the jurisdiction a text begins with, as the list writes it ("CAYMAN
// ISLANDS 6770" -> "Cayman Islands"), and the words that state it; for the cover page reader
// of package extract.
func JurisdictionAt(text string) (name, quote string, ok bool) {
	m := jurisdictionStartRe.FindStringSubmatch(text)
	if m == nil {
		return "", "", false
	}
	for _, j := range jurisdictions {
		if strings.EqualFold(j, m[1]) {
			return j, m[1], true
		}
	}
	return "", "", false
}

// notOwnJurisdiction vetoes a jurisdiction the company is leaving or has left.
const notOwnJurisdiction = `(?i)domesticat|continuance|by way of continuation|deregist|re-?domicil|reincorporat`

var offering = []*rule.Rule{
	// units_offered and unit_price
	{
		ID: "offering.units_at_price", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered, spac.FieldUnitPrice},
		Pattern: `(?i)(?:offering|sold|sale of|consisting of|consisted of|\bof) {v:units}(?:,? each consisting of [^⟦]*?)?(?: \([^)]*\))?` +
			`(?:,? (?:which includes|including) [^⟦]{0,120}?⟦units \d+⟧[^⟦,]{0,80}?)?` +
			`,? (?:at|for) (?:a |an )?(?:public )?(?:offering |purchase )?(?:price of )?{p:money} per unit`,
		Not:      otherSPAC + `|` + overAllotment + `|` + sponsorBuys,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.units_table", Emit: rule.Emit{"v": spac.FieldUnitsOffered, "p": spac.FieldUnitPrice},
		Pattern:  `(?i)^(?:securities offered|units offered|offering)[^|]{0,20}\| {v:units},? at {p:money} per unit`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		ID: "offering.units_cover_line", Emit: rule.One(spac.FieldUnitsOffered),
		Pattern: `(?i)^{v:units}$`, Classes: prospectus, Kinds: []doc.Kind{doc.Cover}, Priority: 11,
	},
	{
		ID: "offering.units_ipo_of", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern: `(?i)(?:(?:consummated|closed|completed|closing of|announced the closing of) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|^On {date},? the ` + ipoWords + `)(?: \([^)]{0,40}\))? of {v:units}` +
			`|\b` + ipoWords + ` consisted of {v:units}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "The 12,900,000 units sold in the offering, including the 1,650,000 units subject to
		// the over-allotment option, were sold at ...": the first figure is the total sold.
		ID: "offering.units_sold_including", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern:  `(?i)^(?:The )?{v:units} (?:sold|issued) in (?:the|its|our|this) ` + ipoWords + `,? \(?including (?:the |an additional )?{units}[^⟦]{0,80}?over-?allotment`,
		Not:      otherSPAC,
		Classes:  ipoForms,
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
		Priority: 8,
	},
	{
		ID: "offering.unit_price_each_unit", Emit: rule.One(spac.FieldUnitPrice),
		Pattern:  `(?i)each unit (?:we are offering )?has (?:an offering |a )?price of {v:money}`,
		Classes:  prospectus,
		Priority: 11,
	},
	{
		ID: "offering.unit_price_public_offering", Emit: rule.One(spac.FieldUnitPrice),
		Pattern:  `(?i)(?:^public offering price|offering price of) (?:\| )?{v:money}(?: per unit)?`,
		Not:      `(?i)private placement|warrant`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 8,
	},
	{
		ID: "offering.unit_price_sold_at", Emit: rule.One(spac.FieldUnitPrice),
		Pattern:  `(?i)\b(?:units (?:were|are|will be) (?:sold|priced)|(?:offering|IPO) was priced) at (?:a price of |an offering price of )?{v:money} per unit`,
		Not:      otherSPAC + `|private|placement`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// unit_structure
	{
		ID: "offering.unit_structure", Emit: rule.One(spac.FieldUnitStructure),
		Pattern:  `(?i)\b(?:consists|consisting|consist) of:? (?P<v>one ` + unitHead + `[^.;⟦]*?` + unitTail,
		Not:      otherSPAC + `|` + notOwnUnits,
		Classes:  []doc.Class{doc.Prospectus, doc.Current},
		Priority: 10,
	},
	{
		// With the share's par value ("one Class A ordinary share, $0.0001 par value, and ..."),
		// as fee tables and cover tables write it: a plainer statement elsewhere wins.
		ID: "offering.unit_structure_par_value", Emit: rule.One(spac.FieldUnitStructure),
		Pattern:  `(?i)\b(?:consists|consisting|consist) of:? (?P<v>one ` + unitHead + `[^.;⟦]*?(?:{money} par value|par value {money})[^.;⟦]*?` + unitTail,
		Not:      otherSPAC + `|` + notOwnUnits,
		Classes:  []doc.Class{doc.Prospectus, doc.Current},
		Priority: 8,
	},
	{
		// The summary's bullet form ("each unit consisting of:" ends the sentence before).
		ID: "offering.unit_structure_bullets", Produce: joinedStructure, Gives: []string{spac.FieldUnitStructure},
		Pattern:  `(?i)^• (?P<a>one (?:share of |ordinary share|class a|common)[^;⟦•]*?(?:share|stock))[;,]?(?: and)? • (?P<b>one[- ][^;⟦•]*?(?:warrant|right)s?)(?:[;,]?(?: and)? • (?P<c>one[- ][^;⟦•]*?(?:warrant|right)s?))?[.;]?$`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	// warrant_exercise_price
	{
		ID: "offering.warrant_whole_warrant", Emit: rule.One(spac.FieldWarrantExercise),
		Pattern:  `(?i)(?:each whole|each) (?:redeemable )?warrant (?:entitles|will entitle|entitling) (?:its|the) holders? (?:thereof )?to purchase one [^⟦]*?(?:at|for) (?:a price of |an exercise price of )?{v:money} per (?:whole )?share`,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		ID: "offering.warrant_exercise_price", Emit: rule.One(spac.FieldWarrantExercise),
		Pattern:  `(?i)(?:^exercise price \| |\bexercise price of |exercisable (?:for|to purchase) one [^⟦|]*?at (?:a price of |an exercise price of )?){v:money}(?: per (?:whole )?share|\s\||$)`,
		Not:      `(?i)\$9\.20|issue price of less|adjusted to be`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		Priority: 9,
	},
	// trust_size and trust_per_unit
	{
		ID: "offering.trust_or_overallotment", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		Pattern:  `(?i){v:money},? or {money} if the underwriters?` + ap + `?s?` + ap + `? (?:over-?allotment option|option to purchase additional (?:units|shares)) is exercised in full,? \({pu:money} per (?:unit|share)(?: in either case)?\)`,
		Must:     `(?i)trust`,
		Classes:  ipoForms,
		Priority: 12,
	},
	{
		ID: "offering.trust_amount_per_unit", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		Pattern:  `(?i)(?:a total of |an aggregate of |an amount of |amount of )?{v:money},? \((?:or (?:approximately |about )?)?{pu:money} per (?:unit|public share|share)(?: sold in (?:the|this) (?:initial public |public )?offering)?\).*?(?:deposited|placed|held) in(?:to)? (?:.{0,60}?trust account|trust\b)`,
		Not:      otherSPAC + `|` + overAllotment + `|` + afterIPO,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		// The deposit of an over-allotment exercise gives the per-unit amount, not the size.
		ID: "offering.trust_per_unit_overallotment", Emit: rule.Emit{"pu": spac.FieldTrustPerUnit},
		Pattern:  `(?i){money},? \({pu:money} per (?:unit|public share|share)\) (?:was|were|has been|will be) (?:deposited|placed) in(?:to)? .{0,60}?trust account`,
		Must:     `(?i)over-?allotment|partial exercise`,
		Classes:  current,
		Priority: 10,
	},
	{
		ID: "offering.trust_per_unit_then_amount", Emit: rule.Emit{"pu": spac.FieldTrustPerUnit, "v": spac.FieldTrustSize},
		Pattern:  `(?i){pu:money} per (?:unit|public share)(?: sold in this offering)?,? or {v:money} in the aggregate.*?(?:deposited|placed|held) in(?:to)? .{0,60}?trust account`,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		ID: "offering.trust_total_placed", Emit: rule.One(spac.FieldTrustSize),
		Pattern: `(?i)(?:(?:a total of|an aggregate (?:amount )?of|an amount of) {v:money}|{v:money} in the aggregate)(?:[^⟦(]|\([^)]*\))*?` +
			`(?:was|were|has been|have been|will be) (?:placed|deposited|held) in(?:to)? (?:a|the|its|the Company` + ap + `s) .{0,60}?trust\b`,
		Not:      overAllotment + `|deferred underwriting|extension|interest`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.trust_of_which_held", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)net proceeds[^.]*?, of which {v:money} (?:will be|was|is|has been) (?:held|placed|deposited) in (?:the|a) trust account`,
		Not:      overAllotment + `|extension`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// An over-allotment report's stated new aggregate.
		ID: "offering.trust_bringing_aggregate", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)bringing the (?:aggregate |total )?amount (?:held |deposited |placed )?in(?:to)? the trust account to {v:money}`,
		Classes:  current,
		Priority: 11,
	},
	{
		// The cell may give the amount per unit first ("$10.00 per unit, for a total of $X"):
		// the total is the size; a per-unit amount alone is none.
		ID: "offering.trust_table", Emit: rule.Emit{"v": spac.FieldTrustSize, "pu": spac.FieldTrustPerUnit},
		Pattern: `(?i)^(?:amount (?:placed|to be (?:placed|held|deposited)|held) in (?:the )?trust account|amounts to be held in trust account)[^|]{0,12}\| (?:\$ \| )?` +
			`(?:{pu:money} per (?:unit|public share|share),? (?:for a total of|or|totaling) )?{v:money}(?:$|[^ ]| [^p])`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		ID: "offering.trust_per_unit_equal", Emit: rule.One(spac.FieldTrustPerUnit),
		Pattern:  `(?i)(?:amount equal to|amount in the trust account will initially be|initially anticipated to be) {v:money} per (?:unit|public share|share)`,
		Not:      `(?i)extension|less than`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
	},
	// deadline_months
	{
		ID: "offering.deadline_within", Emit: rule.One(spac.FieldDeadlineMonths),
		Pattern:  `(?i)(?:within|have|until|date that is) {v:duration} (?:from|after|of|following) the (?:closing|consummation|completion) of (?:this|the|our) (?:offering|initial public offering|ipo)`,
		Not:      `(?i)warrants? (?:will )?become exercisable|exercisable|36 months`,
		Classes:  ipoForms,
		Priority: 10,
	},
	// sponsor
	{
		ID: "offering.sponsor_defined", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?i)` + q + `sponsor` + eq + `,? (?:are|is|refers?) to {v:org}`,
		Classes:  prospectus,
		Priority: 12,
	},
	{
		ID: "offering.sponsor_apposition", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?:(?:^|[.,;:] |\b)(?:Our|our|The|the|Its|its) sponsor, {v:org},|{v:org}, (?:the Company` + ap + `s|our|its) sponsor\b)`,
		Not:      otherSPAC + `|controlled by`,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		ID: "offering.sponsor_parenthesis", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `{v:org}(?:, a [^()⟦]{0,60}?)?,? \((?:our|the) ` + q + `(?:[Ss]ponsor)` + eq + `\)`,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		ID: "offering.sponsor_is", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?:Company` + ap + `s|\b[Oo]ur) sponsor is {v:org}`,
		Not:      otherSPAC,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		// The buyer of the private placement, when its name says it is the sponsor.
		ID: "offering.sponsor_private_buyer", Produce: sponsorNamed, Gives: []string{spac.FieldSponsor},
		Pattern:  `(?i)(?:private placement|private sale|sale) of {warrants|units}[^⟦]*?(?:⟦money \d+⟧[^⟦]*?)?\bto {v:org}`,
		Not:      otherSPAC + `|additional`,
		Classes:  ipoForms,
		Priority: 10,
	},
	// private_placement
	{
		ID: "offering.private_placement_aggregate", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern: `(?i)(?:sponsor|private placement|private sale|sale of {warrants}).*?(?:\({v:money} in the aggregate|aggregate (?:purchase price|gross proceeds) of {v:money}` +
			`|(?:generating|resulting in) (?:total |gross |aggregate )*proceeds (?:to the company )?of {v:money}|generating {v:money} (?:of|in) (?:total |gross |aggregate )*proceeds)`,
		Must:     `(?i)private placement|private sale|⟦warrants \d+⟧`,
		Not:      `(?i)working capital|promissory|up to|extension|over-?allotment option (?:was|has been) exercised|additional (?:private|⟦warrants)`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "the private sale of 1,500,000 warrants to its officers and directors for total
		// proceeds of $1,500,000": no other figure between the securities and their proceeds.
		ID: "offering.private_sale_total_proceeds", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)private (?:sale|placement) of {warrants|units}[^⟦.]{0,120}? for (?:total|aggregate|gross) proceeds of {v:money}`,
		Not:      `(?i)working capital|promissory|up to|extension|additional`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// Use of proceeds table; the rows below the first carry no "$", so the figure is a count.
		ID: "offering.private_placement_table", Produce: dollars(spac.FieldPrivatePlacement), Gives: []string{spac.FieldPrivatePlacement},
		Pattern:  `(?i)^gross proceeds from (?:the )?(?:sale of (?:the )?)?private placement[^|]{0,30}\| (?:\$ \| )?{v:money|count}`,
		Classes:  prospectus,
		Priority: 12,
	},
	// ipo_date, ipo_gross_proceeds and the searching status of an IPO closing
	{
		ID: "offering.ipo_date_consummated", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)\bOn {v:date},? ` + notDate + `*?(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|\b(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords + `(?: \([^)]{0,40}\))?(?: of {units})?,? on {v:date}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  current,
		Priority: 10,
	},
	{
		ID: "offering.ipo_date_passive", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)` + ipoWords + `[^⟦]*?(?:was|were) (?:consummated|completed|closed) on {v:date}` +
			`|\bOn {v:date},? the ` + ipoWords + `\b` + notDate + `*?,? (?:was|were) (?:consummated|completed|closed)\b`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  current,
		Priority: 9,
	},
	{
		// "the initial public offering of units which took place on <date>"
		ID: "offering.ipo_date_took_place", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)` + ipoWords + `(?: of (?:its |our |the )?units)?,? (?:which|that) (?:took place|occurred) on {v:date}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  current,
		Priority: 9,
	},
	{
		// A release dated the day it reports the IPO done: "<date> - Acme Acquisition Corp.
		// (...) announced today that it has completed its initial public offering". A closing
		// date stated in the sentence is read by the rules above; "announced today the closing
		// of" is not read (the closing may be an earlier day).
		ID: "offering.ipo_date_dateline", Emit: rule.One(spac.FieldIPODate),
		Pattern: `{v:date}[^⟦]{0,40}?(?:--|[-–—/]) ?{org}(?: ?\([^)]*\)){0,3}(?:,? [^⟦.]{0,80}?)? (?:announced today|today announced) that it has ` +
			`(?:completed|consummated|closed) (?:its|the|an) (?:upsized )?` + ipoWords,
		Not:      otherSPAC,
		Never:    `(?i)` + ipoWords + `[^.]{0,120}?\b(?:on|as of) ⟦date \d+⟧|over-?allotment`,
		Classes:  current,
		Priority: 8,
	},
	{
		ID: "offering.ipo_date_on", Emit: rule.One(spac.FieldIPODate),
		Pattern: `(?i)(?:following|upon|after) the (?:closing|consummation) of (?:the|its|our) ` + ipoWords + ` on {v:date}` +
			`|(?:pursuant to|in) (?:the|its) ` + ipoWords + ` on {v:date},? the Company sold`,
		Not:      otherSPAC,
		Classes:  current,
		Priority: 9,
	},
	{
		ID: "offering.gross_proceeds", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)(?:generating|resulting in|resulted in|results in|for|with) (?:total |aggregate )*gross proceeds (?:to the company )?of {v:money}`,
		Must:     `(?i)` + ipoWords + `|units`,
		Not:      overAllotment + `|private placement|warrants|anchor|previously`,
		Classes:  current,
		Priority: 10,
	},
	{
		// An over-allotment report's stated new total.
		ID: "offering.gross_proceeds_increased", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern: `(?i)(?:aggregate|total) gross proceeds (?:from the (?:IPO|offering) )?(?:increased|increases|was increased) to {v:money}` +
			`|bringing the (?:aggregate |total )*gross proceeds (?:of|from) (?:the|its|our) ` + ipoWords + ` to {v:money}`,
		Classes:  current,
		Priority: 11,
	},
	{
		ID: "offering.gross_proceeds_headline", Produce: scaledMoney(spac.FieldIPOGrossProceeds), Gives: []string{spac.FieldIPOGrossProceeds},
		// "$115 Million": the money recogniser reads the scale word only in lower case.
		Pattern:  `(?i)announces? (?:the )?closing of (?:its |an )?{v:money}(?P<scale> million| billion)? (?:upsized )?(?:initial public offering|IPO)\b`,
		Classes:  current,
		Priority: 9,
	},
	{
		// Use of proceeds table: the first column is the offering without the over-allotment.
		ID: "offering.gross_proceeds_table", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)^gross proceeds from units offered to (?:the )?public[^|]{0,20}\| (?:\$ \| )?{v:money}`,
		Classes:  prospectus,
		Priority: 9,
	},
	{
		// Cover pricing table: per unit, then the total.
		ID: "offering.gross_proceeds_pricing_table", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)^public offering price[^|]{0,20}\| (?:\$ \| )?{money} \| (?:\$ \| )?{v:money}(?: \||$)`,
		Classes:  prospectus,
		Priority: 8,
	},
	{
		ID: "offering.ipo_closed_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern: `(?i)(?P<v>(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords +
			`|announce[sd]? (?:today )?(?:the )?closing of (?:its |an |the )?(?:{money}(?: million| billion)? )?(?:upsized )?` + ipoWords +
			`|\bOn {date},? the ` + ipoWords + `\b` + notDate + `*?,? (?:was|were) (?:consummated|completed|closed)\b` +
			`|(?:following|upon|after) the (?:closing|consummation) of (?:the|its|our) ` + ipoWords + ` on {date}` +
			`|(?:pursuant to|in) (?:the|its) ` + ipoWords + ` on {date},? the Company sold|\bIPO consisted of {units})`,
		Not:      otherSPAC + `|` + hypothetical,
		Classes:  current,
		Items:    []string{"8.01", "3.02", "7.01", "1.01"},
		Priority: 10,
	},
	{
		// The trust funded from the IPO's proceeds: the IPO has closed.
		ID: "offering.ipo_trust_funded_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?:closing|consummation) of (?:the|its|our) (?:initial public offering|IPO)\b[^.]*?(?P<v>(?:was|were|has been) placed in (?:a|the|its|the Company` + ap + `s) trust account)`,
		Not:      otherSPAC + `|` + hypothetical,
		Never:    `(?i)extension|redeem|redemption|business combination agreement|merger agreement|liquidat`,
		Classes:  current,
		Items:    []string{"8.01", "3.02", "7.01", "1.01"},
		Priority: 5,
	},
	// exchange and tickers
	{
		ID: "offering.units_listed_symbol", Emit: rule.Emit{"v": spac.FieldTickerUnits, "ex": spac.FieldExchange},
		Pattern: `(?i)(?:\bunits [^⟦]*?(?:listed|list|trade|traded|trading|quoted|listing)|(?:list|listed|quote|quoted) (?:our |the )?units) on (?:the )?{ex:exchange}` +
			listGap + `{0,120}?under the (?:ticker |trading )?symbol {v:ticker}`,
		Not:      otherSPAC + `|` + notListed,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		ID: "offering.class_symbols", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|ordinary|common|shares|warrants|rights)` + classGap + `*?)under the (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,? (?:and )?(?:{ticker}|` + bareSymbol + `)){1,3})`,
		Not:      otherSPAC + `|` + notListed + `|new symbols|combined company`,
		Classes:  ipoForms,
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
		Pattern: `(?:^|--|[-–—/] |⟦date \d+⟧,? )\s?(?P<org>{org})(?P<term> \((?:the )?` + q + `\w+` + eq + `\))? ?` +
			`\((?P<ex>{exchange}): ?(?P<syms>{ticker}(?:, ?{ticker}){0,4})\)(?P<tail>(?:[^⟦]|⟦ticker \d+⟧){0,160})`,
		Never:    otherSPAC,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		Priority: 9,
	},
	{
		ID: "offering.listed_on", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)\b(?:list(?:ed)?|approved for listing|trade|traded) (?:our |the )?(?:units )?on (?:the )?{v:exchange}`,
		Not:      otherSPAC + `|` + notListed + `|rules require`,
		Classes:  ipoForms,
		Priority: 8,
	},
	// underwriters
	{
		ID: "offering.underwriters_acting", Produce: firms, Gives: []string{spac.FieldUnderwriter},
		Pattern:  `(?i)(?P<v>{org}(?:,? (?:and )?{org}){0,6}),? (?:are|is|acted|will act|served) (?:acting |serving )?as (?:the )?(?:sole |joint |lead |global |co-)*(?:book-?running managers?|book-?runners?|representatives?|underwriters?|co-?managers?)`,
		Not:      `(?i)counsel|division of ⟦org \d+⟧,? [^⟦]*$`,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		// "EF Hutton, division of Benchmark Investments, LLC": the division is the name.
		ID: "offering.underwriter_division", Emit: rule.One(spac.FieldUnderwriter),
		Pattern:  `(?:^|, and |\. )(?P<v>[A-Z][\w&.'’-]*(?: [A-Z][\w&.'’-]*){0,4},? (?:a )?division of {org}),? (?:acted|is acting|are acting|will act|served) as (?:the )?(?:sole |joint |lead |co-)*(?:book-?running managers?|representatives?|underwriters?|co-?managers?)`,
		Classes:  ipoForms,
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
		ID: "offering.underwriter_agreement_with", Emit: rule.One(spac.FieldUnderwriter),
		Pattern:  `(?i)underwriting agreement[^⟦.]{0,40}? with {v:org},? as (?:the )?representatives? of the (?:several )?underwriters`,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		ID: "offering.underwriters_bookrunners", Produce: firms, Gives: []string{spac.FieldUnderwriter},
		Pattern:  `(?i)^(?:sole |joint |lead )*book-?running managers?(?: \|)?(?P<v>(?: \|? ?{org})+)`,
		Classes:  prospectus,
		Priority: 10,
	},
	// state_of_inc: written out, it wins over the SGML header's EDGAR code ("E9").
	{
		ID: "offering.state_incorporated", Emit: rule.One(spac.FieldStateOfInc),
		// The subject is the company itself: "we", "the Company", or its name defined as the
		// Company or described as a blank check company.
		Pattern: `(?:\b(?:We|we|The Company|the Company|The Registrant|the Registrant) (?:is|was|are|were)` +
			`|{org} \((?:the )?` + q + `(?:Company|Registrant)` + eq + `[^)]{0,40}\),? (?:is|was)` +
			`|{org} is (?:a|an) (?:newly[- ]organized |newly[- ]incorporated |recently formed |early stage )?(?:blank check|special purpose acquisition) company)` +
			`[^.⟦]{0,80}?\b(?:incorporated|formed|organized)` +
			`(?: as (?:a|an) (?P<v>` + jurisdiction + `) (?:exempted |business |limited liability )*(?:company|corporation)` +
			`| in (?:the )?(?:State of )?(?P<v>` + jurisdiction + `)\b| under the laws of (?:the )?(?:State of )?(?P<v>` + jurisdiction + `)\b)`,
		Not:      otherSPAC,
		Never:    notOwnJurisdiction,
		Classes:  []doc.Class{doc.Prospectus, doc.Periodic},
		NotKinds: notStated,
		Priority: 99,
	},
	{
		ID: "offering.state_is_a", Emit: rule.One(spac.FieldStateOfInc),
		Pattern:  `\b(?:We|we|The Company|the Company) (?:is|are) (?:a|an) (?P<v>` + jurisdiction + `) (?:exempted company|corporation|business company|limited liability company)\b`,
		Not:      otherSPAC,
		Never:    notOwnJurisdiction,
		Classes:  []doc.Class{doc.Prospectus, doc.Periodic},
		NotKinds: notStated,
		Priority: 99,
	},
}

// tableSymbols reads the "Proposed Nasdaq symbols | Units: “X” ..." row of a prospectus
// summary: the exchange, and each "Class: “SYMBOL”" pair in the cells.
func tableSymbols(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("ex") {
		out = append(out, m.Cite(spac.FieldExchange, e.Value, e))
	}
	cells := m.Text("cells")
	syms := tickersIn(m, "cells")
	at := 0
	for _, e := range syms {
		rel := e.Start - m.Start("cells")
		if rel < at || rel > len(cells) {
			continue
		}
		if f := lastClass(cells[at:rel]); f != "" {
			out = append(out, m.Cite(f, e.Value, e))
		}
		at = rel
	}
	return out
}

// lastClass returns the ticker field of the last class named in text ("| Units: " -> units).
func lastClass(text string) string {
	fields := classOrder(text)
	if len(fields) == 0 {
		return ""
	}
	return fields[len(fields)-1]
}

// unitsSymbolRe is a symbol of listed units ("CRAQ.U", "CBFQU", "ABC U").
var unitsSymbolRe = regexp.MustCompile(`^[A-Z]{3,4}(?:[.\- ]U|U)$`)

// notPublicRe marks a quantity of units that are not the public offering's.
var notPublicRe = regexp.MustCompile(`(?i)private|placement|founder|sponsor|anchor|additional|representative`)

// publicUnits emits the units of slot v (and the price of slot p) unless the quantity names
// units that are not the public's ("545,000 Private Placement Units").
func publicUnits(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind != entity.Units || notPublicRe.MatchString(m.Text("v")) || !e.Num.IsInt() {
			return nil
		}
		out = append(out, m.Cite(spac.FieldUnitsOffered, e.Num.Num().String(), e))
	}
	for _, e := range m.Entities("p") {
		out = append(out, m.Cite(spac.FieldUnitPrice, e.Num.FloatString(4), e))
	}
	return out
}

// span cites value on the sentence's text [start, end).
func span(m *rule.Match, field, value string, start, end int) rule.Out {
	return m.Cite(field, value, entity.Entity{Start: start, End: end, CoreStart: start, CoreEnd: end})
}

// joinedStructure joins the bullets of a unit's components: "a and b", "a, b and c".
func joinedStructure(m *rule.Match) []rule.Out {
	parts := []string{}
	for _, slot := range []string{"a", "b", "c"} {
		if t := strings.Join(strings.Fields(m.Text(slot)), " "); t != "" {
			parts = append(parts, t)
		}
	}
	if len(parts) < 2 {
		return nil
	}
	value := strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	start := m.Start("a")
	return []rule.Out{span(m, spac.FieldUnitStructure, value, start, start+len(m.Text("a")))}
}

// firmEndRe is the legal form that ends a firm's name ("& Co." is left out: "Goldman Sachs &
// Co. LLC" goes on).
var firmEndRe = regexp.MustCompile(`\b(?:Inc\.?|LLC|L\.L\.C\.|L\.P\.|LP|Ltd\.?|Limited|Corp\.?|Corporation|plc|N\.A\.)(?:\s|$)`)

// firms emits each organisation of slot v as an underwriter; names that a table cell runs
// together ("Penrose Lyle & Co. LLC Wexcombe Capital LLC") are cut after each legal form that
// another name follows.
func firms(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind != entity.Org {
			continue
		}
		name := m.Text("v")[e.Start-m.Start("v") : e.End-m.Start("v")]
		from := 0
		for _, loc := range firmEndRe.FindAllStringIndex(name, -1) {
			head := strings.TrimRightFunc(name[:loc[1]], unicode.IsSpace)
			rest := strings.TrimLeftFunc(name[loc[1]:], unicode.IsSpace)
			next := firmEndRe.FindStringIndex(rest)
			if rest == "" || !unicode.IsUpper([]rune(rest)[0]) || next == nil || next[0] == 0 {
				continue
			}
			out = append(out, span(m, spac.FieldUnderwriter, strings.Join(strings.Fields(name[from:len(head)]), " "), e.Start+from, e.Start+len(head)))
			from = len(name) - len(rest)
		}
		out = append(out, span(m, spac.FieldUnderwriter, strings.Join(strings.Fields(name[from:]), " "), e.Start+from, e.End))
	}
	return out
}

// shortFirm is a firm's name without its legal form: up to four capitalised words.
const shortFirm = `[A-Z][\w&'’/.-]*(?: (?:[A-Z][\w&'’/.-]*|&)){0,3}`

var (
	shortFirmSplitRe = regexp.MustCompile(`,? and |, `)
	// notFirmRe: words that start a sentence or name a role, not a firm.
	notFirmRe = regexp.MustCompile(`^(?:The|This|That|These|Those|It|Its|We|Our|They|Their|He|She|His|Her|Each|Both|Such|Which|Who|All|Any|No|None|One|Neither|Either|` +
		`Also|Additionally|Further|Furthermore|Moreover|However|Previously|Currently|Accordingly|Separately|Similarly|Together|Jointly|Finally|Today|Here|There|Then|Thus|` +
		`Company|Registrant|Sponsor|Management|Counsel|Underwriters?|Representatives?|Mr|Ms|Mrs|Dr)\b`)
)

// shortFirms emits each firm of slot v ("Roth and Craig-Hallum"), not a name that starts with
// a sentence's or a role's word ("The Underwriters acted as ...", "Also, Roth acted ...").
func shortFirms(m *rule.Match) []rule.Out {
	text, start := m.Text("v"), m.Start("v")
	var out []rule.Out
	at := 0
	for _, name := range shortFirmSplitRe.Split(text, -1) {
		i := strings.Index(text[at:], name) + at
		at = i + len(name)
		if name == "" || notFirmRe.MatchString(name) {
			continue
		}
		out = append(out, span(m, spac.FieldUnderwriter, name, start+i, start+i+len(name)))
	}
	return out
}

// sponsorNamed emits the organisation of slot v as the sponsor when its name says so.
func sponsorNamed(m *rule.Match) []rule.Out {
	var out []rule.Out
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org && strings.Contains(e.Value, "Sponsor") {
			out = append(out, m.Cite(spac.FieldSponsor, e.Value, e))
		}
	}
	return out
}

// dollars is the production of an amount given as money or as a bare figure (a table cell
// under a "$" column).
func dollars(field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		for _, e := range m.Entities("v") {
			if (e.Kind == entity.Money || e.Kind == entity.Count) && e.Num != nil {
				out = append(out, m.Cite(field, e.Num.FloatString(2), e))
			}
		}
		return out
	}
}

// scaledMoney is the production of money followed by a scale word in slot scale.
func scaledMoney(field string) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		var out []rule.Out
		scale := strings.ToLower(strings.TrimSpace(m.Text("scale")))
		for _, e := range m.Entities("v") {
			if e.Kind != entity.Money {
				continue
			}
			v, end := new(big.Rat).Set(e.Num), e.End
			if scale != "" {
				mult := map[string]int64{"million": 1_000_000, "billion": 1_000_000_000}[scale]
				v.Mul(v, new(big.Rat).SetInt64(mult))
				end = m.Start("scale") + len(m.Text("scale"))
			}
			out = append(out, span(m, field, v.FloatString(2), e.Start, end))
		}
		return out
	}
}
