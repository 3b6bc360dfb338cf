package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// mergerProxy reads the target from the merger a proxy statement/prospectus asks the SPAC's
// holders to approve, as its cover letter and notice describe it: the SPAC's merger sub
// merges "with and into" the company acquired (a reverse triangular merger), which survives as
// the SPAC's subsidiary. The company the sub merges into is the target unless it is the SPAC
// itself (a target's own merger sub merging into the SPAC, the first step of a
// two-step merger into a new holding company). Part of the merger family (merger.go); corpus:
// testdata/merger.corpus ("merger sub with and into").
var mergerProxy = []*rule.Rule{
	{
		// "approved (i) the merger of Acme Merger Sub Inc., a Delaware corporation and a direct
		// wholly owned subsidiary of Acme (“Merger Sub”), with and into Zeta Robotics, Inc.",
		// "the merger of a wholly owned subsidiary of the Company with and into Zeta ...",
		// "Merger Sub will merge with and into Zeta Robotics, Inc., with Zeta surviving"
		ID: "merger.target_sub_merges_into", Produce: notFilerTarget, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)\b(?:merger of (?:{org}|merger sub\b|(?:a|an|its|our) (?:direct |indirect )?(?:wholly[- ]owned )?subsidiary)[^⟦;]{0,200}?` +
			`|merger sub(?: [IVX]{1,3}| \d)?,? (?:will|shall|is to) merge)` +
			` with and into (?P<v>{org}[^⟦;]*?)(?:,? (?:with|as a result|pursuant|whereby|and|in exchange)\b|[.;]|$)`,
		Must:     `(?i)\bmerger sub\b|\bsubsidiary of\b`,
		Not:      `(?i)\b(?:if|in the event|assuming|whether)\b[^.;]{0,200}\bmerger sub\b`,
		Classes:  proxies,
		NotKinds: partyKinds,
		Priority: 9,
	},
}

// notFilerTarget is partyTarget, save that the company the merger sub merges into is never the
// filer itself (the SPAC surviving a target's sub in a two-step merger).
func notFilerTarget(m *rule.Match) []rule.Out {
	out := partyTarget(m)
	if len(out) == 1 && m.Filer() != "" && bareName(out[0].Value) == bareName(m.Filer()) {
		return nil
	}
	return out
}
