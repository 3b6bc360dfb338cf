// Package rules holds the extraction rules, one table per fact family (offering.go,
// meeting.go, merger.go, liquidation.go, periodic.go, sector.go), each with its example corpus in
// testdata/<family>.corpus that the tests run. A rule is data: an id, the fields it emits,
// where it runs, a pattern over entity-masked sentences and its priority (see package rule).
//
// To read a new phrasing, add one row to the family's table and its examples (at least one
// that must fire and one that must not) to the family's corpus; the tests check that every
// rule fires on an example and that the negatives stay silent.
package rules

import (
	"strconv"
	"sync"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Families lists the rule tables in the order they are tried.
func Families() map[string][]*rule.Rule {
	return map[string][]*rule.Rule{
		"offering": offering, "meeting": meeting, "merger": merger,
		"liquidation": liquidation, "periodic": periodic, "sector": sector,
	}
}

var (
	book     *rule.Book
	bookOnce sync.Once
)

// Book returns the compiled rule book (compiled once; a rule that does not compile is a
// programming error, caught by the tests).
func Book() *rule.Book {
	bookOnce.Do(func() {
		b, err := NewBook()
		if err != nil {
			panic(err)
		}
		book = b
	})
	return book
}

// NewBook compiles the rule tables, then the extra rules: a test changes the book with it
// (a stored filing's facts derived again by a book with one more rule).
func NewBook(extra ...*rule.Rule) (*rule.Book, error) {
	b, err := rule.NewBook(offering, meeting, merger, liquidation, periodic, sector, extra)
	if err != nil {
		return nil, err
	}
	b.Valid = valid
	return b, nil
}

// Form classes, for the rules' scopes.
var (
	prospectus    = []doc.Class{doc.Prospectus}
	current       = []doc.Class{doc.Current}
	periodicForms = []doc.Class{doc.Periodic}
	proxies       = []doc.Class{doc.Proxy, doc.MergerProxy}
	dealForms     = []doc.Class{doc.Current, doc.Communication, doc.MergerProxy, doc.Proxy}
	meetingForms  = []doc.Class{doc.Current, doc.Communication, doc.Proxy, doc.MergerProxy}
	ipoForms      = []doc.Class{doc.Prospectus, doc.Current}
)

// Section kinds that state no facts of the filing's own: risk factors, forward-looking
// statement legends and pro forma illustrations.
var notStated = []doc.Kind{doc.Risk, doc.Forward, doc.ProForma}

// Pattern fragments shared by the tables. Filings use straight and curly quotes alike.
const (
	q  = `[“"]`
	eq = `[”"]`
	ap = `['’]`
	// notDate is any text up to the next date: a gap that may pass other entities but no
	// date, so "On <date>, <company> consummated ..." ties the date to the verb.
	notDate = `(?:[^⟦]|⟦(?:org|units|shares|warrants|rights|money|count|percent|ticker|exchange) \d+⟧)`
	// hypothetical vetoes sentences that state what would happen, not what did.
	hypothetical = `(?i)\b(?:if|unless|in the event|assuming|assumes?|would|hypothetical|illustrat\w*|for example|maximum redemption|scenario)\b`
)

var (
	// (a SPAC's name may say "Acquisitions": "Trident Acquisitions Corp.", "Industrial Tech
	// Acquisitions II, Inc.")
	mergerSubRe = textutil.MustStarts(`(?i)merger ?sub|merger corp|acquisitions? (?:corp|corporation|company|co\b|holdings|inc|ltd|limited|partners)|sponsor|\bspac\b`)
	spacNameRe  = textutil.MustStarts(`(?i)acquisitions?\b.{0,30}\b(?:corp|corporation|company|co\b|holdings|inc|ltd|limited)|merger sub`)
	notNameRe   = textutil.MustStarts(`(?i)^(?:the )?(?:(?:surviving|combined|resulting|successor|post-combination|new) )?(?:company|registrant|corporation|purchaser|parent|target|pubco|holdco|entity)\b`)
)

// valid vetoes values no filing states: founder (Class B) shares redeemed or issued in a
// PIPE, a merger sub or a SPAC as the target, a defined term as a name, a per-share rate as
// an extension deposit.
func valid(field, value string, e *entity.Entity) bool {
	switch field {
	case spac.FieldExtensionDeposit:
		return wholeDeposit(value)
	case spac.FieldSharesRedeemed, spac.FieldSharesRemaining, spac.FieldPIPEShares:
		return e == nil || e.Class != "B"
	case spac.FieldTarget:
		return !mergerSubRe.MatchString(value) && !spacNameRe.MatchString(value) && !notNameRe.MatchString(value)
	case spac.FieldNewName:
		return !notNameRe.MatchString(value) && !spacNameRe.MatchString(value)
	case spac.FieldSponsor, spac.FieldUnderwriter:
		return !notNameRe.MatchString(value)
	}
	return true
}

// wholeDeposit: an extension deposit is dollars paid into the trust account, never under a
// dollar; an amount below one is the per-share rate the deposit is figured at ("shall deposit
// into the trust account $0.025 for each Class A ordinary share outstanding"), whatever words
// follow it in the sentence.
func wholeDeposit(value string) bool {
	v, err := strconv.ParseFloat(value, 64)
	return err != nil || v >= 1
}

// concat joins rule tables in order.
func concat(tables ...[]*rule.Rule) []*rule.Rule {
	var out []*rule.Rule
	for _, t := range tables {
		out = append(out, t...)
	}
	return out
}
