package rules

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Productions of the merger family (merger.go, financing.go, closing.go) and the parts of
// an agreement's parties they read.

// partyTarget is the production of a rule whose slot "v" holds an agreement's parties (or one
// party; slot "gap", when present, is what comes between the agreement and its parties): the target is the party defined as the “Company”, else the first party that is not
// the SPAC, a merger sub, a new holding company or another role the agreement defines. In a
// press release only the parties after the dealDateline count; on a cover page in capitals, whose
// names the recogniser does not read, the capitalised names are the parties.
func partyTarget(m *rule.Match) []rule.Out {
	text, base := m.Text("v"), m.Start("v")
	if base < 0 || otherAgreementRe.MatchString(m.Text("gap")) {
		return nil
	}
	var orgs []entity.Entity
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org {
			orgs = append(orgs, e)
		}
	}
	orgs = withCapitalNames(orgs, capitalNames(text, base))
	// an office's agent is an address, not a party: the description of the party before it
	// runs on to the next party ("..., having its registered office at <agent>, ... (“Pubco”)")
	orgs = slices.DeleteFunc(orgs, func(e entity.Entity) bool { return addressRe.MatchString(text[:e.Start-base]) })
	if loc := datelineDashRe.FindAllStringIndex(text, -1); len(loc) > 0 {
		cut := base + loc[len(loc)-1][1]
		for len(orgs) > 0 && orgs[0].Start < cut {
			orgs = orgs[1:]
		}
	}
	var first, company, beforeHolders *entity.Entity
	for i := range orgs {
		e := &orgs[i]
		end := len(text)
		if i+1 < len(orgs) {
			end = orgs[i+1].Start - base
		}
		about := partyDescription(text[e.End-base : end])
		before := text[:e.Start-base]
		if !valid(spac.FieldTarget, e.Value, e) || numberedRe.MatchString(before) || notTargetParty(about) {
			continue
		}
		if first == nil {
			first = e
		}
		if company == nil && companyTermRe.MatchString(about) {
			company = e
		}
		if company == nil && holdersNextRe.MatchString(about) {
			beforeHolders = e
		}
	}
	switch {
	case company != nil:
		first = company
	case beforeHolders != nil:
		first = beforeHolders
	}
	if first == nil {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTarget, first.Value, *first)}
}

var (
	// otherAgreementRe: the words between the agreement's name and "with" speak of another
	// agreement ("... as contemplated by the Merger Agreement, entered into subscription
	// agreements with certain investors").
	otherAgreementRe = regexp.MustCompile(`(?i)subscription|investors?\b|\bPIPE\b|support agreement|lock-?up|registration rights|voting|sponsor|letter agreement|advisor|placement agent|non-redemption|forward purchase`)
	// datelineDashRe ends a press release's dealDateline ("BOSTON, Nov. 18, 2022 (GLOBE NEWSWIRE) --").
	datelineDashRe = regexp.MustCompile(` (?:--|—|–) `)
	// numberedRe: a numbered company ("1519004 B.C. Ltd.") is a holding vehicle, not a target.
	numberedRe = regexp.MustCompile(`\d\s*$`)
	// clauseRe ends a party's description where the sentence goes on to the deal's terms.
	clauseRe = regexp.MustCompile(`(?i)\b(?:pursuant to|whereby|under which|which provides|providing for|in connection with)\b`)
	// termRe is the first defined term of a description ((“Merger Sub”), as the Purchaser).
	termRe        = regexp.MustCompile(`[“"]([^”"]{1,40})[”"]|^[,\s]*as (?:the )?([A-Za-z ]{2,30}?)(?:,|$)`)
	roleTermRe    = regexp.MustCompile(`(?i)^(?:the )?(?:new )?(?:pubco|holdco|topco|newco|parent|purchaser|acquir[eo]r|buyer|spac|sponsor|sellers?|blocker|(?:seller|purchaser|shareholder|stockholder)s?(?:['’])? representative|representative|[\w ]*merger sub[\w ]*)$`)
	companyTermRe = regexp.MustCompile(`(?i)^[^“"]*[“"](?:the )?(?:company|target)[”"]|^[,\s]*as the company\b`)
	otherPartyRe  = regexp.MustCompile(`(?i)wholly[- ]owned subsidiary|special purpose acquisition|blank check|^\W*\((?:nasdaq|nyse|otc)`)
	capitalNameRe = regexp.MustCompile(`\b[A-Z][A-Z0-9&'’.\-]+(?:\s+(?:[A-Z][A-Z0-9&'’.\-]*|&))*,?\s+(?:INC\.|INC\b|CORP\.|CORP\b|CORPORATION\b|COMPANY\b|LTD\.|LTD\b|LIMITED\b|LLC\b|L\.L\.C\.|L\.P\.|LP\b|PLC\b|HOLDINGS\b|N\.V\.|B\.V\.|S\.A\.|AG\b|GMBH\b)`)
	// addressRe: a name right after "having its registered office at" is the office's agent, an
	// address, never a party.
	addressRe = regexp.MustCompile(`(?i)\b(?:office|offices|address|located|situated|place of business|care of|c/o)(?: is| are)?(?: at| of)?\s*$`)
	// holdersNameRe: "THE SHAREHOLDERS OF THE COMPANY" names holders, not a company.
	holdersNameRe = regexp.MustCompile(`(?i)\b(?:shareholders|stockholders|holders|members|equityholders|sellers)\b|\bof the company$`)
	// holdersNextRe: the party a list names right before "the Company Shareholders" (or its
	// holders, sellers) is the company they hold, where no party is defined as the Company.
	holdersNextRe = regexp.MustCompile(`(?i)^[,\s]*(?:and\s+)?(?:the\s+)?(?:company|target)\s+(?:shareholders|stockholders|equityholders|holders|members|sellers)\b`)
)

