package rules

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The parties of a business combination agreement: which one is the target (not the SPAC, a
// merger sub, a new holding company or another role the agreement defines).

// partyTarget is the production of a rule whose slot "v" holds an agreement's parties (or one
// party; slot "gap", when present, is what comes between the agreement and its parties): the
// target is the party defined as the “Company”, else the first party that is not the SPAC, a
// merger sub, a new holding company or another role the agreement defines. In a press release
// only the parties after the dealDateline count; on a cover page in capitals, whose names the
// recogniser does not read, the capitalised names are the parties, and so are names followed by
// the short name they are given ("Lucid Motors (“Lucid”)"). A party that is some other party's
// subsidiary leaves the target in doubt (the seller's operating subsidiary may be the business
// acquired), unless a party is defined as the Company.
//
// Short names the document defined earlier count as parties only when the names the sentence
// writes in full give no target: a list that names the SPAC by its short name ("by and among
// Meridian, Merger Sub and Gravitas Storage, Inc.") still gives the company it writes in full.
func partyTarget(m *rule.Match) []rule.Out {
	if out := partyTargetOf(m, false); out != nil {
		return out
	}
	return partyTargetOf(m, true)
}

// partyTargetOf is partyTarget with or without the document's short names as parties.
func partyTargetOf(m *rule.Match, short bool) []rule.Out {
	text, base := m.Text("v"), m.Start("v")
	if base < 0 || otherAgreementRe.MatchString(m.Text("gap")) {
		return nil
	}
	orgs := parties(m, text, base, short)
	named := combinedWithName(text)
	sellers := sellerNames(text)
	var first, company, namedParty, beforeHolders *entity.Entity
	var cands []candidate
	doubt := false
	for i := range orgs {
		e := &orgs[i]
		end := len(text)
		if i+1 < len(orgs) {
			end = orgs[i+1].Start - base
		}
		about := partyDescription(text[e.End-base : end])
		before := text[:e.Start-base]
		if !valid(spac.FieldTarget, e.Value, e) || numberedRe.MatchString(before) {
			continue
		}
		if notTargetParty(about) {
			doubt = doubt || otherSubsidiary(about)
			continue
		}
		if isSeller(about, sellers) {
			// the sellers' business may be no party at all ("Steiner Leisure's OneSpaWorld
			// business"): without a party defined as the Company, the target is in doubt
			doubt = true
			continue
		}
		cands = append(cands, candidate{e, about})
		if first == nil {
			first = e
		}
		if company == nil && companyTermRe.MatchString(about) {
			company = e
		}
		if namedParty == nil && named != "" && shortNameIs(about, named) {
			namedParty = e
		}
		if company == nil && holdersNextRe.MatchString(about) {
			beforeHolders = e
		}
	}
	if acquiresSeveral(text, cands) {
		return nil
	}
	if company == nil {
		company = namedParty
	}
	if company == nil {
		if subs, several := subsTargets(text, cands); several {
			return nil
		} else if len(subs) == 1 {
			company = subs[0]
		}
	}
	if company == nil {
		held, several := heldParty(text, cands)
		if several {
			return nil
		}
		company = held
	}
	switch {
	case company != nil:
		first = company
	case doubt:
		return nil
	case beforeHolders != nil:
		first = beforeHolders
	}
	if first == nil || company == nil && unplacedLeadingParties(m, text, base, orgs) || isTheSPAC(m, first) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTarget, first.Value, *first)}
}

// combinedWithRe: the clause after a list of parties that names the one the SPAC combines with
// by the short name the list gave it ("..., Cullen Agricultural Technologies, Inc. (“Cullen
// Agritech”) and ..., Triplecrown consummated its business combination with Cullen Agritech").
var combinedWithRe = textutil.MustStarts(`(?i:business combination|merger|combination) with (?:the )?([A-Z][\w&'’.\-]*(?: [A-Z][\w&'’.\-]*){0,3})`)

// combinedWithName is the short name a party list's closing clause combines with, or "".
func combinedWithName(text string) string {
	if g := combinedWithRe.FindStringSubmatch(text); g != nil {
		return strings.TrimRight(g[1], ".")
	}
	return ""
}

// shortNameIs reports whether a party's description gives it the short name name (its first
// defined term): that party is the one the clause combines with, wherever the list places it.
func shortNameIs(about, name string) bool {
	g := termRe.FindStringSubmatch(about)
	return g != nil && strings.EqualFold(strings.TrimSpace(g[1]), name)
}

