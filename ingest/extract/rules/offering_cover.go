package rules

import (
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// offeringCover: the first paragraph of a prospectus's cover, read as the cover states it in
// every era - the offering in the first person ("We are offering 7,500,000 units", with or
// without the price), and the time the company has ("We will have 24 months to consummate a
// business combination", anchored to no event). Part of the offering family (offering.go).

// notOffered vetoes a sentence whose offer is not the public's units alone: the
// representative's purchase option, a count with the over-allotment in it, private units,
// units "up to" a cap.
const notOffered = `(?i)\boption\b|over-?allotment|private|placement|sponsor|insider|founder|\bup to\b|additional|representative`

var offeringCover = []*rule.Rule{
	{
		// "We are offering 27,500,000 units (the “Units”) at a per Unit price of ...", "The
		// Company is offering 5,000,000 units." The sentence opens with the offer: a later
		// clause about an option or private units never reaches the count.
		ID: "offering.units_we_are_offering", Produce: publicUnits, Gives: []string{spac.FieldUnitsOffered},
		Pattern:  `(?i)^(?:We|The Company|{org}) (?:are|is) (?:hereby )?(?:offering|selling) {v:units}(?:[ ,.;(]|$)`,
		Not:      otherSPAC,
		Never:    notOffered,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "We will have 24 months to consummate a Business Combination", "we have 18 months in
		// which to complete our initial business combination": the time from the offering,
		// stated without its anchor. The sentence opens with it, so a conditional extension
		// after it ("plus six months if ...", "(or up to 18 months if we extend ...)") is not
		// read, and "We would have", "we will have up to", "an additional" never match.
		ID: "offering.deadline_we_have", Emit: rule.One(spac.FieldDeadlineMonths),
		Pattern:  `(?i)^(?:We|The Company) (?:will |shall )?(?:have|has|will have) (?:only )?{v:duration} (?:\([^)]{0,80}\) )?(?:in which )?to (?:consummate|complete|effect|effectuate) (?:a|an|our|its|the) (?:initial )?business (?:combination|transaction)`,
		Not:      otherSPAC,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "we will have up to 21 months from the date of this prospectus to consummate our
		// initial business transaction": the whole period, anchored to the offering. A sentence
		// that speaks of extending (where "up to" is the extended period's cap) is not read.
		ID: "offering.deadline_up_to", Emit: rule.One(spac.FieldDeadlineMonths),
		Pattern:  `(?i)\bwe (?:will|shall) have up to {v:duration} from (?:the (?:closing|consummation) of (?:this|our) (?:offering|initial public offering)|the date of this prospectus) to (?:consummate|complete|effect) (?:a|an|our|its|the) (?:initial )?business (?:combination|transaction)`,
		Not:      otherSPAC,
		Never:    `(?i)\bextend|extension|additional|\bif we\b|\bunless\b|\bor up to\b`,
		Classes:  prospectus,
		NotKinds: notStated,
		Priority: 9,
	},
	underwriterOneOfLead,
}

// underwriterOneOfLead widens the representative's apposition to a lead or joint manager
// named as one of several: "Cowen and Company, LLC, one of the lead underwriters in this
// offering", "X, one of the joint book-running managers of this offering". The firm named
// next to an affiliate ("an affiliate of X, one of the lead underwriters") is the underwriter;
// the affiliate is not.
var underwriterOneOfLead = &rule.Rule{
	ID: "offering.underwriter_one_of_lead", Emit: rule.One(spac.FieldUnderwriter),
	Pattern:  `{v:org},? one of the (?i:(?:lead|joint|co-lead|joint lead) (?:underwriters|book-?running managers|book-?runners))\b`,
	Never:    otherSPAC + `|(?i)\bnot (?:an? |the )?(?:underwriter|book-?running manager)`,
	Classes:  []doc.Class{doc.Prospectus, doc.Current, doc.Periodic, doc.Proxy},
	NotKinds: notStated,
	Priority: 9,
}

// feeTableHeadRe is what stands just before a count of units in a registration statement's fee
// table: the units row's title ("Units, each consisting of one Class A ordinary share and
// one-fourth of one redeemable warrant(2)") or the column's header ("Amount to be Registered").
// The count registered includes the over-allotment units, so it is never the offering.
// A short row title has only its footnote marks ("Units(1)(2)").
var feeTableHeadRe = textutil.MustStarts(`(?i)^units?\b[^|]{0,40}\b(?:consist|compris)|^\|?\s*units?(?:\s*\(\d\))+\s*\|?$|amount (?:to be|being) registered|registration fee|proposed maximum|title of each class`)

// feeTableLookback: how many sentences with words before a count may still be its row's title
// (the bare cell borders of a flattened table are passed over).
const feeTableLookback = 3

// coverLineUnits emits a count of units standing alone on its line (a cover's "12,500,000
// Units") unless the line is a cell of the registration fee table.
func coverLineUnits(m *rule.Match) []rule.Out {
	seen := 0
	for _, s := range m.Preceding(4 * feeTableLookback) {
		if !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			continue // a bare cell border or a blank cell
		}
		if feeTableHeadRe.MatchString(s) {
			return nil
		}
		if seen++; seen == feeTableLookback {
			break
		}
	}
	return publicUnits(m)
}
