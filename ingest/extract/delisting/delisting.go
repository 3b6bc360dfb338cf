// Package delisting extracts the end-of-life forms: Form 25 / 25-NSE (removal from listing),
// Form 15 (15-12G, 15-12B, 15-15D: deregistration) and RW (registration withdrawn).
//
// Forms 25 and 15 propose status liquidated; the fold applies it only when the SPAC was
// liquidating (a closed de-SPAC delisting its warrants keeps status closed).
package delisting

import (
	"regexp"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

var effectiveRe = regexp.MustCompile(`(?i)effective.{0,80}?\b(?:on|as of) (` + t.Date + `)`)

// Delisting reads a Form 25 / 25-NSE: the stated effective date, else the filing date.
func Delisting(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.ScopeTo(func(spac.Document) bool { return true })
	e.Header()
	if m, ok := e.Find(effectiveRe); !ok || !e.Date(spac.FieldDelistingDate, m.Line, m.Group(1)) {
		e.FiledDate(spac.FieldDelistingDate)
	}
	e.FormStatus(spac.StatusLiquidated)
	return e.Facts()
}

// Deregistration reads a Form 15: the deregistration date is the filing date.
func Deregistration(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	e.FiledDate(spac.FieldDeregistrationDate)
	e.FormStatus(spac.StatusLiquidated)
	return e.Facts()
}

// Withdrawal reads an RW: the registration is withdrawn.
func Withdrawal(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	e.Header()
	e.FormStatus(spac.StatusWithdrawn)
	return e.Facts()
}
