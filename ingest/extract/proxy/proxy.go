// Package proxy extracts shareholder-meeting facts from proxy statements: extension proxies
// (PRE 14A, DEF 14A, DEFA14A) and merger proxies (PREM14A, DEFM14A, and 424B3 merger
// prospectuses). An extension proxy sets in_extension; a definitive merger proxy in_vote.
package proxy

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/current"
	"github.com/spacdata/spac/ingest/extract/emit"
	"github.com/spacdata/spac/ingest/extract/merger"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

var (
	meetingDateRes = []*regexp.Regexp{
		re(`(?i)meeting.{0,120}? (?:will|shall) be held (?:on|at).{0,100}?(` + t.Date + `)`),
		re(`(?i)meeting.{0,80}? to be held (?:on|at).{0,100}?(` + t.Date + `)`),
	}
	recordDateRes = []*regexp.Regexp{
		re(`(?i)record date.{0,120}?(?:close of business on|is|was|as of) (` + t.Date + `)`),
		re(`(?i)close of business on (` + t.Date + `).{0,120}?record date`),
	}
	tenderDeadlineRe = re(`(?i)(?:tender|deliver|redeem|redemption|submit).{0,300}?prior to \d{1,2}:\d{2} ?[ap]\.?m\.?,? (?:Eastern (?:Standard |Daylight )?Time|New York City time|E\.?T\.?)?,? on (` + t.Date + `)`)
	extensionRes     = []*regexp.Regexp{
		re(`(?i)(extend the date) by which the Company (?:must|has to) (?:consummate|complete|effect) (?:a|an|its) (?:initial )?business combination.{0,160}? from ` + t.Date + `,? to (` + t.Date + `)`),
		re(`(?i)(extend the date) by which the Company (?:must|has to) (?:consummate|complete|effect) (?:a|an|its) (?:initial )?business combination.{0,200}?\b(?:to|until) (` + t.Date + `)`),
	}
	trustPerShareRe = re(`(?i)approximately (` + t.Price + `) per (?:public )?share`)
)

// Extract returns the facts of a proxy statement.
func Extract(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	meetingLine, meetingDate := firstDate(e, spac.FieldMeetingDate, meetingDateRes)
	firstDate(e, spac.FieldRecordDate, recordDateRes)
	if m, ok := e.Find(tenderDeadlineRe); ok {
		e.Date(spac.FieldRedemptionDeadline, m.Line, m.Group(1))
	}
	trustPerShare(e)
	form := r.Filing.BaseForm()
	merging := form == "PREM14A" || form == "DEFM14A" || form == "424B3"
	kind := current.MeetingKind(e)
	if merging && kind == "" {
		// A merger proxy without the usual proposal name: the form type itself says what
		// the meeting is for.
		n, v := e.HeaderValue("CONFORMED SUBMISSION TYPE")
		e.Add(spac.FieldMeetingKind, "business_combination", n, v, "")
	}
	ext, extLine, extQuote := extension(e)
	switch {
	case merging || kind == "business_combination":
		merger.Agreement(e)
		merger.Terms(e)
		if form != "PREM14A" && meetingLine > 0 {
			e.Status(spac.StatusInVote, meetingLine, meetingDate)
		}
	case ext:
		e.Status(spac.StatusInExtension, extLine, extQuote)
	}
	return e.Facts()
}

func firstDate(e *emit.Emitter, field string, res []*regexp.Regexp) (int, string) {
	for _, x := range res {
		for _, m := range e.FindAll(x) {
			if e.Date(field, m.Line, m.Group(1)) {
				return m.Line, m.Group(1)
			}
		}
	}
	return 0, ""
}

// extension reads the proposed new deadline of an extension proposal.
func extension(e *emit.Emitter) (ok bool, line int, quote string) {
	for _, x := range extensionRes {
		for _, m := range e.FindAll(x) {
			if e.Date(spac.FieldNewDeadline, m.Line, m.Group(2)) {
				return true, m.Line, m.Group(1)
			}
		}
	}
	return false, 0, ""
}

// trustPerShare reads "approximately $10.14 per share" on a line about the trust account.
func trustPerShare(e *emit.Emitter) {
	for _, m := range e.FindAll(trustPerShareRe) {
		if strings.Contains(strings.ToLower(e.R.Line(m.Line)), "trust account") &&
			e.Price(spac.FieldTrustPerShare, m.Line, m.Group(1)) {
			return
		}
	}
}
