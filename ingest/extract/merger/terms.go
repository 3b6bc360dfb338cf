// Package merger extracts business-combination terms: the agreement (date, target) and its
// financing (PIPE, forward purchase, earnout, lockup, minimum cash). Terms is shared with the
// 8-K Item 1.01 extractor; Extract reads S-4, F-4 and 425 filings.
package merger

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// Name matches a company name: capitalised words, then an optional legal suffix after a
// comma ("Nimbus Robotics, Inc.").
const Name = `[A-Z][\w&'’.-]*(?:[ -](?:of |de |and )?[A-Z0-9&][\w&'’.-]*)*(?:,? (?:Inc\.|Corp\.|Ltd\.|LLC|L\.P\.|Limited|plc|N\.V\.|S\.A\.|AG|GmbH|Co\.|Corporation))?`

const agreementName = `(?:Business Combination Agreement(?: and Plan of Reorganization)?|Agreement and Plan of Merger|Merger Agreement|Share Exchange Agreement)`

var (
	agreementRe = re(`On (` + t.Date + `),? .{0,300}?(entered into (?:a|an|that certain) ` + agreementName + `)(?: \(the [^)]{0,80}\))?(?:,? (?:with|by and among .{0,300}?,? and) (` + Name + `))?`)
	datedAsOfRe = re(agreementName + `,? dated as of (` + t.Date + `)`)
	pipeRe      = re(`(?i)(?:aggregate of|purchase) (` + t.Count + `) shares of [^$]{0,80}?at (?:a (?:purchase )?price of )?(` + t.Price + `) per share,? for (?:an )?aggregate (?:gross )?(?:proceeds|purchase price|commitment) of (` + t.Money + `)`)
	fpaPriceRe  = re(`(?i)forward purchase.{0,300}?purchase (?:up to )?` + t.Count + ` [^$]{0,80}?at (?:a price of )?(` + t.Price + `) per share`)
	fpaAmountRe = re(`(?i)forward purchase.{0,400}?aggregate (?:purchase price )?of (?:up to )?(` + t.Money + `)`)
	earnoutRe   = re(`(?i)up to (` + t.Count + `) (?:additional )?[^.]{0,60}?shares[^.]{0,40}?\(the ` + t.OpenQuote + `Earn-?out Shares`)
	earnTermsRe = re(`(?i)((?:the )?(?:closing|volume[- ]weighted average|VWAP)[^;]{0,200}?(?:equals or exceeds|exceeds|is at least|greater than or equal to) \$\d+(?:\.\d+)?(?: per share)?(?:,? for any \d+ trading days within any \d+[- ]trading[- ]day period)?)`)
	lockupRe    = re(`(?i)(?:transfer|lock-?up)[^.]{0,300}?(?:for a period of|until the date that is|until) ((?:[a-z-]+ \()?\d+\)? (days|months)|[a-z]+(?:-[a-z]+)? (days|months)) (?:after|following|from) (?:the )?(?:date of (?:the )?)?closing`)
	minCashRe   = re(`(?i)(?:Available Closing Cash|Minimum Cash Condition|Minimum Cash Amount|Minimum Available Cash)[^$]{0,200}?(` + t.Money + `)`)
	pipeWordsRe = re(`PIPE|Subscription|[Ss]ubscri|private placement`)
)

// Agreement emits agreement_date and target from the "entered into a Business Combination
// Agreement ... with Target" sentence and reports its line and words for a status citation.
func Agreement(e *emit.Emitter) (line int, quote string) {
	m, ok := e.Find(agreementRe)
	if ok {
		e.Date(spac.FieldAgreementDate, m.Line, m.Group(1))
		if target := TrimName(m.Group(3)); target != "" && !strings.Contains(target, "Merger Sub") {
			e.Text(spac.FieldTarget, m.Line, target)
		}
		return m.Line, m.Group(2)
	}
	if m, ok := e.Find(datedAsOfRe); ok {
		e.Date(spac.FieldAgreementDate, m.Line, m.Group(1))
	}
	return 0, ""
}

// Terms emits the financing terms of a business combination.
func Terms(e *emit.Emitter) {
	for _, m := range e.FindAll(pipeRe) {
		if pipeWordsRe.MatchString(e.R.Line(m.Line)) && !strings.Contains(strings.ToLower(e.R.Line(m.Line)), "forward purchase") {
			e.Int(spac.FieldPIPEShares, m.Line, m.Group(1))
			e.Price(spac.FieldPIPEPrice, m.Line, m.Group(2))
			e.Money(spac.FieldPIPEAmount, m.Line, m.Group(3))
			break
		}
	}
	once(e, spac.FieldFPAPrice, e.Price, fpaPriceRe)
	once(e, spac.FieldFPAAmount, e.Money, fpaAmountRe)
	if m, ok := e.Find(earnoutRe); ok {
		e.Int(spac.FieldEarnoutShares, m.Line, m.Group(1))
		if tm := earnTermsRe.FindStringSubmatch(e.R.Line(m.Line)); tm != nil {
			e.Text(spac.FieldEarnoutTerms, m.Line, tm[1])
		}
	}
	if m, ok := e.Find(lockupRe); ok {
		field := spac.FieldLockupDays
		if strings.EqualFold(m.Group(2)+m.Group(3), "months") {
			field = spac.FieldLockupMonths
		}
		e.Int(field, m.Line, m.Group(1))
	}
	once(e, spac.FieldMinimumCash, e.Money, minCashRe)
}

func once(e *emit.Emitter, field string, add func(string, int, string) bool, x *regexp.Regexp) {
	for _, m := range e.FindAll(x) {
		if add(field, m.Line, m.Group(1)) {
			return
		}
	}
}

// Extract reads an S-4, F-4 (and amendments) or 425: the agreement, its terms and the status
// combination_announced (cited to the agreement sentence, else the form type header).
func Extract(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	line, quote := Agreement(e)
	Terms(e)
	if line > 0 {
		e.Status(spac.StatusCombinationAnnounced, line, quote)
	} else {
		e.FormStatus(spac.StatusCombinationAnnounced)
	}
	return e.Facts()
}

// abbrevEnd matches a name ending in an abbreviation whose period belongs to it ("Inc.",
// "B.V.", "N.V.").
var abbrevEnd = re(`(?:\b(?:Inc|Corp|Ltd|Co|Bros|Intl)|\b[A-Z]\.[A-Z](?:\.[A-Z])*)\.$`)

// sentenceTail is a next sentence the name pattern ran into after an abbreviation's period
// ("Velorin Mobility N.V. The common stock ...").
var sentenceTail = re(`\.\s+(?:The|This|These|It|Its|As|On|In|A|An|Such|Following|Upon)\b.*$`)

// TrimName drops a sentence-ending period the name pattern swallowed ("Nimbus Robotics.") and
// a following sentence it ran into.
func TrimName(s string) string {
	s = sentenceTail.ReplaceAllString(s, ".")
	if strings.HasSuffix(s, ".") && !abbrevEnd.MatchString(s) {
		return strings.TrimSuffix(s, ".")
	}
	return s
}
