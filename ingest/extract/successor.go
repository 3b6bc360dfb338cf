package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The successor's cover: after the closing, the combined company files its 8-K under its new
// name, the SPAC's name on the cover's "(Former name or former address, if changed since last
// report)" line, and its classes under their new symbols in the Section 12(b) table. The cover
// then states the combined company's name and ticker, and (with Item 2.01 reported) that the
// combination closed.

var (
	registrantLabelRe = textutil.MustStarts(`(?i)^\(?\s*exact name of (?:the )?registrant as specified in (?:its |the )?charter`)
	formerLabelRe     = textutil.MustStarts(`(?i)^\(?\s*former name(?:,? former address)?(?: (?:or|and) former (?:address|fiscal year))*,? if changed since (?:the )?last report`)
	// coverLabelRe: a line of the cover that labels a field or belongs to another one (the
	// telephone line above an empty former name), not a name.
	coverLabelRe = textutil.MustStarts(`(?i)^\(|telephone|zip code|principal executive|area code|commission file|identification no|^not applicable$|^n/?a$|^none$`)
)

// prioritySuccessorName: the successor's name on its own cover wins over the names its text
// announces; its ticker does not (a cover filed on the closing day may still list symbols the
// text says are about to change).
const (
	prioritySuccessorName   = 12
	prioritySuccessorTicker = 8
	prioritySuccessorClosed = 29
)

// successorCover reads the cover of an 8-K whose registrant names a former name that is a
// company's: the registrant's name is the combined company's (new_name), the cover's share
// symbol its new ticker (when the cover lists no units), and with Item 2.01 the combination
// closed.
func (x *reader) successorCover() {
	if x.d.Class != doc.Current {
		return
	}
	name, nameLine, former, formerLine := x.coverNames()
	if name == "" || former == "" || rules.SameCompany(name, former) || rules.SPACName(name) {
		return
	}
	// A blank check company's filings change their registrant's name only when it combines:
	// whatever the former name (the SPAC's own, or a holding company the agreement formed, as
	// "Acme Parent, Inc."), a cover renamed to a name that is not a SPAC's is the successor's,
	// also when a copy of the filing is cut before its items.
	closing := x.reports("2.01")
	x.add("cover.successor_name", prioritySuccessorName, spac.FieldNewName, name, nameLine, name, "")
	if closing {
		x.add("cover.successor_closed", prioritySuccessorClosed, spac.FieldStatus, string(spac.StatusClosed), formerLine, former, "")
	}
	if f := x.coverShareSymbol(); f != nil {
		x.add("cover.successor_ticker", prioritySuccessorTicker, spac.FieldNewTicker, f.Fact.Value, f.Fact.Citation.Line, f.Fact.Value, "")
		x.dropCoverListing()
	}
}

// coverListingFields: what a cover states of the registrant's listing and charter. On the
// successor's cover (its table lists no units) they are the combined company's - its symbols,
// its exchange, the jurisdiction it was domesticated to - never the SPAC's own.
var coverListingFields = map[string]bool{
	spac.FieldExchange: true, spac.FieldTickerUnits: true, spac.FieldTickerShares: true,
	spac.FieldTickerWarrant: true, spac.FieldTickerRights: true, spac.FieldStateOfInc: true,
}

// dropCoverListing removes the cover's listing facts read as the SPAC's: the successor's
// share symbol stays as its new ticker.
func (x *reader) dropCoverListing() {
	x.out = slices.DeleteFunc(x.out, func(f rule.Finding) bool {
		return strings.HasPrefix(f.Rule, "table.cover_") && coverListingFields[f.Fact.Field]
	})
}

// coverShareSymbol returns the cover table's share symbol, none when the table lists units (a
// cover that lists units is still the SPAC's).
func (x *reader) coverShareSymbol() *rule.Finding {
	var shares *rule.Finding
	for i := range x.out {
		f := &x.out[i]
		switch {
		case f.Rule != "table.cover_symbol":
		case f.Fact.Field == spac.FieldTickerUnits:
			return nil
		case f.Fact.Field == spac.FieldTickerShares:
			shares = f
		}
	}
	return shares
}

