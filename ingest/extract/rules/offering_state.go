package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// offeringState: the company's own jurisdiction (state_of_inc). Written out, it wins over the
// SGML header's EDGAR code ("E9"); what only implies it (the law its obligations fall under)
// yields to the header. The sponsor's, a target's or a merger sub's jurisdiction is never
// read: the subject is the company itself ("we", "the Company", the filer's own name, or a
// name described as a blank check company). Part of the offering family (offering.go).

// stateForms are the forms whose "we" is the SPAC (a merger proxy's "we" may be the target's).
var stateForms = []doc.Class{doc.Prospectus, doc.Periodic, doc.Proxy, doc.Current, doc.Communication}

// monthYear is a month and year without a day ("in April 2021"), which the date entity does
// not read.
const monthYear = `(?-i:(?:January|February|March|April|May|June|July|August|September|October|November|December) (?:19|20)\d{2})`

// companyForm is the legal form after a jurisdiction ("a Cayman Islands exempted company"); a
// copy that lost the line break between two words writes "exemptedcompany".
// A few notes capitalise the form ("incorporated as a Cayman Islands Exempted Company").
const companyForm = `(?i:(?:exempted ?|business |limited liability |public benefit )*(?:company|corporation))`

// shortNameOpening is the short name a proxy or release defines for the company, opening the
// sentence that calls it a blank check company ("Cascadia is a blank check company
// incorporated as a Delaware corporation"): a bare short name is not masked as an
// organisation, and only the company itself is described so at a sentence's start (another
// of its sponsor's SPACs is vetoed by otherSPAC, as for a full name). One to four capitalised
// words.
const shortNameOpening = `^(?-i:[A-Z][A-Za-z0-9&'’.-]*(?: [A-Z][A-Za-z0-9&'’.-]*){0,3})`

// jurisdictionSlot captures a jurisdiction, "British Virgin Island" included (see
// jurisdictionOf).
var jurisdictionSlot = `(?P<v>` + jurisdiction + `|British Virgin Island)`