// parties returns the names in slot text (at offset base of its sentence) that may be parties,
// in order: recognised companies, names in capitals, names given a short name; not an office's
// agent, not a party's former or trade name, nothing before a press release's dateline.
func parties(m *rule.Match, text string, base int, short bool) []entity.Entity {
	var orgs []entity.Entity
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org {
			orgs = append(orgs, e)
		}
	}
	orgs = withCapitalNames(orgs, capitalNames(text, base))
	orgs = withCapitalNames(orgs, definedNames(text, base))
	if short {
		// a party named by the short name the document gave it earlier ("by and among the
		// Company, Merger Sub and Wrenfield")
		orgs = withCapitalNames(orgs, shortNamed(m, text, base))
	}
	// an office's agent is an address, not a party: the description of the party before it
	// runs on to the next party ("..., having its registered office at <agent>, ... (“Pubco”)")
	orgs = slices.DeleteFunc(orgs, func(e entity.Entity) bool {
		before := text[:e.Start-base]
		return addressRe.MatchString(before) || aliasRe.MatchString(before) || sponsorRefRe.MatchString(before)
	})
	orgs = beforeTerms(orgs, text, base)
	if loc := datelineDashRe.FindAllStringIndex(text, -1); len(loc) > 0 {
		cut := base + loc[len(loc)-1][1]
		for len(orgs) > 0 && orgs[0].Start < cut {
			orgs = orgs[1:]
		}
	}
	return orgs
}

// otherSubsidiary reports whether a party's description makes it a subsidiary of a party other
// than the SPAC or a holding company the agreement forms, with no role defined for it.
func otherSubsidiary(about string) bool {
	if !subsidiaryRe.MatchString(about) || vehicleOwnerRe.MatchString(about) {
		return false
	}
	g := termRe.FindStringSubmatch(about)
	return g == nil || !roleTermRe.MatchString(strings.TrimSpace(g[1]+g[2]))
}

var (
	// otherAgreementRe: the words between the agreement's name and "with" speak of another
	// agreement ("... as contemplated by the Merger Agreement, entered into subscription
	// agreements with certain investors").
	otherAgreementRe = textutil.MustStarts(`(?i)subscription|investors?\b|\bPIPE\b|support agreement|lock-?up|registration rights|voting|sponsor|letter agreement|advisor|placement agent|non-redemption|forward purchase`)
	// datelineDashRe ends a press release's dealDateline ("BOSTON, Nov. 18, 2022 (GLOBE NEWSWIRE) --").
	datelineDashRe = textutil.MustStarts(` (?:--|—|–) `)
	// aliasRe: a name right after "f/k/a" or "d/b/a" is the party before it under another name.
	aliasRe = textutil.MustStarts(`(?i)\b(?:f/k/a|formerly known as|formerly|d/b/a|doing business as)\s*$`)
	// sponsorRefRe: a name right after "sponsored by" or "its sponsor," is the SPAC's sponsor
	// in the SPAC's description ("Acme Acquisition Corp., a blank check company sponsored by
	// Acme Holdings LLC, and Target, Inc. announced"), never a party to the combination.
	sponsorRefRe = textutil.MustStarts(`(?i)\b(?:sponsored by|(?:its|our|the company['’]s) sponsor,?)\s*$`)
	// subsidiaryRe: a party described as a subsidiary; vehicleOwnerRe: of the SPAC or of a
	// holding company the agreement forms (a merger sub, whatever its name).
	subsidiaryRe   = textutil.MustStarts(`(?i)wholly[- ]owned subsidiary|\bsubsidiary of\b`)
	vehicleOwnerRe = textutil.MustStarts(`(?i)subsidiary of (?:the )?(?:company|spac|parent|pubco|holdco|topco|newco|purchaser|acquir[eo]r|buyer|registrant|us|ours)\b`)
	// numberedRe: a numbered company ("1519004 B.C. Ltd.") is a holding vehicle, not a target.
	numberedRe = textutil.MustStarts(`\d\s*$`)
	// nextPartyRe: a party's defined term closed, the next party of the list begins - a name
	// the recogniser does not read, with no legal form, and its own description ("(the
	// “Company”), Showtime Cayman, a Cayman Islands exempted company and wholly-owned
	// subsidiary ..."): what is said of that party is not this one's.
	nextPartyRe = textutil.MustStarts(`\)\s*,\s*(?:and\s+)?(?:[A-Z][\w&'’.\-]*\s+){0,5}[A-Z][\w&'’.\-]*,\s+(?:an?|the)\s`)
	// clauseRe ends a party's description where the sentence goes on to the deal's terms.
	clauseRe = textutil.MustStarts(`(?i)\b(?:pursuant to|whereby|under which|which provides|providing for|in connection with)\b`)
	// termRe is the first defined term of a description ((“Merger Sub”), as the Purchaser).
	termRe        = textutil.MustStarts(`[“"]([^”"]{1,40})[”"]|^[,\s]*as (?:the )?([A-Za-z ]{2,30}?)(?:,|$)`)
	roleTermRe    = textutil.MustStarts(`(?i)^(?:the )?(?:new )?(?:pubco|holdco|topco|newco|parent|purchaser|acquir[eo]r|buyer|spac|sponsor|sellers?|blocker|(?:seller|purchaser|shareholder|stockholder)s?(?:['’])? representative|representative|[\w ]*merger sub[\w ]*)$`)
	companyTermRe = textutil.MustStarts(`(?i)^[^“"]*[“"](?:the )?(?:company|target)[”"]|^[,\s]*as the company\b`)
	// otherPartyRe: a description that makes a party the SPAC, a subsidiary, or the agent of
	// the target's holders (a party that acts "in its capacity as" their representative, whatever
	// short name the list gives it first: "(“Harbor” and, in its capacity as representative of
	// the Company's shareholders, the “Holder Representative”)")
	otherPartyRe = textutil.MustStarts(`(?i)wholly[- ]owned subsidiary|special purpose acquisition|blank check|^\W*\((?:nasdaq|nyse|otc)` +
		`|\bin (?:its|their) capacity as (?:the |a |an )?(?:[\w’'\-]+ ){0,4}(?:representative|agent)\b`)
	capitalNameRe = textutil.MustStarts(`\b[A-Z][A-Z0-9&'’.\-]+(?:\s+(?:[A-Z][A-Z0-9&'’.\-]*|&))*,?\s+(?:INC\.|INC\b|CORP\.|CORP\b|CORPORATION\b|COMPANY\b|LTD\.|LTD\b|LIMITED\b|LLC\b|L\.L\.C\.|L\.P\.|LP\b|PLC\b|HOLDINGS\b|N\.V\.|B\.V\.|S\.A\.|AG\b|GMBH\b)`)
	// addressRe: a name right after "having its registered office at" is the office's agent, an
	// address, never a party.
	addressRe = textutil.MustStarts(`(?i)\b(?:office|offices|address|located|situated|place of business|care of|c/o)(?: is| are)?(?: at| of)?\s*$`)
	// holdersNameRe: "THE SHAREHOLDERS OF THE COMPANY" names holders, not a company.
	holdersNameRe = textutil.MustStarts(`(?i)\b(?:shareholders|stockholders|holders|members|equityholders|sellers)\b|\bof the company$`)
	// holdersNextRe: the party a list names right before "the Company Shareholders" (or its
	// holders, sellers) is the company they hold, where no party is defined as the Company.
	holdersNextRe = textutil.MustStarts(`(?i)^[,\s]*(?:and\s+)?(?:the\s+)?(?:company|target)\s+(?:shareholders|stockholders|equityholders|holders|members|sellers)\b`)
)