// reports reports whether the 8-K reports item: its header or an Item heading names it (an
// 8-K that names no item is read as a combination's items, but reports none of them).
func (x *reader) reports(item string) bool {
	for _, it := range x.d.R.Filing.Items {
		if it == item {
			return true
		}
	}
	for _, s := range x.d.Sections {
		if s.Kind == doc.Item && s.Item == item {
			return true
		}
	}
	return false
}

// coverNames returns the registrant's name and the former name of the cover, each with its
// line: the name stands on the nearest line with letters above its label.
func (x *reader) coverNames() (name string, nameLine int, former string, formerLine int) {
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+200)
	for n := 2; n <= limit; n++ {
		line := strings.TrimSpace(x.d.Line(n))
		if len(line) > 200 {
			continue
		}
		switch {
		case name == "" && registrantLabelRe.MatchString(line):
			name, nameLine = x.companyAbove(n)
		case name != "" && formerLabelRe.MatchString(line):
			former, formerLine = x.formerAbove(n)
			return
		}
	}
	return "", 0, "", 0
}

// companyAbove returns the company name on the nearest line with letters above line n (its
// first filled cell when the line is a row), or "" when that line is a label or no name.
func (x *reader) companyAbove(n int) (string, int) {
	for k := n - 1; k >= max(1, n-4); k-- {
		text := strings.TrimSpace(x.d.Line(k))
		if !strings.ContainsFunc(text, unicode.IsLetter) {
			continue
		}
		if cells := doc.Filled(x.d.Cells(k)); len(cells) > 0 {
			text = cells[0].Text
		}
		text = strings.TrimSpace(strings.Trim(text, "|"))
		if coverLabelRe.MatchString(text) || !wholeCompany(text) {
			return "", 0
		}
		return text, k
	}
	return "", 0
}

// formerAbove returns the former name above its label line n: the nearest line that is a
// whole company's name, past the former address and telephone the cover may print below it
// ("Acme Acquisition Corp / 2100 Main Avenue, Suite 5 / Dallas, TX 75201 / (214) 555-0100 /
// (Former name or former address, ...)"); "" at a label or any other line.
func (x *reader) formerAbove(n int) (string, int) {
	bare, bareLine := "", 0
	for k := n - 1; k >= max(1, n-8); k-- {
		text := strings.TrimSpace(x.d.Line(k))
		if !strings.ContainsFunc(text, unicode.IsLetter) || addressLineRe.MatchString(text) {
			continue
		}
		if name, line := x.companyAbove(k + 1); line == k {
			return name, line
		}
		// an address line the street words do not tell ("Torre Virreyes", "Col. Molino del
		// Rey"): look further up, but never past another label or an empty former name
		if coverLabelRe.MatchString(text) || len(text) > 80 {
			return bare, bareLine
		}
		if bareNameRe.MatchString(text) && !placeWordRe.MatchString(text) {
			bare, bareLine = text, k
		}
	}
	return "", 0
}

// bareNameRe: a name of a few capitalised words with no legal form ("Reinvent Technology
// Partners", a Cayman SPAC's name). As a former name it counts only as the topmost line of the
// former block, right under the cover's previous label: the lines below it are its address.
// placeWordRe: words of a building's or a place's name, the first line of a former address
// ("Rockefeller Plaza Tower"), never a company's bare name.
var placeWordRe = textutil.MustStarts(`\b(?:Plaza|Towers?|Cent(?:er|re)|Building|House|Square|Place|Park|Court|Campus|Floor|Wharf|Mall)\b`)

var bareNameRe = textutil.MustStarts(`^[A-Z][\w&'’.\-]*(?:\s+(?:[A-Z][\w&'’.\-]*|&|of|and|[IVX]+)){1,5}$`)

// addressLineRe: a line of a former address (a street number, a zip code, a street's words).
var addressLineRe = textutil.MustStarts(`\d{3,}|\b(?i:suite|avenue|street|road|floor|boulevard|blvd|drive|p\.?\s?o\.? box)\b`)

// wholeCompany reports whether text is one company's name and nothing else.
func wholeCompany(text string) bool {
	sc := entity.ScanText(text)
	if !sc.May(entity.Org) {
		return false // no legal form, no firm: its entities need not be recognised
	}
	es := sc.Recognise()
	return len(es) == 1 && es[0].Kind == entity.Org && strings.EqualFold(es[0].Value, strings.Join(strings.Fields(text), " "))
}
