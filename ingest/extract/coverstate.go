package extract

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// priorityJurisdiction: the header's STATE OF INCORPORATION (translated from EDGAR's code)
// wins; a jurisdiction written out on the cover is read when the header has none.
const priorityJurisdiction = priorityHeader - 1

var notApplicableRe = textutil.MustStarts(`(?i)^\|?\s*(?:N/?A|not applicable)\s*\|?$`)

var (
	// jurisdictionLabelRe is the cover's caption under the jurisdiction: "(State or other
	// jurisdiction of", and the shorter captions older and re-typed covers and reports use
	// ("(State or jurisdiction of", "(State of Incorporation)", "(State incorporation |" when a
	// copy drops words), and the caption without the state some registration statements use
	// ("(Jurisdiction of Incorporation or Organization)").
	// A copy may set a space inside the bracket ("( State or other jurisdiction").
	jurisdictionLabelRe = textutil.MustStarts(`(?i)^\|?\s*(?:\(\s?)?(?:state\s+(?:or\s+(?:other\s+)?jurisdiction|incorporation\b|of\s+incorporation\))|jurisdiction\s+of\s+(?:incorporation|organization)\b)`)
	// A hard-wrapped cover breaks the caption after its first word or its first three:
	// "(State" / "or other jurisdiction of incorporation or", "(State or other" /
	// "jurisdiction of", "(State" / "of incorporation or organization)".
	jurisdictionLabelHeadRe = textutil.MustStarts(`(?i)^\|?\s*\(\s?state(?:\s+or(?:\s+other)?)?\s*\|?$`)
	// An 8-K's cover may break "(State" / "of incorporation or organization)".
	jurisdictionLabelTailRe = textutil.MustStarts(`(?i)^\|?\s*(?:(?:or\s+(?:other\s+)?)?jurisdiction\b|of\s+incorporation\b)`)
)

// coverStateLookback: how many lines above its caption the jurisdiction may sit. A cover
// flattened to one cell a line puts the state, the SIC code and the tax number each between
// bare borders ("|" / "Delaware" / "|" / "|" / "6770" / "|" / "|" / "20-1234567" / "|").
const coverStateLookback = 12

// coverJurisdiction reads the registrant's jurisdiction from the cover of a prospectus, an
// 8-K or a report: the first words with letters above "(State or other jurisdiction of
// incorporation)", the cell itself when the row has a grid.
func (x *reader) coverJurisdiction() {
	switch x.d.Class {
	case doc.Prospectus, doc.Current, doc.Periodic, doc.Communication, doc.MergerProxy, doc.Proxy:
		// the registrant's cover (an S-4's registrant is the filer; a DEFA14A may be an 8-K
		// filed again as soliciting material, its cover and all)
	default:
		return
	}
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+200)
	for n := 1; n <= limit; n++ {
		if n > 1 && x.isJurisdictionLabel(n) {
			x.jurisdictionAbove(n)
			return
		}
		if x.jurisdictionBeforeCaption(n) {
			return
		}
	}
}

var (
	// inlineCaptionRe is the caption where a cover flattened onto one line (or a cell that
	// holds the state and its caption) writes it after the state: "DELAWARE 20-1918691 (State
	// of Incorporation)", "Delaware (State or other jurisdiction of incorporation".
	inlineCaptionRe = textutil.MustStarts(`(?i)\S\s*\(state\s+(?:or\s+(?:other\s+)?jurisdiction|of\s+incorporation\)|incorporation\b)`)
	// taxNumberTailRe is the employer identification number the flattened row sets between the
	// state and its caption ("DELAWARE 20-1918691 (State of Incorporation)"), with the dashed
	// rules some copies put under each cell.
	taxNumberTailRe = regexp.MustCompile(`[\s|-]*(?:\d{2}-\d{7})?[\s|-]*$`)
)

// jurisdictionBeforeCaption reads the state written just before its caption on line n (see
// inlineCaptionRe): the last words before the caption, the tax number passed over, must be a
// jurisdiction and nothing else.
func (x *reader) jurisdictionBeforeCaption(n int) bool {
	line := x.d.Line(n)
	loc := inlineCaptionRe.FindStringIndex(line)
	if loc == nil {
		return false
	}
	before := taxNumberTailRe.ReplaceAllString(line[:loc[0]+1], "")
	words := strings.Fields(before)
	for k := max(0, len(words)-3); k < len(words); k++ {
		tail := strings.Join(words[k:], " ")
		if j, quote, ok := rules.JurisdictionAt(tail); ok && quote == tail {
			return x.add("table.cover_jurisdiction", priorityJurisdiction, spac.FieldStateOfInc, j, n, quote, "")
		}
	}
	return false
}

// isJurisdictionLabel reports whether line n opens the jurisdiction's caption.
func (x *reader) isJurisdictionLabel(n int) bool {
	line := strings.TrimSpace(x.d.Line(n))
	if len(line) > 300 {
		return false
	}
	if jurisdictionLabelRe.MatchString(line) {
		return true
	}
	return jurisdictionLabelHeadRe.MatchString(line) && n < len(x.d.R.Lines) &&
		jurisdictionLabelTailRe.MatchString(strings.TrimSpace(x.d.Line(n+1)))
}

// jurisdictionAbove reads the first cell with letters above the caption on line n: blanks,
// bare borders, the numbers of the same row and "N/A" are passed over. A name the copy broke
// over two lines ("Cayman" / "Islands") is read from both and cited on its first line.
func (x *reader) jurisdictionAbove(n int) {
	for k := n - 1; k >= max(1, n-coverStateLookback); k-- {
		above := firstCell(x, k)
		if !strings.ContainsFunc(above, unicode.IsLetter) || notApplicableRe.MatchString(above) {
			continue // blank, a rule, a bare cell border, a number of the same row or "N/A"
		}
		if j, quote, ok := rules.JurisdictionAt(above); ok {
			x.add("table.cover_jurisdiction", priorityJurisdiction, spac.FieldStateOfInc, j, k, quote, "")
			return
		}
		if k > 1 {
			prev := firstCell(x, k-1)
			// only a name that runs on into line k: "Cayman" / "Islands", not "Delaware" / "6770 N/A"
			if j, quote, ok := rules.JurisdictionAt(prev + " " + above); ok && len(quote) > len(prev) {
				x.add("table.cover_jurisdiction", priorityJurisdiction, spac.FieldStateOfInc, j, k-1, prev, "")
			}
		}
		return
	}
}

// firstCell is the text of line k's first filled cell: the grid's when the line has one, else
// the line up to its first border ("Cayman Islands |" -> "Cayman Islands").
func firstCell(x *reader, k int) string {
	if cells := doc.Filled(x.d.Cells(k)); len(cells) > 0 {
		return cells[0].Text
	}
	for _, part := range strings.Split(x.d.Line(k), "|") {
		if part = strings.TrimSpace(part); part != "" {
			return part
		}
	}
	return ""
}
