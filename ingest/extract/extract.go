// Package extract reads the cited facts of a rendered filing. It builds the document model
// (package doc: sections, sentences, table grids), runs the structured readers (SGML header,
// inline XBRL, cover and vote tables) and the sentence rules of package rules, and resolves
// what they found into one value per field (several for the fields that have several).
// Every fact carries a citation whose line holds its quote, and the name of the rule behind
// it is kept (Explain), so `spacd extract --explain` can say why a value was read.
package extract

import (
	"sort"
	"strconv"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
)

// Supported reports whether Facts reads a form ("S-1/A" counts as "S-1", "10-QSB" as "10-Q").
func Supported(form string) bool {
	return doc.ClassOf(doc.BaseForm(form)) != doc.Other
}

// Extractor derives the facts of filings with a rule book. The zero value uses the project's
// rule book (package rules); a test may give another (a rule added) to see a stored filing's
// facts derived again.
type Extractor struct {
	Book *rule.Book
}

func (e Extractor) book() *rule.Book {
	if e.Book != nil {
		return e.Book
	}
	return rules.Book()
}

// Forget empties the memo of the extractor's rule book (see rule.Book.Forget).
func (e Extractor) Forget() { e.book().Forget() }

// Facts extracts the cited facts of a rendered filing with the project's rule book.
func Facts(r *spac.RenderedFiling) []spac.Fact { return Extractor{}.Facts(r) }

// Explain returns the facts of a filing with the rule that produced each, in line order.
func Explain(r *spac.RenderedFiling) []rule.Finding { return Extractor{}.Explain(r) }

// Facts extracts the cited facts of a rendered filing; unsupported forms yield none.
func (e Extractor) Facts(r *spac.RenderedFiling) []spac.Fact {
	found := e.Explain(r)
	if found == nil {
		return nil
	}
	facts := make([]spac.Fact, len(found))
	for i, f := range found {
		facts[i] = f.Fact
	}
	return facts
}

// Explain returns the facts of a filing with the rule that produced each, in line order.
func (e Extractor) Explain(r *spac.RenderedFiling) []rule.Finding {
	if r == nil || !Supported(r.Filing.Form) {
		return nil
	}
	d := doc.Build(r)
	x := &reader{d: d}
	x.header()
	x.xbrl()
	x.coverSymbols()
	x.successorCover()
	x.rPage()
	x.votes()
	x.proxyCardDate()
	switch d.Class {
	case doc.Periodic:
		x.periodOfReport()
		x.wrappedCoverPeriod()
		x.notesHeadingPeriod()
		x.prosePeriod()
		x.trustTable()
	case doc.Prospectus:
		x.underwritersTable()
		x.coverPriceTable()
		x.coverFootUnderwriters()
		x.coverHeadProceeds()
		x.unitPartsList()
		x.proceedsTableRows()
	}
	c := newCollector(d.Class)
	for _, f := range x.out {
		c.add(f)
	}
	e.book().Each(d, c.add)
	for _, f := range derivedStatus(x, c.kept()) {
		c.add(f)
	}
	if d.Class == doc.Periodic {
		for _, f := range chainedOldDeadlines(c.kept()) {
			c.add(f)
		}
	}
	out := wholeSyndicate(d, successorListing(d, c.kept()))
	for i := range out {
		out[i].Cite(r)
	}
	return out
}

// multiValued are the fields a filing can state several values of (one per underwriter,
// one lock-up per party and period: the sponsor's 12 months and the target holders' 6 are
// both kept, and so are two parties' equal periods); every other field has one value per
// period.
var multiValued = map[string]bool{
	spac.FieldUnderwriter: true, spac.FieldLockupDays: true, spac.FieldLockupMonths: true,
	spac.FieldLockupParty: true,
}

// proxyTerms are the fields an extension proxy can state several terms of: the deposit made
// once the extension is approved and the one made for each further month ("$396,000 within
// five days ... $132,000 for each monthly extension") are both deposits of the proposal.
var proxyTerms = map[string]bool{spac.FieldExtensionDeposit: true}

// collector resolves findings as they come: for each field (and period) it keeps the
// finding of the highest priority, then the one on the earliest line; for multi-valued
// fields each distinct value once. Remaining ties are broken by rule, field and value, so
// the same filing always gives the same facts. Only the kept findings are held, so a long
// document with many candidates costs memory for its distinct facts alone.
type collector struct {
	best map[string]rule.Finding
	// contested are the keys of a report's narrated events that two sentences give different
	// values at one rank (see narratedEvent).
	contested map[string]bool
	class     doc.Class
}

func newCollector(class doc.Class) *collector {
	return &collector{best: map[string]rule.Finding{}, contested: map[string]bool{}, class: class}
}

// narratedEvent are the fields of an event a 10-Q or 10-K narrates (a redemption, a
// deposit). Its facts are dated by the event; a sentence that states no date gives the
// report's period, so two undated events of one report meet under one key (two sentences,
// or two values one rule read in one). Their values are then not told apart - the count of one redemption would go with the amount of the other - and none is
// kept: a value another statement of the report contradicts is better not emitted.
var narratedEvent = map[string]bool{
	spac.FieldSharesRedeemed: true, spac.FieldRedemptionAmount: true, spac.FieldRedemptionPrice: true,
	spac.FieldSharesRemaining: true, spac.FieldExtensionDeposit: true,
	spac.FieldNewDeadline: true, spac.FieldOldDeadline: true,
}

