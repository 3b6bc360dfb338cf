package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingState reads the SPAC's jurisdiction where a proxy, a merger proxy's cover letter or a
// report names the company in apposition without a legal form the recogniser knows ("The
// board of directors of Corvid Peak Advantage, a Cayman Islands exempted company (CPA), has
// approved ..."): only the filer's own name is read, so a target, a merger sub or a holding
// company described the same way gives nothing (offering.state_filer_apposition reads names
// with a legal form). Part of the meeting family (meeting.go); corpus: testdata/meeting.corpus
// ("filer named without a legal form").
var meetingState = []*rule.Rule{
	{
		ID: "meeting.state_filer_bare_name", Produce: filerTextOnly(jurisdictionOf), Gives: []string{spac.FieldStateOfInc},
		Pattern:  `(?:^|\b(?:of|by|among|between|and) |, )(?P<name>[A-Z][A-Za-z0-9&'’.\-]*(?: (?:[A-Z0-9][A-Za-z0-9&'’.\-]*|of|&)){0,6}),? (?:a|an) ` + jurisdictionSlot + ` ` + companyForm + `\b`,
		Not:      notOwnJurisdiction,
		Never:    jurisdictionMoved,
		Classes:  []doc.Class{doc.Proxy, doc.MergerProxy, doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 98,
	},
}

// filerTextOnly is produce when slot "name" holds the filer's own name (as the header gives it,
// legal form and case aside).
func filerTextOnly(produce func(*rule.Match) []rule.Out) func(*rule.Match) []rule.Out {
	return func(m *rule.Match) []rule.Out {
		if m.Filer() == "" || bareName(m.Text("name")) != bareName(m.Filer()) {
			return nil
		}
		return produce(m)
	}
}
