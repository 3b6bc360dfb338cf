package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Priorities of the readers that are not sentence rules: the SGML header and inline XBRL
// are the filer's own structured statements and win over anything read from prose.
const (
	priorityHeader = 100
	priorityXBRL   = 90
	priorityTable  = 50
)

// reader collects the findings of the structured readers (header, XBRL, tables). Like a
// sentence rule, each finding is named and cited on a line that holds its quote.
type reader struct {
	d   *doc.Doc
	out []rule.Finding
}

// add records a finding unless its quote is missing from the cited line.
func (x *reader) add(id string, priority int, field, value string, line int, quote, period string) bool {
	r := x.d.R
	if value == "" || quote == "" || !strings.Contains(r.Line(line), quote) {
		return false
	}
	x.out = append(x.out, rule.Finding{
		Fact: spac.Fact{
			CIK: r.Filing.CIK, Field: field, Value: value, Period: period,
			Citation: r.Cite(field, line, quote),
		},
		Rule: id, Priority: priority, Sentence: r.Line(line), Col: -1,
	})
	return true
}

// has reports whether a finding of field was already added.
func (x *reader) has(field string) bool {
	for _, f := range x.out {
		if f.Fact.Field == field {
			return true
		}
	}
	return false
}