// partyDescription is what a filing says of a party right after its name, up to the deal's
// terms.
func partyDescription(after string) string {
	if loc := clauseRe.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	if loc := nextPartyRe.FindStringIndex(after); loc != nil {
		after = after[:loc[0]+1]
	}
	if len(after) > 200 {
		after = after[:200]
	}
	return after
}

// notTargetParty reports whether a party's description makes it something other than the
// target: a role defined for it, a subsidiary, the SPAC itself.
func notTargetParty(about string) bool {
	if g := termRe.FindStringSubmatch(about); g != nil && roleTermRe.MatchString(strings.TrimSpace(g[1]+g[2])) {
		return true
	}
	return otherPartyRe.MatchString(about)
}

// counterparty is the production of a rule whose slot "v" names the parties of an agreement
// as the subject of what they did to it: the target is the one party that is not the SPAC (the
// filer, or a company named as a SPAC), a merger sub or another role; none when several remain.
func counterparty(m *rule.Match) []rule.Out {
	if out := counterpartyOf(m, false); out != nil {
		return out
	}
	return counterpartyOf(m, true)
}

// counterpartyOf is counterparty with or without the document's short names as parties (see
// partyTarget).
func counterpartyOf(m *rule.Match, short bool) []rule.Out {
	text, base := m.Text("v"), m.Start("v")
	var orgs []entity.Entity
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org {
			orgs = append(orgs, e)
		}
	}
	// a party named without a legal form but given its short name ("Tema Oil and Gas Company
	// (“Tema”)") is a party too
	orgs = withCapitalNames(orgs, definedNames(text, base))
	if short {
		orgs = withCapitalNames(orgs, shortNamed(m, text, base))
	}
	filer := bareName(m.Filer())
	var found []entity.Entity
	for i, e := range orgs {
		end := len(text)
		if i+1 < len(orgs) {
			end = orgs[i+1].Start - base
		}
		if !valid(spac.FieldTarget, e.Value, &e) || bareName(e.Value) == filer || notTargetParty(partyDescription(text[e.End-base:end])) {
			continue
		}
		found = append(found, e)
	}
	if len(found) != 1 {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTarget, found[0].Value, found[0])}
}
