package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Older covers (and sites that re-wrap them) break the period line anywhere: "For" / "the" /
// "fiscal year ended December 31, 2006", "FOR THE QUARTERLY PERIOD ENDED" / "MARCH 31," /
// "2009". The words are read joined, but only above the registrant's commission file number
// or name: the cover's own statement, never a sentence of the MD&A.

var (
	// wrappedPeriodRe is the cover's period statement with its words joined by single spaces.
	wrappedPeriodRe = textutil.MustStarts(`(?i)\bfor the (?:quarterly period|quarter|fiscal year|fiscal quarter) ended:? ((?:` + monthName + `) \d{1,2}(?:st|nd|rd|th)?, ?\d{4})\b`)
	// coverRegistrantRe is the first label below the period statement on every cover.
	coverRegistrantRe = textutil.MustStarts(`(?i)\bcommission file\b|\bexact name of (?:the )?registrant\b`)
)

// wrappedCoverLines bounds the joined lines: a cover's period comes within its first lines.
const wrappedCoverLines = 80

// wrappedCoverPeriod records the period of a cover whose period statement is broken across
// lines; it is tried when the cover's line reading found none.
func (x *reader) wrappedCoverPeriod() {
	if x.has(spac.FieldPeriodOfReport) {
		return
	}
	text, starts := x.joinedCover()
	label := coverRegistrantRe.FindStringIndex(text)
	if label == nil {
		return // no cover label: the text is not a cover
	}
	m := wrappedPeriodRe.FindStringSubmatchIndex(text[:label[0]])
	if m == nil {
		return
	}
	iso, ok := parseDateAnyCase(text[m[2]:m[3]])
	if !ok || x.otherYearBelow(lineAt(starts, m[3]-1), iso) {
		return // a comparison copy's two years: see otherYearBelow
	}
	line := lineAt(starts, m[2])
	end := m[3]
	if line < len(starts) {
		end = min(end, starts[line]) // the date's words on its first line; the rest continue it
	}
	x.add("cover.period_of_report_wrapped", priorityTable, spac.FieldPeriodOfReport, iso, line, strings.TrimSpace(text[m[2]:end]), iso)
}

// joinedCover joins the cover's first lines by single spaces and gives each line's offset
// in the joined text (starts[i] is where line i+1 begins).
func (x *reader) joinedCover() (string, []int) {
	var b strings.Builder
	var starts []int
	last := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+wrappedCoverLines)
	for n := 1; n <= last; n++ {
		starts = append(starts, b.Len())
		if f := strings.Fields(strings.Trim(strings.TrimSpace(x.d.Line(n)), "|")); len(f) > 0 {
			b.WriteString(strings.Join(f, " "))
			b.WriteByte(' ')
		}
	}
	return b.String(), starts
}

// lineAt is the 1-based line whose text holds offset off of the joined text.
func lineAt(starts []int, off int) int {
	line := 1
	for i, s := range starts {
		if s > off {
			break
		}
		line = i + 1
	}
	return line
}
