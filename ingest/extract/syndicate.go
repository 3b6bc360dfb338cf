package extract

import (
	"slices"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The underwriters are one list: a release that names the book-running manager in one
// sentence and the co-managers in another states every one of them, and a reading that has
// some of them but not the sentence naming the others would give a wrong list (every keyed
// firm not read counts against the field). So when a release or report has a sentence naming
// syndicate roles and firms from which no underwriter was read, none is kept.

// syndicateRoleRe: a sentence naming a role in the offering's syndicate.
var syndicateRoleRe = textutil.MustStarts(`(?i)\b(?:co-?managers?|book[- ]?running managers?|book-?runners?)\b`)

// counselRe: counsel to the underwriters is no member of the syndicate.
var counselRe = textutil.MustStarts(`(?i)\bcounsel\b`)

// wholeSyndicate returns found without its underwriters when some sentence of a current report
// or release names syndicate roles and firms none of which was read.
func wholeSyndicate(d *doc.Doc, found []rule.Finding) []rule.Finding {
	if d.Class != doc.Current && d.Class != doc.Communication {
		return found
	}
	var lines []int
	for _, f := range found {
		if f.Fact.Field == spac.FieldUnderwriter {
			lines = append(lines, f.Fact.Citation.Line)
		}
	}
	if len(lines) == 0 {
		return found
	}
	for _, s := range d.Sentences {
		if !syndicateRoleRe.MatchString(s.Text) || counselRe.MatchString(s.Text) || !namesFirm(s.Text) {
			continue
		}
		first, last := s.Lines()
		if !slices.ContainsFunc(lines, func(n int) bool { return n >= first && n <= last }) {
			return slices.DeleteFunc(slices.Clone(found), func(f rule.Finding) bool { return f.Fact.Field == spac.FieldUnderwriter })
		}
	}
	return found
}

// namesFirm reports whether text names a company.
func namesFirm(text string) bool {
	sc := entity.ScanText(text)
	return sc.May(entity.Org) && slices.ContainsFunc(sc.Recognise(), func(e entity.Entity) bool { return e.Kind == entity.Org })
}
