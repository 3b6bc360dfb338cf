package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingReleaseTerms: what a release ahead of an extension meeting states of the trust. Part of
// the meeting family (meeting.go); corpus: testdata/meeting.corpus.
var meetingReleaseTerms = []*rule.Rule{
	{
		// a sponsor's contribution raises the per-share amount in trust "from approximately
		// $10.20 per share to approximately $10.26 per share": the first is the amount in trust
		// now (the second depends on the contribution being made)
		ID: "meeting.trust_per_share_increase_from", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)\bincreas(?:e|es|ing) (?:the )?(?:per[- ]share )?(?:pro rata portion|amount|pro rata share|redemption (?:price|amount))\b[^⟦]{0,200}? from (?:approximately |about )?{v:money} per (?:public |ordinary )?share to (?:approximately |about )?{money} per (?:public |ordinary )?share`,
		Must:     `(?i)trust account`,
		Not:      pastMeeting + `|previously|prior`,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 9,
	},
	{
		// the amount named as today's, beside what contributions would make it: "... resulting in
		// a redemption amount of approximately $12.34 per unredeemed share, in comparison to the
		// current redemption amount of approximately $12.10 per share"
		ID: "meeting.trust_per_share_current", Emit: rule.One(spac.FieldTrustPerShare),
		Pattern:  `(?i)\bcurrent(?:ly)? (?:per[- ]share )?(?:redemption (?:amount|price)|pro rata (?:portion|share)(?: of the (?:funds in the )?trust account)?)(?: per (?:public |ordinary )?share)? (?:of|is|was|stands at) (?:approximately |about )?{v:money}`,
		Not:      pastMeeting + `|previously|prior`,
		Never:    `(?i)\bwarrants?\b|\brights?\b|\bliquidat`,
		Classes:  []doc.Class{doc.Current, doc.Communication},
		NotKinds: []doc.Kind{doc.Risk, doc.Forward},
		Priority: 9,
	},
}
