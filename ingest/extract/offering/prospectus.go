// Package offering extracts the IPO terms of a SPAC: the registration statement and
// prospectus (S-1, S-1/A, 424B4, and 424B1/424B3 when they are IPO prospectuses) and the
// IPO-closing 8-K with its press release. Wording follows /tmp/phrases.md and real filings
// (the Learn CW S-1 in ../shared/realdata).
package offering

import (
	"regexp"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

var (
	unitPriceRes = []*regexp.Regexp{
		re(`Each unit has an offering price of (` + t.Price + `)`),
		re(`\b[\d,]+ [Uu]nits,? at (` + t.Price + `) per [Uu]nit`),
		re(`(?i)public offering price of (` + t.Price + `) per unit`),
		re(`(?i)\bunits at a price of (` + t.Price + `) per unit`),
	}
	unitsOfferedRes = []*regexp.Regexp{
		re(`\b(` + t.Count + `) [Uu]nits,? at \$[\d.]+ per [Uu]nit`),
		re(`^(\d{1,3}(?:,\d{3}){2}) Units$`),
		re(`(?i)initial public offering of (` + t.Count + `) units`),
		re(`(?i)\boffering (` + t.Count + `) units`),
	}
	rightsUnitRe    = re(`(?i)\bconsist(?:s|ing) of:? (one (?:share of )?(?:Class A|ordinary|common)[^.;]{0,150}?rights? to receive [^.;]{3,80}?(?:shares?|stock))(?:[.;,]|\s*$)`)
	unitStructureRe = re(`(?i)\bconsist(?:s|ing) of:? (one (?:share of )?(?:Class A|ordinary|common)[^.;]{0,150}?(?:warrants?|rights?))(?:[.;(]|,\s*(?:each|with|subject)|\s*$)`)
	warrantPriceRes = []*regexp.Regexp{
		re(`(?i)each whole warrant (?:entitles|will entitle) (?:its|the) holders? (?:thereof )?to purchase one [^$]{0,120}?at (?:a price|an exercise price) of (` + t.Price + `)`),
		re(`(?i)\bexercise price of (` + t.Price + `)(?: per (?:whole )?share)`),
		re(`^Exercise price(?: \|)? (` + t.Price + `) per`),
	}
	trustRes = []*regexp.Regexp{
		re(`(` + t.Money + `),? or ` + t.Money + ` if the underwriters?(?:` + t.Apostrophe + `s?)? [^()]{0,160}?\((` + t.Price + `) per (?:unit|share)(?: in either case)?\).{0,80}?trust account`),
		re(`(` + t.Money + `) \((` + t.Price + `) per [Uu]nit\).{0,160}?(?:deposited|placed) in(?:to)? .{0,60}?trust account`),
	}
	deadlineMonthsRe = re(`(?i)within ((?:[a-z-]+ \()?\d+\)? months|[a-z]+(?:-[a-z]+)? months) (?:from|after|of) the (?:closing|consummation) of (?:this|the|our) (?:offering|initial public offering|IPO)`)
	sponsorRes       = []*regexp.Regexp{
		re(`(?:^|[.,;:] )(?:Our|our|The|the) sponsor, ([A-Z][\w&.,'’ -]{1,80}?` + entitySuffix + `),? (?:has|have|will|is|which|a )`),
		re(`([A-Z][\w&.'’-]*(?: [A-Z&][\w&.'’-]*)* Sponsor,? ` + entitySuffix + `),? (?:has|have) (?:agreed|committed) to purchase`),
		re(`([A-Z][\w&.'’-]*(?: [A-Z&][\w&.'’-]*)*,? ` + entitySuffix + `),? \((?:our|the) ` + t.OpenQuote + `[Ss]ponsor` + t.CloseQuote + `\)`),
	}
	privatePlacementRe = re(`(?i)(?:sponsor|private placement)[^.]{0,60}?(?:has|have) (?:agreed|committed)[^;]{0,500}?(?:\((` + t.Money + `) in the aggregate\b|aggregate (?:purchase price )?of (` + t.Money + `))`)
	sectorRe           = re(`(?i)focus (?:our|its) search (?:on|for)[^.]{0,60}? (?:in|within|on) the ([a-z][^.;()]{1,100}?)\s*(?:\([^)]*\)\s*)?(?:industry|industries|sector|sectors|space|market|markets|verticals?)\b`)
)

// entitySuffix ends a legal entity name ("LLC", "L.P.", "Ltd.").
const entitySuffix = `(?:LLC|L\.L\.C\.|LP|L\.P\.|Ltd\.?|Limited|Inc\.|Corp\.?|Corporation|Holdings)`

// Prospectus extracts the offering terms of an S-1 or IPO prospectus. S-1 sets pre_ipo; a
// 424B4 alone does not change status (phrases contract).
func Prospectus(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	firstGroup(e, spac.FieldUnitPrice, e.Price, unitPriceRes...)
	firstGroup(e, spac.FieldUnitsOffered, e.Int, unitsOfferedRes...)
	firstGroup(e, spac.FieldUnitStructure, e.Text, rightsUnitRe, unitStructureRe)
	firstGroup(e, spac.FieldWarrantExercise, e.Price, warrantPriceRes...)
	if m, ok := e.FindFirst(trustRes...); ok {
		e.Money(spac.FieldTrustSize, m.Line, m.Group(1))
		e.Price(spac.FieldTrustPerUnit, m.Line, m.Group(2))
	}
	firstGroup(e, spac.FieldDeadlineMonths, e.Int, deadlineMonthsRe)
	firstGroup(e, spac.FieldSponsor, e.Text, sponsorRes...)
	if m, ok := e.Find(privatePlacementRe); ok {
		e.Money(spac.FieldPrivatePlacement, m.Line, m.Group(1)+m.Group(2))
	}
	firstGroup(e, spac.FieldSector, e.Text, sectorRe)
	Listing(e)
	Underwriters(e)
	if r.Filing.BaseForm() == "S-1" || r.Filing.BaseForm() == "F-1" {
		e.FormStatus(spac.StatusPreIPO)
	}
	return e.Facts()
}

// firstGroup emits field from submatch 1 of the first pattern that matches.
func firstGroup(e *emit.Emitter, field string, add func(string, int, string) bool, res ...*regexp.Regexp) {
	for _, x := range res {
		for _, m := range e.FindAll(x) {
			if add(field, m.Line, m.Group(1)) {
				return
			}
		}
	}
}
