package rules

import (
	"regexp"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Sector: the industries a SPAC says it will search (a prospectus, the IPO 8-K and its
// release, a 10-K's business section) and, once it has a deal, the business of its target as
// the filings about the deal describe it (a merger proxy, the agreement's 8-K and release, a
// 425). Values are the words as written ("technology and technology-enabled services
// sectors", "end-to-end space company"); the fold files them under the vocabulary
// (spac.SectorOf). Corpus: testdata/sector.corpus.

// sectorNoun ends a stated focus: the words before it name the industries.
const sectorNoun = ` (?:sectors?|industry|industries|space|markets?|verticals?)\b`

// focusWords are the stated industries: not "any industry" (the charter's freedom to look
// anywhere) nor "an operating business in one of the following industries" (a noun phrase
// about a business, not an industry), no entity, within one clause.
const focusWords = `(?:[^a.;:⟦(]|a[^n .;:⟦(]|an[^y .;:⟦(])[^.;:⟦(]{1,90}?`

// manyIndustries is a focus spread over "various industries": the list after it is the focus.
const manyIndustries = `\b(?:various|a (?:number|variety|range) of|several|multiple|diverse) (?:industries|sectors)`

// focusAdverb narrows a focus ("focusing particularly on businesses operating within ...").
const focusAdverb = `(?:particularly|primarily|principally|specifically|mainly|exclusively|initially)`

// notIndustry vetoes a focus on a size or a stage, not an industry: "to focus on middle market
// and emerging growth businesses" says how large the target is, not what it does
// ("middle-market specialty chemical companies" names one, and is read).
const notIndustry = `(?i)\b(?:(?:lower |upper )?middle|mid)[- ]markets?(?:$| and emerging growth\b| (?:businesses|companies)\b)|\bemerging growth (?:businesses|companies)\b` +
	// an ownership or a size is not an industry ("privately owned businesses within the
	// financial services ... sectors")
	`|\b(?:privately|family|closely)[- ](?:owned|held) (?:businesses|companies)\b|\b(?:small|smaller|mid-sized|medium-sized|established|operating|profitable)(?: and [a-z-]+)? (?:businesses|companies)\b`

// notOwnFocus vetoes the focus of someone else: the sponsor's firm, the team's earlier SPACs,
// a competitor.
const notOwnFocus = `(?i)previously (?:sponsored|served|was)|prior (?:spac|blank check|special purpose)|(?:sponsor|management team|affiliates?)[^.]{0,60}\b(?:has|have|had) (?:focused|invested)|track record of|portfolio compan|competitors?\b`

// notTarget vetoes a description of the SPAC itself or of a vehicle (the sponsor, a merger
// subsidiary, a holding company formed for the deal).
const notTarget = `(?i)blank check|special purpose|acquisition (?:corp|company|vehicle)|limited liability|exempted company|holding company|shell company|merger sub|wholly[- ]owned subsidiary|newly formed|formed (?:solely )?for the purpose`

// business names the company a sentence describes: an organisation the recogniser knows, or
// a capitalised name ("Rocket Lab", defined earlier as the target's short name).
const business = `(?:{org}|(?-i:(?:[A-SU-Z]|T[^h])[A-Za-z0-9&'’.-]*(?: [A-Z][A-Za-z0-9&'’.-]*){0,4}))`

// focusForms state the SPAC's own search.
var focusForms = []doc.Class{doc.Prospectus, doc.Current, doc.Periodic}

// targetForms describe a deal's target.
var targetForms = []doc.Class{doc.MergerProxy, doc.Communication, doc.Current}

var sector = []*rule.Rule{
	{
		// "We intend to focus our search on businesses in the fintech industry"
		ID: "sector.focus", Produce: namedIndustries, Gives: []string{spac.FieldSector},
		// "to focus initially on transactions with companies and/or assets within the ...
		// industry": an adverb after the verb or the search, the deal's kind and its object
		// before the place.
		Pattern:  `(?i)\b(?:focus|focused|focusing|concentrate|concentrating)(?: ` + focusAdverb + `)?(?: (?:our|its|their) (?:search|efforts|acquisition strategy))?(?: ` + focusAdverb + `)?(?: on| for) (?:identifying |acquiring |pursuing |transactions with )?(?:(?:an? |one or more )?(?:(?:prospective|potential|operating|suitable) ){0,2}(?:target )?(?:business(?:es)?|compan(?:y|ies)|targets?|opportunities)(?: and/or assets)? )?(?:(?:in|within|operating (?:in|within)|that operate (?:in|within)|serving|that (?:provide|offer)) )?(?:the )?(?P<v>` + focusWords + sectorNoun + `)`,
		Not:      manyIndustries + `|(?i)\bfollowing\b|\b(?:not|never) (?:\w+ ){0,2}(?:focus|concentrate)|` + notIndustry,
		Never:    notOwnFocus,
		Classes:  focusForms,
		Items:    []string{"8.01", "7.01", "3.02"},
		NotKinds: []doc.Kind{doc.Risk},
		Priority: 10,
	},
	{
		// "it intends to focus on companies operating in various industries including
		// infrastructure, logistics and distribution and manufacturing"
		ID: "sector.focus_including", Emit: rule.One(spac.FieldSector),
		Pattern:  `(?i)` + manyIndustries + `,? (?:including|such as) (?P<v>[^.;:⟦(]{3,120}?)(?:[.;(]|$)`,
		Must:     `(?i)\b(?:focus|focusing|concentrate|concentrating)(?: (?:our|its|their) (?:search|efforts))? (?:on|for)\b`,
		Never:    notOwnFocus,
		Classes:  focusForms,
		Items:    []string{"8.01", "7.01", "3.02"},
		NotKinds: []doc.Kind{doc.Risk},
		Priority: 10,
	},
	{
		// "we intend to focus our search on industrial companies"
		ID: "sector.focus_companies", Emit: rule.One(spac.FieldSector),
		Pattern:  `(?i)\b(?:focus|focusing|concentrate|concentrating)(?: (?:our|its|their) (?:search|efforts))? on (?P<v>(?:[^a.;:⟦(]|a[^n .;:⟦(]|an[^y .;:⟦(])[^.;:⟦(]{1,60}? (?:companies|businesses))\b`,
		Not:      `(?i)\bon (?:identifying|acquiring|pursuing|a |one or more |prospective |potential |target )|` + notIndustry,
		Never:    notOwnFocus,
		Classes:  focusForms,
		Items:    []string{"8.01", "7.01", "3.02"},
		NotKinds: []doc.Kind{doc.Risk},
		Priority: 9,
	},
	{
		// "to identify, acquire and operate a business in the technology and technology-enabled
		// services sectors"
		ID: "sector.acquire_within", Emit: rule.One(spac.FieldSector),
		Pattern:  `(?i)\b(?:identify|acquire|operate|complete (?:a|our|an initial) business combination with)(?:,? (?:and )?(?:acquire|operate))* (?:a |one or more )?(?:target )?business(?:es)? (?:with)?in the (?P<v>` + focusWords + sectorNoun + `)`,
		Never:    notOwnFocus,
		Classes:  focusForms,
		Items:    []string{"8.01", "7.01", "3.02"},
		NotKinds: []doc.Kind{doc.Risk},
		Priority: 10,
	},
	{
		// The purpose clause of an older cover: "formed for the purpose of acquiring, through a
		// merger ..., an operating business in the financial services industry".
		// The pattern names the "operating businesses" it is about, so the words that are no
		// industry are looked for in the value alone (notIndustry over the sentence would veto
		// every "one or more operating businesses in the ... sector").
		ID: "sector.purpose_operating_business", Produce: industryOnly, Gives: []string{spac.FieldSector},
		Pattern:  `(?i)\bpurpose of (?:acquiring|effecting)\b[^.⟦]{0,200}?\b(?:an?|one or more) (?:[\w/-]+ ){0,5}?operating business(?:es)? (?:in|within) the (?P<v>` + focusWords + sectorNoun + `)`,
		Never:    notOwnFocus,
		Classes:  focusForms,
		Items:    []string{"8.01", "7.01", "3.02"},
		NotKinds: []doc.Kind{doc.Risk},
		Priority: 10,
	},
	{
		// "Rocket Lab is an end-to-end space company", "Acme is a leading provider of ..."
		ID: "sector.target_is", Emit: rule.One(spac.FieldTargetSector),
		Pattern:  `(?i)` + business + `(?: \([^)]{0,60}\))? is (?:a|an) (?P<v>(?:[a-z][a-z-]*,? ){0,5}?(?:company|provider of [^.;:⟦(]{3,80}?|developer of [^.;:⟦(]{3,80}?|manufacturer of [^.;:⟦(]{3,80}?))(?:[,.;(]| with| that| which| focused| based| headquartered|$)`,
		Never:    notTarget,
		Classes:  targetForms,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "Nimbus Robotics, Inc. is a company in the industrial automation industry"
		ID: "sector.target_in", Emit: rule.One(spac.FieldTargetSector),
		Pattern:  `(?i)` + business + `(?: \([^)]{0,60}\))? is a company (?:in|operating in|serving) the (?P<v>` + focusWords + sectorNoun + `)`,
		Never:    notTarget,
		Classes:  targetForms,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// a release's headline: "Acme, a Leading Maker of Grid Batteries, to Combine with ..."
		ID: "sector.target_appositive", Emit: rule.One(spac.FieldTargetSector),
		Pattern:  `(?i)` + business + `, (?:a|an) (?P<v>(?:[a-z][a-z-]*,? ){0,5}?(?:company|provider of [^.;:⟦(,]{3,60}?|maker of [^.;:⟦(,]{3,60}?|developer of [^.;:⟦(,]{3,60}?))(?: and [^,]{0,60})?, (?:to (?:combine|merge|become|go public|list)|(?:has )?(?:entered|agreed|announced))`,
		Never:    notTarget,
		Classes:  []doc.Class{doc.Communication, doc.Current},
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 9,
	},
}

// relativeOpenRe opens a clause about the businesses sought, not an industry ("we focus on
// opportunities that transform traditional industries", "... on companies which have ...").
var relativeOpenRe = regexp.MustCompile(`(?i)^(?:that|which|who|whose|where)\b`)

// namedIndustries emits slot v as the sector unless it is a relative clause rather than the
// industries' names.
// objectLeftRe is a focus that still holds the search's object ("identifying a prospective
// target business in the ... industry"): the words before the industries were not all read
// as the object, and the value would carry them.
var objectLeftRe = textutil.MustStarts(`(?i)^(?:identifying|acquiring|pursuing|finding|seeking)\b|\b(?:target|prospective) (?:business|compan)`)

func namedIndustries(m *rule.Match) []rule.Out {
	if relativeOpenRe.MatchString(m.Text("v")) || objectLeftRe.MatchString(m.Text("v")) {
		return nil
	}
	return m.Emitted("v", spac.FieldSector)
}

// notIndustryRe is notIndustry for a value alone.
var notIndustryRe = textutil.MustStarts(notIndustry)

// industryOnly emits slot v as the sector unless the value names a size or an ownership
// ("middle market", "privately held businesses") rather than an industry.
func industryOnly(m *rule.Match) []rule.Out {
	if notIndustryRe.MatchString(m.Text("v")) {
		return nil
	}
	return namedIndustries(m)
}
