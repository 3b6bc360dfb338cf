package offering

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	// "On March 10, 2021, Maple Ridge Acquisition Corp. (the "Company") consummated its
	// initial public offering (the "IPO") of 20,000,000 units".
	consummatedRe = re(`On (` + t.Date + `),? .{0,250}?(consummated (?:its|the|an) (?:initial public offering|IPO))(?: \(the ` + t.AnyQuote + `(?:IPO|Initial Public Offering|Offering)` + t.AnyQuote + `\))?(?: of (` + t.Count + `) [Uu]nits)?`)
	closingPRRe   = re(`(?i)(?:announced|announces) (?:today )?the closing of its (?:upsized )?(?:initial public offering|IPO) of (` + t.Count + `) units`)
	grossRe       = re(`(?i)(?:generating|resulting in|for) (?:total |aggregate )?gross proceeds (?:to the Company )?of (` + t.Money + `)`)
	trustTotalRes = []*regexp.Regexp{
		re(`(?i)(?:a total of|an aggregate of|an amount of) (` + t.Money + `)[^$]{0,250}?(?:was|were|has been|have been) (?:placed|deposited) in(?:to)? (?:a|the) .{0,60}?trust account`),
		re(`(` + t.Money + `) \((` + t.Price + `) per [Uu]nit\)[^$]{0,200}?(?:was|were|has been|have been) (?:placed|deposited) in(?:to)? (?:a|the) .{0,60}?trust account`),
	}
	trustPerUnitRe = re(`(?i)amount equal to (` + t.Price + `) per (?:unit|public share)[^$]{0,60}?(?:was|has been|were|will be) (?:deposited|placed) in(?:to)? (?:a|the) .{0,60}?trust account`)
)

// Closing extracts the IPO closing from an 8-K (Item 8.01 / 3.02) and its EX-99.1 press
// release: ipo_date, units_offered, ipo_gross_proceeds, trust_size, trust_per_unit and the
// status searching, cited to the "consummated its initial public offering" sentence.
// It returns nil when the filing does not report an IPO closing.
func Closing(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.ScopeTo(func(d spac.Document) bool {
		return d.Sequence <= 1 || strings.HasPrefix(strings.ToUpper(d.Type), "EX-99")
	})
	m, ok := e.Find(consummatedRe)
	if !ok {
		return nil
	}
	e.Header()
	e.Date(spac.FieldIPODate, m.Line, m.Group(1))
	e.Int(spac.FieldUnitsOffered, m.Line, m.Group(3))
	e.Status(spac.StatusSearching, m.Line, m.Group(2))
	ClosingTerms(e)
	return e.Facts()
}

// ClosingTerms emits the amounts of an IPO closing report (8-K or press release).
func ClosingTerms(e *emit.Emitter) {
	if !e.Has(spac.FieldUnitsOffered) {
		firstGroup(e, spac.FieldUnitsOffered, e.Int, closingPRRe)
	}
	firstGroup(e, spac.FieldIPOGrossProceeds, e.Money, grossRe)
	if m, ok := e.FindFirst(trustTotalRes...); ok {
		e.Money(spac.FieldTrustSize, m.Line, m.Group(1))
		e.Price(spac.FieldTrustPerUnit, m.Line, m.Group(2))
	}
	if !e.Has(spac.FieldTrustPerUnit) {
		firstGroup(e, spac.FieldTrustPerUnit, e.Price, trustPerUnitRe)
	}
}
