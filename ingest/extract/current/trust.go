package current

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	depositRe      = re(`(?i)deposit(?:ed)? (?:of )?(?:an aggregate of |a total of )?(` + t.Money + `).{0,120}?into the (?:Company` + t.Apostrophe + `s )?trust account`)
	liquidateRe    = re(`(?i)(will redeem all of (?:its|the) (?:outstanding )?(?:public shares|shares of Class A|Class A))`)
	liqDateRe      = re(`(?i)(?:effective as of|as of|on or about|effective) (` + t.Date + `)`)
	liqPriceRe     = re(`(?i)per[- ]share redemption price[^$]{0,100}?(` + t.Price + `)`)
	newDeadlineRes = []*regexp.Regexp{
		re(`(?i)extend(?:s|ed|ing)? the date by which the Company (?:must|has to) (?:consummate|complete|effect) (?:a|an|its) (?:initial )?business combination.{0,200}?\bto (` + t.Date + `)`),
		re(`(?i)\bextend(?:s|ed|ing)?\b.{0,250}?\b(?:to|until) (` + t.Date + `)`),
	}
)

// extensionDeposit reads a sponsor's "Extension Payment" into the trust account.
func extensionDeposit(e *emit.Emitter) {
	for _, m := range e.FindAll(depositRe) {
		if strings.Contains(strings.ToLower(e.R.Line(m.Line)), "exten") &&
			e.Money(spac.FieldExtensionDeposit, m.Line, m.Group(1)) {
			return
		}
	}
}

// newDeadline reads the date the deadline was extended to (5.03 charter amendment, 8.01
// deposit notice, 5.07 vote). An extension that took effect returns the SPAC to searching.
func newDeadline(e *emit.Emitter, voted bool) {
	for _, x := range newDeadlineRes {
		for _, m := range e.FindAll(x) {
			if !strings.Contains(strings.ToLower(e.R.Line(m.Line)), "business combination") {
				continue
			}
			if e.Date(spac.FieldNewDeadline, m.Line, m.Group(1)) {
				if q := extendWord.FindString(m.Text); q != "" && voted {
					e.Status(spac.StatusSearching, m.Line, q)
				}
				return
			}
		}
	}
}

var extendWord = re(`(?i)\bextend(?:s|ed|ing)?\b`)

// liquidation reads a notice that the SPAC will redeem all public shares and wind down.
func liquidation(e *emit.Emitter) {
	m, ok := e.Find(liquidateRe)
	if !ok {
		return
	}
	e.Status(spac.StatusLiquidating, m.Line, m.Group(1))
	if d, ok := e.Lines.Find(liqDateRe, m.Line, m.Line+3); ok {
		e.Date(spac.FieldLiquidationDate, d.Line, d.Group(1))
	}
	if p, ok := e.Lines.Find(liqPriceRe, m.Line, m.Line+5); ok {
		e.Price(spac.FieldLiquidationPrice, p.Line, p.Group(1))
	}
}