// partyDescription is what a filing says of a party right after its name, up to the deal's
// terms.
func partyDescription(after string) string {
	if loc := clauseRe.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
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
	text, base := m.Text("v"), m.Start("v")
	var orgs []entity.Entity
	for _, e := range m.Entities("v") {
		if e.Kind == entity.Org {
			orgs = append(orgs, e)
		}
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

var (
	nonAlnumRe = regexp.MustCompile(`[^a-z0-9]+`)
	legalEndRe = regexp.MustCompile(`(?: (?:corp|corporation|inc|incorporated|ltd|limited|co|company|plc|llc))+$`)
)

// bareName is a company name compared without case, punctuation and legal form ("Halcyon
// Drift Acquisition Corp." and "HALCYON DRIFT ACQUISITION CORP" are one name).
func bareName(name string) string {
	n := strings.TrimSpace(nonAlnumRe.ReplaceAllString(strings.ToLower(name), " "))
	return legalEndRe.ReplaceAllString(n, "")
}

// capitalNames finds company names written in capitals ("VELORA THERAPEUTICS, INC.") in text,
// which starts at offset base of its sentence, as org entities.
func capitalNames(text string, base int) []entity.Entity {
	var out []entity.Entity
	for _, loc := range capitalNameRe.FindAllStringIndex(text, -1) {
		start := loc[0]
		for _, lead := range []string{"AND ", "THE ", "BY ", "AMONG "} {
			if strings.HasPrefix(text[start:loc[1]], lead) {
				start += len(lead)
			}
		}
		name := strings.Join(strings.Fields(text[start:loc[1]]), " ")
		if len(strings.Fields(name)) < 2 || holdersNameRe.MatchString(name) {
			continue
		}
		out = append(out, entity.Entity{Kind: entity.Org, Start: base + start, End: base + loc[1],
			CoreStart: base + start, CoreEnd: base + loc[1], Value: name})
	}
	return out
}

// withCapitalNames adds to the recognised names the names in capitals the recogniser did not
// read (a title page names the SPAC with a legal form it knows, the target as "THE AIR WATER
// COMPANY"), in order of position.
func withCapitalNames(orgs, caps []entity.Entity) []entity.Entity {
	for _, c := range caps {
		overlaps := false
		for _, o := range orgs {
			if c.Start < o.End && o.Start < c.End {
				overlaps = true
				break
			}
		}
		if !overlaps {
			orgs = append(orgs, c)
		}
	}
	slices.SortStableFunc(orgs, func(a, b entity.Entity) int { return a.Start - b.Start })
	return orgs
}

// parentName is the production of "the SPAC became a wholly owned subsidiary of Pubco" (and
// "Pubco became the parent of the SPAC"): the parent is the combined company's name, when
// the other party is the SPAC.
func parentName(m *rule.Match) []rule.Out {
	spacs, parents := m.Entities("spac"), m.Entities("v")
	if len(spacs) != 1 || len(parents) != 1 || !spacOnlyRe.MatchString(spacs[0].Value) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldNewName, parents[0].Value, parents[0])}
}

