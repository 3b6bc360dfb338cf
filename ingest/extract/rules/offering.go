package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Offering: the IPO terms of a prospectus (S-1, 424B4), the IPO-closing 8-K and its press
// release. Corpus: testdata/offering.corpus.

// overAllotment vetoes the figures of an over-allotment alternative or a later exercise.
const overAllotment = `(?i)over-?allotment option (?:was|has been) exercised|exercised (?:its|their|the) over-?allotment|additional units|partial exercise`

// otherSPAC vetoes sentences about the team's earlier SPACs.
const otherSPAC = `(?i)previously (?:sponsored|served|was)|prior (?:spac|blank check)|our (?:management|team).{0,40}(?:sponsored|formed|led)|track record`

const ipoWords = `(?:initial public offering|IPO|public offering|Offering)`

var offering = []*rule.Rule{
	// units_offered and unit_price
	{
		ID: "offering.units_at_price", Emit: rule.Emit{"v": spac.FieldUnitsOffered, "p": spac.FieldUnitPrice},
		Pattern:  `(?i)(?:offering|sold|sale of|consisting of|of) {v:units}(?:,? each consisting of [^⟦]*?)?(?: \([^)]*\))?,? (?:at|for) (?:a |an )?(?:public )?(?:offering )?(?:price of )?{p:money} per unit`,
		Not:      otherSPAC + `|` + overAllotment + `|private placement units|anchor`,
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
		ID: "offering.units_ipo_of", Emit: rule.One(spac.FieldUnitsOffered),
		Pattern:  `(?i)(?:consummated|closed|completed|closing of|announced the closing of) (?:its|the|an|our) (?:upsized )?` + ipoWords + `(?: \([^)]{0,40}\))? of {v:units}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 9,
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
	// unit_structure
	{
		ID: "offering.unit_structure", Emit: rule.One(spac.FieldUnitStructure),
		Pattern:  `(?i)\b(?:consists|consisting|consist) of:? (?P<v>one (?:share of |ordinary share|class a|common|public)[^.;⟦]*?(?:warrants?|rights?)(?: (?:entitling|to receive)[^.;⟦]{3,80}?(?:share|stock))?)(?:,? (?:upon|subject|each|with)\b|[.;(]|$)`,
		Not:      otherSPAC,
		Classes:  []doc.Class{doc.Prospectus, doc.Current},
		Priority: 10,
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
		Pattern:  `(?i)(?:^exercise price \| |\bexercise price of |exercisable (?:for|to purchase) one [^⟦]*?at (?:a price of )?){v:money} per (?:whole )?share`,
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
		Pattern:  `(?i)(?:a total of |an aggregate of |an amount of |amount of )?{v:money},? \((?:or )?{pu:money} per (?:unit|public share|share)\).*?(?:deposited|placed|held) in(?:to)? .{0,60}?trust account`,
		Not:      overAllotment,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		ID: "offering.trust_per_unit_then_amount", Emit: rule.Emit{"pu": spac.FieldTrustPerUnit, "v": spac.FieldTrustSize},
		Pattern:  `(?i){pu:money} per (?:unit|public share)(?: sold in this offering)?,? or {v:money} in the aggregate.*?(?:deposited|placed|held) in(?:to)? .{0,60}?trust account`,
		Classes:  ipoForms,
		Priority: 11,
	},
	{
		ID: "offering.trust_total_placed", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)(?:a total of|an aggregate of|an amount of) {v:money}[^⟦]*?(?:was|were|has been|have been|will be) (?:placed|deposited|held) in(?:to)? (?:a|the) .{0,60}?trust account`,
		Not:      overAllotment + `|deferred underwriting|extension|interest`,
		Classes:  ipoForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.trust_in_the_aggregate", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i){v:money} in the aggregate.*?(?:were|was) (?:placed|deposited) in(?:to)? (?:a|the) .{0,60}?trust account`,
		Not:      overAllotment,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		ID: "offering.trust_table", Emit: rule.One(spac.FieldTrustSize),
		Pattern:  `(?i)^(?:amount (?:placed|to be (?:placed|held|deposited)|held) in (?:the )?trust account|amounts to be held in trust account)[^|]{0,12}\| (?:\$ \| )?{v:money}`,
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
		Pattern:  `(?i)(?:within|have|until) {v:duration} (?:from|after|of|following) the (?:closing|consummation|completion) of (?:this|the|our) (?:offering|initial public offering|ipo)`,
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
		Pattern:  `(?:^|[.,;:] |\b)(?:Our|our|The|the) sponsor, {v:org},`,
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
		ID: "offering.sponsor_our_sponsor", Emit: rule.One(spac.FieldSponsor),
		Pattern:  `(?:^|\. ){v:org}, our sponsor,`,
		Classes:  ipoForms,
		Priority: 11,
	},
	// private_placement
	{
		ID: "offering.private_placement_aggregate", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)(?:sponsor|private placement).*?(?:\({v:money} in the aggregate|aggregate (?:purchase price|gross proceeds) of {v:money}|generating (?:total |gross |aggregate )*proceeds (?:to the company )?of {v:money})`,
		Must:     `(?i)private placement`,
		Not:      `(?i)working capital|promissory|up to|extension|over-?allotment option (?:was|has been) exercised|additional private`,
		Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "offering.private_placement_table", Emit: rule.One(spac.FieldPrivatePlacement),
		Pattern:  `(?i)^gross proceeds from (?:the )?private placement[^|]{0,30}\| (?:\$ \| )?{v:money}`,
		Classes:  prospectus,
		Priority: 12,
	},
	// ipo_date, ipo_gross_proceeds and the searching status of an IPO closing
	{
		ID: "offering.ipo_date_consummated", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)\bOn {v:date},? ` + notDate + `*?(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  current,
		Priority: 10,
	},
	{
		ID: "offering.ipo_date_passive", Emit: rule.One(spac.FieldIPODate),
		Pattern:  `(?i)` + ipoWords + `[^⟦]*?(?:was|were) (?:consummated|completed|closed) on {v:date}`,
		Not:      otherSPAC + `|` + overAllotment,
		Classes:  current,
		Priority: 9,
	},
	{
		ID: "offering.gross_proceeds", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)(?:generating|resulting in|for|with) (?:total |aggregate )*gross proceeds (?:to the company )?of {v:money}`,
		Must:     `(?i)` + ipoWords + `|units`,
		Not:      `(?i)private placement|warrants|over-?allotment|additional units|anchor|previously`,
		Classes:  current,
		Priority: 10,
	},
	{
		ID: "offering.gross_proceeds_table", Emit: rule.One(spac.FieldIPOGrossProceeds),
		Pattern:  `(?i)^(?:gross proceeds from units offered to (?:the )?public|public offering price)[^|]{0,20}\| (?:\$ \| )?[^|]*?\|? ?(?:\$ \| )?{v:money}$`,
		Classes:  prospectus,
		Priority: 8,
	},
	{
		ID: "offering.ipo_closed_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusSearching),
		Pattern:  `(?i)(?P<v>(?:consummated|completed|closed) (?:its|the|an|our) (?:upsized )?` + ipoWords + `|(?:announced|announces) (?:today )?the closing of its (?:upsized )?` + ipoWords + `)`,
		Not:      otherSPAC + `|` + hypothetical,
		Classes:  current,
		Items:    []string{"8.01", "3.02", "7.01", "1.01"},
		Priority: 10,
	},
	// exchange and tickers
	{
		ID: "offering.units_listed_symbol", Emit: rule.Emit{"v": spac.FieldTickerUnits, "ex": spac.FieldExchange},
		Pattern:  `(?i)(?:\bunits [^⟦]*?(?:listed|list|trade|traded|quoted|listing)|(?:list|listed|quote|quoted) (?:our |the )?units) on (?:the )?{ex:exchange}[^⟦]*?under the (?:ticker |trading )?symbol {v:ticker}`,
		Not:      otherSPAC,
		Classes:  ipoForms,
		Priority: 10,
	},
	{
		ID: "offering.class_symbols", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|ordinary|common|shares|warrants|rights)[^⟦]*?)under the (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,? (?:and )?{ticker}){1,3})`,
		Not:      otherSPAC + `|new symbols|combined company`,
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
		ID: "offering.listed_on", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)\b(?:list(?:ed)?|approved for listing|trade|traded) (?:our |the )?(?:units )?on (?:the )?{v:exchange}`,
		Not:      otherSPAC + `|rules require`,
		Classes:  ipoForms,
		Priority: 8,
	},
	// underwriters
	{
		ID: "offering.underwriters_acting", Emit: rule.One(spac.FieldUnderwriter), Each: entity.Org,
		Pattern:  `(?i)(?P<v>{org}(?:,? (?:and )?{org}){0,6}),? (?:are|is) (?:acting|serving) as (?:the )?(?:sole |joint |lead |global )*(?:book-?running managers?|book-?runners?|representatives?|underwriters?)`,
		Not:      `(?i)counsel`,
		Classes:  prospectus,
		Priority: 10,
	},
	{
		ID: "offering.underwriters_bookrunners", Emit: rule.One(spac.FieldUnderwriter), Each: entity.Org,
		Pattern:  `(?i)^(?:sole |joint |lead )*book-?running managers?(?: \|)?(?P<v>(?: \|? ?{org})+)`,
		Classes:  prospectus,
		Priority: 10,
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