func (c *collector) add(f rule.Finding) {
	key := f.Fact.Field + "\x00" + f.Fact.Period
	if multiValued[f.Fact.Field] {
		key += "\x00" + f.Fact.Value + "\x00" + f.Fact.Party
	} else if c.class == doc.Proxy && proxyTerms[f.Fact.Field] {
		key += "\x00" + f.Fact.Value
	}
	if f.Fact.Field == spac.FieldLockupParty {
		// each statement's evidence of its party, so that every period cites its own sentence
		key += "\x00" + strconv.Itoa(f.Fact.Citation.Line)
	}
	cur, ok := c.best[key]
	if ok && c.contradicts(f, cur) {
		c.contested[key] = true
	}
	if !ok || better(f, cur) {
		if ok && f.Priority > cur.Priority {
			delete(c.contested, key) // a higher rank settles it
		}
		c.best[key] = f
	}
}

// eventDates are the single-valued date fields of an event. Two sentences of one filing that
// give one of them two different dates at one rank either narrate two events (a release that
// tells of two extensions, each with its new deadline) or one of them misreads the other's
// date; either way the earlier line is not known to be the one meant, so neither is kept.
// Measured on the study sets (prec7): 7 wrong values removed for 6 right ones lost, mostly in
// releases narrating several extensions; the same test on amounts or names (an over-allotment's
// proceeds beside the offering's) dropped right values for almost no wrong one, so it is not
// applied there.
var eventDates = map[string]bool{
	spac.FieldNewDeadline: true, spac.FieldOldDeadline: true, spac.FieldDeadline: true,
	spac.FieldMeetingDate: true, spac.FieldRecordDate: true, spac.FieldRedemptionDeadline: true,
	spac.FieldLiquidationDate: true, spac.FieldAgreementDate: true, spac.FieldClosingDate: true,
	spac.FieldTerminationDate: true, spac.FieldIPODate: true, spac.FieldDelistingDate: true,
	spac.FieldDeregistrationDate: true,
}

// contradicts reports whether f, of the same field and period as the kept cur, gives another
// value at the same rank in a way that leaves neither known to be the one meant: a report's
// narrated event told twice (see narratedEvent), an event date two sentences give (see
// eventDates), or one Exclusive rule reading two values the filing cannot both mean.
func (c *collector) contradicts(f, cur rule.Finding) bool {
	if f.Priority != cur.Priority || f.Fact.Value == cur.Fact.Value {
		return false
	}
	otherSentence := f.Sentence != cur.Sentence
	switch {
	case c.class == doc.Periodic && narratedEvent[f.Fact.Field]:
		return otherSentence || f.Rule == cur.Rule
	case eventDates[f.Fact.Field] && otherSentence:
		return true
	}
	return f.Exclusive && f.Rule == cur.Rule
}

// better reports whether a should be kept over b.
func better(a, b rule.Finding) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	return before(a, b)
}

// kept returns the kept findings in line order.
func (c *collector) kept() []rule.Finding {
	out := make([]rule.Finding, 0, len(c.best))
	for key, f := range c.best {
		if !c.contested[key] {
			out = append(out, f)
		}
	}
	if c.class != doc.Periodic {
		out = oncePerStatement(out)
	}
	sort.Slice(out, func(a, b int) bool { return before(out[a], out[b]) })
	return out
}

// oncePerStatement keeps one finding of each value a line states for a field (and party):
// an 8-K's sentence "On <date>, the Board approved an extension ... from <old> to <new>" is
// read by a rule that dates it by the filing and by one that dates it by its event, and it is
// one fact. (A report's line may state one value for two periods - equal balances at two
// dates - so periodic reports keep both.)
func oncePerStatement(found []rule.Finding) []rule.Finding {
	best := map[string]int{}
	var out []rule.Finding
	for _, f := range found {
		key := f.Fact.Field + "\x00" + f.Fact.Value + "\x00" + f.Fact.Party + "\x00" + strconv.Itoa(f.Fact.Citation.Line)
		i, ok := best[key]
		switch {
		case !ok:
			best[key] = len(out)
			out = append(out, f)
		case better(f, out[i]):
			out[i] = f
		}
	}
	return out
}

// before orders findings by line, then rule, field, value and party.
func before(a, b rule.Finding) bool {
	ca, cb := a.Fact.Citation, b.Fact.Citation
	switch {
	case ca.Line != cb.Line:
		return ca.Line < cb.Line
	case a.Rule != b.Rule:
		return a.Rule < b.Rule
	case a.Fact.Field != b.Fact.Field:
		return a.Fact.Field < b.Fact.Field
	case a.Fact.Value != b.Fact.Value:
		return a.Fact.Value < b.Fact.Value
	}
	return a.Fact.Party < b.Fact.Party
}