// earnoutCount is the production of "up to 10 million earnout shares": a count, or a figure
// with a scale word, that the recogniser did not read as a quantity of shares.
func earnoutCount(m *rule.Match) []rule.Out {
	if cs := m.Entities("c"); len(cs) == 1 && cs[0].Num != nil && cs[0].Num.IsInt() {
		// a quantity entity ("10 million earnout shares") must name the earnout itself
		if cs[0].Kind == entity.Shares && !strings.Contains(strings.ToLower(m.Text("c")), "earn") {
			return nil
		}
		return []rule.Out{m.Cite(spac.FieldEarnoutShares, cs[0].Num.Num().String(), cs[0])}
	}
	text, start := m.Text("n"), m.Start("n")
	fig, scale, ok := strings.Cut(text, " ")
	v, okFig := new(big.Rat).SetString(fig)
	if start < 0 || !ok || !okFig {
		return nil
	}
	mult := map[string]int64{"million": 1_000_000, "billion": 1_000_000_000}[strings.ToLower(scale)]
	v.Mul(v, new(big.Rat).SetInt64(mult))
	if !v.IsInt() || v.Sign() <= 0 {
		return nil
	}
	e := entity.Entity{Kind: entity.Shares, Start: start, End: start + len(text), CoreStart: start,
		CoreEnd: start + len(text), Num: v}
	return []rule.Out{m.Cite(spac.FieldEarnoutShares, v.Num().String(), e)}
}

// expectedPeriod is the period an expected closing is stated in: "first quarter of 2027",
// "Q1 2027", "second half of 2026", "March 2027", "2027".
const expectedPeriod = `(?P<period>(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) (?:calendar )?quarter of (?:calendar (?:year )?)?(?P<y>\d{4})|` +
	`(?P<h>first|second) half of (?:calendar (?:year )?)?(?P<y>\d{4})|q(?P<qn>[1-4]) (?P<y>\d{4})|` +
	`(?P<m>january|february|march|april|may|june|july|august|september|october|november|december),? (?P<y>\d{4})|` +
	`(?:calendar (?:year )?)?(?P<y>\d{4}))\b`

var (
	quarterWords = map[string]string{"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3", "fourth": "4", "4th": "4"}
	monthWords   = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
)

// expectedClose gives the expected closing: the day (slot d), else the period as stated,
// normalised ("2027-Q1", "2027-H2", "2027-03", "2027"), cited on its words.
func expectedClose(m *rule.Match) []rule.Out {
	if ds := m.Entities("d"); len(ds) == 1 {
		return []rule.Out{m.Cite(spac.FieldExpectedClose, ds[0].Value, ds[0])}
	}
	year := m.Text("y")
	if len(year) != 4 || year < "2000" || year > "2099" {
		return nil
	}
	value := year
	switch {
	case m.Text("q") != "":
		value += "-Q" + quarterWords[strings.ToLower(m.Text("q"))]
	case m.Text("qn") != "":
		value += "-Q" + m.Text("qn")
	case m.Text("h") != "":
		value += map[string]string{"first": "-H1", "second": "-H2"}[strings.ToLower(m.Text("h"))]
	case m.Text("m") != "":
		value += "-" + fmt.Sprintf("%02d", slices.Index(monthWords, strings.ToLower(m.Text("m")))+1)
	}
	out, ok := m.CiteText(spac.FieldExpectedClose, value, "period")
	if !ok {
		return nil
	}
	return []rule.Out{out}
}