var offeringState = []*rule.Rule{
	{
		ID: "offering.state_incorporated", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		// The subject is the company itself: "we", "the Company", or its name defined as the
		// Company or described as a blank check company. A date may sit between the verb and
		// the place ("incorporated on July 9, 2014 as a Delaware corporation", "incorporated in
		// April 2021 as a Delaware corporation").
		Pattern: `(?:\b(?:We|we|The Company|the Company|The Registrant|the Registrant) (?:is|was|are|were)` +
			`|{org}(?: \((?:[^()⟦]|⟦org \d+⟧){0,60}\))? \((?:the )?` + q + `(?:Company|Registrant)` + eq + `[^)]{0,40}\),? (?:is|was)` +
			`|(?:{org}(?: \d{1,2}| [IVX]{1,4})?|` + shortNameOpening + `)(?: \((?:the )?` + q + `[^()⟦]{0,80}\))? is (?:a|an) (?:newly[- ]organized |newly[- ]incorporated |recently formed |early stage )?(?:blank check|special purpose acquisition) company)` +
			`[^.⟦]{0,80}?\b(?:incorporated|formed|organized)(?: (?:on|in) (?:{date}|` + monthYear + `),?)?` +
			`(?: as (?:a|an) ` + jurisdictionSlot + ` ` + companyForm +
			`| in (?:the )?(?:State of )?` + jurisdictionSlot + `\b| under the laws of (?:the )?(?:State of )?` + jurisdictionSlot + `\b)`,
		Not:      otherSPAC,
		Never:    notOwnJurisdiction,
		Classes:  stateForms,
		NotKinds: notStated,
		Priority: 99,
	},
	{
		ID: "offering.state_is_a", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `\b(?:We|we|The Company|the Company) (?:is|are) (?:a|an) ` + jurisdictionSlot + ` (?:exempted company|corporation|business company|limited liability company)\b`,
		Not:      otherSPAC,
		Never:    notOwnJurisdiction,
		Classes:  stateForms,
		NotKinds: notStated,
		Priority: 99,
	},
	{
		// The jurisdiction as the blank check company's adjective: "Acme Acquisition Corp. is a
		// Cayman Islands blank check company". The subject describes itself as the SPAC.
		ID: "offering.state_blank_check_adjective", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `(?:{org}|\b(?:We|we|The Company|the Company)) (?:is|was) (?:a|an) (?:newly[- ]organized |newly[- ]incorporated |recently formed )?` + jurisdictionSlot + ` (?:exempted )?(?:blank check|special purpose acquisition) company\b`,
		Not:      otherSPAC,
		Never:    notOwnJurisdiction,
		Classes:  stateForms,
		NotKinds: notStated,
		Priority: 99,
	},
	{
		// The filer's own name in apposition: "Acme Acquisition Corp., a Delaware corporation"
		// (a merger agreement's parties, a release, a proxy's notice). Any other name - the
		// target, a merger sub, the sponsor - is not read.
		ID: "offering.state_filer_apposition", Produce: filerOnly(jurisdictionOf), Gives: []string{spac.FieldStateOfInc},
		// A former name and the defined term may stand in two brackets between ("Acme Corp.
		// (the “Company”) (formerly Acme Growth Corp.), a Cayman Islands exempted company");
		// one bracket alone is meeting.state_notice_apposition's.
		// The place may follow the form ("Acme Holdings II, an exempted company incorporated in
		// the Cayman Islands with limited liability", "Acme Corp., a blank check company
		// incorporated as a Delaware corporation").
		Pattern: `(?P<org>{org})(?: \([^()]{1,80}\) \([^()]{1,80}\))?,? (?:is )?(?:a|an) (?:newly[- ]organized |newly[- ]formed )?` + jurisdictionSlot + ` ` + companyForm + `\b` +
			`|(?P<org>{org}),? (?:a|an) (?:[a-z-]+,? ){0,5}?` + companyForm + ` (?:incorporated|organized|formed) (?:as (?:a|an) ` + jurisdictionSlot + ` ` + companyForm + `|in (?:the )?(?:State of )?` + jurisdictionSlot + `|under the laws of (?:the )?(?:State of )?` + jurisdictionSlot + `)\b`,
		Not:      notOwnJurisdiction,
		Never:    jurisdictionMoved,
		Classes:  []doc.Class{doc.Prospectus, doc.Periodic, doc.Proxy, doc.MergerProxy, doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 98,
	},
	{
		// The charter filed with the registry of its own jurisdiction: "the Company filed its
		// amended and restated certificate of incorporation with the Secretary of State of the
		// State of Delaware".
		ID: "offering.state_charter_filed", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern: `\b(?:the Company|The Company|we|We|the Registrant) (?:filed|has filed) (?:its|our|an?|the) [^.⟦]{0,120}?` +
			`(?i:certificate of incorporation|charter|memorandum and articles of association)[^.⟦]{0,100}? with the ` +
			`(?i:Secretary of State of the State of|Secretary of State of|Registrar of Companies (?:of|in) the|Registrar of Corporate Affairs (?:of|in) the) ` + jurisdictionSlot + `\b`,
		Never:    notOwnJurisdiction + `|(?i)merger sub|certificate of merger`,
		Classes:  []doc.Class{doc.Current, doc.Periodic, doc.Proxy},
		NotKinds: notStated,
		Priority: 97,
	},
	{
		// Implied only: the law its own obligations fall under ("subject to its obligations
		// under Cayman Islands law to provide for claims of creditors", "the Companys
		// obligations" as text from a PDF writes it), or its shareholders' resolutions ("approved
		// by a special resolution under Cayman Islands law"); the header wins.
		ID: "offering.state_obligations_law", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `\b(?:(?:our|its|the Company` + ap + `?s) obligations|special resolution) under (?:the laws of )?(?:the )?(?:State of )?` + jurisdictionSlot + ` law\b`,
		Classes:  stateForms,
		NotKinds: notStated,
		Priority: 40,
	},
	{
		ID: "offering.state_obligations_dgcl", Emit: rule.One(spac.FieldStateOfInc), Value: "Delaware",
		Pattern:  `\b(?:our|its|the Company` + ap + `?s) obligations under (?:the )?(?P<v>(?:Delaware General Corporation|{org}) Law|DGCL)\b`,
		Must:     `Delaware General Corporation Law|DGCL`, // the statute's name may be read as a company's
		Classes:  stateForms,
		NotKinds: notStated,
		Priority: 40,
	},
}
