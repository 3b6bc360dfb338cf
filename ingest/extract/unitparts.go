package extract

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// A unit's parts listed under "Each unit ... consists of:", one part to a line or a cell, the
// list's marks and borders on lines of their own (a 2007 cover copied from a table):
// "consists of:" / "|" / "one share of our common stock; and" / "|" / "one warrant.". The
// sentence rules see each part as a sentence apart; this reader joins them.

var (
	// partsIntroRe ends the line that opens the list.
	partsIntroRe = textutil.MustStarts(`(?i)\b(?:consists|consisting|consist|(?:is |are )?comprised|composed) of:\s*\|?\s*$`)
	// notPublicUnitRe marks a list of another unit's parts: the private units', the
	// representative's option's, one of two series set side by side (whose parts interleave).
	notPublicUnitRe = textutil.MustStarts(`(?i)private|placement|option|representative|insider|sponsor|founder|\bseries\b`)
	// unitPartRe is one part: a number word, then what it is.
	unitPartRe = textutil.MustStarts(`(?i)^(?:one|two|three|four|five)\b[- ]?[^|]{2,160}?$`)
	// partEndRe is the joining words and marks a part's line ends with.
	partEndRe = regexp.MustCompile(`(?i)[;,.]?\s*(?:\b(?:and|or))?\s*$`)
	// listMarkRe is a line that holds nothing but the list's marks or borders.
	listMarkRe = textutil.MustStarts(`^[\s|•·●▪\-–]*$`)
)

// unitPartsSpan: how many lines the parts and their marks may take.
const unitPartsSpan = 16

// unitPartsList reads the parts of a unit listed under "consists of:".
func (x *reader) unitPartsList() {
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+600)
	for n := 1; n <= limit; n++ {
		line := strings.TrimSpace(x.d.Line(n))
		if !partsIntroRe.MatchString(line) {
			continue
		}
		// The intro may close the cover's first paragraph set on one line ("... in the
		// technology sector. This is an initial public offering of our securities. Each unit
		// that we are offering consists of:"): its last sentence alone is the list's.
		words := x.d.Line(n-1) + " " + line
		if i := strings.LastIndex(line, ". "); i >= 0 {
			words = line[i+2:]
		}
		if len(words) > 300 || notPublicUnitRe.MatchString(words) {
			continue
		}
		if x.unitPartsAt(n) {
			return
		}
	}
}

// unitPartsAt joins the parts listed below line n and reports whether it read a unit: a share,
// then warrants or rights only, the last part closing the list with a period.
func (x *reader) unitPartsAt(n int) bool {
	var parts []string
	first := 0
	for k := n + 1; k <= min(n+unitPartsSpan, len(x.d.R.Lines)); k++ {
		raw := x.d.Line(k)
		if listMarkRe.MatchString(raw) {
			continue
		}
		cell := strings.Trim(strings.TrimSpace(raw), "|•·●▪ ")
		if !unitPartRe.MatchString(cell) {
			return false
		}
		if first == 0 {
			first = k
		}
		last := strings.HasSuffix(cell, ".")
		parts = append(parts, strings.TrimSpace(partEndRe.ReplaceAllString(cell, "")))
		if last {
			break
		}
	}
	if len(parts) < 2 || !isShare(parts[0]) {
		return false
	}
	for _, p := range parts[1:] {
		if !isWarrantOrRight(p) {
			return false // a second share: two lists run together
		}
	}
	text := strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	quote := strings.Trim(strings.TrimSpace(x.d.Line(first)), "|•·●▪ ")
	return x.add("table.unit_parts_list", priorityUnitParts, spac.FieldUnitStructure, rules.UnitStructureValue(text), first, quote, "")
}

// priorityUnitParts: as the sentence rules that read a list of parts (offering.unit_structure_lines).
const priorityUnitParts = 9

func isShare(part string) bool {
	p := strings.ToLower(part)
	return strings.Contains(p, "share") || strings.Contains(p, "stock")
}

func isWarrantOrRight(part string) bool {
	p := strings.ToLower(part)
	return strings.Contains(p, "warrant") || strings.Contains(p, "right")
}
