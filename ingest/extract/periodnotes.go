package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The notes of a report's financial statements carry a running head: their title, then the
// period's end alone on the next line ("NOTES TO CONDENSED FINANCIAL STATEMENTS" / "MARCH 31,
// 2022 (UNAUDITED)"). A report read without its cover is dated by it; a balance sheet's own
// heading, read later, is surer and replaces it (see dropProsePeriod).

// notesTitleRe is the notes' title alone on its line.
var notesTitleRe = textutil.MustStarts(`(?i)^\W{0,3}notes to (?:the )?(?:condensed |consolidated |unaudited |interim |audited )*financial statements\W{0,3}$`)

// loneDateRe is a line that holds a date and nothing else but "(Unaudited)".
var loneDateRe = textutil.MustStarts(`(?i)^\W{0,3}(` + textutil.DatePattern + `)[\s.,]*(?:\(unaudited\))?\W{0,3}$`)

// priorityNotesPeriod ranks the notes' running head below a balance sheet's heading (which
// drops it) and above the periods prose narrates.
const priorityNotesPeriod = priorityHeadingPeriod - 1

// notesHeadingPeriod records the date under the notes' title as the period of report when
// nothing above the prose states one; a date that is no month's end is no period.
func (x *reader) notesHeadingPeriod() {
	if x.statedPeriod() != "" {
		return
	}
	lines := x.d.R.Lines
	for n := 1; n < len(lines); n++ {
		end := x.notesTitleEnd(n)
		if end == 0 {
			continue
		}
		k := end + 1
		for k < len(lines) && strings.TrimSpace(strings.Trim(x.d.Line(k), "| ")) == "" && k < n+3 {
			k++
		}
		m := loneDateRe.FindStringSubmatch(x.d.Line(k))
		if m == nil {
			continue
		}
		if iso, ok := parseDateAnyCase(m[1]); ok && monthEnd(iso) {
			x.add("notes.period_heading", priorityNotesPeriod, spac.FieldPeriodOfReport, iso, k, m[1], iso)
			return
		}
	}
}

// notesTitleEnd is the line that ends the notes' title opening on line n (0 when none does):
// line n itself, or the next when a narrow copy wraps the title ("NOTES TO CONDENSED" /
// "FINANCIAL STATEMENTS").
func (x *reader) notesTitleEnd(n int) int {
	if notesTitleRe.MatchString(x.d.Line(n)) {
		return n
	}
	if n < len(x.d.R.Lines) && notesTitleRe.MatchString(strings.TrimSpace(x.d.Line(n))+" "+strings.TrimSpace(x.d.Line(n+1))) {
		return n + 1
	}
	return 0
}
